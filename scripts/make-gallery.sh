#!/usr/bin/env bash
# Makes the README's pictures (the window, a figure) and docs/gallery.md's figures again from the
# commands printed beside them (scripts/make_gallery.py reads them from the pages), with the CPU
# backend under a headless GL and the window under Xvfb: run after a change to how figures or
# the window look, then look at each picture. GEOFIELD names the binary (default
# build/app/geofield). The test e2e_gallery makes them all again into a folder of its own and
# compares them with the committed pictures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
geofield="${GEOFIELD:-$root/build/app/geofield}"
[ -x "$geofield" ] || { echo "make-gallery: no $geofield (run scripts/build.sh first)" >&2; exit 2; }
/usr/bin/python3 "$root/scripts/make_gallery.py" "$geofield"
