#!/usr/bin/env bash
# Installs the Debian packages geofield needs to build, run and test; only what is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config python3 python3-glad python3-geographiclib python3-matplotlib python3-numpy
  python3-pil libglfw3-dev libglm-dev libimgui-dev libstb-dev libgeographiclib-dev
  nlohmann-json3-dev libcli11-dev libgtest-dev libegl-dev libegl1 libegl-mesa0 libgl1-mesa-dri
  # libgeofield's DLPack tensors; the Python package's tests and its install by pip.
  libdlpack-dev python3-pytest python3-pip python3-setuptools python3-wheel python3-venv
  # Python's wheel (built offline) and geofield.dataarray's GeoTIFFs in its tests.
  python3-build python3-rioxarray
  fonts-dejavu-core xvfb xdotool xauth x11-xserver-utils libgeotiff-dev libtiff-dev gdal-bin imagemagick clang-format libproj-dev proj-bin
  # The NetCDF writer module (libnetcdf) and its tests' readers: ncdump, GMT's grdinfo, UDUNITS,
  # xarray.
  libnetcdf-dev netcdf-bin gmt udunits-bin python3-xarray python3-netcdf4
  # GDAL's Python bindings: its Cloud-Optimised GeoTIFF validator (the tiles' e2e test).
  python3-gdal
  # libdeflate (libtiff's DEFLATE): the COG writer compresses its blocks on every core.
  libdeflate-dev
  # cairo: PDF and SVG figures; poppler's pdftotext/pdfinfo and rsvg-convert read them back in
  # the tests.
  libcairo2-dev poppler-utils librsvg2-bin
  # clang 14 with its runtimes (ASan, UBSan, libFuzzer) and llvm-symbolizer: the asan and fuzz
  # presets (scripts/test-asan.sh, scripts/fuzz.sh).
  clang-14 libclang-rt-14-dev llvm-14
)

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
