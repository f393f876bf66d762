#!/usr/bin/env bash
# Renders the figures of docs/gallery.md and the README's pictures (docs/figure.png, and the
# window's docs/screenshot.png under Xvfb) from the commands written there, with the CPU backend
# under a headless GL: run after a change to how figures or the window look, then look at each
# picture. GEOFIELD names the binary (default build/app/geofield).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
geofield="${GEOFIELD:-$root/build/app/geofield}"
[ -x "$geofield" ] || { echo "make-gallery: no $geofield (run scripts/build.sh first)" >&2; exit 2; }
cd "$root/docs"
# Screen style: the docs are read on screens (96 dpi, 11 pt labels).
render() { "$geofield" render --backend cpu --style screen "$@"; }

render --ref "Paris, France" --figure-width 1400 --figure figure.png
# The window's first view at 1280 x 800, no session; its Export folder under a home of its own,
# so that the panel shows "~/maps" and no machine's path.
shot_home="$(mktemp -d)"
trap 'rm -rf "$shot_home"' EXIT
mkdir -p "$shot_home/maps"
(cd "$shot_home/maps" && HOME="$shot_home" xvfb-run -a -s "-screen 0 1400x900x24" \
  "$geofield" --no-session --backend cpu --window 1280x800 --frames 5 \
  --screenshot "$root/docs/screenshot.png")
cd gallery
render --ref Rome --figure-width 1000 --figure rome.png
render --ref "Boulder, Colorado" --projection aeqd --extent 20015 --path Tokyo --places \
  --figure-width 1000 --figure boulder-world.png
render --ref Tokyo --projection ortho --lat 0:60 --lon 100:160 --figure-width 1000 \
  --figure tokyo-globe.png
render --ref London --projection eqearth --figure-width 1000 --figure london-equal-earth.png
render --sites europe-capitals.csv --colour-by-centre --lat 34:66 --lon -25:35 \
  --figure-width 1000 --figure europe-capitals.png
render --sites @land:50m --signed --lat 25:72 --lon -30:50 --colormap cividis \
  --figure-width 1000 --figure distance-to-land.png
echo "make-gallery: wrote docs/figure.png, docs/screenshot.png and docs/gallery/*.png"
