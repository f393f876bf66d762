#!/usr/bin/env bash
# Process start to the first field written (`render --backend cuda --npy`, default view), two
# geofield binaries interleaved over three rounds of 10 runs (after one warm-up each), so that
# the machine's drift between sessions does not pass for a difference. On the GPU machine, in
# the project root with build-gpu-run/ (the libraries) and .gl/ beside it:
#   bench/ab_startup.sh OLD_BINARY NEW_BINARY     -> one JSON line per binary and round ($OUT/ab.json)
set -euo pipefail
old="$1" new="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ -d .gl ] && ! ldconfig -p | grep -q 'libEGL.so.1 '; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
nvidia_egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$nvidia_egl" ] && export __EGL_VENDOR_LIBRARY_FILENAMES="${__EGL_VENDOR_LIBRARY_FILENAMES:-$nvidia_egl}"
export LD_LIBRARY_PATH="$root/build-gpu-run/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
out="${OUT:-$root/bench-out}"
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for round in 1 2 3; do
  for b in "$old" "$new"; do
    python3 bench/time_process.py --runs 10 --warmup 1 -- "$b" render --backend cuda --npy "$tmp/f.npy" |
      sed "s|^{|{\"binary\": \"$b\", \"round\": $round, |"
  done
done | tee "$out/ab.json"
