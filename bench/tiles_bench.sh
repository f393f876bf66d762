#!/usr/bin/env bash
# The tiled product's throughput on the GPU machine (issue 17; docs/scale.md): every tile of a
# 16384² and a 32768² grid in one process over the CUDA devices (`render --tile all/N --devices all`,
# 1 to 8 --workers a device) as
# raw .npy and as Cloud-Optimised GeoTIFFs, and one tile of the arc-second globe (16200² nodes,
# `--tile K/80x40`) by one process, each into /dev/shm so that the file system is not measured.
#
#   on the CPU machine: scripts/gpu-test.sh stage     (stages build-gpu-run/)
#   on the GPU machine: bench/tiles_bench.sh          (after scripts/gpu-test.sh's GL set-up, or
#                                                      with LD_LIBRARY_PATH=build-gpu-run/lib)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="$root/build-gpu-run"
export LD_LIBRARY_PATH="$run/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
geofield="$run/bin/geofield"
scratch="${SCRATCH:-/dev/shm/geofield-tiles-bench}"
echo "tiles-bench: date $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(cat "$run/COMMIT" 2>/dev/null), $(nproc) cores"
echo "tiles-bench: gpus $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | paste -sd ',' -)"
timed() {  # timed LABEL COMMAND...: whole-process wall time and the command's own lines
  local label="$1"
  shift
  rm -rf "$scratch"
  mkdir -p "$scratch"
  local start=$(date +%s%N)
  "$@" >"$scratch.log" 2>&1
  local rc=$?
  echo "tiles-bench: $label: exit $rc, $(( ($(date +%s%N) - start) / 1000000 )) ms whole process"
  grep -E 'tiles|device|cpu:|wrote' "$scratch.log" | sed 's/^/tiles-bench:   /'
  du -sb "$scratch" | awk '{printf "tiles-bench:   %.1f MB written\n", $1 / 1e6}'
  rm -rf "$scratch" "$scratch.log"
}
grid=(--lat -60:60 --lon -180:180 --size 16384x16384)
timed "16 tiles of 4096², .npy, --devices all --workers 1" "$geofield" render "${grid[@]}" --tile all/16 --devices all --workers 1 --npy "$scratch/npy"
timed "16 tiles of 4096², COG, --devices all --workers 1" "$geofield" render "${grid[@]}" --tile all/16 --devices all --workers 1 --geotiff "$scratch/cog"
big=(--lat -80:80 --lon -180:180 --size 32768x32768 --tile all/64 --devices all)
for w in 1 2 4 8; do
  timed "64 tiles of 4096², .npy, --workers $w" "$geofield" render "${big[@]}" --workers $w --npy "$scratch/npy"
done
for w in 1 2 4; do
  timed "64 tiles of 4096², COG, --workers $w" "$geofield" render "${big[@]}" --workers $w --geotiff "$scratch/cog"
done
for w in 1 2; do
  timed "16 tiles of 4096², COG, --backend cpu --workers $w" "$geofield" render "${grid[@]}" --tile all/16 --backend cpu --workers $w --geotiff "$scratch/cog"
done
arc=(--lat -90:90 --lon -180:180 --size 1296001x648001 --tile 1234/80x40)
timed "an arc-second globe tile (16200², 1.05 GB), .npy, cuda" "$geofield" render "${arc[@]}" --backend cuda --npy "$scratch/t.npy"
timed "the same tile, COG, cuda" "$geofield" render "${arc[@]}" --backend cuda --geotiff "$scratch/t.tif"
timed "the same tile, .npy, cpu" "$geofield" render "${arc[@]}" --backend cpu --npy "$scratch/t.npy"
