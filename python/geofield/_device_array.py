"""DeviceArray: a field in CUDA memory that CuPy, numba and PyTorch take without a copy."""

from __future__ import annotations

import ctypes
from typing import Any, Optional, Tuple

import numpy

from . import _library as L

_TYPESTR = {L.FLOAT32: "<f4", L.FLOAT64: "<f8", L.INT32: "<i4"}
_NUMPY_DTYPE = {code: numpy.dtype(t) for code, t in _TYPESTR.items()}
_KDLCUDA = 2  # DLPack's DLDeviceType for CUDA memory

# Python's C API for the capsule, through a handle of our own so that the restype and argtypes
# set here do not change ctypes.pythonapi's for other code in the process.
_py = ctypes.PyDLL(None)
_py.PyCapsule_New.restype = ctypes.py_object
_py.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_py.PyCapsule_IsValid.restype = ctypes.c_int
_py.PyCapsule_IsValid.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_py.PyCapsule_GetPointer.restype = ctypes.c_void_p
_py.PyCapsule_GetPointer.argtypes = [ctypes.c_void_p, ctypes.c_char_p]

# The capsule's name must outlive it: module-level bytes live as long as the process.
_DLTENSOR = b"dltensor"


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _capsule_destructor(capsule: int) -> None:
    # Called as the capsule dies (the argument is its address: no reference is taken to an
    # object being freed). A consumer that took the tensor renamed the capsule
    # ("used_dltensor") and owns the tensor now; only an unconsumed one is ours to delete.
    if _py.PyCapsule_IsValid(capsule, _DLTENSOR):
        managed = _py.PyCapsule_GetPointer(capsule, _DLTENSOR)
        tensor = L.DLManagedTensor.from_address(managed)
        if tensor.deleter:
            L.DLDeleter(tensor.deleter)(managed)


class DeviceArray:
    """A 2-D field (rows north to south) in CUDA device memory that geofield allocated.

    It holds one reference to the memory, released when the object goes; consumers that take it
    through ``__cuda_array_interface__`` keep this object alive, and through ``__dlpack__`` the
    tensor holds a reference of its own. No copy is made by either:
    ``cupy.asarray(a)``, ``numba.cuda.as_cuda_array(a)`` and ``torch.from_dlpack(a)`` see the
    same device pointer as ``a.ptr``.

    ``stream``: None when the values were complete when field() returned; otherwise the CUDA
    stream (an int handle) they were queued on, which consumers must wait on (CuPy and numba do
    so through ``__cuda_array_interface__``; for DLPack, use that stream or synchronise it).
    """

    __slots__ = ("_buffer", "_code", "shape", "dtype", "device", "ptr", "stream", "_interface")

    def __init__(self, buffer: int, dtype_code: int, shape: Tuple[int, int], device: int,
                 stream: Optional[int]) -> None:
        self._buffer = buffer  # one reference, ours
        self._code = dtype_code
        self.shape: Tuple[int, int] = shape
        self.dtype: numpy.dtype = _NUMPY_DTYPE[dtype_code]
        self.device: int = device
        self.ptr: int = L.library().geofield_buffer_data(buffer)
        self.stream: Optional[int] = stream
        self._interface = {
            "version": 3,
            "shape": shape,
            "typestr": _TYPESTR[dtype_code],
            "data": (self.ptr, False),
            "strides": None,
            "stream": stream,
        }

    def __del__(self) -> None:
        buffer, self._buffer = getattr(self, "_buffer", None), None
        if buffer and L._lib is not None:
            L._lib.geofield_buffer_release(buffer)

    @property
    def __cuda_array_interface__(self) -> dict:
        """The CUDA Array Interface (version 3), as CuPy and numba read it."""
        return self._interface

    def __dlpack__(self, *, stream: Any = None, max_version: Any = None, dl_device: Any = None,
                   copy: Optional[bool] = None) -> Any:
        """A DLPack (v0.6) capsule named "dltensor" viewing this memory; the tensor holds a
        reference to it until the consumer calls its deleter.

        ``stream`` (the consumer's) is accepted but not waited on: the values are complete
        unless field() was given a stream, in which case the caller orders the work.
        ``max_version`` is accepted; the capsule is the unversioned one, which consumers that
        ask for a version still take. ``copy=True`` and another ``dl_device`` are refused
        (BufferError): this object never copies."""
        if copy:
            raise BufferError("geofield.DeviceArray cannot copy; use copy=None or False")
        if dl_device is not None and tuple(dl_device) != (_KDLCUDA, self.device):
            raise BufferError(f"geofield.DeviceArray is on CUDA device {self.device} only")
        lib = L.library()
        managed = ctypes.c_void_p()
        L.raise_for(lib.geofield_buffer_dlpack(self._buffer, self._code, self.shape[0],
                                               self.shape[1], ctypes.byref(managed)))
        return _py.PyCapsule_New(managed.value, _DLTENSOR, _capsule_destructor)

    def __dlpack_device__(self) -> Tuple[int, int]:
        """(kDLCUDA = 2, the CUDA device ordinal)."""
        return (_KDLCUDA, self.device)

    @property
    def ndim(self) -> int:
        return 2

    @property
    def size(self) -> int:
        return self.shape[0] * self.shape[1]

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    def get(self) -> numpy.ndarray:
        """A NumPy copy of the values in host memory (through CuPy, which must be installed)."""
        try:
            import cupy
        except ImportError:
            raise RuntimeError(
                "DeviceArray.get() copies through CuPy, which is not installed; or use "
                "torch.from_dlpack(a).cpu().numpy() or numba.cuda.as_cuda_array(a).copy_to_host()"
            ) from None
        with cupy.cuda.Device(self.device):
            return cupy.asarray(self).get()

    numpy = get

    def __array__(self, *args: Any, **kwargs: Any) -> numpy.ndarray:
        # As CuPy: no silent copy to the host; say how.
        raise TypeError("a geofield.DeviceArray is in device memory; use .get() for a NumPy copy")

    def __len__(self) -> int:
        return self.shape[0]

    def __repr__(self) -> str:
        return (f"geofield.DeviceArray(shape={self.shape}, dtype={self.dtype}, "
                f"device=cuda:{self.device}, ptr=0x{self.ptr:x})")
