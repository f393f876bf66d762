"""The wheel's one step beyond pyproject.toml: put libgeofield, built by CMake beforehand, into
the package, so that an installed wheel needs no GEOFIELD_LIBRARY and no cmake --install.

Which library: $GEOFIELD_LIBRARY (the path of libgeofield.so) where it is set, else the one
build folder of this checkout that has one (build*/libgeofield/). Its gl backend module
(libgeofield_gl.so, loaded only when a "gl" context is asked for) goes beside it when it is
there. Without a library the wheel is pure Python and finds one as the package does without a
wheel (GEOFIELD_LIBRARY, cmake --install's record, the dynamic loader).
"""

import glob
import os
import shutil
import sys

import setuptools
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
LIBRARY = "libgeofield.so.1"  # its soname: what the package loads from beside itself
GL_MODULE = "libgeofield_gl.so"


def _library():
    """The library to bundle, or None."""
    named = os.environ.get("GEOFIELD_LIBRARY")
    if named:
        if not os.path.isfile(named):
            sys.exit(f"geofield: GEOFIELD_LIBRARY={named} is not a file (build libgeofield first: "
                     f"cmake --build <build> --target geofield_library)")
        return os.path.realpath(named)
    found = sorted(glob.glob(os.path.join(HERE, os.pardir, "build*", "libgeofield", LIBRARY)))
    if len(found) > 1:
        sys.exit("geofield: several builds of libgeofield (" + ", ".join(found) + "); name the "
                 "one to put in the wheel: GEOFIELD_LIBRARY=<build>/libgeofield/libgeofield.so")
    return os.path.realpath(found[0]) if found else None


BUNDLED = _library()


class BuildPyWithLibrary(build_py):
    """build_py, then the library (and the gl module beside it) copied into the package."""

    def run(self):
        super().run()
        if BUNDLED is None:
            print("geofield: no libgeofield found to bundle (set GEOFIELD_LIBRARY); the wheel is "
                  "pure Python and finds the library at run time", file=sys.stderr)
            return
        target = os.path.join(self.build_lib, "geofield")
        shutil.copyfile(BUNDLED, os.path.join(target, LIBRARY))
        gl = os.path.join(os.path.dirname(BUNDLED), GL_MODULE)
        if os.path.isfile(gl):
            shutil.copyfile(gl, os.path.join(target, GL_MODULE))


commands = {"build_py": BuildPyWithLibrary}

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel
    except ImportError:
        bdist_wheel = None
if bdist_wheel is None:
    # setuptools before 70.1 builds wheels only with the wheel package: say so, rather than
    # setuptools' "invalid command 'bdist_wheel'" (pyproject.toml asks build frontends for it;
    # pip --no-build-isolation takes what the environment has).
    # (setuptools of that age runs bdist_wheel for dist_info too: pip's "Preparing metadata")
    if {"bdist_wheel", "dist_info"} & set(sys.argv):
        sys.exit("geofield: building a wheel needs the 'wheel' package with this setuptools "
                 f"({setuptools.__version__}): pip install wheel (Debian: python3-wheel), or let "
                 "pip build in isolation (without --no-build-isolation)")
else:

    class PlatformWheel(bdist_wheel):
        """A wheel holding the library is for this platform, yet for any Python 3 (the
        package loads it through ctypes): py3-none-<platform>."""

        def get_tag(self):
            python, abi, platform = super().get_tag()
            return (python, abi, platform) if BUNDLED is None else ("py3", "none", platform)

    commands["bdist_wheel"] = PlatformWheel



class Distribution(setuptools.Distribution):
    """With the library, a platform's distribution: its files go to the wheel's root (platlib),
    not to a pure wheel's .data/purelib."""

    def has_ext_modules(self):
        return BUNDLED is not None


setuptools.setup(cmdclass=commands, distclass=Distribution)
