#!/usr/bin/env bash
# Fails, naming the files, when a C++ or CUDA source of the repository differs from what the
# project's .clang-format makes of it. `scripts/check-format.sh --fix` rewrites them instead.
# Run by ctest (test `format`), so CI fails on an unformatted file.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v clang-format >/dev/null || { echo "check-format: clang-format is missing (scripts/deps.sh installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files -- '*.h' '*.cpp' '*.cu' '*.cuh' 2>/dev/null ||
                     find app cuda tests bench research -name '*.h' -o -name '*.cpp' -o -name '*.cu' -o -name '*.cuh')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  echo "check-format: ${#bad[@]} file(s) differ from .clang-format (fix: scripts/check-format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says"
