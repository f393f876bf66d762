#!/usr/bin/env bash
# The GPU tests, on the GPU machine. Two steps, one script:
#
#   on the CPU machine:  scripts/gpu-test.sh stage [BUILD]   (default BUILD: build-gpu, made with
#                        cmake -S . -B build-gpu -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build-gpu)
#       copies the binaries and the shared libraries they need that a bare machine lacks into
#       build-gpu-run/ (git-ignored), with the commit they were built from; the research probes
#       too when BUILD has them (-DGEOFIELD_BUILD_RESEARCH=ON, as `cmake --preset gpu` sets);
#   on the GPU machine, in the project root with build-gpu-run/ and .gl/ beside it:
#                        scripts/gpu-test.sh [--probe]
#       brings up the GL libraries (.gl/*.deb, see shared/gpu/README.md), states the GPU, the driver
#       and the commit, runs the GPU tests (and the GL backend's, on NVIDIA's GL), a headless
#       `render --backend cuda` (and cpu, to compare;
#       and its .npy and GeoTIFF exports, compared), every tile of a grid (--tile all/N) over one
#       worker, three workers on one device and every device, compared,
#       the Python package's tests (CuPy, numba, PyTorch where installed),
#       compute-sanitizer memcheck over the GPU tests, and with --probe the interop probe
#       (docs/interop.md). Logs go to $OUT, or to a new folder under /tmp that the script names:
#       nothing is written into the tree. Exit status 0 when all passed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="$root/build-gpu-run"

