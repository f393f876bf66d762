#!/usr/bin/env python3
"""geofield from Python on a CUDA device, against the same field written in CuPy and numba.

Measures, at 8192 x 8192 over the default view (lat 29..31, lon 99..101, ref 30,101):
  (a) geofield.field(device="cuda") then cupy.asarray: to a CuPy array that is ready (float
      haversine, float seed, and double seed for the numba comparison at equal precision);
  (b) CuPy, float: an ElementwiseKernel of the haversine formula over a mesh broadcast from a
      lat column and a lon row made by cp.linspace on the GPU, and the same as plain CuPy array
      expressions; end to end (mesh, output allocation, kernels);
  (c) the original numba answer: its seed expression in double as a @vectorize(target='cuda')
      ufunc over the answer's four per-node arrays (lat, lon, lat_ref, lon_ref), made on the
      GPU; warm, and its first call with the JIT; and as the answer ended, its result copied
      to the host (the NumPy array its caller used: the copy geofield leaves out). Also numba at its best (a @cuda.jit kernel
      over the lat column and lon row) and, apart, the ufunc on 2-D meshes with the reference
      as scalars, which numba runs through a very slow broadcast (not in the ratios);
  (d) geofield's call overhead at 1000 x 1000: wall time of a field(device="cuda") call minus
      its GPU time (CUDA events around a call on a stream kept busy beforehand, so that the
      events time the GPU work alone), with an empty CuPy kernel launch for reference.
Every time is wall clock to a usable array with the device synchronised, the median of
--repeats after --warmup calls (pools of both geofield and CuPy warm, as in a loop).
Each result is checked against geofield's double field on the device within the float path's
bound (README: 2e-6 max + 2e-6 |d|; the numba seed against geofield's seed), so that every
line times the same field.

Run (GPU machine; no install needed):
    PYTHONPATH=$PWD/python GEOFIELD_LIBRARY=$PWD/build/libgeofield/libgeofield.so \
        python3 bench/python_bench.py --json out/python_bench.json
"""

import argparse
import datetime
import json
import math
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy

try:
    import geofield
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
    import geofield

import cupy

LAT, LON, REF = (29.0, 31.0), (99.0, 101.0), (30.0, 101.0)
R_KM = 6371.0088
DEG = math.pi / 180


def sync():
    cupy.cuda.runtime.deviceSynchronize()


def timed(fn, repeats, warmup):
    """Median, min and max wall seconds of fn() (which ends synchronised)."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return {"median_ms": statistics.median(times) * 1e3, "min_ms": min(times) * 1e3,
            "max_ms": max(times) * 1e3, "repeats": repeats}


def worst_of_float_bound(got, reference):
    """max |got - ref| / (2e-6 max|ref| + 2e-6 |ref|), on the device (1 or less: within)."""
    ref = reference.astype(cupy.float64)
    bound = 2e-6 * float(cupy.abs(ref).max()) + 2e-6 * cupy.abs(ref)
    return float((cupy.abs(got.astype(cupy.float64) - ref) / bound).max())


# (a) geofield
def geofield_ready(n, formula="haversine", precision="float"):
    a = geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF, formula=formula,
                       precision=precision, device="cuda")
    c = cupy.asarray(a)  # the same memory, no copy
    sync()
    return c


# (b) CuPy, written as a user would: float32 arithmetic; the offsets from the reference taken
# in double per node (one subtraction) so that the float field keeps its digits near it.
HAVERSINE_KERNEL = cupy.ElementwiseKernel(
    "float64 lat, float64 lon, float64 lat_r, float64 lon_r, float32 cos_lat_r, float32 two_r",
    "float32 d",
    """
    const float k = 0.017453292519943295f;
    float dlat = (float)(lat - lat_r) * k, dlon = (float)(lon - lon_r) * k;
    float s1 = sinf(0.5f * dlat), s2 = sinf(0.5f * dlon);
    float a = s1 * s1 + cos_lat_r * cosf((float)lat * k) * s2 * s2;
    d = two_r * asinf(sqrtf(fminf(a, 1.0f)));
    """,
    "geofield_bench_haversine")


def mesh_axes(n):
    """The grid's lat column (row 0 north) and lon row, made on the GPU."""
    lat = cupy.linspace(LAT[1], LAT[0], n, dtype=cupy.float64)[:, None]
    lon = cupy.linspace(LON[0], LON[1], n, dtype=cupy.float64)[None, :]
    return lat, lon


