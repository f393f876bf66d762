#!/usr/bin/env bash
# Runs one fuzz target under libFuzzer (with ASan + UBSan) for SECONDS (default 600):
#   scripts/fuzz.sh NAME [SECONDS]        NAME: a tests/fuzz/NAME_fuzz.cpp (value_parsers, ...)
# Builds NAME_fuzzer with the `fuzz` preset into build-fuzz/, copies the seeds of
# tests/fuzz/corpus/NAME/ into out/fuzz/NAME/corpus/ (git-ignored; the inputs it finds stay
# there for later runs) and fuzzes there; a crashing input goes to out/fuzz/NAME/. Exits
# non-zero on a finding. Its last line is a row for docs/RELIABILITY.md's fuzzing table.
# A finding: fix it, copy the input into tests/fuzz/corpus/NAME/ (so CI replays it), rerun.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
name="${1:?usage: scripts/fuzz.sh NAME [SECONDS]}"
seconds="${2:-600}"
seeds="$root/tests/fuzz/corpus/$name"
[ -f "$root/tests/fuzz/${name}_fuzz.cpp" ] && [ -d "$seeds" ] ||
  { echo "fuzz: no target $name (tests/fuzz/${name}_fuzz.cpp and tests/fuzz/corpus/$name/)" >&2; exit 2; }
"$root/scripts/deps.sh"
cd "$root"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${name}_fuzzer" -j "$(nproc)"

work="$root/out/fuzz/$name"
mkdir -p "$work/corpus"
cp -n "$seeds"/* "$work/corpus/"
before=$(find "$work/corpus" -type f | wc -l)
log="$work/last-run.log"
san="$root/tests/sanitizers"
echo "fuzz: $name for $seconds s on $before inputs; log in ${log#"$root"/}"
status=0
start=$(date +%s)
ASAN_OPTIONS="include=$san/asan.options" UBSAN_OPTIONS="include=$san/ubsan.options" \
LSAN_OPTIONS="include=$san/lsan.options" \
  "$root/build-fuzz/tests/fuzz/${name}_fuzzer" "$work/corpus" -max_total_time="$seconds" \
  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/" \
  >"$log" 2>&1 || status=$?

ran=$(($(date +%s) - start))
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
after=$(find "$work/corpus" -type f | wc -l)
commit="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- app tests/fuzz 2>/dev/null || echo -dirty)"
if [ $status -eq 0 ]; then
  result="no finding"
else
  artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/Test unit written to //')
  result="FINDING (exit $status): ${artifact:-see $log}"
  grep -E 'ERROR|SUMMARY|fails|==[0-9]+==' "$log" | head -20 >&2 || true
fi
printf '| %s | %s | `%s` | %s s | %s | %s -> %s | %s |\n' "$(date -u +%Y-%m-%d)" "$commit" "$name" \
  "$ran" "$(printf "%'d" "${execs:-0}" 2>/dev/null || echo "${execs:-0}")" "$before" "$after" "$result"
exit $status
