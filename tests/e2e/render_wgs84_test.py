"""geofield render --formula wgs84 end to end: the .npy (float64 with --f64, float32 as the double
rounded) read back against GeographicLib's Python port (python3-geographiclib, Karney's own
code) node by node, on WGS84 and on another ellipsoid, in metres and kilometres; --backend
auto renders it (CPU or CUDA, never GL) as the CPU does; an aeqd map's field; the GeoTIFF's
description names the ellipsoid; and the refusals (--ellipsoid without wgs84, --radius with it, bad ellipsoids,
--backend gl)."""

import shutil
import subprocess
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, grid_coordinates

try:
    from geographiclib.geodesic import Geodesic
except ImportError:  # Debian's python3-geographiclib (scripts/deps.sh installs it)
    Geodesic = None

HAVE_GDAL = shutil.which("gdalinfo") is not None
MAX_ERROR_M = 1e-6  # the C++ field is within 1.5e-8 m of the C++ GeographicLib


def oracle_metres(geod, ref, lat, lon, nx, ny):
    lons, lats = grid_coordinates(lat, lon, nx, ny)
    out = np.empty((ny, nx))
    for i in range(ny):
        for j in range(nx):
            out[i, j] = geod.Inverse(ref[0], ref[1], lats[i, j], lons[i, j],
                                     Geodesic.DISTANCE)["s12"]
    return out


@unittest.skipIf(Geodesic is None, "python3-geographiclib is not installed")
class RenderWgs84(RenderTestCase):

    def check_npy(self, geod, extra, lat, lon, nx, ny, ref, metres_per_unit):
        args = ["--formula", "wgs84", "--lat", f"{lat[0]}:{lat[1]}", "--lon",
                f"{lon[0]}:{lon[1]}", "--size", f"{nx}x{ny}", "--ref", f"{ref[0]},{ref[1]}",
                "--backend", "cpu", *extra]
        self.render_ok(*args, "--npy", "d.npy", "--f64")
        self.render_ok(*args, "--npy", "f.npy")
        d, f = np.load(self.path("d.npy")), np.load(self.path("f.npy"))
        self.assertEqual(d.dtype, np.float64)
        self.assertEqual(f.dtype, np.float32)
        self.assertEqual(d.shape, (ny, nx))
        expected = oracle_metres(geod, ref, lat, lon, nx, ny)
        err = np.abs(d * metres_per_unit - expected).max()
        self.assertLess(err, MAX_ERROR_M)
        # The float field is the double value rounded (there is no float geodesic).
        np.testing.assert_array_equal(f, d.astype(np.float32))
        return err

    def test_wgs84_npy_is_geographiclib(self):
        err = self.check_npy(Geodesic.WGS84, [], (-60, 75), (170, -150), 61, 46, (30, 101), 1000.0)
        err = max(err, self.check_npy(Geodesic.WGS84, ["--units", "m"], (-90, 90), (-180, 180),
                                      37, 19, (-89.5, 10), 1.0))
        # the antipode of (30, 100) on the grid: the astroid's region
        err = max(err, self.check_npy(Geodesic.WGS84, ["--units", "nm"], (-31, -29), (-81, -79),
                                      21, 21, (30, 100), 1852.0))
        print(f"wgs84 .npy against GeographicLib (Python): max |error| {err:.2e} m")

    def test_other_ellipsoid(self):
        mars = Geodesic(3396190.0, 1 / 169.894)
        err = self.check_npy(mars, ["--ellipsoid", "3396.19,169.894"], (-80, 80), (0, 360), 37, 33,
                             (-20, 40), 1000.0)
        sphere = Geodesic(6371008.8, 0)
        err = max(err, self.check_npy(sphere, ["--ellipsoid", "6371.0088,0"], (-80, 80),
                                      (0, 360), 19, 17, (10, 0), 1000.0))
        print(f"other ellipsoids against GeographicLib (Python): max |error| {err:.2e} m")

    def test_auto_backend_renders_it(self):
        # auto: CUDA where a CUDA device runs the GL context, the CPU here; never gl.
        r = self.render_ok("--formula", "wgs84", "--size", "64x48", "--png", "a.png", "--npy",
                           "a.npy", "--f64", "--contours", "50", "--figure", "fig.png")
        self.assertRegex(r.stderr, r"geofield: backend (cpu|cuda)")
        v = np.load(self.path("a.npy"))
        ref = self.render_ok("--formula", "wgs84", "--size", "64x48", "--backend", "cpu", "--npy",
                             "b.npy", "--f64")
        # CUDA's values differ from the CPU's in the last bits (fused multiply-adds): 5e-8 m.
        np.testing.assert_allclose(v, np.load(self.path("b.npy")), rtol=1e-11, atol=5e-11)
        for name in ("a.png", "fig.png"):
            with open(self.path(name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_aeqd_map(self):
        # On the sphere of the ellipsoid's mean radius: the antipode's circle at pi R1.
        r1 = 6378.137 * (1 - 1 / (3 * 298.257223563))
        half = np.pi * r1
        nx = ny = 81
        self.render_ok("--formula", "wgs84", "--projection", "aeqd", "--ref", "30,101",
                       "--extent", str(half), "--size", f"{nx}x{ny}", "--backend", "cpu",
                       "--npy", "a.npy", "--f64")
        v = np.load(self.path("a.npy"))
        step = 2 * half / (nx - 1)
        x = -half + np.arange(nx) * step
        xx, yy = np.meshgrid(x, x[::-1])
        rho = np.hypot(xx, yy)
        inside, beyond = rho < half * (1 - 1e-6), rho > half * (1 + 1e-6)
        self.assertTrue(np.isnan(v[beyond]).all())
        self.assertFalse(np.isnan(v[inside]).any())
        self.assertEqual(v[ny // 2, nx // 2], 0.0)
        # The map is spherical, the distance ellipsoidal: within a few tenths of a percent.
        np.testing.assert_allclose(v[inside], rho[inside], rtol=5e-3, atol=30.0)

    @unittest.skipUnless(HAVE_GDAL, "gdalinfo not installed")
    def test_geotiff_names_the_ellipsoid(self):
        self.render_ok("--formula", "wgs84", "--ellipsoid", "3396.19,169.894", "--size", "16x16",
                       "--backend", "cpu", "--geotiff", "a.tif")
        info = subprocess.run(["gdalinfo", self.path("a.tif")], capture_output=True, text=True)
        self.assertIn("wgs84 distance", info.stdout)
        self.assertIn("Mars (a = 3396.19 km, 1/f = 169.894)", info.stdout)

    def test_refusals(self):
        cases = [
            (["--ellipsoid", "6378.137,298.257223563"], "--ellipsoid: applies to --formula wgs84"),
            (["--formula", "seed", "--ellipsoid", "6378,298"], "--ellipsoid: applies"),
            (["--formula", "wgs84", "--radius", "6371"], "--radius: --formula wgs84"),
            (["--formula", "wgs84", "--ellipsoid", "6378.137"], "--ellipsoid"),
            (["--formula", "wgs84", "--ellipsoid", "6378,40"], "--ellipsoid: INV_F 40"),
            (["--formula", "wgs84", "--ellipsoid", "6378,-298"], "--ellipsoid: INV_F -298"),
            (["--formula", "wgs84", "--ellipsoid", "0,298"], "--ellipsoid: A_KM 0"),
            (["--formula", "wgs84", "--backend", "gl"], "--backend gl: the gl backend does not"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                r = self.run_geofield("render", *args, "--npy", "a.npy")
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
