"""Shared helpers for the end-to-end tests: run the built geofield binary in a fresh folder
and compute reference fields with numpy, independently of the C++ math."""

import json
import os
import re
import resource
import signal
import subprocess
import tempfile
import unittest
import warnings

import numpy as np

R_KM = 6371.0088  # IUGG mean radius, the documented default


def import_xarray():
    """xarray with its netCDF4 engine loaded (rather than mid-test), or None where either is
    not installed (Debian: python3-xarray, python3-netcdf4)."""
    try:
        # Debian's netCDF4 and cftime, built against another numpy, say so once on import.
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="numpy.ndarray size changed")
            import netCDF4  # noqa: F401
            import xarray
        return xarray
    except ImportError:
        return None


def binary():
    path = os.environ.get("GEOFIELD_BIN")
    if not path or not os.path.exists(path):
        raise unittest.SkipTest("GEOFIELD_BIN does not name the built geofield binary")
    return path


def check_no_sanitizer_report(test, result):
    """In a sanitized build (scripts/test-asan.sh) a report fails the test, also where it only
    expects a non-zero exit (the report's own exit status, 86, fails the rest)."""
    report = re.search(r"^SUMMARY: \w*Sanitizer|runtime error: ", result.stderr or "", re.M)
    test.assertIsNone(report, f"sanitizer report:\n{result.stderr}")
    return result


class RenderTestCase(unittest.TestCase):
    """Each test runs in its own empty folder, so 'no output file' is checkable."""

    def setUp(self):
        self._dir = tempfile.TemporaryDirectory(prefix="geofield-e2e-")
        self.dir = self._dir.name

    def tearDown(self):
        self._dir.cleanup()

    def run_geofield(self, *args):
        return check_no_sanitizer_report(self, subprocess.run(
            [binary(), *args], cwd=self.dir, capture_output=True, text=True, timeout=300))

    def render_with_1mb_file_limit(self, *args):
        """geofield render under a 1 MB file-size limit: a bigger write fails with EFBIG."""
        def limit_file_size():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG from write(), not a signal
            resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))

        return check_no_sanitizer_report(self, subprocess.run(
            [binary(), "render", *args], cwd=self.dir, capture_output=True, text=True, timeout=300,
            preexec_fn=limit_file_size))

    def render_ok(self, *args):
        r = self.run_geofield("render", *args)
        self.assertEqual(r.returncode, 0, f"geofield render {' '.join(args)}:\n{r.stderr}")
        return r

    def render_refused(self, *args, words=()):
        """geofield render refuses: exit status 2 and one line holding each of `words`."""
        r = self.run_geofield("render", *args)
        self.assertEqual(r.returncode, 2, r.stderr)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        self.assertEqual(len(lines), 1, r.stderr)
        for w in words:
            self.assertIn(w, lines[0])
        return lines[0]

    def path(self, name):
        return os.path.join(self.dir, name)

    def files(self):
        return sorted(os.listdir(self.dir))


class GdalReads:
    """GDAL's own reading of a file in the test's folder (a mixin for RenderTestCase)."""

    def gdalinfo(self, name):
        out = subprocess.run(["gdalinfo", "-json", self.path(name)], capture_output=True,
                             text=True, check=True).stdout
        return json.loads(out)

    def tile_part(self, name):
        """The nodes of the whole grid that GeoTIFF tile `name` holds (its GEOFIELD_TILE_NODES),
        as a pair of slices."""
        md = self.gdalinfo(name)["metadata"][""]
        row0, col0, nx, ny = map(int, md["GEOFIELD_TILE_NODES"].split(","))
        return slice(row0, row0 + ny), slice(col0, col0 + nx)

    def values(self, name, dtype):
        """The band as GDAL reads it, through a raw (ENVI) copy elsewhere: the exact bits."""
        nx, ny = self.gdalinfo(name)["size"]
        with tempfile.TemporaryDirectory(prefix="geofield-e2e-raw-") as d:
            raw = os.path.join(d, "band.raw")
            subprocess.run(["gdal_translate", "-q", "-of", "ENVI", self.path(name), raw],
                           check=True)
            return np.fromfile(raw, dtype=dtype).reshape(ny, nx)


def grid_coordinates(lat, lon, nx, ny):
    """Node coordinates per DESIGN.md's grid contract: row 0 north, dlon in (0, 360]."""
    lat_min, lat_max = lat
    lon_min, lon_max = lon
    dlon = (lon_max - lon_min) % 360.0
    if dlon <= 0:
        dlon += 360.0
    lats = lat_max - np.arange(ny) * (lat_max - lat_min) / (ny - 1)
    lons = lon_min + np.arange(nx) * dlon / (nx - 1)
    return np.meshgrid(lons, lats)  # each (ny, nx)


def haversine(lat_r, lon_r, lat, lon, radius):
    """Great-circle distance in double, 2 R atan2(sqrt(a), sqrt(1 - a)) from the textbook."""
    p1, p2 = np.radians(lat_r), np.radians(lat)
    a = (np.sin((p2 - p1) / 2) ** 2
         + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon - lon_r) / 2) ** 2)
    a = np.clip(a, 0.0, 1.0)
    return 2 * radius * np.arctan2(np.sqrt(a), np.sqrt(1 - a))


def numba_seed(lat_r, lon_r, lat, lon, radius):
    """The original answer's expression, literally."""
    a = (np.sin(0.008726645 * (lat - lat_r)) ** 2
         + np.cos(0.01745329 * lat_r) * np.cos(0.01745329 * lat)
         * np.sin(0.008726645 * (lon - lon_r)) ** 2)
    return np.arctan2(a, 1 - a) * 2 * radius


def luminance(rgb):
    rgb = rgb.astype(np.float64)
    return 0.2126 * rgb[..., 0] + 0.7152 * rgb[..., 1] + 0.0722 * rgb[..., 2]