if [ "${1:-}" = stage ]; then
  set -e
  build="$(cd "${2:-$root/build-gpu}" && pwd)"
  rm -rf "$run"
  mkdir -p "$run/bin" "$run/lib"
  bins=("$build/app/geofield" "$build/tests/gpu/gpu_field_tests"
        "$build/tests/gpu/gpu_projected_field_tests" "$build/tests/gpu/gpu_no_round_trip_tests"
        "$build/tests/gpu/gpu_render_tests" "$build/tests/gpu/gpu_window_source_tests"
        "$build/tests/gpu/gpu_soak_tests" "$build/tests/gpu/gpu_interop_fault_tests"
        "$build/tests/gpu/gpu_geodesic_pairs_tests" "$build/tests/gpu/gpu_nearest_centre_tests"
        "$build/tests/gpu/gpu_tile_field_tests" "$build/tests/gpu/gpu_shape_field_tests"
        "$build/tests/gpu/gpu_points_tests"
        "$build/tests/gl/geofield_gl_backend_tests" "$build/tests/gl/geofield_gl_centres_tests"
        "$build/tests/gl/geofield_gl_shapes_tests" "$build/tests/gl/geofield_line_layer_tests"
        "$build/tests/capi/gpu_c_api_tests")
  # The GeoTIFF writer module beside the binary, where it looks (its libraries go to lib/ too).
  bins+=("$build/app/libgeofield_geotiff.so" "$build/app/libgeofield_netcdf.so")
  # The probes exist only in a build configured with -DGEOFIELD_BUILD_RESEARCH=ON.
  probes=()
  for p in geofield_interop_probe geofield_external_memory_probe geofield_kernel_variants_probe \
           geofield_context_switch_probe; do
    if [ -x "$build/research/$p" ]; then probes+=("$build/research/$p"); fi
  done
  bins+=(${probes[@]+"${probes[@]}"})
  # The points' benchmark exists only with -DGEOFIELD_BUILD_BENCH=ON.
  if [ -x "$build/bench/points_gpu_bench" ]; then bins+=("$build/bench/points_gpu_bench"); fi
  cp "${bins[@]}" "$run/bin/"
  # libgeofield, for gpu_c_api_tests (through lib/) and the Python package's tests.
  cp -L "$build/libgeofield/libgeofield.so.1" "$run/lib/"
  # Its gl backend, the module it loads beside itself when a context asks for gl.
  cp -L "$build/libgeofield/libgeofield_gl.so" "$run/lib/"
  # Every library but glibc's and the GL/EGL front ends (those come from .gl/ and the driver).
  for b in "${bins[@]}"; do ldd "$b"; done | awk '/=> \//{print $3}' | sort -u |
    grep -v -E '/(libc|libm|libdl|librt|libpthread|libresolv|libutil|ld-linux[^/]*)\.so|/lib(EGL|GL|GLX|OpenGL|GLdispatch|cuda)\.so' |
    while read -r lib; do cp -L "$lib" "$run/lib/"; done
  ( cd "$root" && echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!build*' 2>/dev/null || echo -dirty)" ) > "$run/COMMIT"
  echo "gpu-test: staged $(du -sh "$run" | cut -f1) in $run (commit $(cat "$run/COMMIT"))"
  if [ ${#probes[@]} -gt 0 ]; then
    echo "gpu-test: probes staged: ${#probes[@]} (${probes[*]##*/})"
  else
    echo "gpu-test: no research probes in $build (configure with -DGEOFIELD_BUILD_RESEARCH=ON to stage them)"
  fi
  exit 0
fi

probe=0
[ "${1:-}" = --probe ] && probe=1
[ -d "$run/bin" ] || { echo "gpu-test: no $run: run 'scripts/gpu-test.sh stage' on the CPU machine first" >&2; exit 2; }
if [ -n "${OUT:-}" ]; then
  logs="$OUT"
  mkdir -p "$logs"
else
  logs="$(mktemp -d "${TMPDIR:-/tmp}/geofield-gpu-test.XXXXXX")"
fi
echo "gpu-test: logs in $logs"

# GL front ends (GLVND) the GPU machine lacks; NVIDIA's vendor libraries are there.
if [ -d "$root/.gl" ] && [ "$(id -u)" -eq 0 ]; then
  for f in "$root"/.gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
nv_json=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && [ -f "$nv_json" ] &&
   ! ls /usr/share/glvnd/egl_vendor.d/*nvidia*.json /etc/glvnd/egl_vendor.d/*nvidia*.json >/dev/null 2>&1; then
  export __EGL_VENDOR_LIBRARY_FILENAMES="$nv_json"
fi
export LD_LIBRARY_PATH="$run/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
echo "gpu-test: date    $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "gpu-test: commit  $(cat "$run/COMMIT" 2>/dev/null || echo unknown)"
echo "gpu-test: gpu     $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null | head -1)"
echo "gpu-test: driver  $(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)"
echo "gpu-test: sanitizer $("$sanitizer" --version 2>/dev/null | tail -1)"
echo "gpu-test: EGL vendor file ${__EGL_VENDOR_LIBRARY_FILENAMES:-default}"

failed=0
# Each test's result from a gtest log: "PASSED name", "FAILED name", "SKIPPED name".
results() {
  sed -n -E 's/^\[ +(OK|FAILED|SKIPPED) +\] ([A-Za-z0-9_./]+)( \(.*)?$/\1 \2/p' "$1" | grep -v ' listed' |
    awk '!seen[$0]++ {r=$1; if (r=="OK") r="PASSED"; print "gpu-test:   " r " " $2}'
}

for t in gpu_field_tests gpu_projected_field_tests gpu_no_round_trip_tests gpu_render_tests \
         gpu_window_source_tests gpu_soak_tests gpu_interop_fault_tests gpu_geodesic_pairs_tests \
         gpu_nearest_centre_tests gpu_tile_field_tests gpu_shape_field_tests gpu_points_tests \
         geofield_gl_backend_tests geofield_gl_centres_tests geofield_gl_shapes_tests \
         geofield_line_layer_tests gpu_c_api_tests; do
  log="$logs/$t.log"
  start=$(date +%s%N)
  "$run/bin/$t" --gtest_color=no >"$log" 2>&1
  rc=$?
  echo "gpu-test: $t: exit $rc ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
  results "$log"
  grep -E '^(render|no-round-trip|auto|worst error/bound|device time|gpu soak [a-z]+|wgs84 [^:]*):|^\[geodesic gpu\]|^nearest centre (pool|vs CPU, (10k|wgs84 globe|antipodal cluster f32))' "$log" | sed 's/^/gpu-test:   /'
  [ $rc -eq 0 ] || { failed=1; grep -E 'Failure|error|Expected|Which is|worst' "$log" | head -20 | sed 's/^/gpu-test:     /'; }
done

# Distances at points: a million points against 10,000 sites, where it was staged.
if [ -x "$run/bin/points_gpu_bench" ]; then
  "$run/bin/points_gpu_bench" 1000000 10000 >"$logs/points_gpu_bench.log" 2>&1
  rc=$?
  echo "gpu-test: points_gpu_bench 1000000 10000: exit $rc"
  sed 's/^/gpu-test:   /' "$logs/points_gpu_bench.log"
  [ $rc -eq 0 ] || failed=1
fi

# The command itself, headless: CUDA and CPU, same view; the timing is whole-process wall time.
for b in cuda gl cpu; do
  start=$(date +%s%N)
  "$run/bin/geofield" render --backend "$b" --png "$logs/default-$b.png" >"$logs/render-$b.log" 2>&1
  rc=$?
  echo "gpu-test: render --backend $b: exit $rc ($(( ($(date +%s%N) - start) / 1000000 )) ms, whole process)"
  sed 's/^/gpu-test:   /' "$logs/render-$b.log"
  [ $rc -eq 0 ] || failed=1
done
if cmp -s "$logs/default-cuda.png" "$logs/default-cpu.png"; then
  echo "gpu-test:   the two PNGs are byte-identical"
else
  echo "gpu-test:   the two PNGs differ (gpu_render_tests measures by how much)"
fi
# Coastlines and borders on NVIDIA's GL: the picture has them (it differs from the bare one), and a
# projected view is computed by the CPU (auto) while the picture is drawn by this GL.
"$run/bin/geofield" render --backend cuda --lat -90:90 --lon -180:180 --size 1440x720 --ref 48.85,2.35 \
  --png "$logs/earth-bare.png" >"$logs/render-earth.log" 2>&1 &&
"$run/bin/geofield" render --backend cuda --lat -90:90 --lon -180:180 --size 1440x720 --ref 48.85,2.35 \
  --coastlines --borders --png "$logs/earth-lines.png" >>"$logs/render-earth.log" 2>&1 &&
"$run/bin/geofield" render --projection aeqd --ref 48.85,2.35 --size 800x800 \
  --png "$logs/aeqd.png" >>"$logs/render-earth.log" 2>&1
rc=$?
echo "gpu-test: render --coastlines --borders, and --projection aeqd: exit $rc"
sed 's/^/gpu-test:   /' "$logs/render-earth.log"
if [ $rc -ne 0 ] || cmp -s "$logs/earth-bare.png" "$logs/earth-lines.png"; then
  echo "gpu-test:   FAILED: no picture with coastlines, or one without them"
  failed=1
fi

# NetCDF from CUDA (its writer module and libnetcdf on this machine): an HDF5 file is written.
"$run/bin/geofield" render --backend cuda --size 1024x512 --netcdf "$logs/cuda.nc" >"$logs/render-netcdf.log" 2>&1
rc=$?
echo "gpu-test: render --backend cuda --netcdf: exit $rc"
sed 's/^/gpu-test:   /' "$logs/render-netcdf.log"
if [ $rc -ne 0 ] || [ "$(head -c 4 "$logs/cuda.nc" | od -An -c | tr -d ' ')" != '211HDF' ]; then
  echo "gpu-test:   FAILED: no NetCDF-4 file"
  failed=1
fi
rm -f "$logs/cuda.nc"

# The raw exports from CUDA: the GeoTIFF holds the .npy's float64 values bit for bit (its strips
# are uncompressed and in order, so the .npy's payload appears whole in it; no GDAL here).
"$run/bin/geofield" render --backend cuda --lat -60:70 --lon 150:-120 --size 512x256 --ref 10,179.5 \
  --f64 --npy "$logs/raw.npy" --geotiff "$logs/raw.tif" >"$logs/render-raw.log" 2>&1
rc=$?
echo "gpu-test: render --backend cuda --f64 --npy --geotiff: exit $rc"
sed 's/^/gpu-test:   /' "$logs/render-raw.log"
if [ $rc -eq 0 ] && python3 - "$logs/raw.npy" "$logs/raw.tif" <<'PY'
import sys
npy, tif = (open(p, "rb").read() for p in sys.argv[1:3])
payload = npy[10 + int.from_bytes(npy[8:10], "little"):]  # after the .npy header
sys.exit(0 if len(payload) == 512 * 256 * 8 and payload in tif else 1)
PY
then
  echo "gpu-test:   the GeoTIFF holds the .npy's 131072 float64 values bit for bit"
else
  echo "gpu-test:   the GeoTIFF does not hold the .npy's values"
  failed=1
fi
rm -f "$logs/raw.npy" "$logs/raw.tif"

# Every tile in one process over workers: one worker on device 0, three sharing it
# (--workers 3: three streams, computers and buffer pairs, the tiles taken in turn), and every
# device of this host (two on the two-GPU host) with two each; every batch's .npy and COG tiles
# equal byte for byte.
tiles=(--lat -70:70 --lon -180:180 --size 3000x2000 --ref 40,-3 --tile all/12)
for devices_workers in "0 1" "0 3" "all 2"; do
  read -r d w <<<"$devices_workers"
  "$run/bin/geofield" render "${tiles[@]}" --devices "$d" --workers "$w" --npy "$logs/tiles-$d-$w" \
    --geotiff "$logs/tiles-$d-$w" >"$logs/render-tiles-$d-$w.log" 2>&1
  rc=$?
  echo "gpu-test: render --tile all/12 --devices $d --workers $w: exit $rc"
  sed 's/^/gpu-test:   /' "$logs/render-tiles-$d-$w.log"
  [ $rc -eq 0 ] || failed=1
done
for d in 0-3 all-2; do
  if [ "$(ls "$logs/tiles-$d" 2>/dev/null | wc -l)" -eq 24 ] && diff -rq "$logs/tiles-0-1" "$logs/tiles-$d" >/dev/null; then
    echo "gpu-test:   $d: the 24 files equal one worker's byte for byte"
  else
    echo "gpu-test:   FAILED: $d's tiles differ from one worker's"
    failed=1
  fi
done
rm -rf "$logs"/tiles-*

# The wgs84 formula end to end: the whole globe from CUDA and from the CPU, in double, equal to
# within the geodesic's GPU-vs-CPU bound (5e-8 m; the values are km).
for b in cuda cpu; do
  "$run/bin/geofield" render --backend "$b" --formula wgs84 --lat -90:90 --lon -180:180 \
    --size 721x361 --ref 30,101 --f64 --npy "$logs/wgs84-$b.npy" >"$logs/render-wgs84-$b.log" 2>&1 ||
    { echo "gpu-test:   FAILED: render --formula wgs84 --backend $b"; cat "$logs/render-wgs84-$b.log"; failed=1; }
done
if python3 - "$logs/wgs84-cuda.npy" "$logs/wgs84-cpu.npy" <<'PY'
import sys
import numpy as np
a, b = (np.load(p) for p in sys.argv[1:3])
d = float(np.abs(a - b).max()) * 1000
print(f"gpu-test:   render --formula wgs84 {a.shape[1]}x{a.shape[0]}: CUDA vs CPU max {d:.2e} m, "
      f"max {float(a.max()):.6f} km, NaN {int(np.isnan(a).sum())}")
sys.exit(0 if a.shape == b.shape and d <= 5e-8 and not np.isnan(a).any() else 1)
PY
then :; else
  echo "gpu-test:   FAILED: the wgs84 fields of CUDA and the CPU differ"
  failed=1
fi
rm -f "$logs"/wgs84-*.npy

# Many centres end to end: render --centres from CUDA and from the CPU, in double, the
# same 3,000 centres; the distances within the float path's bound (2e-6 of pi R + value; double
# is far finer) and the indices equal except where the two centres' distances tie within it.
python3 - "$logs/centres.csv" <<'PY'
import math, random, sys
random.seed(16)
with open(sys.argv[1], "w") as f:
    f.write("lat,lon\n")
    for _ in range(3000):
        f.write(f"{math.degrees(math.asin(random.uniform(-1, 1))):.9f},{random.uniform(-180, 180):.9f}\n")
PY
for b in cuda cpu; do
  "$run/bin/geofield" render --backend "$b" --centres "$logs/centres.csv" --lat -90:90 --lon -180:180 \
    --size 1441x721 --f64 --npy "$logs/centres-$b.npy" --index "$logs/centres-index-$b.npy" \
    --png "$logs/centres-$b.png" >"$logs/render-centres-$b.log" 2>&1 ||
    { echo "gpu-test:   FAILED: render --centres --backend $b"; cat "$logs/render-centres-$b.log"; failed=1; }
  sed 's/^/gpu-test:   /' "$logs/render-centres-$b.log"
done
if python3 - "$logs" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
a, b = np.load(f"{d}/centres-cuda.npy"), np.load(f"{d}/centres-cpu.npy")
ka, kb = np.load(f"{d}/centres-index-cuda.npy"), np.load(f"{d}/centres-index-cpu.npy")
c = np.loadtxt(f"{d}/centres.csv", delimiter=",", skiprows=1)
R = 6371.0088
bound = 2e-6 * (np.pi * R + b)
lat = np.radians(np.linspace(90, -90, a.shape[0]))[:, None] * np.ones(a.shape)
lon = np.radians(np.linspace(-180, 180, a.shape[1]))[None, :] * np.ones(a.shape)
def dist(k):  # haversine in double, km
    la, lo = np.radians(c[k, 0]), np.radians(c[k, 1])
    h = np.sin((lat - la) / 2) ** 2 + np.cos(lat) * np.cos(la) * np.sin((lon - lo) / 2) ** 2
    return 2 * R * np.arcsin(np.sqrt(np.clip(h, 0, 1)))
diff = ka != kb
tie = np.abs(dist(ka) - dist(kb)) <= 2 * bound
ok = a.shape == b.shape and bool((np.abs(a - b) <= bound).all()) and bool(tie[diff].all()) and (ka >= 0).all()
print(f"gpu-test:   render --centres 1441x721, 3000 centres: CUDA vs CPU max {float(np.abs(a - b).max()):.2e} km, "
      f"index differs at {int(diff.sum())} of {a.size} nodes (ties within the bound: {int(tie[diff].sum())})")
sys.exit(0 if ok else 1)
PY
then :; else
  echo "gpu-test:   FAILED: the nearest-centre fields of CUDA and the CPU differ"
  failed=1
fi
rm -f "$logs"/centres-*.npy

# The same centres on an aeqd map: CUDA's nearest-site kernels over the projected grid
# against the CPU's, float; the same nodes off the map (NaN, -1), values within the float path's
# bound, indices equal except at ties within it.
for b in cuda cpu; do
  "$run/bin/geofield" render --backend "$b" --centres "$logs/centres.csv" --projection aeqd \
    --extent 19000 --size 801x601 --npy "$logs/centres-aeqd-$b.npy" \
    --index "$logs/centres-aeqd-index-$b.npy" >"$logs/render-centres-aeqd-$b.log" 2>&1 ||
    { echo "gpu-test:   FAILED: render --centres --projection aeqd --backend $b"; failed=1; }
  sed 's/^/gpu-test:   /' "$logs/render-centres-aeqd-$b.log"
done
if python3 - "$logs" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
a, b = np.load(f"{d}/centres-aeqd-cuda.npy"), np.load(f"{d}/centres-aeqd-cpu.npy")
ka, kb = np.load(f"{d}/centres-aeqd-index-cuda.npy"), np.load(f"{d}/centres-aeqd-index-cpu.npy")
on = ~np.isnan(b)
bound = 2e-6 * (np.pi * 6371.0088 + np.where(on, b, 0))
ok = (a.shape == b.shape and bool((np.isnan(a) == ~on).all()) and bool((ka[~on] == -1).all())
      and bool((kb[~on] == -1).all()) and bool((np.abs(a - b)[on] <= bound[on]).all()))
diff = int((ka != kb).sum())
print(f"gpu-test:   render --centres --projection aeqd 801x601: CUDA vs CPU max "
      f"{float(np.nanmax(np.abs(a - b))):.2e} km, {int((~on).sum())} nodes off the map, index differs "
      f"at {diff} of {a.size} (values within the bound there)")
sys.exit(0 if ok else 1)
PY
then :; else
  echo "gpu-test:   FAILED: the aeqd nearest-centre fields of CUDA and the CPU differ"
  failed=1
fi
rm -f "$logs"/centres-aeqd-*.npy

# Lines and polygons end to end: the signed distance to Natural Earth's 1:50m land
# from CUDA, NVIDIA's GL and the CPU, in double, with the nearest feature; values within 1e-9
# relative of the CPU's (the same search; only the libraries' last bits differ), indices equal
# but at near-ties.
for b in cuda gl cpu; do
  "$run/bin/geofield" render --backend "$b" --sites @land:50m --signed --lat -90:90 --lon -180:180 \
    --size 1441x721 --f64 --npy "$logs/land-$b.npy" --index "$logs/land-index-$b.npy" \
    >"$logs/render-land-$b.log" 2>&1 ||
    { echo "gpu-test:   FAILED: render --sites @land:50m --backend $b"; cat "$logs/render-land-$b.log"; failed=1; }
done
if python3 - "$logs" <<'PY'
import sys
import numpy as np
d = sys.argv[1]
c, kc = np.load(f"{d}/land-cpu.npy"), np.load(f"{d}/land-index-cpu.npy")
ok = True
for b in ("cuda", "gl"):
    a, ka = np.load(f"{d}/land-{b}.npy"), np.load(f"{d}/land-index-{b}.npy")
    rel = float((np.abs(a - c) / np.maximum(np.abs(c), 1e-3)).max())
    diff = int((ka != kc).sum())
    print(f"gpu-test:   render --sites @land:50m --signed 1441x721 f64: {b} vs CPU max {rel:.2e} relative, "
          f"index differs at {diff} of {a.size}, land {int((a < 0).sum())} nodes ({int((c < 0).sum())} on the CPU)")
    ok = ok and a.shape == c.shape and rel <= 1e-9 and diff <= a.size // 1000
sys.exit(0 if ok else 1)
PY
then :; else
  echo "gpu-test:   FAILED: the distance to land of CUDA or GL differs from the CPU's"
  failed=1
fi
rm -f "$logs"/land-*.npy

# The Python package over libgeofield on this GPU: its pytest suite, the CUDA tests
# with CuPy, numba and PyTorch where they are installed, against this build's library and binary.
if python3 -c "import pytest, numpy" 2>/dev/null; then
  PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$root/python" GEOFIELD_LIBRARY="$run/lib/libgeofield.so.1" \
    GEOFIELD_BIN="$run/bin/geofield" python3 -m pytest -q -p no:cacheprovider -rs "$root/python/tests" \
    >"$logs/python.log" 2>&1
  rc=$?
  echo "gpu-test: python package (pytest): exit $rc; $(tail -1 "$logs/python.log")"
  grep -E '^SKIPPED' "$logs/python.log" | sed 's/^/gpu-test:   /'
  [ $rc -eq 0 ] || { failed=1; grep -E 'FAILED|Error' "$logs/python.log" | head -20 | sed 's/^/gpu-test:     /'; }
else
  echo "gpu-test: python package: NOT RUN (no pytest or numpy in this python3)"
fi

# compute-sanitizer memcheck over the GPU tests. CUPTI and the sanitizer cannot both attach, so
# the CUPTI counting is skipped under it (the test still runs its recomputes and GL checks).
for t in gpu_field_tests gpu_projected_field_tests gpu_no_round_trip_tests gpu_render_tests \
         gpu_window_source_tests gpu_interop_fault_tests gpu_c_api_tests gpu_tile_field_tests \
         gpu_shape_field_tests; do
  log="$logs/$t.memcheck.log"
  GEOFIELD_UNDER_SANITIZER=1 "$sanitizer" --tool memcheck --error-exitcode 99 \
    "$run/bin/$t" --gtest_color=no >"$log" 2>&1
  rc=$?
  echo "gpu-test: memcheck $t: exit $rc; $(grep -E '^========= ERROR SUMMARY' "$log" | tail -1 | sed 's/=* *//')"
  [ $rc -eq 0 ] || { failed=1; grep -E '^=========' "$log" | head -20 | sed 's/^/gpu-test:     /'; results "$log" | grep -v PASSED; }
done
# The points' kernels under memcheck, without the 10,000-site test (2e8 chords a case).
log="$logs/gpu_points_tests.memcheck.log"
GEOFIELD_UNDER_SANITIZER=1 "$sanitizer" --tool memcheck --error-exitcode 99 \
  "$run/bin/gpu_points_tests" --gtest_color=no --gtest_filter=-*TenThousand* >"$log" 2>&1
rc=$?
echo "gpu-test: memcheck gpu_points_tests (all but NearestOfTenThousandSites): exit $rc; $(grep -E '^========= ERROR SUMMARY' "$log" | tail -1 | sed 's/=* *//')"
[ $rc -eq 0 ] || { failed=1; grep -E '^=========' "$log" | head -20 | sed 's/^/gpu-test:     /'; }
# The nearest-centre kernels under memcheck, without the 10,000-centre test (its brute force at
# 1024 x 512 takes minutes there); the backend's interop test included.
log="$logs/gpu_nearest_centre_tests.memcheck.log"
GEOFIELD_UNDER_SANITIZER=1 "$sanitizer" --tool memcheck --error-exitcode 99 \
  "$run/bin/gpu_nearest_centre_tests" --gtest_color=no --gtest_filter=-*TenThousand* >"$log" 2>&1
rc=$?
echo "gpu-test: memcheck gpu_nearest_centre_tests (all but TenThousandRandomCentres): exit $rc; $(grep -E '^========= ERROR SUMMARY' "$log" | tail -1 | sed 's/=* *//')"
[ $rc -eq 0 ] || { failed=1; grep -E '^=========' "$log" | head -20 | sed 's/^/gpu-test:     /'; results "$log" | grep -v PASSED; }
# The soak, shortened, under memcheck with the device leak check (the full soak ran above).
log="$logs/gpu_soak_tests.memcheck.log"
GEOFIELD_SOAK_RECOMPUTES=40 GEOFIELD_UNDER_SANITIZER=1 "$sanitizer" --tool memcheck --leak-check full \
  --error-exitcode 99 "$run/bin/gpu_soak_tests" --gtest_color=no >"$log" 2>&1
rc=$?
echo "gpu-test: memcheck --leak-check full gpu_soak_tests (40 recomputes each): exit $rc; $(grep -E '^========= (ERROR|LEAK) SUMMARY' "$log" | sed 's/^=* *//' | paste -sd ';' -)"
grep -E '^gpu soak' "$log" | sed 's/^/gpu-test:   /'
[ $rc -eq 0 ] || { failed=1; grep -E '^=========' "$log" | head -20 | sed 's/^/gpu-test:     /'; results "$log" | grep -v PASSED; }

if [ $probe -eq 1 ]; then
  if [ -x "$run/bin/geofield_interop_probe" ]; then
    "$run/bin/geofield_interop_probe" >"$logs/probe.txt" 2>&1
    echo "gpu-test: interop probe: exit $? (numbers in $logs/probe.txt)"
    sed 's/^/gpu-test:   /' "$logs/probe.txt"
  else
    echo "gpu-test: interop probe: NOT RUN: it was not built (configure the build with" \
         "-DGEOFIELD_BUILD_RESEARCH=ON, build geofield_interop_probe, stage again)"
  fi
fi

echo "gpu-test: $([ $failed -eq 0 ] && echo ALL PASSED || echo SOME FAILED)"
exit $failed
