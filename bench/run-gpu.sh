#!/usr/bin/env bash
# The whole GPU benchmark of issue 5, on the GPU machine, in the project's root with a build
# made on a CPU machine beside it (default build-bench/, or $GEOFIELD_BENCH_BUILD) and the GL
# front ends in .gl/ (../shared/gpu/README.md). Writes into $OUT (default bench-out/):
#   env.txt          date, GPU, driver, commit
#   bench.md         geofield_bench's tables (also on stdout)
#   bench.json       every number, with its repeats and spread
#   startup.json     process start -> field written, `geofield render --backend cuda` (default view)
# Usage: GEOFIELD_COMMIT=<sha> bench/run-gpu.sh [geofield_bench options, e.g. --sizes 1000,4096]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="${GEOFIELD_BENCH_BUILD:-build-bench}"
out="${OUT:-$root/bench-out}"
mkdir -p "$out"
commit="${GEOFIELD_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"

# The GL front ends the machine lacks (GLVND's libEGL, libOpenGL, ...).
if [ -d .gl ] && ! ldconfig -p | grep -q 'libEGL.so.1 '; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
nvidia_egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && [ -f "$nvidia_egl" ]; then
  export __EGL_VENDOR_LIBRARY_FILENAMES="$nvidia_egl"
fi

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: $commit"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
    --format=csv,noheader 2>&1 | sed 's/^/gpu: /'
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
} | tee "$out/env.txt"

bench_cmd=("$build/bench/geofield_bench" --json "$out/bench.json" --commit "$commit" "$@")
echo "command: ${bench_cmd[*]}" | tee -a "$out/env.txt"
"${bench_cmd[@]}" | tee "$out/bench.md"

# Process start -> first field written, default view, headless, whole process.
geofield="$build/app/geofield"
if [ -x "$geofield" ]; then
  tmp="$(mktemp -d)"
  for backend in cuda cpu; do
    python3 bench/time_process.py --runs 10 --warmup 1 -- \
      "$geofield" render --backend "$backend" --npy "$tmp/field.npy" |
      sed "s/^{/{\"backend\": \"$backend\", /" | tee -a "$out/startup.json"
  done
  "$geofield" render --backend cuda --npy "$tmp/field.npy" 2>&1 | tee "$out/startup-render.log"
  rm -rf "$tmp"
else
  echo "startup: $geofield not built: not measured" | tee "$out/startup.json"
fi
