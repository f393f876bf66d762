"""The package's surface: out=, help, versions, a missing library, no CUDA device, the gl
backend."""

import inspect
import os
import pydoc
import subprocess
import sys
import threading
from pathlib import Path

import numpy
import pytest

from conftest import cli_args, render

PYTHON_DIR = str(Path(__file__).resolve().parents[1])


def test_out_is_filled_in_place(geofield):
    out = numpy.full((6, 8), -1, numpy.float32)
    got = geofield.field(size=(8, 6), out=out)
    assert got is out
    assert numpy.array_equal(out, geofield.field(size=(8, 6)))


def test_out_takes_its_dtype(geofield):
    out = numpy.empty((6, 8), numpy.float64)
    geofield.field(size=(8, 6), precision="double", out=out)
    assert numpy.array_equal(out, geofield.field(size=(8, 6), precision="double"))


def test_out_with_index(geofield):
    out = numpy.empty((6, 8), numpy.float32)
    values, index = geofield.field(size=(8, 6), centres=[(30, 100), (29, 99)], index=True, out=out)
    assert values is out and index.dtype == numpy.int32 and index.shape == (6, 8)


@pytest.mark.parametrize("out, why", [
    (numpy.empty((8, 6), numpy.float32), "shape"),            # (nx, ny): the transposed shape
    (numpy.empty((6, 8), numpy.int32), "dtype"),
    (numpy.empty((6, 8), numpy.float64), "dtype"),            # not the dtype asked for
    (numpy.empty((6, 16), numpy.float32)[:, ::2], "contiguous"),
    (numpy.empty((8, 6), numpy.float32).T, "contiguous"),
])
def test_out_refused(geofield, out, why):
    with pytest.raises(ValueError, match=why):
        geofield.field(size=(8, 6), dtype="float32", out=out)


def test_out_read_only_refused(geofield):
    out = numpy.empty((6, 8), numpy.float32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        geofield.field(size=(8, 6), out=out)


def test_out_must_be_numpy_for_cpu(geofield):
    with pytest.raises(TypeError):
        geofield.field(size=(8, 6), out=[[0.0] * 8] * 6)


def test_help_explains_every_parameter():
    import geofield

    text = pydoc.render_doc(geofield.field)
    for name in inspect.signature(geofield.field).parameters:
        assert f"\n    {name}: " in text, name
    for default in ("(29, 31)", "(99, 101)", "(1000, 1000)", "(30, 101)", "6371.0088",
                    "1048576", "[-360, 360]", "[0.001, 1e9]"):
        assert default in text, default


def test_versions(geofield):
    assert geofield.__version__ == "0.1.0"
    assert geofield.library_version() == "0.1.0"


def _python(code, **env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": PYTHON_DIR, **env})


def test_import_works_without_the_library():
    run = _python(
        "import geofield\n"
        "help(geofield.field)\n"
        "try:\n"
        "    geofield.field()\n"
        "except RuntimeError as e:\n"
        "    print('RuntimeError:', e)\n",
        GEOFIELD_LIBRARY="/nonexistent/libgeofield.so")
    assert run.returncode == 0, run.stderr
    assert "RuntimeError: libgeofield was not found" in run.stdout
    assert "GEOFIELD_LIBRARY=" in run.stdout and "cmake --install" in run.stdout


def _cuda_present():
    return os.path.exists("/dev/nvidia0") or os.path.exists("/dev/nvidiactl")


@pytest.mark.skipif(_cuda_present(), reason="a CUDA device is here (see test_cuda.py)")
@pytest.mark.parametrize("device", ["cuda", "cuda:0", "cuda:3"])
def test_cuda_without_a_device_says_why(geofield, binary, tmp_path, device):
    try:
        geofield.field(size=(8, 6), device=device)
        pytest.skip(f"{device} is usable here (see test_cuda.py)")
    except geofield.BackendUnavailable as error:
        e = error
    assert isinstance(e, RuntimeError)
    # The command line's reason, as render --backend cuda gives it.
    run = subprocess.run([binary, "render", "--backend=cuda", "--npy", str(tmp_path / "x.npy")],
                         capture_output=True, text=True)
    reason = run.stderr.strip().splitlines()[-1].split("--backend cuda: ", 1)[-1]
    assert reason and reason in str(e), (reason, str(e))


GL_CASES = {
    "default": {"size": (61, 47)},
    "double": {"size": (61, 47), "precision": "double", "dtype": "float32"},
    "f64": {"size": (61, 47), "precision": "double", "dtype": "float64"},
    "seed m": {"size": (61, 47), "formula": "seed", "units": "m"},
    "aeqd": {"size": (61, 47), "projection": "aeqd", "extent": 19000},
}


@pytest.mark.parametrize("kw", GL_CASES.values(), ids=GL_CASES.keys())
def test_gl_backend_equals_render(geofield, binary, tmp_path, kw):
    try:
        got = geofield.field(backend="gl", **kw)
    except geofield.BackendUnavailable as e:
        pytest.skip(f"no GL here: {e}")
    expected = render(binary, tmp_path, cli_args(backend="gl", **kw))
    assert numpy.array_equal(got, expected, equal_nan=True)


def test_gl_from_another_thread(geofield):
    try:
        main = geofield.field(backend="gl", size=(16, 9))
    except geofield.BackendUnavailable as e:
        pytest.skip(f"no GL here: {e}")
    results = []
    thread = threading.Thread(target=lambda: results.append(
        geofield.field(backend="gl", size=(16, 9))))
    thread.start()
    thread.join()
    assert len(results) == 1 and numpy.array_equal(results[0], main)


def test_gl_refuses_wgs84(geofield, binary, tmp_path):
    from conftest import render_error

    try:
        geofield.field(backend="gl", size=(2, 2))
    except geofield.BackendUnavailable as e:
        pytest.skip(f"no GL here: {e}")
    expected = render_error(binary, tmp_path, ["--backend=gl", "--formula=wgs84"])
    with pytest.raises((ValueError, geofield.BackendUnavailable)) as e:
        geofield.field(backend="gl", formula="wgs84", size=(8, 6))
    assert str(e.value) == expected


def test_auto_backend_on_the_cpu(geofield):
    # device="cpu" with backend="auto": CUDA where usable, else the CPU; host memory either way.
    a = geofield.field(size=(8, 6), backend="auto")
    assert isinstance(a, numpy.ndarray) and a.shape == (6, 8)
