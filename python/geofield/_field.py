"""geofield.field(): the command line's view options in, an array out."""

from __future__ import annotations

import ctypes
import json
import operator
import os
from collections.abc import Mapping
from typing import Any, Optional, Sequence, Tuple, Union

import numpy

from . import _library as L
from ._device_array import DeviceArray

# The command line's bounds on a grid side (--size; kMaxGridSide in core/field_params.h).
# Checked here too so that a side too large for geofield_params' int32 is refused, with the
# command line's message, rather than wrapped around by ctypes.
_MIN_SIDE = 2
_MAX_SIDE = 1048576
_DEFAULT_RADIUS_KM = 6371.0088

_DTYPES = {numpy.dtype(numpy.float32): L.FLOAT32, numpy.dtype(numpy.float64): L.FLOAT64}
_ITEMSIZE = {L.FLOAT32: 4, L.FLOAT64: 8}
_TYPESTR_CODE = {"<f4": L.FLOAT32, "<f8": L.FLOAT64}

# geofield_params_init's defaults and a blank geofield_output, as bytes each call copies from
# (cheaper than an init call through ctypes per call); filled at the first call.
_params_template: Optional[bytes] = None
_output_template: Optional[bytes] = None
_devices: dict = {}  # device string -> (is_cuda, ordinal), parsed once each

Pair = Tuple[float, float]


def _templates() -> Tuple[bytes, bytes]:
    global _params_template, _output_template
    if _params_template is None:
        lib = L.library()
        p, o = L.Params(), L.Output()
        lib.geofield_params_init(ctypes.byref(p))
        lib.geofield_output_init(ctypes.byref(o))
        _output_template = bytes(o)
        _params_template = bytes(p)
    return _params_template, _output_template  # type: ignore[return-value]


def _quoted(text: str) -> str:
    """A value quoted as the command line quotes what was typed: one line, escaped, cut at 64
    bytes with the length named."""
    raw = text.encode("utf-8", "replace")
    body = raw[:64].decode("utf-8", "ignore")
    escaped = "".join(
        {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c, c)
        if c.isprintable() or c in "\n\t\r" else f"\\x{ord(c):02x}"
        for c in body
    )
    return f"'{escaped}'" + (f"... ({len(raw)} bytes)" if len(raw) > 64 else "")


def _choice(option: str, value: Any, choices: Sequence[str]) -> Any:
    """A lookup of one of the command line's words, failing with its message."""
    if not isinstance(value, str):
        raise TypeError(f"{option}: {value!r} is not a string; give one of {', '.join(choices)}")
    if value == "":
        raise ValueError(f"{option}: empty value; give one of {', '.join(choices)}")
    raise ValueError(f"{option}: {_quoted(value)} is not one of {', '.join(choices)}")


def _code(option: str, value: Any, table: dict) -> int:
    """The library's code of one of the command line's words, or _choice's message."""
    code = table.get(value) if isinstance(value, str) else None
    return code if code is not None else _choice(option, value, table)


def _pair(option: str, value: Any, form: str) -> Pair:
    try:
        a, b = value
        if isinstance(a, (str, bytes)) or isinstance(b, (str, bytes)):
            raise TypeError
        return float(a), float(b)
    except (TypeError, ValueError):
        raise TypeError(f"{option}: {value!r} is not of the form {form}") from None


def _size(value: Any) -> Tuple[int, int]:
    try:
        nx, ny = value
        nx, ny = operator.index(nx), operator.index(ny)
    except (TypeError, ValueError):
        raise TypeError(
            f"--size: {value!r} is not of the form (NX, NY) (e.g. (1000, 1000)) with whole numbers"
        ) from None
    if not (_MIN_SIDE <= nx <= _MAX_SIDE and _MIN_SIDE <= ny <= _MAX_SIDE):
        raise ValueError(
            f"--size: '{nx}x{ny}': each side must be from {_MIN_SIDE} to {_MAX_SIDE}")
    return nx, ny


