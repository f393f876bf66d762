"""The Python wheel (issue 31): `python3 -m pip wheel ./python` with Debian's setuptools and wheel,
offline, holds the libgeofield CMake built and its gl module; installed into a fresh virtual
environment it computes field() with no environment variable, from any directory, loading no
GL library until a gl context is asked for.

GEOFIELD_LIBRARY: the library to put in the wheel (ctest gives the build's). The system Python
(/usr/bin/python3) with pip, venv, setuptools and wheel (scripts/deps.sh)."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

PYTHON = "/usr/bin/python3"
PACKAGE = Path(__file__).resolve().parents[2] / "python"

# Run inside the installed environment from a folder outside the checkout: the values of a small
# view, where the package and its library came from, and whether any GL library was loaded
# before and after a gl context was asked for.
PROBE = r"""
import json, sys
import geofield
from geofield import _library

def gl_loaded():
    with open("/proc/self/maps") as f:
        maps = f.read()
    return sorted({n for n in ("libGL.so", "libEGL.so", "libGLX", "libOpenGL", "libgeofield_gl")
                   if n in maps})

d = geofield.field(lat=(29, 31), lon=(99, 101), size=(5, 4), ref=(30, 101))
out = {"values": d.tolist(), "package": geofield.__file__, "library": _library.library_path(),
       "gl_before": gl_loaded()}
if sys.argv[1:] == ["gl"]:
    try:
        g = geofield.field(lat=(29, 31), lon=(99, 101), size=(5, 4), ref=(30, 101), backend="gl")
        out["gl_values"] = g.tolist()
    except geofield.BackendUnavailable as e:
        out["gl_unavailable"] = str(e)
    out["gl_after"] = gl_loaded()
print(json.dumps(out))
"""


class PythonWheelTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.library = os.environ.get("GEOFIELD_LIBRARY")
        if not cls.library or not os.path.isfile(cls.library):
            raise unittest.SkipTest("GEOFIELD_LIBRARY is not the built libgeofield")
        cls.tmp = Path(tempfile.mkdtemp(prefix="geofield_wheel_"))
        # A copy of the package's sources: building in the checkout would leave build/ and
        # *.egg-info there.
        source = cls.tmp / "python"
        shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns(
            "build", "*.egg-info", "__pycache__", "tests"))
        env = dict(os.environ, GEOFIELD_LIBRARY=cls.library, PIP_NO_INPUT="1")
        run = subprocess.run([PYTHON, "-m", "pip", "wheel", "--no-build-isolation", "--no-index",
                              "--no-deps", "-w", str(cls.tmp / "dist"), str(source)],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            raise AssertionError("pip wheel failed:\n" + run.stdout + run.stderr)
        wheels = list((cls.tmp / "dist").glob("geofield-*.whl"))
        assert len(wheels) == 1, wheels
        cls.wheel = wheels[0]
        cls.venv = cls.tmp / "env"
        subprocess.run([PYTHON, "-m", "venv", "--system-site-packages", str(cls.venv)],
                       check=True)
        run = subprocess.run([str(cls.venv / "bin" / "python"), "-m", "pip", "install",
                              "--no-index", "--no-deps", str(cls.wheel)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise AssertionError("pip install failed:\n" + run.stdout + run.stderr)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def probe(self, *args):
        env = {k: v for k, v in os.environ.items()
               if k not in ("GEOFIELD_LIBRARY", "PYTHONPATH", "GEOFIELD_GL_MODULE")}
        run = subprocess.run([str(self.venv / "bin" / "python"), "-c", PROBE, *args],
                             capture_output=True, text=True, env=env, cwd=self.tmp)
        self.assertEqual(run.returncode, 0, run.stderr)
        import json

        return json.loads(run.stdout)

    def test_the_wheel_holds_the_library_and_its_gl_module(self):
        # Any Python 3 (ctypes), this platform only (a shared library).
        self.assertRegex(self.wheel.name, r"^geofield-0\.1\.0-py3-none-linux_[a-z0-9_]+\.whl$")
        with zipfile.ZipFile(self.wheel) as z:
            names = set(z.namelist())
            self.assertIn("geofield/libgeofield.so.1", names)
            self.assertIn("geofield/libgeofield_gl.so", names)
            self.assertIn("geofield/py.typed", names)
            with open(os.path.realpath(self.library), "rb") as f:
                self.assertEqual(z.read("geofield/libgeofield.so.1"), f.read())

    def test_installed_it_computes_with_no_environment_variable(self):
        out = self.probe()
        site = str(self.venv)
        self.assertTrue(out["package"].startswith(site), out["package"])
        self.assertTrue(out["library"].startswith(site), out["library"])
        self.assertTrue(out["library"].endswith("/geofield/libgeofield.so.1"), out["library"])
        self.assertEqual(out["gl_before"], [])  # no GL for the CPU
        # The values: the same library's, loaded here by path.
        sys.path.insert(0, str(PACKAGE))
        os.environ["GEOFIELD_LIBRARY"] = self.library
        import geofield

        want = geofield.field(lat=(29, 31), lon=(99, 101), size=(5, 4), ref=(30, 101))
        self.assertEqual(out["values"], want.tolist())

    def test_a_gl_context_loads_the_module_beside_the_library(self):
        out = self.probe("gl")
        self.assertEqual(out["gl_before"], [])
        if "gl_unavailable" in out:
            # No GL driver here: what was tried names the module in the installed package.
            self.assertIn(str(self.venv), out["gl_unavailable"])
            return
        self.assertIn("libgeofield_gl", out["gl_after"])
        self.assertEqual(len(out["gl_values"]), 4)


if __name__ == "__main__":
    unittest.main()
