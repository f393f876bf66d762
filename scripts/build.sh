#!/usr/bin/env bash
# Configures and builds geofield into build/ (or $GEOFIELD_BUILD_DIR). Uses nvcc from
# /usr/local/cuda/bin when it is there; without it, a CPU-only build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
"$root/scripts/deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${GEOFIELD_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j "$(nproc)"