def _device(device: str) -> Tuple[bool, int]:
    """("cpu" | "cuda" | "cuda:N") -> (is CUDA, ordinal)."""
    parsed = _devices.get(device)
    if parsed is not None:
        return parsed
    if not isinstance(device, str):
        raise TypeError(f"device: {device!r} is not a string; give 'cpu', 'cuda' or 'cuda:N'")
    if device == "cpu":
        parsed = (False, 0)
    elif device == "cuda":
        parsed = (True, 0)
    elif device.startswith("cuda:") and device[5:].isdigit() and device[5:].isascii():
        parsed = (True, int(device[5:]))
    else:
        raise ValueError(f"device: {_quoted(device)} is not one of cpu, cuda, cuda:N")
    _devices[device] = parsed
    return parsed


def _stream_handle(stream: Any) -> int:
    """A CUDA stream as its cudaStream_t value: an int, or CuPy's (.ptr), PyTorch's
    (.cuda_stream) or numba's (.handle) stream object."""
    if isinstance(stream, int):
        return stream
    for attribute in ("ptr", "cuda_stream", "handle"):
        handle = getattr(stream, attribute, None)
        if handle is not None:
            if isinstance(handle, ctypes.c_void_p):  # numba's handle
                return handle.value or 0
            return int(handle)
    raise TypeError(f"stream: {stream!r} is not a CUDA stream (an int handle, or an object with "
                    ".ptr, .cuda_stream or .handle)")


def _check_host_out(out: Any, shape: Tuple[int, int], dtype: Optional[numpy.dtype]) -> int:
    """Checks out= for host results; returns its dtype code."""
    if not isinstance(out, numpy.ndarray):
        raise TypeError(f"out: a NumPy array is needed for device='cpu', not {type(out).__name__}")
    if out.shape != shape:
        raise ValueError(f"out: shape {out.shape} is not the field's (ny, nx) = {shape}")
    code = _DTYPES.get(out.dtype)
    if code is None or (dtype is not None and out.dtype != dtype):
        raise ValueError(f"out: dtype {out.dtype} is not "
                         f"{dtype if dtype is not None else 'float32 or float64'}")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out: the array must be C-contiguous and writeable")
    return code


def _check_device_out(out: Any, shape: Tuple[int, int],
                      dtype: Optional[numpy.dtype]) -> Tuple[int, int]:
    """Checks out= for CUDA results; returns (its dtype code, its device pointer)."""
    interface = getattr(out, "__cuda_array_interface__", None)
    if interface is None:
        raise TypeError(f"out: an object with __cuda_array_interface__ (a CuPy array, ...) is "
                        f"needed for a CUDA device, not {type(out).__name__}")
    if tuple(interface["shape"]) != shape:
        raise ValueError(f"out: shape {tuple(interface['shape'])} is not the field's (ny, nx) = "
                         f"{shape}")
    code = _TYPESTR_CODE.get(interface["typestr"])
    if code is None or (dtype is not None and _DTYPES[dtype] != code):
        raise ValueError(f"out: typestr {interface['typestr']} is not "
                         f"{dtype if dtype is not None else 'float32 or float64'}")
    strides = interface.get("strides")
    item = _ITEMSIZE[code]
    if strides is not None and tuple(strides) != (shape[1] * item, item):
        raise ValueError(f"out: strides {tuple(strides)} are not C-contiguous")
    pointer, read_only = interface["data"]
    if read_only:
        raise ValueError("out: the array is read-only")
    if interface.get("mask") is not None:
        raise ValueError("out: masked arrays are not supported")
    return code, pointer


_SITES_FORMS = ("a GeoJSON or CSV file's path (str or os.PathLike), a GeoJSON mapping (a dict, "
                "or an object with __geo_interface__) or a built-in name ('@coastline', "
                "'@borders', '@land', each with ':10m', ':50m' or ':110m')")


