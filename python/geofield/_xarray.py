"""geofield.dataarray(): field() as an xarray DataArray carrying what `geofield render --netcdf`
writes besides the values (coordinates, CF attributes, the CRS), taken from the NetCDF writer's
own functions through libgeofield's geofield_grid_describe (API 1.2)."""

from __future__ import annotations

import ctypes
import inspect
import json
from typing import Any, Optional, Tuple

import numpy

from . import _field
from . import _library as L
from ._sites import Sites, read_sites

def _xarray() -> Any:
    try:
        import xarray
    except ImportError:
        raise ImportError("geofield.dataarray needs xarray (Debian: apt install python3-xarray; "
                          "or pip install xarray); geofield.field() gives the bare array") from None
    try:
        import rioxarray  # noqa: F401  (registers the .rio accessor the docs promise)
    except ImportError:
        pass  # optional: the CRS is in the crs coordinate's attributes all the same
    return xarray


def _describe(bound: inspect.BoundArguments, shape: Tuple[int, int], site_count: int) -> dict:
    """geofield_grid_describe's JSON for the view field() just computed (so its arguments are
    known to be good): the grid's coordinates and the NetCDF's attributes."""
    lib = L.library()
    try:
        describe = lib.geofield_grid_describe
    except AttributeError:
        raise RuntimeError(f"{L.library_path()} has no geofield_grid_describe: dataarray needs "
                           f"libgeofield API 1.2 or later (rebuild or reinstall it)") from None
    describe.restype = ctypes.c_int
    describe.argtypes = [ctypes.POINTER(L.Params), ctypes.c_int64, ctypes.c_char_p,
                         ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
    a = bound.arguments
    p = L.Params.from_buffer_copy(_field._templates()[0])
    p.lat_min, p.lat_max = map(float, a["lat"])
    p.lon_min, p.lon_max = map(float, a["lon"])
    p.ny, p.nx = shape  # the field's own: whatever way its size was asked for
    p.ref_lat, p.ref_lon = map(float, a["ref"])
    p.formula = L.FORMULAS[a["formula"]]
    p.units = L.UNITS[a["units"]]
    p.radius_km = a["radius"]
    if a["ellipsoid"] is not None:
        p.ellipsoid_a_km, p.ellipsoid_inv_f = map(float, a["ellipsoid"])
    p.precision = L.PRECISIONS[a["precision"]]
    p.projection = L.PROJECTIONS[a["projection"]]
    if a["extent"] is not None:
        p.extent = a["extent"]
    p.registration = L.REGISTRATIONS[a.get("registration", "node")]
    length = ctypes.c_size_t()
    L.raise_for(describe(ctypes.byref(p), site_count, None, 0, ctypes.byref(length)))
    text = ctypes.create_string_buffer(length.value + 1)
    L.raise_for(describe(ctypes.byref(p), site_count, text, len(text), ctypes.byref(length)))
    return json.loads(text.value.decode("utf-8"))


def _on_host_or_cupy(values: Any, host: bool) -> Any:
    """A CUDA result as a CuPy array over the same memory (no copy), or a NumPy copy when
    host; a host result as it is."""
    if not isinstance(values, _field.DeviceArray):
        return values
    if host:
        return values.get()
    try:
        import cupy
    except ImportError:
        raise ImportError("geofield.dataarray on a CUDA device keeps the values there as a CuPy "
                          "array, and CuPy is not installed: install it, or pass host=True for "
                          "NumPy values in host memory") from None
    with cupy.cuda.Device(values.device):
        return cupy.asarray(values)


def dataarray(*args: Any, host: bool = False, **kwargs: Any) -> Any:
    """field() as an xarray DataArray, with what `geofield render --netcdf` writes besides the
    values: the same parameters as geofield.field() (index and bearing aside), and:

    host: with a CUDA device, copy the values to host memory (NumPy, through CuPy:
        DeviceArray.get()). Default False: on a CUDA device the DataArray holds a CuPy array
        over the field's device memory (no copy; CuPy is needed); on "cpu" it holds the NumPy
        array. Without CuPy, device="cpu", backend="cuda" computes on the GPU into host memory.

    Returns an xarray.DataArray named "distance", of dims ("lat", "lon") (degrees, latlon
    views) or ("y", "x") (metres about the projection's centre: aeqd, ortho), row 0 north, whose
    coordinates are those of the NetCDF's variables of the same names bit for bit, each with its
    CF attributes (standard_name, long_name, units, axis). Its attributes: the NetCDF variable's
    long_name, units (km, m, nautical_mile, mile) and grid_mapping ("crs"), and the file's
    geofield_* attributes (formula, radius or ellipsoid, precision, projection, reference point
    or number of centres). The scalar coordinate "crs" is the CF grid mapping, with crs_wkt and
    spatial_ref (the CRS as OGC WKT, which rioxarray reads: where rioxarray is installed,
    dataarray() imports it, so da.rio.crs is the CRS and da.rio.to_raster(f) georeferences f as
    `render --geotiff` does).

    With centres= or sites=, the coordinate "nearest_centre" (int32, dims of the values) is the
    index of each node's nearest centre or feature (-1 off a projected map), as the NetCDF's
    variable of that name, and its attribute site_names the names in index order ("" where a
    site has none): numpy.array(da.nearest_centre.site_names)[da.nearest_centre] names each
    node's. With a CUDA device it is a CuPy array too (a NumPy one with host=True).

    eqearth views are refused (as by --netcdf: no CRS of its kind here yet). Raises what
    field() raises; ImportError without xarray (or, on a CUDA device without host=True,
    without CuPy).
    """
    xarray = _xarray()
    if "index" in kwargs:
        raise TypeError("dataarray: index= is dataarray's to set (the index is a coordinate "
                        "whenever centres= or sites= are given)")
    if "bearing" in kwargs:
        raise TypeError("dataarray: bearing= is field()'s only (field(..., bearing=True))")
    bound = inspect.signature(_field.field).bind(*args, **kwargs)
    bound.apply_defaults()
    a = bound.arguments
    if a["projection"] == "eqearth":
        raise ValueError("projection: eqearth is not yet for dataarray (no CRS of its kind for "
                         "Equal Earth here, as --netcdf and --geotiff say); use latlon, aeqd or "
                         "ortho, or geofield.field()")
    names: Optional[Tuple[str, ...]] = None
    if a["sites"] is not None and a["centres"] is None:
        sites = a["sites"]
        if not isinstance(sites, Sites):
            # What field() takes as sites=, read once here for the names (field() reads the
            # same text again through the library).
            raw = _field._sites_bytes(sites)
            sites = read_sites(raw)
            a["sites"] = sites
        names = sites.names
    elif isinstance(a["centres"], Sites):
        names = a["centres"].names
    many = a["sites"] is not None or a["centres"] is not None
    a["index"] = many
    result = _field.field(*bound.args, **bound.kwargs)
    values, index = result if many else (result, None)
    if many and names is None:  # centres as an array, which field() took: unnamed
        names = ("",) * numpy.asarray(a["centres"], dtype=numpy.float64).shape[0]

    shape = tuple(values.shape)
    meta = _describe(bound, shape, len(names) if names is not None else 0)
    y, x = meta["y"], meta["x"]
    dims = (y["name"], x["name"])
    coords = {}
    for axis in (y, x):
        v = numpy.array(axis["values"], numpy.float64)
        # The NetCDF writer's actual_range of an axis (GMT reads the grid's region from it).
        attrs = dict(axis["attributes"], actual_range=numpy.array([v.min(), v.max()]))
        coords[axis["name"]] = (axis["name"], v, attrs)
    grid_mapping = dict(meta["grid_mapping"])
    grid_mapping["spatial_ref"] = grid_mapping["crs_wkt"]  # GDAL's and rioxarray's name for it
    coords["crs"] = ((), numpy.int32(0), grid_mapping)
    if index is not None:
        index_attrs = dict(meta["index"])
        index_attrs["site_names"] = list(names)
        coords["nearest_centre"] = (dims, _on_host_or_cupy(index, host), index_attrs)
    attrs = dict(meta["values"])
    attrs.update({k: v for k, v in meta["global"].items() if k.startswith("geofield_")})
    da = xarray.DataArray(_on_host_or_cupy(values, host), dims=dims, coords=coords,
                          name="distance", attrs=attrs)
    if x["name"] == "x":
        # A projected map's nodes with no point on the sphere are NaN: the NetCDF's _FillValue
        # and the GeoTIFF's nodata, which to_netcdf and rio.to_raster write from here.
        da.encoding["_FillValue"] = da.dtype.type(numpy.nan)
    return da
