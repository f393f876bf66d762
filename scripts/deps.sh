#!/usr/bin/env bash
# Installs the Debian packages geofield needs; only what is missing.
#   scripts/deps.sh build   to build and run it (scripts/run.sh, scripts/build.sh)
#   scripts/deps.sh test    that, and the tests' tools (scripts/test.sh; the default)
set -euo pipefail
set_name="${1:-test}"
case "$set_name" in
  build | test) ;;
  *) echo "deps: '$set_name' is not build or test" >&2; exit 2 ;;
esac

build_packages=(
  build-essential cmake pkg-config python3 python3-glad
  # The colormap tables are made at build time from matplotlib's.
  python3-matplotlib python3-numpy
  libglfw3-dev libglm-dev libimgui-dev libstb-dev nlohmann-json3-dev libcli11-dev
  libegl-dev libegl1 libegl-mesa0 libgl1-mesa-dri
  # libgeofield's DLPack tensors.
  libdlpack-dev
  # The figures' font, built into the binary.
  fonts-dejavu-core
  # The GeoTIFF and NetCDF writer modules; libdeflate: the COG writer compresses on every core.
  libgeotiff-dev libtiff-dev libnetcdf-dev libdeflate-dev
  # cairo: PDF and SVG figures.
  libcairo2-dev
)
test_packages=(
  libgtest-dev
  # The oracles: GeographicLib (C++ and Python), PROJ, GDAL, GMT, ncdump, UDUNITS, xarray.
  libgeographiclib-dev python3-geographiclib libproj-dev proj-bin gdal-bin python3-gdal gmt
  netcdf-bin udunits-bin python3-xarray python3-netcdf4
  # The Python package's tests and its install by pip.
  python3-pil python3-pytest python3-pip python3-setuptools python3-wheel python3-venv
  # Python's wheel (built offline) and geofield.dataarray's GeoTIFFs in its tests.
  python3-build python3-rioxarray
  # The window's tests under a virtual display, and pictures read back.
  xvfb xdotool xauth x11-xserver-utils imagemagick poppler-utils librsvg2-bin
  # The source's format.
  clang-format
  # clang 14 with its runtimes (ASan, UBSan, libFuzzer) and llvm-symbolizer: the asan and fuzz
  # presets (scripts/test-asan.sh, scripts/fuzz.sh).
  clang-14 libclang-rt-14-dev llvm-14
)
packages=("${build_packages[@]}")
[ "$set_name" = build ] || packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm build the coastlines (assets/coastlines). Looked for as commands: a Node.js
# installed another way (NodeSource's nodejs ships npm and conflicts with Debian's) will do.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "geofield: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