def _sites_bytes(sites: Any) -> bytes:
    """sites= as geofield_params.sites takes it: a path's bytes, or UTF-8 text (a built-in name,
    or GeoJSON, which is what a mapping becomes)."""
    if hasattr(sites, "__geo_interface__") and not isinstance(sites, Mapping):
        sites = sites.__geo_interface__  # shapely's geometries, geopandas' frames, ...
    if isinstance(sites, Mapping):
        try:
            text = json.dumps(sites, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise ValueError(f"sites: the mapping is not GeoJSON that JSON can hold ({e})") from None
        raw = text.encode("utf-8")
    elif isinstance(sites, str):
        if sites == "":
            raise ValueError(f"sites: empty; give {_SITES_FORMS}")
        # A name or GeoJSON text is UTF-8; a path is the file system's bytes.
        named = sites.startswith("@") or sites.lstrip().startswith("{")
        try:
            raw = sites.encode("utf-8") if named else os.fsencode(sites)
        except UnicodeEncodeError as e:
            raise ValueError(f"sites: {_quoted(sites)} is not valid text ({e.reason})") from None
    elif isinstance(sites, (bytes, os.PathLike)):
        raw = os.fsencode(sites)
    else:
        raise TypeError(f"sites: {type(sites).__name__} is not one of {_SITES_FORMS}")
    if b"\0" in raw:
        raise ValueError(f"sites: {_quoted(raw.decode('utf-8', 'replace'))} holds a NUL character")
    return raw


def field(
    lat: Pair = (29, 31),
    lon: Pair = (99, 101),
    size: Optional[Tuple[int, int]] = None,
    ref: Pair = (30, 101),
    *,
    step: Any = None,
    registration: str = "node",
    formula: str = "haversine",
    units: str = "km",
    radius: float = _DEFAULT_RADIUS_KM,
    ellipsoid: Optional[Pair] = None,
    precision: str = "float",
    projection: str = "latlon",
    extent: Optional[float] = None,
    centres: Any = None,
    sites: Any = None,
    signed: bool = False,
    index: bool = False,
    bearing: bool = False,
    dtype: Any = None,
    device: str = "cpu",
    backend: Optional[str] = None,
    stream: Any = None,
    out: Any = None,
) -> Union[numpy.ndarray, DeviceArray, Tuple[Any, ...]]:
    """The distance from a reference point (or from the nearest of many centres, or of sites:
    points, lines and polygons) to every node of a grid, as `geofield render --npy` computes
    it: an array of shape (ny, nx), row 0 north,
    node (i, j) at lat = lat_max - i (lat_max - lat_min) / (ny - 1),
    lon = lon_min + j dlon / (nx - 1) (registration "node"), or at the centre of cell (i, j),
    lat = lat_max - (i + 1/2) (lat_max - lat_min) / ny, lon = lon_min + (j + 1/2) dlon / nx
    (registration "pixel"). The parameters are the command line's view options, with the same
    names, defaults, ranges and error messages.

    lat: (MIN, MAX) latitude bounds in degrees, -90 <= MIN < MAX <= 90. Default (29, 31).
    lon: (MIN, MAX) longitude bounds in degrees within [-360, 360]; MIN > MAX crosses the
        antimeridian ((170, -170)); (-180, 180) or (0, 360) is the whole circle. Default (99, 101).
    size: (NX, NY) nodes per row and per column, each from 2 to 1048576 (and what memory holds).
        The array's shape is (NY, NX). Default None: (1000, 1000), or what `step` gives.
    step: instead of `size` (not both), a latlon grid's spacing in degrees: DEG, or (DLON, DLAT)
        (x first, as size): the node spacing, or with registration "pixel" the cell size; it
        must divide the lat/lon spans to within 1e-9 of a cell (the message names the nearest
        sizes when not). Default None.
    registration: "node" (the nodes on the bounds) or "pixel" (the bounds, or a projected map's
        extent, are the edges of NX x NY cells whose centres are the nodes: lat=(-90, 90),
        lon=(-180, 180), step=0.25 gives 1440 x 720 cells centred on -179.875, ..., 179.875).
        Default "node".
    ref: (LAT, LON) the reference point in degrees. Default (30, 101).
    formula: "haversine" (great-circle distance on a sphere of `radius`), "seed" (the original
        numba answer's expression, not a distance) or "wgs84" (the geodesic on the ellipsoid of
        `ellipsoid`, always computed in double). Default "haversine".
    units: "km", "nm" (nautical miles), "mi" (statute miles) or "m". Default "km".
    radius: the sphere's radius in km, in [0.001, 1e9], for haversine and seed; refused with wgs84
        (whose size is `ellipsoid`). Default 6371.0088 (IUGG mean radius).
    ellipsoid: (A_KM, INV_F) the wgs84 formula's ellipsoid (refused with the others):
        equatorial radius in km in [0.001, 1e9], inverse flattening >= 50 or 0 for a sphere.
        Default None: WGS84 (6378.137, 298.257223563).
    precision: "float" (compute in float32) or "double" (in float64). Default "float".
    projection: "latlon" (the lat/lon grid of `lat` and `lon`), "aeqd" (azimuthal equidistant
        about `ref`), "ortho" (the globe seen from afar, about the middle of `lat`/`lon`) or
        "eqearth" (Equal Earth, a world map about `ref`'s meridian; `size` as given: the world's
        box is (nx, 1 + round((nx - 1) * 0.4867))); nodes with no point on the sphere are NaN.
        Default "latlon".
    extent: half-width of a projected map in the output unit: aeqd (0, pi R], ortho (0, R],
        eqearth (0, 2.7066 R]; refused with latlon. Default None: pi R / 2 for aeqd, R for
        ortho, the world (2.7066 R) for eqearth.
    centres: many reference points instead of `ref`: array-like of shape (n, 2), (lat, lon) in
        degrees per row (n from 1 to ten million); the value is the distance to the nearest.
        latlon grids and haversine or wgs84 only. Default None.
    sites: what to measure to instead of `ref` (not with `centres`): a GeoJSON (.geojson or
        .json: Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon) or CSV
        file's path (str or os.PathLike); a GeoJSON mapping (a dict: a FeatureCollection, a
        Feature or a geometry, positions [lon, lat]; or an object with __geo_interface__); or a
        built-in Natural Earth set: "@coastline", "@borders" (lines) or "@land" (polygons), each
        at 1:10m unless ":50m" or ":110m" follows. The value is the distance to the nearest point
        of any feature, each segment the minor great-circle arc between its vertices; 0 inside a
        polygon. The haversine formula only. The last sites read are kept (a file while it does
        not change), so calling again with the same sites does not read them again. Default None.
    signed: with sites holding polygons, minus the distance to the boundary inside them instead
        of 0 (with "@land": negative on land, positive at sea). Default False.
    index: with `centres` or `sites`, also return the index (int32, 0-based; the lowest of ties;
        -1 off a projected map) of each node's nearest centre or feature (its position in the
        file or collection). Default False.
    bearing: also return each node's bearing (float32): the initial azimuth toward the nearest
        point of the nearest site (`ref`, a centre, a point of a line or a polygon's boundary),
        degrees clockwise from north in [0, 360); NaN where the distance is 0 and off a projected
        map. Computed on the CPU on the sphere: device "cpu" only, not with wgs84. Default False.

        With index or bearing the result is a tuple: the values first, then the index (if
        asked), then the bearing (if asked): (values, index), (values, bearing) or
        (values, index, bearing).
    dtype: float32 or float64, the returned values' type. Default None: float32 for precision
        "float", float64 for "double". float64 with precision "float" holds the float values
        widened; float32 with "double", the double values rounded (as `render --npy` writes).
    device: "cpu" returns a NumPy array in host memory; "cuda" or "cuda:N" returns a
        geofield.DeviceArray in that CUDA device's memory, which cupy.asarray,
        numba.cuda.as_cuda_array and torch.from_dlpack take without a copy. Default "cpu".
    backend: what computes it, the command line's --backend: "auto", "cpu", "cuda" or "gl"
        (OpenGL compute shaders in a headless context; host results only, no wgs84).
        Default None: "cpu" for device "cpu", "cuda" for a CUDA device; a CUDA device with
        "cpu" or "gl" is refused.
    stream: CUDA devices only: the stream to compute on, an int cudaStream_t or a CuPy
        (.ptr), PyTorch (.cuda_stream) or numba (.handle) stream. The work is queued on it and
        field() returns without waiting; the result's __cuda_array_interface__ names the stream.
        Default None: field() returns once the values are there.
    out: an array to fill instead of a new one: a NumPy array for device "cpu", an object with
        __cuda_array_interface__ (a CuPy array, ...) on that CUDA device otherwise; C-contiguous,
        shape (ny, nx), float32 or float64 (its dtype is taken when `dtype` is None). It is
        returned. Default None.

    Raises ValueError (a parameter out of range, with the command line's message, e.g.
    "--lat: latitude 95 is outside [-90, 90]"; sites that cannot be read, with the reader's
    line naming the feature, e.g. "sites: roads.geojson, feature 3: ..."), TypeError (a value of the wrong kind),
    geofield.BackendUnavailable (the backend or device cannot run here: the message says why),
    MemoryError, RuntimeError (a CUDA or GL failure, or libgeofield not found).
    """
    lib = L.library()
    params_template, output_template = _templates()
    p = L.Params.from_buffer_copy(params_template)

    p.lat_min, p.lat_max = _pair("--lat", lat, "(MIN, MAX) (e.g. (-10, 10))")
    p.lon_min, p.lon_max = _pair("--lon", lon, "(MIN, MAX) (e.g. (-10, 10))")
    if size is not None and step is not None:
        raise ValueError("--size and --step: give one of the two (the grid's nodes or its "
                         "spacing)")
    nx, ny = _size((1000, 1000) if size is None else size)
    p.nx, p.ny = nx, ny
    p.registration = _code("--registration", registration, L.REGISTRATIONS)
    p.ref_lat, p.ref_lon = _pair("--ref", ref, "(LAT, LON) (e.g. (30, 101))")
    p.formula = _code("--formula", formula, L.FORMULAS)
    p.units = _code("--units", units, L.UNITS)
    p.precision = _code("--precision", precision, L.PRECISIONS)
    p.projection = _code("--projection", projection, L.PROJECTIONS)

    # The command line refuses an option that does not apply to the view; the struct cannot
    # tell a default from a value given, so these three are checked here, in its words.
    wgs84 = p.formula == L.FORMULAS["wgs84"]
    if radius != _DEFAULT_RADIUS_KM and wgs84:
        raise ValueError(
            "--radius: --formula wgs84 computes on an ellipsoid, not a sphere; give its size by "
            "--ellipsoid A_KM,INV_F [6378.137,298.257223563, WGS84]")
    p.radius_km = radius
    if ellipsoid is not None:
        if not wgs84:
            raise ValueError(f"--ellipsoid: applies to --formula wgs84 (this view's formula is "
                             f"{formula})")
        p.ellipsoid_a_km, p.ellipsoid_inv_f = _pair("--ellipsoid", ellipsoid,
                                                    "(A_KM, INV_F) (e.g. (6378.137, 298.257223563))")
    if extent is not None:
        if p.projection == L.PROJECTIONS["latlon"]:
            raise ValueError(
                "--extent: applies to --projection aeqd, ortho or eqearth (this view is latlon)")
        p.extent = extent

    if step is not None:
        # The command line's arithmetic and refusals (geofield_params_set_step), over the bounds
        # and registration set above.
        dlon, dlat = ((step, step) if not isinstance(step, (tuple, list))
                      else _pair("--step", step, "DEG or (DLON, DLAT) (e.g. (0.5, 0.25))"))
        try:
            dlon, dlat = float(dlon), float(dlat)
        except (TypeError, ValueError):
            raise TypeError(f"--step: {step!r} is not of the form DEG or (DLON, DLAT) "
                            f"(e.g. 0.25)") from None
        L.raise_for(lib.geofield_params_set_step(ctypes.byref(p), dlon, dlat))
        nx, ny = p.nx, p.ny

    centre_lat = centre_lon = None
    if centres is not None:
        c = numpy.asarray(centres, dtype=numpy.float64)
        if c.ndim != 2 or c.shape[1] != 2:
            raise ValueError(f"--centres: an array of shape (n, 2) (lat, lon per row) is needed, "
                             f"not of shape {c.shape}")
        if c.shape[0] == 0:
            raise ValueError("--centres: no centres")
        # Columns of their own, contiguous; kept alive by these names until the call returns.
        centre_lat = numpy.ascontiguousarray(c[:, 0])
        centre_lon = numpy.ascontiguousarray(c[:, 1])
        p.centre_count = c.shape[0]
        p.centre_lat = centre_lat.ctypes.data
        p.centre_lon = centre_lon.ctypes.data
    if sites is not None:
        if centres is not None:
            raise ValueError("sites: give sites= or centres=, not both: they are two ways to say "
                             "what the distance is measured to")
        sites_text = _sites_bytes(sites)  # kept alive by this name until the call returns
        p.sites = sites_text
    if signed:
        if sites is None:
            raise ValueError("signed: signs the inside of polygons; give sites= with polygons "
                             "(e.g. sites='@land')")
        p.signed_inside = 1
    if index and centres is None and sites is None:
        raise ValueError("--index: give centres= or sites= too (index=True says which of them "
                         "is nearest)")

    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if dtype not in _DTYPES:
            raise ValueError(f"dtype: {dtype} is not float32 or float64")

    cuda, ordinal = _device(device)
    if backend is None:
        backend = "cuda" if cuda else "cpu"
    elif backend not in L.BACKENDS:
        _choice("--backend", backend, L.BACKENDS)
    elif cuda:
        if backend in ("cpu", "gl"):
            raise ValueError(f"backend {backend!r} computes into host memory; device={device!r} "
                             f"needs backend 'cuda' (or None or 'auto')")
        backend = "cuda"  # auto on a CUDA device can only mean CUDA
    if stream is not None and not cuda:
        raise ValueError("stream: applies to a CUDA device (device='cuda'), not to 'cpu'")
    if bearing and cuda:
        raise ValueError(f"bearing: computed on the CPU into host memory; give device='cpu' "
                         f"(not {device!r})")

    o = L.Output.from_buffer_copy(output_template)
    shape = (ny, nx)
    count = nx * ny
    context = L.context(backend, ordinal)

    if not cuda:
        if out is None:
            values = numpy.empty(shape, dtype if dtype is not None else
                                 (numpy.float64 if p.precision else numpy.float32))
            o.dtype = _DTYPES[values.dtype]
        else:
            o.dtype = _check_host_out(out, shape, dtype)
            values = out
        o.memory = L.MEMORY_HOST
        o.values = values.ctypes.data
        o.values_bytes = values.nbytes
        extra = []
        if index:
            index_array = numpy.empty(shape, numpy.int32)
            o.index = index_array.ctypes.data
            o.index_bytes = index_array.nbytes
            extra.append(index_array)
        if bearing:
            bearing_array = numpy.empty(shape, numpy.float32)
            o.bearing = bearing_array.ctypes.data
            o.bearing_bytes = bearing_array.nbytes
            extra.append(bearing_array)
        _compute(lib, context, p, o)
        return (values, *extra) if extra else values

    # CUDA memory: geofield's own buffers (or the caller's out=), on the context's device.
    handle = 0 if stream is None else _stream_handle(stream)
    o.memory = L.MEMORY_CUDA
    o.stream = handle or None
    buffers = []
    try:
        if out is None:
            o.dtype = (_DTYPES[dtype] if dtype is not None else
                       (L.FLOAT64 if p.precision else L.FLOAT32))
            o.values_bytes = count * _ITEMSIZE[o.dtype]
            o.values = _new_buffer(lib, context, o.values_bytes, buffers)
        else:
            o.dtype, o.values = _check_device_out(out, shape, dtype)
            o.values_bytes = count * _ITEMSIZE[o.dtype]
        if index:
            o.index_bytes = count * 4
            o.index = _new_buffer(lib, context, o.index_bytes, buffers)
        _compute(lib, context, p, o)
        # The buffers' references pass to the DeviceArrays from here.
        on_stream = handle or None
        result = out
        if out is None:
            result = DeviceArray(buffers.pop(0), o.dtype, shape, ordinal, on_stream)
        if not index:
            return result
        return result, DeviceArray(buffers.pop(0), L.INT32, shape, ordinal, on_stream)
    finally:
        for b in buffers:  # only those not handed over: a failure part way
            lib.geofield_buffer_release(b)


def _compute(lib: ctypes.CDLL, context: int, p: L.Params, o: L.Output) -> None:
    """geofield_compute, its refusals in this function's words where a field's name differs
    (the struct's signed_inside is signed= here, the output's bearing bearing=)."""
    try:
        L.raise_for(lib.geofield_compute(context, ctypes.byref(p), ctypes.byref(o)))
    except ValueError as e:
        message = str(e)
        for struct_name, name in (("signed_inside: ", "signed: "),
                                  ("geofield_output.bearing: ", "bearing: ")):
            if message.startswith(struct_name):
                raise ValueError(name + message[len(struct_name):]) from None
        raise


def _new_buffer(lib: ctypes.CDLL, context: int, nbytes: int, buffers: list) -> int:
    """A CUDA buffer of nbytes, appended to buffers (which own it); returns its data pointer."""
    b = ctypes.c_void_p()
    L.raise_for(lib.geofield_buffer_create(context, L.MEMORY_CUDA, nbytes, ctypes.byref(b)))
    buffers.append(b.value)
    return lib.geofield_buffer_data(b.value)


def library_version() -> str:
    """libgeofield's release ("0.1.0"), loading the library if needed."""
    return L.library().geofield_version().decode()
