#!/usr/bin/env bash
# Installs what is missing, builds, and opens geofield. With no display, draws the default
# view headless and says where the picture is. Arguments go to geofield.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"
mkdir -p "$root/out"
png="$root/out/default-view.png"
"$build/app/geofield" render --png "$png" "$@"
echo "geofield: the default view is in $png"
