#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test, twice: the normal build (build/; GPU
# tests report themselves skipped where there is no CUDA device), then the sanitized one
# (scripts/test-asan.sh: clang with ASan + UBSan into build-asan/, every CPU test). Fails when
# either fails. Arguments go to both ctest runs; GEOFIELD_SKIP_ASAN=1 runs the first only.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
status=0
(cd "$build" && ctest --output-on-failure -j "$(nproc)" "$@") || status=$?
if [ "${GEOFIELD_SKIP_ASAN:-0}" != 1 ]; then
  "$root/scripts/test-asan.sh" "$@" || { s=$?; [ $status -ne 0 ] || status=$s; }
fi
[ $status -eq 0 ] && echo "test: all passed" || echo "test: FAILED (exit $status)" >&2
exit $status
