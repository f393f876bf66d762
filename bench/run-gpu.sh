#!/usr/bin/env bash
# The whole GPU benchmark of issue 5. Two steps, one script:
#
#   on the CPU machine:  cmake -S . -B build-bench -DCMAKE_CUDA_ARCHITECTURES=90
#                        cmake --build build-bench --target geofield_bench geofield
#                        bench/run-gpu.sh stage [BUILD]
#       copies geofield_bench, geofield and the shared libraries a bare machine lacks into
#       build-bench-run/ (git-ignored), with the commit they were built from;
#   on the GPU machine, in the project root with build-bench-run/ and .gl/ beside it:
#                        bench/run-gpu.sh [geofield_bench options, e.g. --sizes 1000,4096]
#       writes into $OUT (without it, a new folder under /tmp that it names; never into the tree):
#         env.txt       date, GPU, driver, commit, command
#         bench.md      geofield_bench's tables (also on stdout)
#         bench.json    every number, with its repeats and spread
#         startup.json  process start -> field written: `geofield render --backend cuda` (and cpu),
#                       default view, whole process, wall clock
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
run="$root/build-bench-run"

if [ "${1:-}" = stage ]; then
  build="$(cd "${2:-$root/build-bench}" && pwd)"
  rm -rf "$run"
  mkdir -p "$run/bench" "$run/app" "$run/lib"
  bins=("$build/bench/geofield_bench" "$build/app/geofield")
  cp "${bins[0]}" "$run/bench/"
  cp "${bins[1]}" "$run/app/"
  # Every library but glibc's, the C++ runtime (the machine's is newer) and the GL/EGL front
  # ends (those come from .gl/ and the driver).
  for b in "${bins[@]}"; do ldd "$b"; done | awk '/=> \//{print $3}' | sort -u |
    grep -v -E '/(libc|libm|libdl|librt|libpthread|libresolv|libutil|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so|/lib(EGL|GL|GLX|OpenGL|GLdispatch|cuda)\.so' |
    while read -r lib; do cp -L "$lib" "$run/lib/"; done
  echo "$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!build*' 2>/dev/null || echo -dirty)" > "$run/COMMIT"
  echo "run-gpu: staged $(du -sh "$run" | cut -f1) in $run (commit $(cat "$run/COMMIT"))"
  exit 0
fi

build="${GEOFIELD_BENCH_BUILD:-$run}"
if [ -n "${OUT:-}" ]; then
  out="$OUT"
  mkdir -p "$out"
else
  out="$(mktemp -d "${TMPDIR:-/tmp}/geofield-bench.XXXXXX")"
fi
echo "run-gpu: results in $out"
commit="${GEOFIELD_COMMIT:-$(cat "$build/COMMIT" 2>/dev/null || echo unknown)}"
[ -d "$build/lib" ] && export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

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
