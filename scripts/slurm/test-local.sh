#!/usr/bin/env bash
# The Slurm job scripts tried for real: starts a one-node cluster on this machine
# (local-cluster.sh), submits a tiled product through submit.sh (a job array of N tiles, the
# mosaic after them), waits for it, checks the mosaic against one render of the whole grid node
# for node (GDAL reads the VRT), stops the cluster. Prints the jobs' times for the record.
#
#   scripts/slurm/test-local.sh [N] [view options...]     (default: 6 tiles of 1001x777)
#
# Needs root (the daemons) and a built geofield (GEOFIELD, default build/app/geofield).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
n="${1:-6}"
shift || true
view=("$@")
[ ${#view[@]} -gt 0 ] || view=(--size 1001x777 --lat -60:75 --lon 150:-150 --ref 35.7,139.7)
export GEOFIELD="${GEOFIELD:-$root/build/app/geofield}"
work="$(mktemp -d "${TMPDIR:-/tmp}/geofield-slurm.XXXXXX")"
cluster="$work/cluster"
trap '"$root/scripts/slurm/local-cluster.sh" stop "$cluster" >/dev/null 2>&1 || true' EXIT
"$root/scripts/slurm/local-cluster.sh" start "$cluster" | tail -2
export SLURM_CONF="$cluster/slurm.conf"

start=$(date +%s.%N)
"$root/scripts/slurm/submit.sh" "$work/product" "$n" "${view[@]}"
mosaic_job=$(squeue -h -o '%i %j' | awk '$2 == "geofield-mosaic" {print $1}')
# Wait until no job is left (the mosaic ends last, or is cancelled when a tile failed).
for _ in $(seq 1 600); do
  [ -z "$(squeue -h)" ] && break
  sleep 0.5
done
end=$(date +%s.%N)
echo "slurm-test: the array and the mosaic took $(awk "BEGIN {printf \"%.1f\", $end - $start}") s (submit to last job's end)"
for f in "$work/product/logs/"*.log; do sed "s|^|slurm-test: $(basename "$f"): |" "$f"; done

# One render of the whole grid, and the mosaic read by GDAL: equal node for node.
"$GEOFIELD" render "${view[@]}" --geotiff "$work/whole.tif" 2>/dev/null
[ -f "$work/product/mosaic.vrt" ] || { echo "slurm-test: FAILED: no mosaic (job $mosaic_job)"; exit 1; }
gdal_translate -q -of ENVI "$work/product/mosaic.vrt" "$work/mosaic.raw"
gdal_translate -q -of ENVI "$work/whole.tif" "$work/whole.raw"
"$root/scripts/slurm/local-cluster.sh" stop "$cluster" >/dev/null
if cmp -s "$work/mosaic.raw" "$work/whole.raw"; then
  echo "slurm-test: PASSED: the mosaic of $n tiles equals one render of the grid, bit for bit ($(stat -c %s "$work/whole.raw") bytes)"
  rm -rf "$work"
  exit 0
fi
echo "slurm-test: FAILED: the mosaic differs from one render (files kept in $work)"
exit 1