def cupy_elementwise(n):
    lat, lon = mesh_axes(n)
    d = HAVERSINE_KERNEL(lat, lon, REF[0], REF[1], numpy.float32(math.cos(REF[0] * DEG)),
                         numpy.float32(2 * R_KM))  # broadcasts to (n, n), allocates d
    sync()
    return d


def cupy_expressions(n):
    lat, lon = mesh_axes(n)
    f = cupy.float32
    s1 = cupy.sin((0.5 * DEG) * (lat - REF[0])).astype(f)  # per row
    s2 = cupy.sin((0.5 * DEG) * (lon - REF[1])).astype(f)  # per column
    c = (math.cos(REF[0] * DEG) * cupy.cos(DEG * lat)).astype(f)
    a = s1 * s1 + c * (s2 * s2)  # (n, n) from here
    d = f(2 * R_KM) * cupy.arcsin(cupy.sqrt(cupy.minimum(a, f(1))))
    sync()
    return d


# (c) the numba answer: its expression (geofield's "seed") in double, as a CUDA ufunc over four
# arrays of one value per node (lat, lon, lat_ref, lon_ref), flat, as the answer had them; here
# the arrays are made on the GPU instead of copied in, and the field stays there.
def numba_import():
    # numba-cuda registers an overload of numpy.row_stack, which NumPy deprecated in 2.0 and the
    # GPU machine's NumPy (2.5) no longer has; the alias lets it import (row_stack was vstack).
    if not hasattr(numpy, "row_stack"):
        numpy.row_stack = numpy.vstack
    import numba
    from numba import cuda

    return numba, cuda


def make_numba_seed():
    _, cuda = numba_import()
    from numba import vectorize

    @vectorize(["float64(float64, float64, float64, float64)"], target="cuda")
    def seed(lat, lon, lat_r, lon_r):
        a = (math.sin(0.008726645 * (lat - lat_r)) ** 2 +
             math.cos(0.01745329 * lat_r) * math.cos(0.01745329 * lat) *
             math.sin(0.008726645 * (lon - lon_r)) ** 2)
        return math.atan2(a, 1 - a) * 2 * 6371.0088

    return seed


def numba_original(seed, n):
    _, cuda = numba_import()
    lat, lon = mesh_axes(n)
    lat_mesh = cupy.broadcast_to(lat, (n, n)).ravel()  # the mesh, made on the GPU (copies)
    lon_mesh = cupy.broadcast_to(lon, (n, n)).ravel()
    lat_ref, lon_ref = cupy.full(n * n, REF[0]), cupy.full(n * n, REF[1])
    d = seed(*(cuda.as_cuda_array(x) for x in (lat_mesh, lon_mesh, lat_ref, lon_ref)))
    sync()
    return cupy.asarray(d).reshape(n, n)


def numba_original_to_host(seed, n):
    """The answer as it ended: its result copied to the host (d.copy_to_host()), the copy that
    geofield exists to leave out; a NumPy array is what its caller used."""
    _, cuda = numba_import()
    lat, lon = mesh_axes(n)
    lat_mesh = cupy.broadcast_to(lat, (n, n)).ravel()
    lon_mesh = cupy.broadcast_to(lon, (n, n)).ravel()
    lat_ref, lon_ref = cupy.full(n * n, REF[0]), cupy.full(n * n, REF[1])
    d = seed(*(cuda.as_cuda_array(x) for x in (lat_mesh, lon_mesh, lat_ref, lon_ref)))
    return d.copy_to_host().reshape(n, n)


def numba_scalar_ref(seed, n):
    """The same ufunc on 2-D meshes with the reference as two scalars: numba broadcasts the
    scalars through a slow path (hundreds of ms at 8192^2); timed apart, not in the ratios."""
    _, cuda = numba_import()
    lat, lon = mesh_axes(n)
    lat_mesh = cupy.ascontiguousarray(cupy.broadcast_to(lat, (n, n)))
    lon_mesh = cupy.ascontiguousarray(cupy.broadcast_to(lon, (n, n)))
    d = seed(cuda.as_cuda_array(lat_mesh), cuda.as_cuda_array(lon_mesh), REF[0], REF[1])
    sync()
    return cupy.asarray(d)


