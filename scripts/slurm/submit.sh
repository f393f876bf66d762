#!/usr/bin/env bash
# Submits a tiled geofield product to Slurm: a job array of N tiles (tile.sbatch, one task a
# tile) and the mosaic as a job that runs when all of them have succeeded (mosaic.sbatch).
#
#   scripts/slurm/submit.sh OUT N [view options...]
#
# OUT must be on a file system every node sees. GEOFIELD (default: the geofield on PATH, else
# this checkout's build/app/geofield) names the binary; SBATCH_ARGS adds options to both sbatch
# calls (a partition, an account, --gres=gpu:1 to give each tile a GPU). Prints the two job ids
# and the VRT's path; `squeue` shows them, `scontrol show job ID` says why one waits.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 2 ] || { sed -n '2,11p' "$0" >&2; exit 2; }
out="$1"
n="$2"
shift 2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "submit: N must be a whole number of tiles, from 1 (got '$n')" >&2; exit 2; }
geofield="${GEOFIELD:-$(command -v geofield || echo "$here/../../build/app/geofield")}"
[ -x "$geofield" ] || { echo "submit: no geofield binary at $geofield (set GEOFIELD)" >&2; exit 2; }
geofield="$(cd "$(dirname "$geofield")" && pwd)/$(basename "$geofield")"
mkdir -p "$out/logs"
out="$(cd "$out" && pwd)"
read -r -a extra <<<"${SBATCH_ARGS:-}"
tiles=$(sbatch --parsable ${extra[@]+"${extra[@]}"} --array="0-$((n - 1))" \
  --output="$out/logs/tile-%a.log" "$here/tile.sbatch" "$geofield" "$out" "$n" "$@")
tiles="${tiles%%;*}"
mosaic=$(sbatch --parsable ${extra[@]+"${extra[@]}"} --dependency="afterok:$tiles" \
  --output="$out/logs/mosaic.log" "$here/mosaic.sbatch" "$geofield" "$out")
mosaic="${mosaic%%;*}"
echo "submit: tiles: job array $tiles (N = $n); mosaic: job $mosaic, after all tiles succeed"
echo "submit: the product: $out/mosaic.vrt"
