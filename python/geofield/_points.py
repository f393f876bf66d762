"""geofield.distance(): the field at given points, through geofield_compute_points."""

from __future__ import annotations

import ctypes
from typing import Any, Optional, Tuple, Union

import numpy

from . import _library as L
from ._device_array import DeviceArray
from ._field import (_DEFAULT_RADIUS_KM, _DTYPES, _ITEMSIZE, _choice, _code, _device,
                     _new_buffer, _pair, _sites_bytes, _stream_handle, _templates)

Pair = Tuple[float, float]


class _Points(ctypes.Structure):
    """geofield_points (API 1.2)."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("memory", ctypes.c_int32),
        ("count", ctypes.c_int64),
        ("lat", ctypes.c_void_p),
        ("lon", ctypes.c_void_p),
        ("dtype", ctypes.c_int32),
        ("values", ctypes.c_void_p),
        ("values_bytes", ctypes.c_size_t),
        ("index", ctypes.c_void_p),
        ("index_bytes", ctypes.c_size_t),
        ("stream", ctypes.c_void_p),
    ]


_declared = False


def _library() -> ctypes.CDLL:
    """The library, with the points' functions declared (it must be API 1.2 or later)."""
    global _declared
    lib = L.library()
    if not _declared:
        try:
            init, compute = lib.geofield_points_init, lib.geofield_compute_points
        except AttributeError:
            raise RuntimeError(f"{L.library_path()} predates geofield_compute_points (API 1.2): "
                               f"rebuild libgeofield with this package") from None
        init.restype, init.argtypes = None, [ctypes.POINTER(_Points)]
        compute.restype = ctypes.c_int
        compute.argtypes = [ctypes.c_void_p, ctypes.POINTER(L.Params), ctypes.POINTER(_Points)]
        _declared = True
    return lib


class PointArray(DeviceArray):
    """A DeviceArray of any shape (the points' shape): __cuda_array_interface__ serves every
    shape; __dlpack__ (geofield_buffer_dlpack's rows and columns) serves 2-D ones."""

    __slots__ = ()

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(numpy.prod(self.shape, dtype=numpy.int64))

    def __len__(self) -> int:
        return self.shape[0]

    def __dlpack__(self, **kwargs: Any) -> Any:
        if len(self.shape) != 2:
            raise BufferError(f"DLPack of geofield's memory is 2-D; this array is {self.shape}: "
                              f"take it through __cuda_array_interface__ (cupy.asarray, "
                              f"torch.as_tensor)")
        return super().__dlpack__(**kwargs)


def _cuda_points(lat: Any, lon: Any) -> Tuple[Tuple[int, ...], int, int]:
    """(shape, lat pointer, lon pointer) of two CUDA float64 C-contiguous arrays alike."""
    shapes = []
    pointers = []
    for name, a in (("lat", lat), ("lon", lon)):
        face = getattr(a, "__cuda_array_interface__", None)
        if face is None:
            raise TypeError(f"{name}: the other coordinate is a CUDA array; give both as CUDA "
                            f"arrays (or both as host arrays)")
        if face["typestr"] != "<f8":
            raise TypeError(f"{name}: CUDA arrays of float64 are needed (typestr "
                            f"{face['typestr']}); convert with .astype('float64')")
        shape = tuple(face["shape"])
        strides = face.get("strides")
        contiguous = tuple(8 * int(numpy.prod(shape[k + 1:], dtype=numpy.int64))
                           for k in range(len(shape)))
        if strides is not None and tuple(strides) != contiguous:
            raise ValueError(f"{name}: the CUDA array must be C-contiguous")
        if face.get("mask") is not None:
            raise ValueError(f"{name}: masked arrays are not supported")
        shapes.append(shape)
        pointers.append(face["data"][0])
    if shapes[0] != shapes[1]:
        raise ValueError(f"lat and lon: shapes {shapes[0]} and {shapes[1]} differ (CUDA arrays "
                         f"are not broadcast)")
    return shapes[0], pointers[0], pointers[1]


