#!/usr/bin/env python3
"""The numba answer geofield grew out of, with geofield.

The answer evaluated a haversine-style expression (geofield's "seed" formula, constants and
all) from (30, 101) to every node of a 1000 x 1000 grid over 29..31 N, 99..101 E, in double, on
the GPU with numba: it built the mesh on the host, copied it in and copied the field back. With
geofield it is three lines, and on a CUDA device the field stays there, shared with CuPy
without a copy.

Run from a checkout (after scripts/build.sh):
    GEOFIELD_LIBRARY=$PWD/build/libgeofield/libgeofield.so python3 examples/numba_answer.py
(an absolute path, so that it holds from any folder; or install the wheel, docs/library.md)
"""

import sys
from pathlib import Path

import numpy

try:
    import geofield
except ImportError:  # not installed: use the checkout's package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
    import geofield

# The answer's computation, in three lines.
d = geofield.field(lat=(29, 31), lon=(99, 101), size=(1000, 1000), ref=(30, 101),
                   formula="seed", precision="double")
print(f"seed field on the CPU: shape {d.shape} {d.dtype}, row 0 north; "
      f"min {d.min():.6f} km, max {d.max():.6f} km, at the corners "
      f"{d[0, 0]:.6f} (NW) {d[-1, -1]:.6f} (SE)")

# The same numbers as the answer's expression, written out in NumPy at a few nodes (node (i, j)
# lies at lat 31 - i * 2/999, lon 99 + j * 2/999).
i, j = numpy.array([0, 499, 999, 123]), numpy.array([0, 500, 999, 877])
lat, lon = 31 - i * (2 / 999), 99 + j * (2 / 999)
a = (numpy.sin(0.008726645 * (lat - 30)) ** 2 + numpy.cos(0.01745329 * 30) *
     numpy.cos(0.01745329 * lat) * numpy.sin(0.008726645 * (lon - 101)) ** 2)
literal = numpy.arctan2(a, 1 - a) * 2 * 6371.0088
print("the answer's expression at", list(zip(i.tolist(), j.tolist())), ": largest difference",
      f"{numpy.max(numpy.abs(literal - d[i, j])):.3g} km")

# On a CUDA device: the field computed there and handed to CuPy in place.
try:
    import cupy
except ImportError:
    cupy = None
if cupy is None:
    print("CuPy is not installed: skipping the GPU part")
else:
    try:
        g = geofield.field(lat=(29, 31), lon=(99, 101), size=(1000, 1000), ref=(30, 101),
                           formula="seed", precision="double", device="cuda")
    except geofield.BackendUnavailable as e:
        print(f"no CUDA device: {e}")
    else:
        c = cupy.asarray(g)  # no copy: the same device memory
        print(f"on the GPU: {g}; cupy.asarray shares it: {c.data.ptr == g.ptr}")
        print(f"GPU vs CPU field: largest difference {float(cupy.abs(c - cupy.asarray(d)).max()):.3g} km;"
              f" mean on the GPU {float(c.mean()):.6f} km")
