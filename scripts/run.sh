#!/usr/bin/env bash
# Installs what is missing, builds, and opens geofield. With no display ($DISPLAY and
# $WAYLAND_DISPLAY unset), draws the default view headless and says where the picture is.
# Arguments go to geofield (view options such as --lat 20:40 --ref 30,101).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${GEOFIELD_BUILD_DIR:-$root/build}"
GEOFIELD_DEPS=build "$root/scripts/build.sh"
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$build/app/geofield" "$@"
fi
mkdir -p "$root/out"
png="$root/out/default-view.png"
"$build/app/geofield" render --png "$png" "$@"
echo "geofield: no display (\$DISPLAY and \$WAYLAND_DISPLAY are unset): drew the view headless into $png"
