#!/usr/bin/env bash
# Issue 28's CPU benchmark: the distance to GMT's crude coastline (`gmt coast -Dc -W -M`, some
# 15,700 vertices) at every node of a 4-degree global grid (91 x 46 nodes, gridline registered),
# `geofield render --sites` against GMT's `grdmath ... LDIST` (the same lines, from the file)
# and `LDISTG` (GMT's own coastline database, -Dc), whole process against whole process, on this
# machine, in one run: GMT as issue 28 times it (its default ellipsoid) and on GMT's sphere
# (--PROJ_ELLIPSOID=Sphere, the definition geofield computes). The values are compared first:
# geofield's double field against the spherical LDIST's node by node (the same lines, each
# segment a great-circle arc in both), and against the default's.
# Installs gmt and hyperfine from Debian when missing.
# Usage: [GEOFIELD_COMMIT=sha] [RUNS=10] [STEP=4] bench/shapes_vs_gmt.sh [geofield] [out]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
geofield="$(realpath "${1:-$root/build/app/geofield}")"
out="$(mkdir -p "${2:-$root/bench-out}" && realpath "${2:-$root/bench-out}")"
runs="${RUNS:-10}"
step="${STEP:-4}"
nx=$((360 / step + 1))
ny=$((180 / step + 1))

source "$root/bench/gmt_bench_setup.sh"

# GMT's crude coastline as its multi-segment table (lon lat, segments after '>') and as the
# GeoJSON MultiLineString geofield reads: the same vertices.
gmt coast -R-180/180/-90/90 -Dc -W -M > coast.txt
/usr/bin/python3 - <<'PY'
import json
lines, cur = [], []
for raw in open("coast.txt"):
    s = raw.strip()
    if not s or s.startswith("#"):
        continue
    if s.startswith(">"):
        if len(cur) >= 2:
            lines.append(cur)
        cur = []
        continue
    lon, lat = map(float, s.split()[:2])
    cur.append([lon, lat])
if len(cur) >= 2:
    lines.append(cur)
with open("coast.geojson", "w") as f:
    json.dump({"type": "Feature", "properties": {"name": "GMT crude coastline"},
               "geometry": {"type": "MultiLineString", "coordinates": lines}}, f)
print(f"coastline: {len(lines)} lines, {sum(map(len, lines))} vertices")
PY

grid=(-R-180/180/-90/90 -I${step} -fg)
geo=("$geofield" render --backend cpu --sites coast.geojson --lat -90:90 --lon -180:180
     --size ${nx}x${ny} --npy geofield.npy)
gmt_ldist=(gmt grdmath "${grid[@]}" coast.txt LDIST --PROJ_ELLIPSOID=Sphere = ldist.grd=bf)
gmt_ldistg=(gmt grdmath "${grid[@]}" -Dc LDISTG --PROJ_ELLIPSOID=Sphere = ldistg.grd=bf)
# Issue 28's commands as it timed them (GMT's default ellipsoid).
gmt_ldist_issue=(gmt grdmath "${grid[@]}" coast.txt LDIST = ldist-default.grd=bf)
gmt_ldistg_issue=(gmt grdmath "${grid[@]}" -Dc LDISTG = ldistg-default.grd=bf)

# Values: GMT's LDIST against geofield's double field, node by node (row 0 north in both).
"$geofield" render --backend cpu --sites coast.geojson --lat -90:90 --lon -180:180 \
  --size ${nx}x${ny} --npy geofield64.npy --f64 2>/dev/null
"${gmt_ldist[@]}"
gmt grd2xyz ldist.grd=bf -ZTLf > ldist.f32
"${gmt_ldist_issue[@]}"
gmt grd2xyz ldist-default.grd=bf -ZTLf > ldist-default.f32
/usr/bin/python3 - "$nx" "$ny" <<'PY' | tee "$out/shapes-gmt-check.txt"
import sys, numpy as np
nx, ny = int(sys.argv[1]), int(sys.argv[2])
g = np.load("geofield64.npy")
m = np.fromfile("ldist.f32", dtype=np.float32).reshape(ny, nx).astype(np.float64)
e = np.fromfile("ldist-default.f32", dtype=np.float32).reshape(ny, nx).astype(np.float64)
d = np.abs(m - g)
print(f"gmt LDIST (sphere): min {m.min():.4f} max {m.max():.4f} km; geofield: min {g.min():.4f} max {g.max():.4f} km")
print(f"max |LDIST - geofield| = {d.max():.3e} km, mean {d.mean():.3e} km "
      f"(GMT stores float32: {np.spacing(np.float32(g.max())):.1e} km at the max)")
r = np.abs(e - g) / np.maximum(g, 1e-9)
print(f"gmt LDIST (default ellipsoid) against geofield: max {np.abs(e - g).max():.3e} km, "
      f"relative {r[g > 1].max():.2e} (the ellipsoid's distances are not the sphere's)")
ok = m.max() > 1000 and d.max() < 1e-2
print("values agree" if ok else "VALUES DISAGREE")
sys.exit(0 if ok else 1)
PY

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: ${GEOFIELD_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
  echo "grid: ${nx}x${ny} (${step} degrees), GMT's crude coastline"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "gmt $(gmt --version), $(hyperfine --version)"
} | tee "$out/shapes-env.txt"

hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/shapes_geofield.json" \
  --export-markdown "$out/shapes_geofield.md" \
  -n "geofield --sites coast.geojson ${nx}x${ny}, f32 .npy" "${geo[*]}" 2>&1 |
  tee "$out/shapes_geofield.txt"
hyperfine -N --runs 1 --export-json "$out/shapes_gmt.json" --export-markdown "$out/shapes_gmt.md" \
  -n "gmt grdmath LDIST ${nx}x${ny} (issue 28's command)" "${gmt_ldist_issue[*]}" \
  -n "gmt grdmath -Dc LDISTG ${nx}x${ny} (issue 28's command)" "${gmt_ldistg_issue[*]}" \
  -n "gmt grdmath LDIST ${nx}x${ny}, sphere" "${gmt_ldist[*]}" \
  -n "gmt grdmath -Dc LDISTG ${nx}x${ny}, sphere" "${gmt_ldistg[*]}" 2>&1 | tee "$out/shapes_gmt.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/shapes-env.txt"
/usr/bin/python3 - "$out" <<'PY' | tee "$out/shapes-ratio.txt"
import json, sys
out = sys.argv[1]
g = json.load(open(f"{out}/shapes_geofield.json"))["results"][0]["mean"]
t = {r["command"]: r["mean"] for r in json.load(open(f"{out}/shapes_gmt.json"))["results"]}
for name, s in t.items():
    print(f"{name}: {s:.2f} s, geofield {g * 1000:.1f} ms: {s / g:.0f}x")
PY
