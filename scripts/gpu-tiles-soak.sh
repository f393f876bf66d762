#!/usr/bin/env bash
# The soak of the tile writers on the GPU machine, after `scripts/gpu-test.sh stage`:
#
#   scripts/gpu-tiles-soak.sh [RUNS] [SIZE] [TILES]     (defaults 100, 2048, 16)
#
# 1. RUNS times `render --tile all/TILES --netcdf DIR` with the default workers (2 a CUDA device):
#    every run must exit 0 with every tile written (the crash it was made for was two workers
#    creating NetCDF files at once).
# 2. RUNS / 10 times every output at once (.npy, COG, NetCDF) with 4 workers: each run's .npy
#    and GeoTIFF tiles equal the first run's byte for byte, and `geofield mosaic` of its GeoTIFF
#    tiles reads every tile whole and checks its values' digest.
# Work goes to $OUT (or a new folder under /tmp); the last line says what passed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="$root/build-gpu-run"
runs="${1:-100}" size="${2:-2048}" tiles="${3:-16}"
out="${OUT:-$(mktemp -d /tmp/geofield-soak-XXXXXX)}"
mkdir -p "$out"
export LD_LIBRARY_PATH="$run/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
g="$run/bin/geofield"
view=(--backend cuda --lat -60:70 --lon 150:-120 --ref 10,-170 --size "$size")
failed=0
start=$(date +%s)
for k in $(seq 1 "$runs"); do
  d="$out/nc"
  rm -rf "$d"
  if ! "$g" render "${view[@]}" --tile "all/$tiles" --netcdf "$d" 2>"$out/nc.err"; then
    echo "soak: netcdf run $k failed: $(tail -1 "$out/nc.err")"
    failed=$((failed + 1))
  elif [ "$(ls "$d" | wc -l)" -ne "$tiles" ]; then
    echo "soak: netcdf run $k wrote $(ls "$d" | wc -l) of $tiles tiles"
    failed=$((failed + 1))
  fi
done
echo "soak: $runs runs of --tile all/$tiles --netcdf (default workers) at ${size}², $failed failed, $(($(date +%s) - start)) s"
every=$((runs / 10 > 0 ? runs / 10 : 1))
bad=0
start=$(date +%s)
for k in $(seq 0 "$every"); do
  d="$out/every-$k"
  rm -rf "$d"
  if ! "$g" render "${view[@]}" --tile "all/$tiles" --workers 4 --npy "$d" --geotiff "$d" \
       --cog --netcdf "$d" 2>"$out/every.err"; then
    echo "soak: every-output run $k failed: $(tail -1 "$out/every.err")"
    bad=$((bad + 1))
    continue
  fi
  [ "$(ls "$d" | wc -l)" -eq $((3 * tiles)) ] || { echo "soak: run $k: $(ls "$d" | wc -l) files"; bad=$((bad + 1)); }
  if [ "$k" -gt 0 ]; then
    for f in "$out/every-0"/*.npy "$out/every-0"/*.tif; do
      cmp -s "$f" "$d/$(basename "$f")" || { echo "soak: run $k: $(basename "$f") differs"; bad=$((bad + 1)); }
    done
  fi
  "$g" mosaic "$d" --output "$out/every-$k.vrt" 2>"$out/mosaic.err" >/dev/null ||
    { echo "soak: run $k: mosaic: $(tail -1 "$out/mosaic.err")"; bad=$((bad + 1)); }
done
echo "soak: $((every + 1)) runs of every output (4 workers), $bad problems, $(($(date +%s) - start)) s"
[ $failed -eq 0 ] && [ $bad -eq 0 ] && echo "soak: ALL PASSED" || { echo "soak: FAILED"; exit 1; }