def make_numba_kernel():
    """numba at its best: a @cuda.jit kernel reading the lat column and lon row (no mesh)."""
    _, cuda = numba_import()

    @cuda.jit
    def seed_kernel(lat, lon, lat_r, lon_r, out):
        i, j = cuda.grid(2)
        if i < out.shape[0] and j < out.shape[1]:
            a = (math.sin(0.008726645 * (lat[i] - lat_r)) ** 2 +
                 math.cos(0.01745329 * lat_r) * math.cos(0.01745329 * lat[i]) *
                 math.sin(0.008726645 * (lon[j] - lon_r)) ** 2)
            out[i, j] = math.atan2(a, 1 - a) * 2 * 6371.0088

    def run(n):
        lat = cuda.as_cuda_array(cupy.linspace(LAT[1], LAT[0], n))
        lon = cuda.as_cuda_array(cupy.linspace(LON[0], LON[1], n))
        out = cuda.device_array((n, n))
        seed_kernel[((n + 15) // 16, (n + 15) // 16), (16, 16)](lat, lon, REF[0], REF[1], out)
        sync()
        return cupy.asarray(out)

    return run


# (d) call overhead
SPIN = cupy.RawKernel(r"""
extern "C" __global__ void spin(long long cycles) {
    long long t0 = clock64();
    while (clock64() - t0 < cycles) {}
}""", "spin")
EMPTY = cupy.RawKernel(r'extern "C" __global__ void empty() {}', "empty")


def call_overhead(n, repeats, warmup):
    def sync_call():
        geofield.field(size=(n, n), device="cuda")  # returns once the values are there

    wall = timed(sync_call, repeats, warmup)

    stream = cupy.cuda.Stream(non_blocking=True)
    gpu_ms, enqueue_s = [], []
    for k in range(warmup + repeats):
        SPIN((1,), (1,), (numpy.int64(2_000_000),), stream=stream)  # ~1 ms of GPU busy
        e0, e1 = cupy.cuda.Event(), cupy.cuda.Event()
        e0.record(stream)
        t0 = time.perf_counter()
        geofield.field(size=(n, n), device="cuda", stream=stream)  # queued, not waited for
        enqueue_s.append(time.perf_counter() - t0)
        e1.record(stream)
        stream.synchronize()
        gpu_ms.append(cupy.cuda.get_elapsed_time(e0, e1))
    gpu_ms, enqueue_s = gpu_ms[warmup:], enqueue_s[warmup:]

    def empty_launch():
        EMPTY((1,), (1,), ())
        sync()

    empty = timed(empty_launch, repeats, warmup)
    kernel_ms = statistics.median(gpu_ms)
    return {
        "size": n,
        "sync_call_wall": wall,
        "gpu_time_ms_median": kernel_ms,
        "overhead_us": (wall["median_ms"] - kernel_ms) * 1e3,
        "enqueue_only_us_median": statistics.median(enqueue_s) * 1e6,
        "empty_cupy_kernel_launch_and_sync_us": empty["median_ms"] * 1e3,
    }


def gpu_description():
    props = cupy.cuda.runtime.getDeviceProperties(cupy.cuda.Device().id)
    name = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
    try:
        driver = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
    except Exception:  # noqa: BLE001 - nvidia-smi missing: the driver API's version instead
        driver = str(cupy.cuda.runtime.driverGetVersion())
    return name, driver


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=8192)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--overhead-size", type=int, default=1000)
    parser.add_argument("--json", help="write the results here as JSON")
    args = parser.parse_args()
    n, reps, warm = args.size, args.repeats, args.warmup

    name, driver = gpu_description()
    numba, _ = numba_import()

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "gpu": name, "driver": driver, "python": platform.python_version(),
        "numpy": numpy.__version__, "cupy": cupy.__version__, "numba": numba.__version__,
        "geofield": geofield.__version__, "libgeofield": geofield.library_version(),
        "size": n, "view": {"lat": LAT, "lon": LON, "ref": REF},
    }

    # The references: geofield's double fields on the device.
    ref_h = cupy.asarray(geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF,
                                        precision="double", device="cuda"))
    ref_s = cupy.asarray(geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF, formula="seed",
                                        precision="double", device="cuda"))
    paths = {  # name: (function, its reference)
        "geofield haversine float": (lambda: geofield_ready(n), ref_h),
        "geofield seed float": (lambda: geofield_ready(n, "seed"), ref_s),
        "geofield seed double": (lambda: geofield_ready(n, "seed", "double"), ref_s),
        "cupy elementwise float": (lambda: cupy_elementwise(n), ref_h),
        "cupy expressions float": (lambda: cupy_expressions(n), ref_h),
    }
    first_ms = {}
    t0 = time.perf_counter()
    seed = make_numba_seed()  # the signature is given: compiled here
    paths["numba original (ufunc, 4 arrays) double"] = (lambda: numba_original(seed, n), ref_s)
    paths["numba original (ufunc, 4 arrays) double"][0]()
    first_ms["numba original (ufunc, 4 arrays) double"] = (time.perf_counter() - t0) * 1e3
    to_host = "numba original, result copied to the host (as the answer) double"
    paths[to_host] = (lambda: numba_original_to_host(seed, n), ref_s)
    t0 = time.perf_counter()
    kernel = make_numba_kernel()
    paths["numba @cuda.jit (axes) double"] = (lambda: kernel(n), ref_s)
    paths["numba @cuda.jit (axes) double"][0]()  # compiled at the first call
    first_ms["numba @cuda.jit (axes) double"] = (time.perf_counter() - t0) * 1e3

    checks = {key: worst_of_float_bound(cupy.asarray(fn()), ref)
              for key, (fn, ref) in paths.items()}
    checks["numba ufunc, scalar ref (2-D) double"] = worst_of_float_bound(
        numba_scalar_ref(seed, n), ref_s)
    del ref_h, ref_s
    cupy.get_default_memory_pool().free_all_blocks()

    times = {key: timed(fn, reps, warm) for key, (fn, _) in paths.items()}
    times["numba ufunc, scalar ref (2-D) double"] = timed(lambda: numba_scalar_ref(seed, n), 3, 1)
    overhead = call_overhead(args.overhead_size, max(reps, 200), warm)

    def ms(key):
        return times[key]["median_ms"]

    g, gs = ms("geofield haversine float"), ms("geofield seed float")
    numba_key = "numba original (ufunc, 4 arrays) double"
    ratios = {
        "cupy elementwise / geofield haversine (target >= 5)": ms("cupy elementwise float") / g,
        "cupy expressions / geofield haversine": ms("cupy expressions float") / g,
        "numba original warm, result on the device / geofield seed float": ms(numba_key) / gs,
        "numba original with its copy to the host (the answer's usable array) / geofield seed "
        "float (target >= 100)": ms(to_host) / gs,
        "numba original first call incl. JIT / geofield seed float": first_ms[numba_key] / gs,
        "numba original warm / geofield seed double (same precision)":
            ms(numba_key) / ms("geofield seed double"),
        "numba @cuda.jit warm / geofield seed float": ms("numba @cuda.jit (axes) double") / gs,
    }
    results.update({"times": times, "first_call_ms_incl_jit": first_ms,
                    "worst_of_float_bound": checks, "ratios": ratios, "call_overhead": overhead})

    print(f"geofield Python benchmark, {results['date']}, {name}, driver {driver}, {n} x {n}, "
          f"wall clock to a usable device array, synchronised (median of {reps} after {warm} "
          f"warm-up calls)")
    print(f"{'path':42} {'median ms':>10} {'min ms':>9}  vs geofield's double field")
    for key, t in times.items():
        print(f"{key:42} {t['median_ms']:10.3f} {t['min_ms']:9.3f}  {checks[key]:.2f} of the "
              f"float bound{'' if checks[key] <= 1 else '  (OUTSIDE)'}")
    for key, t in first_ms.items():
        print(f"{key + ', first call + JIT':42} {t:10.1f}")
    for key, r in ratios.items():
        print(f"  {key}: {r:.1f}x")
    print(f"call overhead at {overhead['size']}^2: wall {overhead['sync_call_wall']['median_ms'] * 1e3:.1f} us"
          f" - GPU {overhead['gpu_time_ms_median'] * 1e3:.1f} us = {overhead['overhead_us']:.1f} us"
          f" (target < 50); enqueue only (stream=) {overhead['enqueue_only_us_median']:.1f} us;"
          f" an empty CuPy kernel launch + sync {overhead['empty_cupy_kernel_launch_and_sync_us']:.1f} us")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