def distance(
    lat: Any,
    lon: Any,
    ref: Optional[Pair] = None,
    *,
    centres: Any = None,
    sites: Any = None,
    formula: str = "haversine",
    units: str = "km",
    radius: float = _DEFAULT_RADIUS_KM,
    ellipsoid: Optional[Pair] = None,
    precision: str = "double",
    signed: bool = False,
    index: bool = False,
    dtype: Any = None,
    backend: Optional[str] = None,
    device: Optional[str] = None,
    stream: Any = None,
) -> Union[numpy.ndarray, DeviceArray, Tuple[Any, Any]]:
    """The field at given points instead of a grid: the distance from each point (lat, lon) to
    `ref`, or to the nearest of `centres` or `sites`, by the same formulas and per-node math as
    field() (a point at a grid's node gets that node's value, to float rounding), with the same
    parameters, words and errors.

    lat, lon: latitudes in [-90, 90] and longitudes in [-360, 360], degrees: array-likes of any
        shape that broadcast together (NumPy), or CUDA arrays (__cuda_array_interface__: CuPy,
        numba, PyTorch) of float64 of one shape, C-contiguous, on the device computed on. The
        result has their shape. A host point that is not a place is refused naming its position
        (ValueError "point 7: latitude 95 is outside [-90, 90]", 7 counted in the flattened
        array); a CUDA one gets NaN (and index -1): device arrays are not read on the host.
    ref: (LAT, LON), the one point measured to. Not with centres or sites.
    centres, sites, signed, formula, units, radius, ellipsoid: as field() takes them.
    precision: "double" (the default here: a table of points is small) or "float".
    index: with centres or sites, also return the nearest one's index (int32, 0-based, the
        lowest of ties): (values, index).
    dtype: float32 or float64 for the values. Default: float64 for precision "double".
    backend: "cpu", "cuda" or "auto" (None: "cuda" for CUDA arrays, "cpu" otherwise). "gl" is
        refused: its compute shaders fill grids, not point lists.
    device: "cuda" or "cuda:N" for CUDA arrays (None: "cuda"); "cpu" for host arrays.
    stream: CUDA arrays only: the stream to queue on (as field()'s); None waits for the values.

    Returns a NumPy array for host points, a geofield.DeviceArray (of their shape) for CUDA ones.
    """
    lib = _library()
    params_template, _ = _templates()
    p = L.Params.from_buffer_copy(params_template)
    given = sum(x is not None for x in (ref, centres, sites))
    if given != 1:
        raise ValueError("ref: give exactly one of ref=(LAT, LON), centres= or sites= (what the "
                         "distance is measured to)")
    if ref is not None:
        p.ref_lat, p.ref_lon = _pair("--ref", ref, "(LAT, LON) (e.g. (30, 101))")
    p.formula = _code("--formula", formula, L.FORMULAS)
    p.units = _code("--units", units, L.UNITS)
    p.precision = _code("--precision", precision, L.PRECISIONS)
    wgs84 = p.formula == L.FORMULAS["wgs84"]
    if radius != _DEFAULT_RADIUS_KM and wgs84:
        raise ValueError("--radius: --formula wgs84 computes on an ellipsoid, not a sphere; give "
                         "its size by --ellipsoid A_KM,INV_F [6378.137,298.257223563, WGS84]")
    p.radius_km = radius
    if ellipsoid is not None:
        if not wgs84:
            raise ValueError(f"--ellipsoid: applies to --formula wgs84 (this view's formula is "
                             f"{formula})")
        p.ellipsoid_a_km, p.ellipsoid_inv_f = _pair(
            "--ellipsoid", ellipsoid, "(A_KM, INV_F) (e.g. (6378.137, 298.257223563))")
    keep = []  # arrays whose addresses the struct holds, alive until the call returns
    if centres is not None:
        c = numpy.asarray(centres, dtype=numpy.float64)
        if c.ndim != 2 or c.shape[1] != 2 or c.shape[0] == 0:
            raise ValueError(f"--centres: an array of shape (n, 2) (lat, lon per row, n >= 1) "
                             f"is needed, not of shape {c.shape}")
        keep += [numpy.ascontiguousarray(c[:, 0]), numpy.ascontiguousarray(c[:, 1])]
        p.centre_count = c.shape[0]
        p.centre_lat, p.centre_lon = keep[0].ctypes.data, keep[1].ctypes.data
    if sites is not None:
        keep.append(_sites_bytes(sites))
        p.sites = keep[-1]
    if signed:
        if sites is None:
            raise ValueError("signed: signs the inside of polygons; give sites= with polygons")
        p.signed_inside = 1
    if index and ref is not None:
        raise ValueError("--index: give centres= or sites= (index=True says which is nearest)")
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if dtype not in _DTYPES:
            raise ValueError(f"dtype: {dtype} is not float32 or float64")
    out_dtype = dtype if dtype is not None else numpy.dtype(
        numpy.float64 if p.precision else numpy.float32)

    on_cuda = hasattr(lat, "__cuda_array_interface__") or hasattr(lon, "__cuda_array_interface__")
    cuda, ordinal = _device(device if device is not None else ("cuda" if on_cuda else "cpu"))
    if cuda != on_cuda:
        raise ValueError(f"device: {device!r} does not hold the points (they are "
                         f"{'CUDA' if on_cuda else 'host'} arrays)")
    if backend is None:
        backend = "cuda" if cuda else "cpu"
    elif backend not in L.BACKENDS:
        _choice("--backend", backend, L.BACKENDS)
    if backend == "gl":
        raise ValueError("--backend: gl's compute shaders fill grids, not point lists; give "
                         "cpu, cuda or auto")
    if cuda and backend == "cpu":
        raise ValueError("backend 'cpu' reads host memory; CUDA arrays need backend 'cuda'")
    if stream is not None and not cuda:
        raise ValueError("stream: applies to CUDA arrays, not to host ones")
    context = L.context("cuda" if cuda else backend, ordinal)

    q = _Points()
    lib.geofield_points_init(ctypes.byref(q))
    q.dtype = _DTYPES[out_dtype]
    if not cuda:
        la = numpy.asarray(lat, dtype=numpy.float64)
        lo = numpy.asarray(lon, dtype=numpy.float64)
        try:
            la, lo = numpy.broadcast_arrays(la, lo)
        except ValueError:
            raise ValueError(f"lat and lon: shapes {la.shape} and {lo.shape} do not broadcast "
                             f"together") from None
        shape = la.shape  # ascontiguousarray makes a 0-d array 1-d
        la, lo = numpy.ascontiguousarray(la), numpy.ascontiguousarray(lo)
        values = numpy.empty(shape, out_dtype)
        q.memory, q.count = L.MEMORY_HOST, la.size
        q.lat, q.lon = la.ctypes.data, lo.ctypes.data
        q.values, q.values_bytes = values.ctypes.data, values.nbytes
        index_array = None
        if index:
            index_array = numpy.empty(shape, numpy.int32)
            q.index, q.index_bytes = index_array.ctypes.data, index_array.nbytes
        _compute(lib, context, p, q)
        return (values, index_array) if index else values

    shape, lat_ptr, lon_ptr = _cuda_points(lat, lon)
    count = int(numpy.prod(shape, dtype=numpy.int64))
    handle = 0 if stream is None else _stream_handle(stream)
    q.memory, q.count, q.lat, q.lon = L.MEMORY_CUDA, count, lat_ptr, lon_ptr
    q.stream = handle or None
    buffers: list = []
    try:
        # A buffer of at least one byte: an empty array still has an address.
        q.values_bytes = count * _ITEMSIZE[q.dtype]
        q.values = _new_buffer(lib, context, max(1, q.values_bytes), buffers)
        if index:
            q.index_bytes = count * 4
            q.index = _new_buffer(lib, context, max(1, q.index_bytes), buffers)
        _compute(lib, context, p, q)
        on_stream = handle or None
        result = PointArray(buffers.pop(0), q.dtype, shape, ordinal, on_stream)
        if not index:
            return result
        return result, PointArray(buffers.pop(0), L.INT32, shape, ordinal, on_stream)
    finally:
        for b in buffers:
            lib.geofield_buffer_release(b)


def _compute(lib: ctypes.CDLL, context: int, p: L.Params, q: _Points) -> None:
    try:
        L.raise_for(lib.geofield_compute_points(context, ctypes.byref(p), ctypes.byref(q)))
    except ValueError as e:
        message = str(e)
        if message.startswith("signed_inside: "):
            raise ValueError("signed: " + message[len("signed_inside: "):]) from None
        raise
