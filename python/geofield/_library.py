"""Finding and loading libgeofield, its ctypes declarations, and the contexts kept per backend.

Everything here mirrors libgeofield/include/geofield.h (API major version 1); that header is
the contract. The library is loaded at the first call that needs it, not at import, so that
`import geofield` and `help(geofield)` work on a machine without it.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import os
import threading
from typing import Dict, Optional, Tuple

# The API this package is written for (geofield.h's GEOFIELD_API_VERSION_MAJOR and _MINOR):
# 1.1 added sites, signed_inside and the bearing output; 1.2 registration and
# geofield_params_set_step.
API_MAJOR = 1
API_MINOR = 2

# geofield_status
OK = 0
INVALID_ARGUMENT = 1
UNAVAILABLE = 2
OUT_OF_MEMORY = 3
RUNTIME_ERROR = 4

# geofield_output.dtype and geofield_output.memory
FLOAT32 = 0
FLOAT64 = 1
INT32 = 2
MEMORY_HOST = 0
MEMORY_CUDA = 1

# The command line's words for the enumerated parameters, mapped to geofield.h's values. The
# dicts keep the command line's order, which the error messages list.
FORMULAS = {"haversine": 0, "seed": 1, "wgs84": 2}
UNITS = {"km": 0, "nm": 1, "mi": 2, "m": 3}
PRECISIONS = {"float": 0, "double": 1}
PROJECTIONS = {"latlon": 0, "aeqd": 1, "ortho": 2, "eqearth": 3}
REGISTRATIONS = {"node": 0, "pixel": 1}
BACKENDS = ("auto", "cpu", "cuda", "gl")


class BackendUnavailable(RuntimeError):
    """The backend or device asked for cannot run here (GEOFIELD_UNAVAILABLE); the message
    says why (no CUDA device, no driver, no GL, ...)."""


class Params(ctypes.Structure):
    """geofield_params: the command line's view options."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("lat_min", ctypes.c_double),
        ("lat_max", ctypes.c_double),
        ("lon_min", ctypes.c_double),
        ("lon_max", ctypes.c_double),
        ("nx", ctypes.c_int32),
        ("ny", ctypes.c_int32),
        ("ref_lat", ctypes.c_double),
        ("ref_lon", ctypes.c_double),
        ("formula", ctypes.c_int32),
        ("units", ctypes.c_int32),
        ("radius_km", ctypes.c_double),
        ("ellipsoid_a_km", ctypes.c_double),
        ("ellipsoid_inv_f", ctypes.c_double),
        ("precision", ctypes.c_int32),
        ("projection", ctypes.c_int32),
        ("extent", ctypes.c_double),
        ("centre_count", ctypes.c_int64),
        ("centre_lat", ctypes.c_void_p),
        ("centre_lon", ctypes.c_void_p),
        ("sites", ctypes.c_char_p),
        ("signed_inside", ctypes.c_int32),
        ("registration", ctypes.c_int32),
    ]


