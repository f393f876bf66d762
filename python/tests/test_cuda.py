"""device="cuda": the field in device memory, taken by CuPy, numba and PyTorch without a copy.

Skipped unless a CUDA device is usable (and, test by test, the framework is installed).
Values are held to the README's bound for the CUDA float path against the CPU double field,
|gpu - cpu| <= 2e-6 max + 2e-6 |cpu|, and the double path to 1e-11 |cpu| + 1e-12 max.
"""

import numpy
import pytest

SIZE = (1000, 800)  # (nx, ny): the array is (800, 1000)
VIEWS = {
    "default": {},
    "antimeridian nm": {"lat": (-10, 10), "lon": (170, -170), "ref": (0, 180), "units": "nm"},
    "whole globe": {"lat": (-90, 90), "lon": (-180, 180), "ref": (-33.9, 151.2)},
    "seed": {"formula": "seed"},
    "aeqd m": {"projection": "aeqd", "extent": 19000e3, "units": "m"},
}


@pytest.fixture
def cuda(geofield):
    try:
        geofield.field(size=(2, 2), device="cuda")
    except geofield.BackendUnavailable as e:
        pytest.skip(f"no CUDA device: {e}")
    return geofield


def within_float_bound(gpu, cpu_double):
    gpu = numpy.asarray(gpu, numpy.float64)
    nan = numpy.isnan(cpu_double)
    assert numpy.array_equal(numpy.isnan(gpu), nan)
    err = numpy.abs(gpu[~nan] - cpu_double[~nan])
    bound = 2e-6 * numpy.nanmax(numpy.abs(cpu_double)) + 2e-6 * numpy.abs(cpu_double[~nan])
    worst = numpy.max(err / bound)
    assert worst <= 1, f"{worst:.3g} of the float bound"


def cpu_double(geofield, **kw):
    return geofield.field(size=SIZE, precision="double", dtype="float64", **kw)


@pytest.mark.parametrize("kw", VIEWS.values(), ids=VIEWS.keys())
def test_cupy_takes_it_without_a_copy(cuda, kw):
    cupy = pytest.importorskip("cupy")
    a = cuda.field(size=SIZE, device="cuda", **kw)
    assert a.shape == (800, 1000) and a.dtype == numpy.float32 and a.device == 0
    assert a.__cuda_array_interface__["stream"] is None  # complete when field() returned
    c = cupy.asarray(a)
    assert c.data.ptr == a.ptr and c.shape == a.shape and c.dtype == a.dtype
    within_float_bound(c.get(), cpu_double(cuda, **kw))


def test_double_on_the_device(cuda):
    cupy = pytest.importorskip("cupy")
    a = cuda.field(size=SIZE, device="cuda", precision="double")
    assert a.dtype == numpy.float64
    ref = cpu_double(cuda)
    got = cupy.asarray(a).get()
    assert numpy.all(numpy.abs(got - ref) <= 1e-11 * numpy.abs(ref) + 1e-12 * ref.max())


def test_numba_takes_it_without_a_copy(cuda):
    numba_cuda = pytest.importorskip("numba.cuda")
    a = cuda.field(size=SIZE, device="cuda")
    n = numba_cuda.as_cuda_array(a)
    assert n.__cuda_array_interface__["data"][0] == a.ptr and n.shape == a.shape
    within_float_bound(n.copy_to_host(), cpu_double(cuda))


def test_torch_takes_it_without_a_copy(cuda):
    torch = pytest.importorskip("torch")
    a = cuda.field(size=SIZE, device="cuda")
    t = torch.from_dlpack(a)
    assert t.data_ptr() == a.ptr and tuple(t.shape) == a.shape and t.dtype == torch.float32
    assert t.device == torch.device("cuda", 0)
    ptr = a.ptr
    del a  # the tensor holds its own reference to the memory
    within_float_bound(t.cpu().numpy(), cpu_double(cuda))
    assert t.data_ptr() == ptr


def test_unconsumed_dlpack_capsules_are_freed(cuda):
    a = cuda.field(size=(64, 32), device="cuda")
    for _ in range(100):
        capsule = a.__dlpack__()
        del capsule  # the destructor calls the tensor's deleter, releasing its reference
    assert a.__dlpack_device__() == (2, 0)


def test_device_array_outlives_its_consumers_and_back(cuda):
    cupy = pytest.importorskip("cupy")
    a = cuda.field(size=SIZE, device="cuda")
    c = cupy.asarray(a)
    expected = a.get()
    del a  # CuPy's view keeps the DeviceArray, and so the memory, alive
    cupy.cuda.Device().synchronize()
    assert numpy.array_equal(c.get(), expected)


def test_cupy_stream(cuda):
    cupy = pytest.importorskip("cupy")
    s = cupy.cuda.Stream(non_blocking=True)
    a = cuda.field(size=SIZE, device="cuda", stream=s)
    assert a.__cuda_array_interface__["stream"] == s.ptr == a.stream
    with s:
        c = cupy.asarray(a)  # ordered on s by the interface's stream
        total = float(c.sum(dtype=cupy.float64))
    s.synchronize()
    within_float_bound(c.get(), cpu_double(cuda))
    assert total == pytest.approx(float(cpu_double(cuda).sum()), rel=1e-6)


