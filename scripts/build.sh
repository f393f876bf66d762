#!/usr/bin/env bash
# Configures and builds geofield into build/ (or $GEOFIELD_BUILD_DIR). Uses nvcc from
# /usr/local/cuda/bin when it is there; without it, a CPU-only build. GEOFIELD_DEPS=build (as
# scripts/run.sh sets it) installs only what building and running need and, in a new build
# folder, leaves the tests out; the default installs the tests' tools too and builds them.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
deps="${GEOFIELD_DEPS:-test}"
"$root/scripts/deps.sh" "$deps"
tests=()
if [ "$deps" = test ]; then
  tests=(-DGEOFIELD_BUILD_TESTS=ON)
elif [ ! -f "$build/CMakeCache.txt" ]; then
  tests=(-DGEOFIELD_BUILD_TESTS=OFF)  # a folder that has them keeps them (their tools are here)
fi
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release "${tests[@]}" ${GEOFIELD_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j "$(nproc)"
