#!/usr/bin/env bash
# The sanitized suite: builds the `asan` preset (clang, CPU only, AddressSanitizer +
# UndefinedBehaviorSanitizer with float-cast-overflow, no recovery) into build-asan/ and runs
# every test there with `ctest --preset asan`, which passes the options and suppressions of
# tests/sanitizers/ to every test and to every geofield the e2e and display tests start.
# scripts/test.sh runs it after the normal suite; arguments go to ctest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/deps.sh"
cd "$root"
start=$(date +%s)
cmake --preset asan >/dev/null
cmake --build --preset asan -j "$(nproc)"
built=$(date +%s)
status=0
ctest --preset asan -j "$(nproc)" "$@" || status=$?
echo "test-asan: build $((built - start)) s, tests $(($(date +%s) - built)) s, ctest exit $status"
exit $status
