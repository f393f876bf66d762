"""geofield.read_sites(): the sites and centres files the command line reads, read by the same
parser (libgeofield's geofield_sites_read, API 1.2), as names, kinds and coordinates that
field() takes back as centres= or sites=."""

from __future__ import annotations

import ctypes
import os
from typing import Any, List, Tuple

import numpy

from . import _library as L

_KINDS = ("point", "line", "polygon")  # geofield.h's GEOFIELD_FEATURE_* in order
_PART_KINDS = ("point", "line", "ring")  # GEOFIELD_PART_*


class _Table(ctypes.Structure):
    """geofield_sites_table."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("feature_count", ctypes.c_int64),
        ("part_count", ctypes.c_int64),
        ("vertex_count", ctypes.c_int64),
        ("feature_kind", ctypes.c_void_p),
        ("feature_part", ctypes.c_void_p),
        ("names", ctypes.c_void_p),
        ("name_offset", ctypes.c_void_p),
        ("part_kind", ctypes.c_void_p),
        ("part_vertex", ctypes.c_void_p),
        ("lat", ctypes.c_void_p),
        ("lon", ctypes.c_void_p),
    ]


def _functions(lib: ctypes.CDLL) -> Tuple[Any, Any, Any]:
    """geofield_sites_read, _get_table and _destroy, declared; a clear error for a library
    older than API 1.2, which the rest of the package still serves."""
    try:
        read, table, destroy = (lib.geofield_sites_read, lib.geofield_sites_get_table,
                                lib.geofield_sites_destroy)
    except AttributeError:
        raise RuntimeError(f"{L.library_path()} has no geofield_sites_read: read_sites needs "
                           f"libgeofield API 1.2 or later (rebuild or reinstall it)") from None
    read.restype, read.argtypes = ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    table.restype, table.argtypes = ctypes.c_int, [ctypes.c_void_p, ctypes.POINTER(_Table)]
    destroy.restype, destroy.argtypes = None, [ctypes.c_void_p]
    return read, table, destroy


def _array(address: int, count: int, dtype: Any) -> numpy.ndarray:
    """A NumPy copy of count values of dtype at address (memory the library owns)."""
    dtype = numpy.dtype(dtype)
    if count == 0:
        return numpy.empty(0, dtype)
    return numpy.frombuffer(ctypes.string_at(address, count * dtype.itemsize), dtype).copy()


class Sites:
    """Sites read as the command line's --sites and --centres read them: one feature per CSV row
    or GeoJSON Feature, in the file's order (the order of field()'s index).

    names: tuple of str, each feature's name ("" where it has none).
    kinds: tuple of "point", "line" or "polygon", each feature's.
    lat, lon: float64 arrays of degrees, one value per feature: the point of a one-point
        feature (a CSV row, a Point), NaN for lines, polygons and MultiPoints of several points
        (their vertices are in parts()).
    source: what was read (a file's absolute path, or a built-in name).

    Given back to field() it is read again by the library (a file that changed since is read as
    it is then): sites=s measures to every kind; centres=s takes the lat/lon of files whose
    features are all single points.
    """

    def __init__(self, source: str, names: Tuple[str, ...], kinds: Tuple[str, ...],
                 feature_part: numpy.ndarray, part_kind: numpy.ndarray,
                 part_vertex: numpy.ndarray, vertex_lat: numpy.ndarray,
                 vertex_lon: numpy.ndarray) -> None:
        self.source = source
        self.names = names
        self.kinds = kinds
        self._feature_part = feature_part
        self._part_kind = part_kind
        self._part_vertex = part_vertex
        self._vertex_lat = vertex_lat
        self._vertex_lon = vertex_lon
        # A feature of one part that is a point has a position; every other feature, NaN.
        first = part_vertex[feature_part[:-1]]
        single = ((feature_part[1:] - feature_part[:-1]) == 1) & (part_kind[feature_part[:-1]] == 0)
        self.lat = numpy.where(single, vertex_lat[numpy.minimum(first, len(vertex_lat) - 1)],
                               numpy.nan)
        self.lon = numpy.where(single, vertex_lon[numpy.minimum(first, len(vertex_lon) - 1)],
                               numpy.nan)
        self._single = single

    def __len__(self) -> int:
        return len(self.names)

    def parts(self, k: int) -> List[Tuple[str, numpy.ndarray, numpy.ndarray]]:
        """Feature k's parts as (kind, lat, lon): kind "point" (one vertex), "line" (vertices
        joined by the minor great-circle arc) or "ring" (a polygon's boundary, closed from the
        last vertex back to the first, which is not repeated; inside on the left)."""
        k = range(len(self))[k]  # IndexError as a sequence gives it; negatives from the end
        out = []
        for p in range(int(self._feature_part[k]), int(self._feature_part[k + 1])):
            a, b = int(self._part_vertex[p]), int(self._part_vertex[p + 1])
            out.append((_PART_KINDS[self._part_kind[p]], self._vertex_lat[a:b].copy(),
                        self._vertex_lon[a:b].copy()))
        return out

    def __fspath__(self) -> str:
        # sites=: field() hands a path-like's text to the library, which reads it again.
        return self.source

    def __array__(self, dtype: Any = None, copy: Any = None) -> numpy.ndarray:
        # centres=: an (n, 2) array of (lat, lon), for files of single points only, so that the
        # index field() gives is a position in names.
        if not self._single.all():
            k = int(numpy.flatnonzero(~self._single)[0])
            what = (f"a MultiPoint of {len(self.parts(k))} points" if self.kinds[k] == "point"
                    else f"a {self.kinds[k]}")
            raise ValueError(f"--centres: {self.source}: feature {k} is {what}; centres are "
                             f"single points: give these as sites=, which measures to every "
                             f"kind (one index a feature)")
        out = numpy.stack([self.lat, self.lon], axis=1)
        return out if dtype is None else out.astype(dtype)

    def __repr__(self) -> str:
        counts = {kind: self.kinds.count(kind) for kind in _KINDS if kind in self.kinds}
        what = ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in counts.items())
        return f"geofield.Sites({self.source!r}: {what})"


def read_sites(path: Any) -> Sites:
    """The sites of a CSV or GeoJSON file, read as `geofield render --sites FILE` and
    `--centres FILE` read it (the same parser, the same checks and messages), or a built-in set
    ("@coastline", "@borders", "@land", each with ":10m", ":50m" or ":110m").

    path: a str or os.PathLike. CSV: `lat,lon[,name]` with or without a header line naming the
        columns (lat/latitude, lon/lng/longitude, name; any order); a file whose latitudes are
        all within +-180 but not all within +-90 is refused as one whose columns look swapped.
        GeoJSON (.geojson, .json, or text starting with '{'): Point, MultiPoint, LineString,
        MultiLineString, Polygon and MultiPolygon features, positions [lon, lat], names from the
        "name" property.

    Returns a geofield.Sites: names, kinds, lat and lon per feature; parts(k) for the vertices;
    usable as field(sites=...) and, when every feature is one point, field(centres=...).
    Raises ValueError with the command line's line ("sites: 'ports.csv', line 3: ..."),
    TypeError for a path of another type.
    """
    if isinstance(path, Sites):
        return path
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"read_sites: {type(path).__name__} is not a path (str or os.PathLike) "
                        f"or a built-in name ('@land', ...)")
    text = os.fsdecode(path)
    if text == "":
        raise ValueError("sites: empty; give a GeoJSON or CSV file's path or a built-in name "
                         "(@coastline, @borders, @land, each with :10m, :50m or :110m)")
    # A file keeps naming the same file when the working directory changes.
    named = text.startswith("@") or text.lstrip().startswith("{")  # a built-in set, GeoJSON text
    source = text if named else os.path.abspath(text)
    lib = L.library()
    read, get_table, destroy = _functions(lib)
    handle = ctypes.c_void_p()
    L.raise_for(read(os.fsencode(text), ctypes.byref(handle)))
    try:
        t = _Table()
        t.struct_size = ctypes.sizeof(_Table)
        L.raise_for(get_table(handle, ctypes.byref(t)))
        n = t.feature_count
        name_offset = _array(t.name_offset, n + 1, numpy.int64)
        raw = ctypes.string_at(t.names, int(name_offset[-1])) if name_offset[-1] else b""
        o = name_offset.tolist()  # Python ints: slicing by NumPy scalars is 4 times slower
        names = tuple(raw[o[k]:o[k + 1]].decode("utf-8") for k in range(n))
        kinds = tuple(_KINDS[k] for k in _array(t.feature_kind, n, numpy.int32).tolist())
        return Sites(source, names, kinds, _array(t.feature_part, n + 1, numpy.int64),
                     _array(t.part_kind, t.part_count, numpy.int32),
                     _array(t.part_vertex, t.part_count + 1, numpy.int64),
                     _array(t.lat, t.vertex_count, numpy.float64),
                     _array(t.lon, t.vertex_count, numpy.float64))
    finally:
        destroy(handle)
