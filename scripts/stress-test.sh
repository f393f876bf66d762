#!/usr/bin/env bash
# The display tests under load: stress-ng keeps CPU workers busy beside ctest, which
# runs the whole display suite ROUNDS times in a row, one test at a time, and stops at the first
# round with a failure. Each round's result and time is printed, then a summary line.
#
#   scripts/stress-test.sh [ROUNDS] [LABEL]      (defaults: 5, display)
#   GEOFIELD_BUILD_DIR   the build folder (default build/)
#   GEOFIELD_STRESS_CPUS stress-ng --cpu N: the busy workers beside the tests (default 2)
#
# Needs stress-ng (apt-get install stress-ng) and a build with the display tests (Xvfb, xdotool).
# Exit status 0 when every round passed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
rounds="${1:-5}"
label="${2:-display}"
cpus="${GEOFIELD_STRESS_CPUS:-2}"
command -v stress-ng >/dev/null || { echo "stress-test: stress-ng is missing (apt-get install stress-ng)" >&2; exit 2; }
[ -f "$build/CTestTestfile.cmake" ] || { echo "stress-test: no build in $build (scripts/build.sh)" >&2; exit 2; }

stress-ng --cpu "$cpus" --quiet &
stress=$!
trap 'kill "$stress" 2>/dev/null; wait "$stress" 2>/dev/null' EXIT
echo "stress-test: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git -C "$root" rev-parse --short HEAD)," \
     "$(nproc) cores, stress-ng --cpu $cpus beside ctest -L $label -j1, $rounds rounds"

passed=0
start=$(date +%s)
for ((round = 1; round <= rounds; round++)); do
  t0=$(date +%s)
  log="$(mktemp "${TMPDIR:-/tmp}/geofield-stress-$round.XXXXXX")"
  ctest --test-dir "$build" -L "$label" -j1 --output-on-failure >"$log" 2>&1
  rc=$?
  summary="$(grep -E '^[0-9]+% tests passed' "$log" || echo 'no summary')"
  echo "stress-test: round $round: $summary ($(( $(date +%s) - t0 )) s, load $(cut -d' ' -f1-3 /proc/loadavg))"
  if [ $rc -ne 0 ]; then
    grep -E '(Failed|\*\*\*|Timeout)' "$log" | sed 's/^/stress-test:   /'
    echo "stress-test: the log of round $round: $log"
    break
  fi
  rm -f "$log"
  passed=$round
done
echo "stress-test: $passed of $rounds rounds passed in a row ($(( $(date +%s) - start )) s in all)"
[ "$passed" -eq "$rounds" ]