class Output(ctypes.Structure):
    """geofield_output: where the field goes."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("memory", ctypes.c_int32),
        ("dtype", ctypes.c_int32),
        ("values", ctypes.c_void_p),
        ("values_bytes", ctypes.c_size_t),
        ("index", ctypes.c_void_p),
        ("index_bytes", ctypes.c_size_t),
        ("stream", ctypes.c_void_p),
        ("bearing", ctypes.c_void_p),
        ("bearing_bytes", ctypes.c_size_t),
    ]


# DLPack v0.6 (dlpack.h), for reading the tensor geofield_buffer_dlpack() makes: only its
# deleter is called from Python, but the whole layout is declared so the offsets are right.
class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


DLDeleter = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [
        ("dl_tensor", DLTensor),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
    ]


_vp = ctypes.c_void_p
# name: (restype, argtypes) of every function geofield.h declares.
_SIGNATURES = {
    "geofield_api_version": (ctypes.c_int, []),
    "geofield_version": (ctypes.c_char_p, []),
    "geofield_last_error": (ctypes.c_char_p, []),
    "geofield_params_init": (None, [ctypes.POINTER(Params)]),
    "geofield_params_check": (ctypes.c_int, [ctypes.POINTER(Params)]),
    "geofield_params_set_step": (ctypes.c_int, [ctypes.POINTER(Params), ctypes.c_double,
                                                ctypes.c_double]),
    "geofield_output_init": (None, [ctypes.POINTER(Output)]),
    "geofield_context_create": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(_vp)]),
    "geofield_context_destroy": (None, [_vp]),
    "geofield_context_backend": (ctypes.c_char_p, [_vp]),
    "geofield_context_description": (ctypes.c_char_p, [_vp]),
    "geofield_compute": (ctypes.c_int, [_vp, ctypes.POINTER(Params), ctypes.POINTER(Output)]),
    "geofield_buffer_create": (ctypes.c_int, [_vp, ctypes.c_int32, ctypes.c_size_t, ctypes.POINTER(_vp)]),
    "geofield_buffer_data": (_vp, [_vp]),
    "geofield_buffer_size": (ctypes.c_size_t, [_vp]),
    "geofield_buffer_memory": (ctypes.c_int32, [_vp]),
    "geofield_buffer_device": (ctypes.c_int, [_vp]),
    "geofield_buffer_retain": (None, [_vp]),
    "geofield_buffer_release": (None, [_vp]),
    "geofield_buffer_dlpack": (
        ctypes.c_int,
        [_vp, ctypes.c_int32, ctypes.c_int64, ctypes.c_int64, ctypes.POINTER(_vp)],
    ),
}

_HOW_TO_GET_IT = (
    "build it with scripts/build.sh and set GEOFIELD_LIBRARY=<checkout>/build/libgeofield/"
    "libgeofield.so (an absolute path), install the wheel `python3 -m pip wheel ./python` builds "
    "(which holds it), or install it with cmake --install (which also tells this package where it "
    "is)"
)

_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_lib_path: Optional[str] = None


def _candidates() -> list:
    """Where to look, in order: GEOFIELD_LIBRARY, the library a wheel put beside this package
    (python/setup.py), the path cmake --install recorded, then the dynamic loader's search
    path."""
    env = os.environ.get("GEOFIELD_LIBRARY")
    if env:
        return [env]  # an explicit path is the only one tried: a wrong one is an error
    found = []
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libgeofield.so.1")
    if os.path.isfile(bundled):
        found.append(bundled)
    try:
        from ._install_config import LIBRARY  # written by cmake --install

        found.append(LIBRARY)
    except ImportError:
        pass
    name = ctypes.util.find_library("geofield")
    if name:
        found.append(name)
    found.append("libgeofield.so.1")
    return found


def _declare(lib: ctypes.CDLL) -> None:
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def library() -> ctypes.CDLL:
    """The loaded library, loading and checking it on the first call."""
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        for path in _candidates():
            try:
                lib = ctypes.CDLL(path)
            except OSError as e:
                tried.append(f"{path} ({e})")
                continue
            try:
                _declare(lib)
            except AttributeError as e:
                raise RuntimeError(f"{path} is not libgeofield or too old: {e}") from None
            version = lib.geofield_api_version()
            if version // 1000 != API_MAJOR or version % 1000 < API_MINOR:
                raise RuntimeError(
                    f"{path} has libgeofield API {version // 1000}.{version % 1000}; this package "
                    f"needs API {API_MAJOR}.{API_MINOR} or a later {API_MAJOR}.x (rebuild or "
                    f"reinstall the two together)"
                )
            _lib, _lib_path = lib, path
            return lib
        raise RuntimeError(
            "libgeofield was not found (tried: " + "; ".join(tried) + "): " + _HOW_TO_GET_IT
        )


def library_path() -> Optional[str]:
    """The path the library was loaded from, or None before it is loaded."""
    return _lib_path


def raise_for(status: int) -> None:
    """Raises the Python exception of a geofield_status, with geofield_last_error()'s line."""
    if status == OK:
        return
    message = (_lib.geofield_last_error() or b"").decode("utf-8", "replace")
    if status == INVALID_ARGUMENT:
        raise ValueError(message)
    if status == OUT_OF_MEMORY:
        raise MemoryError(message)
    if status == UNAVAILABLE:
        raise BackendUnavailable(message)
    raise RuntimeError(message or f"libgeofield failed with status {status}")


# Contexts by (backend, CUDA device), made on first use and destroyed at exit. A gl context
# must be used from the thread that made it, so those are kept per thread (threading.local: a
# later thread that reuses a finished one's id does not get its context).
_contexts: Dict[Tuple[str, int], int] = {}
_gl_contexts = threading.local()
_main_thread_gl: list = []  # the main thread's gl contexts, which exit can destroy
_contexts_lock = threading.Lock()


def _create(backend: str, device: int) -> int:
    out = ctypes.c_void_p()
    raise_for(library().geofield_context_create(backend.encode(), device, ctypes.byref(out)))
    return out.value


def context(backend: str, device: int) -> int:
    """The cached context handle (an int) for backend and CUDA device ordinal."""
    if backend == "gl":
        mine = getattr(_gl_contexts, "by_device", None)
        if mine is None:
            mine = _gl_contexts.by_device = {}
        handle = mine.get(device)
        if handle is None:
            handle = mine[device] = _create(backend, device)
            if threading.current_thread() is threading.main_thread():
                _main_thread_gl.append(handle)
        return handle
    handle = _contexts.get((backend, device))
    if handle is None:
        with _contexts_lock:
            handle = _contexts.get((backend, device))
            if handle is None:
                handle = _contexts[(backend, device)] = _create(backend, device)
    return handle


@atexit.register
def _destroy_contexts() -> None:
    # Exit runs on the main thread: its gl contexts and every other context can go. Other
    # threads' gl contexts cannot be made current here and are left to the process's end.
    if _lib is None:
        return
    for handle in list(_contexts.values()) + _main_thread_gl:
        _lib.geofield_context_destroy(handle)
    _contexts.clear()
    _main_thread_gl.clear()
    by_device = getattr(_gl_contexts, "by_device", None)
    if by_device is not None:
        by_device.clear()
