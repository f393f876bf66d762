"""cmake --install: the binary and the GeoTIFF and NetCDF writer modules land where the
installed binary finds them (P/bin, P/lib*/geofield), with the coastlines' and the font's notices
(P/share/doc/geofield), and the installed binary exports a GeoTIFF, a NetCDF file and a figure
(its font is in the binary). libgeofield lands with its header, CMake package and pkg-config file, and a C
program builds against each; the Python package lands beside them and finds its library with
no help; `pip install ./python` installs the package into a virtual environment offline."""

import glob
import os
import re
import shutil
import subprocess
import sys
import unittest

from geofield_e2e import RenderTestCase

BUILD = os.environ.get("GEOFIELD_BUILD_DIR")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY = os.path.join(BUILD or "", "libgeofield", "libgeofield.so")


def sanitized_build():
    """Whether BUILD was made with a sanitizer: its libgeofield then needs the sanitizer's
    runtime in the program that loads it (Python, a C program built here), which the normal
    build's run of these tests does not need."""
    try:
        with open(os.path.join(BUILD, "CMakeCache.txt")) as f:
            return "-fsanitize" in f.read()
    except (OSError, TypeError):
        return False


NOT_SANITIZED = unittest.skipIf(sanitized_build(), "a sanitized libgeofield is loaded only by "
                                "sanitized programs; the normal build runs this test")


