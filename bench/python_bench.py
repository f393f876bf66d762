#!/usr/bin/env python3
"""geofield from Python on a CUDA device, against the same field written in CuPy and numba.

Measures, at 8192 x 8192 float32 over the default view (lat 29..31, lon 99..101, ref 30,101):
  (a) geofield.field(device="cuda") then cupy.asarray: to a CuPy array that is ready;
  (b) CuPy: an ElementwiseKernel of the haversine formula over a mesh broadcast from a lat
      column and a lon row made by cp.linspace on the GPU, and the same as plain CuPy array
      expressions; end to end (mesh, output allocation, kernels);
  (c) the original numba answer: its seed expression in double as a @vectorize(target='cuda')
      ufunc over lat/lon meshes made on the GPU, warm, and its first call with the JIT;
  (d) geofield's call overhead at 1000 x 1000: wall time of a field(device="cuda") call minus
      its GPU time (CUDA events around a call on a stream kept busy beforehand, so that the
      events time the GPU work alone), with an empty CuPy kernel launch for reference.
Every time is wall clock to a usable array with the device synchronised, the median of
--repeats after --warmup calls (pools of both geofield and CuPy warm, as in a loop).
Each result is checked against geofield's double field on the device within the float path's
bound (README: 2e-6 max + 2e-6 |d|; the numba seed against geofield's seed), so that every
line times the same field.

Run (GPU machine; no install needed):
    PYTHONPATH=python GEOFIELD_LIBRARY=build/libgeofield/libgeofield.so \
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
def geofield_ready(n, formula="haversine"):
    a = geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF, formula=formula, device="cuda")
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


# (c) the numba answer: its expression (geofield's "seed"), double, as a CUDA ufunc.
def make_numba_seed():
    from numba import vectorize

    @vectorize(["float64(float64, float64, float64, float64)"], target="cuda")
    def seed(lat, lon, lat_r, lon_r):
        a = (math.sin(0.008726645 * (lat - lat_r)) ** 2 +
             math.cos(0.01745329 * lat_r) * math.cos(0.01745329 * lat) *
             math.sin(0.008726645 * (lon - lon_r)) ** 2)
        return math.atan2(a, 1 - a) * 2 * 6371.0088

    return seed


def numba_original(seed, n):
    from numba import cuda

    lat, lon = mesh_axes(n)
    lat_mesh = cupy.ascontiguousarray(cupy.broadcast_to(lat, (n, n)))  # the mesh, on the GPU
    lon_mesh = cupy.ascontiguousarray(cupy.broadcast_to(lon, (n, n)))
    d = seed(cuda.as_cuda_array(lat_mesh), cuda.as_cuda_array(lon_mesh), REF[0], REF[1])
    sync()
    return cupy.asarray(d)


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
    import numba

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "gpu": name, "driver": driver, "python": platform.python_version(),
        "numpy": numpy.__version__, "cupy": cupy.__version__, "numba": numba.__version__,
        "geofield": geofield.__version__, "libgeofield": geofield.library_version(),
        "size": n, "dtype": "float32", "view": {"lat": LAT, "lon": LON, "ref": REF},
    }

    # The references: geofield's double fields on the device.
    ref_h = cupy.asarray(geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF,
                                        precision="double", device="cuda"))
    ref_s = cupy.asarray(geofield.field(lat=LAT, lon=LON, size=(n, n), ref=REF, formula="seed",
                                        precision="double", device="cuda"))
    checks = {
        "geofield haversine": worst_of_float_bound(geofield_ready(n), ref_h),
        "geofield seed": worst_of_float_bound(geofield_ready(n, "seed"), ref_s),
        "cupy elementwise": worst_of_float_bound(cupy_elementwise(n), ref_h),
        "cupy expressions": worst_of_float_bound(cupy_expressions(n), ref_h),
    }

    t0 = time.perf_counter()
    seed = make_numba_seed()  # the signature given: compiled here
    first = numba_original(seed, n)
    numba_first_ms = (time.perf_counter() - t0) * 1e3
    checks["numba original (seed, double)"] = worst_of_float_bound(first, ref_s)
    del first, ref_h, ref_s
    cupy.get_default_memory_pool().free_all_blocks()

    times = {
        "geofield haversine": timed(lambda: geofield_ready(n), reps, warm),
        "geofield seed": timed(lambda: geofield_ready(n, "seed"), reps, warm),
        "cupy elementwise": timed(lambda: cupy_elementwise(n), reps, warm),
        "cupy expressions": timed(lambda: cupy_expressions(n), reps, warm),
        "numba original (seed, double)": timed(lambda: numba_original(seed, n), reps, warm),
    }
    overhead = call_overhead(args.overhead_size, max(reps, 200), warm)

    g = times["geofield haversine"]["median_ms"]
    gs = times["geofield seed"]["median_ms"]
    ratios = {
        "cupy elementwise / geofield (target >= 5)": times["cupy elementwise"]["median_ms"] / g,
        "cupy expressions / geofield": times["cupy expressions"]["median_ms"] / g,
        "numba warm / geofield seed (target >= 100)":
            times["numba original (seed, double)"]["median_ms"] / gs,
        "numba warm / geofield haversine": times["numba original (seed, double)"]["median_ms"] / g,
        "numba first call incl. JIT / geofield seed": numba_first_ms / gs,
    }
    results.update({"times": times, "numba_first_call_ms_incl_jit": numba_first_ms,
                    "worst_of_float_bound": checks, "ratios": ratios, "call_overhead": overhead})

    print(f"geofield Python benchmark, {results['date']}, {name}, driver {driver}, "
          f"{n} x {n} float32 (median of {reps} after {warm} warm-up calls, synchronised)")
    print(f"{'path':34} {'median ms':>10} {'min ms':>9}  {'within the float bound'}")
    for key, t in times.items():
        print(f"{key:34} {t['median_ms']:10.3f} {t['min_ms']:9.3f}  "
              f"{checks[key]:.2f} of it{'' if checks[key] <= 1 else '  (OUTSIDE)'}")
    print(f"{'numba original, first call + JIT':34} {numba_first_ms:10.1f}")
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
