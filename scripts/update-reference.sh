#!/usr/bin/env bash
# Copies the command-line reference the build made from the option table into the guide
# (docs/guide/command-line-reference.md), after a change to an option's help: the test
# option_reference fails until the two are equal. BUILD names the build folder (default build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD:-$root/build}"
cmake --build "$build" --target geofield_reference
cp "$build/reference/command-line-reference.md" "$root/docs/guide/command-line-reference.md"
echo "update-reference: docs/guide/command-line-reference.md is the option table's"
