#!/usr/bin/env bash
# The CPU backend beside GMT's `grdmath ... SDIST` on the same 4096 x 4096 grid (the default
# view: lat 29:31, lon 99:101, reference 30,101), whole process against whole process, on this
# (CPU) machine. Installs gmt and hyperfine from Debian when missing, checks that GMT's values
# are the great-circle distances geofield computes (GMT writes zeros without -fg and uses
# Vincenty on WGS84 without --PROJ_ELLIPSOID=Sphere), then times each command with hyperfine.
# Usage: [GEOFIELD_COMMIT=sha] [RUNS=10] bench/cpu_vs_gmt.sh [geofield binary] [out folder]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
geofield="$(realpath "${1:-$root/build/app/geofield}")"
out="$(mkdir -p "${2:-$root/bench-out}" && realpath "${2:-$root/bench-out}")"
runs="${RUNS:-10}"
n=4096

source "$root/bench/gmt_bench_setup.sh"

# -I N+n: N nodes; gridline registration puts nodes on both bounds, as geofield's grid contract.
grid=(-R99/101/29/31 -I${n}+n/${n}+n -fg)
sdist=(101 30 SDIST --PROJ_ELLIPSOID=Sphere)
geo_f32=("$geofield" render --backend cpu --size ${n}x${n} --npy geofield.npy)
geo_f64=("$geofield" render --backend cpu --size ${n}x${n} --npy geofield64.npy --f64)
gmt_nc=(gmt grdmath "${grid[@]}" "${sdist[@]}" = gmt.nc)          # GMT's default: netCDF-4, deflated
gmt_bf=(gmt grdmath "${grid[@]}" "${sdist[@]}" = gmt.grd=bf)      # native float32, no compression

# Values first: GMT's field against geofield's, node by node (row 0 north in both).
"${geo_f64[@]}" 2>/dev/null
"${gmt_nc[@]}"
gmt grd2xyz gmt.nc -ZTLf > gmt.f32
# Debian's python3 with python3-numpy, whatever python3 is first on PATH.
/usr/bin/python3 - "$n" <<'PY' | tee "$out/gmt-check.txt"
import sys, numpy as np
n = int(sys.argv[1])
g = np.load("geofield64.npy")
m = np.fromfile("gmt.f32", dtype=np.float32).reshape(n, n).astype(np.float64)
rel = np.abs(m - g) / np.maximum(np.abs(g), 1e-3)
print(f"gmt: min {m.min():.6f} max {m.max():.6f} km; geofield: min {g.min():.6f} max {g.max():.6f} km")
print(f"max |gmt - geofield| = {np.abs(m - g).max():.3e} km, max relative {rel.max():.3e}, "
      f"zeros in gmt: {int((m == 0).sum())}")
ok = m.max() > 100 and rel.max() < 1e-5
print("values agree" if ok else "VALUES DISAGREE")
sys.exit(0 if ok else 1)
PY

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  # The commit the geofield binary was built from, when it is not this checkout's HEAD.
  echo "commit: ${GEOFIELD_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "gmt $(gmt --version), $(hyperfine --version)"
} | tee "$out/cpu-env.txt"

hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/cpu_vs_gmt.json" \
  --export-markdown "$out/cpu_vs_gmt.md" \
  -n "geofield cpu f32" "${geo_f32[*]}" \
  -n "geofield cpu f64" "${geo_f64[*]}" \
  -n "gmt grdmath SDIST -> netCDF (default)" "${gmt_nc[*]}" \
  -n "gmt grdmath SDIST -> native float (=bf)" "${gmt_bf[*]}" 2>&1 | tee "$out/cpu_vs_gmt.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/cpu-env.txt"