@unittest.skipUnless(BUILD and shutil.which("cmake"), "no build folder given or no cmake")
class Install(RenderTestCase):

    def test_installed_binary_finds_its_writer_modules(self):
        prefix = self.path("prefix")
        r = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix],
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        installed = sorted(os.path.relpath(os.path.join(d, f), prefix)
                           for d, _, files in os.walk(prefix) for f in files)
        program = [f for f in installed if not self.is_library_part(f)]
        self.assertEqual(len(program), 7, installed)
        self.assertEqual(program[0], "bin/geofield")
        self.assertRegex(program[1], r"^lib[^/]*(/[^/]+)?/geofield/libgeofield_geotiff\.so$")
        self.assertRegex(program[2], r"^lib[^/]*(/[^/]+)?/geofield/libgeofield_netcdf\.so$")
        # The coastlines are in the binary; their source and licences beside it.
        self.assertEqual(program[3], "share/doc/geofield/coastlines-README.md")
        # So is the figures' font (DejaVu Sans): its origin and licence beside it.
        self.assertEqual(program[4], "share/doc/geofield/fonts-README.md")
        # And the place names (GeoNames): their origin and licence (CC BY) beside it.
        self.assertEqual(program[5], "share/doc/geofield/places-README.md")
        # The man page, made from the option table as --help is.
        self.assertEqual(program[6], "share/man/man1/geofield.1")
        with open(os.path.join(prefix, program[6]), encoding="utf-8") as f:
            page = f.read()
        self.assertIn(".TH GEOFIELD 1", page)
        self.assertIn(".B \\-\\-figure \" FILE\"\n", page)
        env = dict(os.environ)
        env.pop("GEOFIELD_GEOTIFF_PLUGIN", None)
        env.pop("GEOFIELD_NETCDF_PLUGIN", None)
        r = subprocess.run([os.path.join(prefix, "bin", "geofield"), "render", "--size", "16x8",
                            "--geotiff", "f.tif", "--backend", "cpu"], cwd=self.dir,
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote f.tif (GeoTIFF, float32, 16 x 8 nodes)", r.stderr)
        with open(self.path("f.tif"), "rb") as f:
            self.assertIn(f.read(4), (b"II*\0", b"MM\0*"))  # a TIFF, whoever reads it
        r = subprocess.run([os.path.join(prefix, "bin", "geofield"), "render", "--size", "16x8",
                            "--netcdf", "f.nc", "--backend", "cpu"], cwd=self.dir,
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote f.nc (NetCDF-4, CF-1.8, float32, 16 x 8 nodes)", r.stderr)
        with open(self.path("f.nc"), "rb") as f:
            self.assertEqual(f.read(8), b"\x89HDF\r\n\x1a\n")  # NetCDF-4 is HDF5
        r = subprocess.run([os.path.join(prefix, "bin", "geofield"), "render", "--figure", "f.png",
                            "--figure-width", "400", "--backend", "cpu"], cwd=self.dir,
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote f.png (figure, 400 pixels wide)", r.stderr)


    @staticmethod
    def is_library_part(path):
        return (path.startswith("include/") or "/python3/" in path or "/cmake/geofield/" in path
                or "/pkgconfig/" in path or re.search(r"/libgeofield\.so(\.|$)", path) is not None
                or re.search(r"/geofield/libgeofield_gl\.so$", path) is not None)

    def install(self):
        prefix = self.path("prefix")
        r = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix],
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        return prefix

    @NOT_SANITIZED
    def test_library_header_cmake_package_and_pkg_config(self):
        prefix = self.install()
        libs = glob.glob(os.path.join(prefix, "lib*", "**", "libgeofield.so*"), recursive=True)
        self.assertEqual(sorted(os.path.basename(f) for f in libs),
                         ["libgeofield.so", "libgeofield.so.0.1.0", "libgeofield.so.1"])
        self.assertTrue(os.path.isfile(os.path.join(prefix, "include", "geofield.h")))
        smoke = os.path.join(SOURCE, "tests", "capi", "c_api_smoke.c")
        # pkg-config, with only the installed prefix to go on.
        pc_dir = os.path.dirname(glob.glob(os.path.join(prefix, "lib*", "**", "geofield.pc"),
                                           recursive=True)[0])
        env = dict(os.environ, PKG_CONFIG_PATH=pc_dir)
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "geofield"], env=env,
                               capture_output=True, text=True, check=True).stdout.split()
        self.assertIn("-lgeofield", flags)
        exe = self.path("smoke-pc")
        subprocess.run(["cc", "-std=c99", "-Wall", "-Werror", smoke, "-o", exe, *flags, "-lm"],
                       check=True, timeout=120)
        lib_dir = os.path.dirname(libs[0])
        r = subprocess.run([exe], capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, LD_LIBRARY_PATH=lib_dir))
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("backend cpu (asked for) | --lat: latitude 95 is outside [-90, 90]", r.stdout)
        # find_package(geofield) in a project of its own.
        project = self.path("consumer")
        os.makedirs(project)
        shutil.copy(smoke, os.path.join(project, "smoke.c"))
        with open(os.path.join(project, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.25)\nproject(consumer C)\n"
                    "find_package(geofield 0.1 REQUIRED)\nadd_executable(smoke smoke.c)\n"
                    "target_link_libraries(smoke PRIVATE geofield::geofield m)\n")
        build = os.path.join(project, "build")
        for cmd in (["cmake", "-S", project, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}"],
                    ["cmake", "--build", build]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        r = subprocess.run([os.path.join(build, "smoke")], capture_output=True, text=True,
                           timeout=120)  # the imported target's RPATH finds the library
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    @NOT_SANITIZED
    def test_installed_python_package_finds_its_library(self):
        prefix = self.install()
        env = {k: v for k, v in os.environ.items() if k != "GEOFIELD_LIBRARY"}
        env["PYTHONPATH"] = os.path.join(prefix, "lib", "python3", "dist-packages")
        env.pop("GEOFIELD_GL_MODULE", None)
        # The gl backend from the module installed in lib/geofield/, beside the library's folder.
        code = ("import geofield, numpy; a = geofield.field(size=(16, 8)); "
                "g = geofield.field(size=(16, 8), backend='gl'); "
                "print(a.shape, a.dtype, geofield.__file__); "
                "print('gl within', float(numpy.abs(g - a).max() / numpy.abs(a).max()))")
        r = subprocess.run([sys.executable, "-c", code], env=env, cwd=self.dir,
                           capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("(8, 16) float32 " + prefix, r.stdout)
        # float arithmetic on both sides: within the float field's bound (2e-6 relative), doubled
        self.assertLess(float(r.stdout.split("gl within ")[1]), 4e-6, r.stdout)

    @NOT_SANITIZED
    def test_pip_installs_the_package_offline(self):
        venv = self.path("venv")
        subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv],
                       check=True, timeout=300)
        py = os.path.join(venv, "bin", "python")
        # The library of the build under test goes into the package (a checkout holding several
        # builds is asked which one).
        r = subprocess.run([py, "-m", "pip", "install", "--no-index", "--no-build-isolation",
                            os.path.join(SOURCE, "python")], capture_output=True, text=True,
                           timeout=300, cwd=self.dir,
                           env=dict(os.environ, GEOFIELD_LIBRARY=LIBRARY))
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        env = dict(os.environ, GEOFIELD_LIBRARY=LIBRARY)
        env.pop("PYTHONPATH", None)
        code = ("import geofield; a = geofield.field(size=(16, 8)); "
                "print(a.shape, geofield.__version__, geofield.__file__)")
        r = subprocess.run([py, "-c", code], env=env, cwd=self.dir, capture_output=True,
                           text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("(8, 16) 0.1.0 " + venv, r.stdout)


if __name__ == "__main__":
    unittest.main()
