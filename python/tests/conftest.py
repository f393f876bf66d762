"""Shared by geofield's Python tests: the package from this checkout, the library and the
geofield binary from the environment, and `geofield render` run as the reference.

GEOFIELD_LIBRARY: path of libgeofield.so; GEOFIELD_BIN: path of the geofield binary. A test
that needs one that is missing is skipped, saying which.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

# Test this checkout's package, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _library_path():
    path = os.environ.get("GEOFIELD_LIBRARY")
    if not path:
        pytest.skip("GEOFIELD_LIBRARY is not set (the path of libgeofield.so)")
    if not os.path.exists(path):
        pytest.skip(f"GEOFIELD_LIBRARY={path} does not exist (build libgeofield first)")
    return path


@pytest.fixture
def geofield():
    """The package, with its library there (else the test is skipped)."""
    _library_path()
    import geofield as g

    return g


@pytest.fixture
def binary():
    path = os.environ.get("GEOFIELD_BIN")
    if not path:
        pytest.skip("GEOFIELD_BIN is not set (the path of the geofield binary)")
    if not os.access(path, os.X_OK):
        pytest.skip(f"GEOFIELD_BIN={path} is not an executable (build geofield first)")
    return path


def _number(x):
    """A number as the command line reads it back exactly (repr of a float round-trips)."""
    return repr(float(x)) if not float(x).is_integer() else str(int(x))


def cli_args(backend="cpu", **kw):
    """field()'s keyword arguments as render's options ('=' so that negatives read as values),
    with render's --backend (cpu unless given) and --f64 where field() returns float64."""
    args = [f"--backend={backend}"]
    if kw.get("dtype") is None and kw.get("precision") == "double":
        args.append("--f64")  # field()'s default dtype for double
    for name, value in kw.items():
        if value is None:
            continue
        if name in ("lat", "lon"):
            args.append(f"--{name}={_number(value[0])}:{_number(value[1])}")
        elif name == "ref":
            args.append(f"--ref={_number(value[0])},{_number(value[1])}")
        elif name == "size":
            args.append(f"--size={value[0]}x{value[1]}")
        elif name == "ellipsoid":
            args.append(f"--ellipsoid={_number(value[0])},{_number(value[1])}")
        elif name in ("radius", "extent"):
            args.append(f"--{name}={_number(value)}")
        elif name == "step":
            step = value if isinstance(value, (tuple, list)) else (value, value)
            args.append(f"--step={_number(step[0])}x{_number(step[1])}")
        elif name in ("formula", "units", "precision", "projection", "registration"):
            args.append(f"--{name}={value}")
        elif name == "dtype":
            if numpy.dtype(value) == numpy.float64:
                args.append("--f64")
        else:
            raise KeyError(name)
    return args


def write_centres_csv(path, centres):
    with open(path, "w") as f:
        f.write("lat,lon\n")
        for lat, lon in centres:
            f.write(f"{_number(lat)},{_number(lon)}\n")


def render(binary, tmp_path, args, index=False):
    """Runs `geofield render --npy` with args; returns the array (and the index array)."""
    npy = tmp_path / "field.npy"
    extra = ["--index", str(tmp_path / "index.npy")] if index else []
    run = subprocess.run([binary, "render", *args, "--npy", str(npy), *extra],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    values = numpy.load(npy)
    return (values, numpy.load(tmp_path / "index.npy")) if index else values


def render_error(binary, tmp_path, args):
    """The message render prints for bad args, as the library words it: without the
    "geofield: error: " prefix and the " (typed '...')" the command line adds."""
    run = subprocess.run([binary, "render", *args, "--npy", str(tmp_path / "never.npy")],
                         capture_output=True, text=True)
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert not (tmp_path / "never.npy").exists()
    line = run.stderr.strip().splitlines()[-1]
    assert line.startswith("geofield: error: "), line
    return re.sub(r" \(typed '.*'\)$", "", line[len("geofield: error: "):])
