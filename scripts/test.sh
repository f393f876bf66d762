#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. GPU tests report themselves skipped
# where there is no CUDA device.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)" "$@"
