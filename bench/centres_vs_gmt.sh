#!/usr/bin/env bash
# Issue 16's CPU benchmark: the distance to the nearest of 10,000 centres (uniform over the
# sphere, fixed seed) at every node of a whole-globe grid, `geofield render --centres` against
# GMT's `grdmath ... PDIST` on the same centres and grid, whole process against whole process,
# on this (CPU) machine. GMT evaluates every centre at every node on one core (10,000 centres at
# 512 x 512 take it about 3 minutes, so 4096 x 4096 would take hours): the two are compared at
# SIZE (default 512), GMT once; geofield is also timed alone at 4096 x 4096 (issue 16: <= 2 s).
# Installs gmt and hyperfine from Debian when missing, checks that GMT's values are geofield's
# (PDIST on the sphere of GMT's mean radius, --PROJ_ELLIPSOID=Sphere, km with -fg).
# Usage: [GEOFIELD_COMMIT=sha] [RUNS=5] [CENTRES=10000] [SIZE=512] bench/centres_vs_gmt.sh
#        [geofield] [out]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
geofield="$(realpath "${1:-$root/build/app/geofield}")"
out="$(mkdir -p "${2:-$root/bench-out}" && realpath "${2:-$root/bench-out}")"
runs="${RUNS:-5}"
count="${CENTRES:-10000}"
n="${SIZE:-512}"
big=4096

source "$root/bench/gmt_bench_setup.sh"

# The centres, as geofield's CSV (lat,lon) and GMT's table (lon lat).
/usr/bin/python3 - "$count" <<'PY'
import sys, numpy as np
rng = np.random.default_rng(20261201)
k = int(sys.argv[1])
lat = np.degrees(np.arcsin(rng.uniform(-1, 1, k)))
lon = rng.uniform(-180, 180, k)
with open("centres.csv", "w") as f:
    f.write("lat,lon\n")
    f.writelines(f"{a!r},{b!r}\n" for a, b in zip(lat, lon))
with open("centres.txt", "w") as f:
    f.writelines(f"{b!r} {a!r}\n" for a, b in zip(lat, lon))
PY

# -I N+n: N nodes; gridline registration puts nodes on both bounds, as geofield's grid contract.
grid=(-R-180/180/-90/90 -I${n}+n/${n}+n -fg)
geo_f32=("$geofield" render --backend cpu --centres centres.csv --lat -90:90 --lon -180:180
         --size ${n}x${n} --npy geofield.npy)
geo_index=("${geo_f32[@]}" --index index.npy)
geo_big=("$geofield" render --backend cpu --centres centres.csv --lat -90:90 --lon -180:180
         --size ${big}x${big} --npy big.npy --index big-index.npy)
gmt_bf=(gmt grdmath "${grid[@]}" centres.txt PDIST --PROJ_ELLIPSOID=Sphere = gmt.grd=bf)

# Values first: GMT's field against geofield's double one, node by node (row 0 north in both).
"$geofield" render --backend cpu --centres centres.csv --lat -90:90 --lon -180:180 \
  --size ${n}x${n} --npy geofield64.npy --f64 2>/dev/null
"${gmt_bf[@]}"
gmt grd2xyz gmt.grd=bf -ZTLf > gmt.f32
/usr/bin/python3 - "$n" <<'PY' | tee "$out/centres-gmt-check.txt"
import sys, numpy as np
n = int(sys.argv[1])
g = np.load("geofield64.npy")
m = np.fromfile("gmt.f32", dtype=np.float32).reshape(n, n).astype(np.float64)
d = np.abs(m - g)
print(f"gmt: min {m.min():.6f} max {m.max():.6f} km; geofield: min {g.min():.6f} max {g.max():.6f} km")
print(f"max |gmt - geofield| = {d.max():.3e} km (GMT stores float32: {np.spacing(np.float32(g.max())):.1e} km at the max)")
ok = m.max() > 100 and d.max() < 1e-3
print("values agree" if ok else "VALUES DISAGREE")
sys.exit(0 if ok else 1)
PY

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: ${GEOFIELD_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
  echo "centres: $count, grid ${n}x${n}"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "gmt $(gmt --version), $(hyperfine --version)"
} | tee "$out/centres-env.txt"

hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/centres_geofield.json" \
  --export-markdown "$out/centres_geofield.md" \
  -n "geofield --centres ${n}x${n}, f32 .npy" "${geo_f32[*]}" \
  -n "geofield --centres ${n}x${n}, f32 .npy + --index" "${geo_index[*]}" \
  -n "geofield --centres ${big}x${big}, f32 .npy + --index" "${geo_big[*]}" 2>&1 |
  tee "$out/centres_geofield.txt"
hyperfine -N --runs 1 --export-json "$out/centres_gmt.json" --export-markdown "$out/centres_gmt.md" \
  -n "gmt grdmath PDIST ${n}x${n} -> native float (=bf)" "${gmt_bf[*]}" 2>&1 |
  tee "$out/centres_gmt.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/centres-env.txt"
