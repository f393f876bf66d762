"""geofield: the great-circle (or geodesic) distance from a reference point (or the nearest of
many points, lines and polygons: centres=, sites=) to every node of a latitude/longitude grid,
as NumPy arrays on the CPU or as CUDA device arrays that CuPy, numba and PyTorch use in place.

    >>> import geofield
    >>> d = geofield.field(lat=(29, 31), lon=(99, 101), size=(1000, 1000), ref=(30, 101))
    >>> d.shape, d.dtype                     # (ny, nx), row 0 north
    ((1000, 1000), dtype('float32'))

A pure-Python package over libgeofield's C API (ctypes): the library is found through
GEOFIELD_LIBRARY (a path), the path `cmake --install` recorded, or the dynamic loader, and is
loaded at the first call, so that importing this package never fails for want of it.
"""

from ._device_array import DeviceArray
from ._field import field, library_version
from ._library import BackendUnavailable
from ._points import distance
from ._sites import Sites, read_sites
from ._xarray import dataarray

__version__ = "0.1.0"

__all__ = ["field", "distance", "dataarray", "read_sites", "Sites", "DeviceArray",
           "BackendUnavailable", "library_version", "__version__"]