def test_torch_stream(cuda):
    torch = pytest.importorskip("torch")
    s = torch.cuda.Stream()
    a = cuda.field(size=SIZE, device="cuda", stream=s)
    assert a.stream == s.cuda_stream
    s.synchronize()
    within_float_bound(torch.from_dlpack(a).cpu().numpy(), cpu_double(cuda))


def test_out_cupy_in_place(cuda):
    cupy = pytest.importorskip("cupy")
    out = cupy.full((800, 1000), -1, cupy.float32)
    r = cuda.field(size=SIZE, device="cuda", out=out)
    assert r is out
    within_float_bound(out.get(), cpu_double(cuda))
    out64 = cupy.empty((800, 1000), cupy.float64)
    cuda.field(size=SIZE, device="cuda", precision="double", out=out64)
    assert numpy.allclose(out64.get(), cpu_double(cuda), rtol=1e-11, atol=0)


@pytest.mark.parametrize("make, why", [
    (lambda cupy: cupy.empty((1000, 800), cupy.float32), "shape"),
    (lambda cupy: cupy.empty((800, 1000), cupy.int32), "typestr"),
    (lambda cupy: cupy.empty((800, 2000), cupy.float32)[:, ::2], "strides"),
])
def test_out_cupy_refused(cuda, make, why):
    cupy = pytest.importorskip("cupy")
    with pytest.raises(ValueError, match=why):
        cuda.field(size=SIZE, device="cuda", out=make(cupy))


def test_out_numpy_refused_for_cuda(cuda):
    with pytest.raises(TypeError):
        cuda.field(size=SIZE, device="cuda", out=numpy.empty((800, 1000), numpy.float32))


def test_device_zero_by_name(cuda):
    a = cuda.field(size=(64, 32), device="cuda:0")
    assert a.device == 0 and a.__dlpack_device__() == (2, 0)


def test_no_such_device(cuda):
    with pytest.raises(cuda.BackendUnavailable):
        cuda.field(size=(64, 32), device="cuda:99")


def test_centres_index_on_the_device(cuda):
    cupy = pytest.importorskip("cupy")
    rng = numpy.random.default_rng(18)
    centres = numpy.column_stack([rng.uniform(28.5, 31.5, 200), rng.uniform(98.5, 101.5, 200)])
    values, index = cuda.field(size=SIZE, device="cuda", centres=centres, index=True)
    assert index.dtype == numpy.int32 and index.shape == (800, 1000)
    cpu_values, cpu_index = cuda.field(size=SIZE, centres=centres, index=True)
    got_index = cupy.asarray(index).get()
    within_float_bound(cupy.asarray(values).get(),
                       cuda.field(size=SIZE, centres=centres, precision="double",
                                  dtype="float64"))
    differ = got_index != cpu_index
    # Equal but where two centres tie within the float path's rounding: then both are nearest.
    assert differ.sum() <= 10
    if differ.any():
        ref = cpu_double(cuda)  # only for the bound's max term
        for i, j in zip(*numpy.nonzero(differ)):
            d = [cuda.field(size=SIZE, ref=tuple(centres[k]), precision="double",
                            dtype="float64")[i, j] for k in (got_index[i, j], cpu_index[i, j])]
            assert abs(d[0] - d[1]) <= 2e-6 * ref.max() + 2e-6 * d[1], (i, j, d)


def test_get_copies_to_the_host(cuda):
    pytest.importorskip("cupy")
    a = cuda.field(size=(64, 32), device="cuda")
    h = a.get()
    assert isinstance(h, numpy.ndarray) and h.shape == (32, 64)
    within_float_bound(h, cuda.field(size=(64, 32), precision="double", dtype="float64"))


@pytest.mark.parametrize("backend", ["cuda", "auto"])
def test_cuda_backend_into_host_memory(cuda, backend):
    # device="cpu" with a CUDA-computing backend: a NumPy array, computed on the device.
    a = cuda.field(size=SIZE, backend=backend)
    assert isinstance(a, numpy.ndarray) and a.shape == (800, 1000) and a.dtype == numpy.float32
    within_float_bound(a, cpu_double(cuda))


def test_dataarray_keeps_the_values_on_the_device_unless_asked(cuda):
    """geofield.dataarray on a CUDA device: CuPy arrays over the field's memory (no copy), the
    index too; host=True gives NumPy; coordinates as on the CPU."""
    pytest.importorskip("xarray")
    cupy = pytest.importorskip("cupy")
    centres = [(13.75, 100.5), (1.29, 103.85), (-33.87, 151.21)]
    view = dict(lat=(-40, 40), lon=(90, 160), size=(300, 200), centres=centres)
    da = cuda.dataarray(**view, device="cuda", precision="double")
    assert isinstance(da.data, cupy.ndarray) and isinstance(da.nearest_centre.data, cupy.ndarray)
    on_cpu = cuda.dataarray(**view, precision="double")
    numpy.testing.assert_array_equal(da.lat.values, on_cpu.lat.values)
    numpy.testing.assert_array_equal(da.lon.values, on_cpu.lon.values)
    host = cuda.dataarray(**view, device="cuda", precision="double", host=True)
    assert isinstance(host.data, numpy.ndarray)
    numpy.testing.assert_array_equal(host.values, da.data.get())
    numpy.testing.assert_allclose(host.values, on_cpu.values, rtol=1e-11, atol=1e-9)
    assert (host.nearest_centre.values == on_cpu.nearest_centre.values).mean() > 0.999
