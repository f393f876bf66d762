"""geofield render end to end: the PNG is the colormapped field at the right size, the .npy
round-trips through numpy.load with the right shape, dtype and values."""

import unittest

import numpy as np
from PIL import Image

from geofield_e2e import (R_KM, RenderTestCase, grid_coordinates, haversine, luminance,
                          numba_seed)

VIRIDIS_LOW = np.array([68, 1, 84])     # viridis at 0: dark purple
VIRIDIS_HIGH = np.array([253, 231, 37])  # viridis at 1: yellow


class RenderOutputs(RenderTestCase):

    def test_png_of_the_default_view_is_a_viridis_picture_of_the_field(self):
        self.render_ok("--size", "200x100", "--png", "view.png", "--npy", "view.npy")
        self.assertEqual(self.files(), ["view.npy", "view.png"])
        with Image.open(self.path("view.png")) as im:
            self.assertEqual(im.format, "PNG")
            self.assertEqual(im.size, (200, 100))
            rgb = np.asarray(im.convert("RGB"))
        self.assertEqual(rgb.shape, (100, 200, 3))
        lum = luminance(rgb)
        # The reference (30, 101) is on the east edge, halfway down: the darkest pixels.
        row, col = np.unravel_index(np.argmin(lum), lum.shape)
        self.assertGreaterEqual(col, 197)
        self.assertIn(row, range(47, 53))
        # The ends of the colour range are viridis' ends.
        self.assertLessEqual(np.abs(rgb[row, col].astype(int) - VIRIDIS_LOW).max(), 12)
        far = np.unravel_index(np.argmax(lum), lum.shape)
        self.assertLessEqual(np.abs(rgb[far].astype(int) - VIRIDIS_HIGH).max(), 12)
        self.assertEqual(far[1], 0, "the farthest nodes are on the west edge")
        # Brightness follows the field: viridis' luminance grows along the map.
        field = np.load(self.path("view.npy"))
        rank_corr = np.corrcoef(np.argsort(np.argsort(field.ravel())),
                                np.argsort(np.argsort(lum.ravel())))[0, 1]
        self.assertGreater(rank_corr, 0.99)
        # Many colours, not a flat or black picture.
        self.assertGreater(len(np.unique(rgb.reshape(-1, 3), axis=0)), 100)

    def test_reverse_swaps_the_ends_of_the_colormap(self):
        self.render_ok("--size", "120x60", "--reverse", "--png", "rev.png")
        with Image.open(self.path("rev.png")) as im:
            rgb = np.asarray(im.convert("RGB"))
        lum = luminance(rgb)
        row, col = np.unravel_index(np.argmax(lum), lum.shape)
        self.assertGreaterEqual(col, 117, "brightest at the reference when reversed")
        self.assertLessEqual(np.abs(rgb[row, col].astype(int) - VIRIDIS_HIGH).max(), 12)

    def test_npy_float32_matches_numpy_haversine(self):
        self.render_ok("--size", "300x200", "--npy", "f.npy")
        self.assertEqual(self.files(), ["f.npy"])
        f = np.load(self.path("f.npy"))
        self.assertEqual(f.shape, (200, 300))
        self.assertEqual(f.dtype, np.dtype("<f4"))
        lon, lat = grid_coordinates((29, 31), (99, 101), 300, 200)
        d = haversine(30.0, 101.0, lat, lon, R_KM)
        bound = 2e-6 * np.abs(d).max() + 2e-6 * np.abs(d)
        self.assertTrue(np.all(np.abs(f - d) <= bound), np.abs(f - d).max())
        # Row 0 is north: the north-west corner is (31, 99).
        self.assertAlmostEqual(float(f[0, 0]), haversine(30, 101, 31, 99, R_KM), delta=1e-3)

    def test_npy_f64_is_float64_and_double_accurate(self):
        self.render_ok("--lat", "-60:60", "--lon", "-170:170", "--size", "257x129",
                       "--ref", "10,-20", "--npy", "d.npy", "--f64")
        d = np.load(self.path("d.npy"))
        self.assertEqual(d.shape, (129, 257))
        self.assertEqual(d.dtype, np.dtype("<f8"))
        lon, lat = grid_coordinates((-60, 60), (-170, 170), 257, 129)
        ref = haversine(10.0, -20.0, lat, lon, R_KM)
        # Far from the antipode numpy's textbook form is good to ~1e-12 relative.
        np.testing.assert_allclose(d, ref, rtol=1e-10, atol=1e-9)

    def test_antimeridian_grid_in_nautical_miles(self):
        self.render_ok("--lat", "-10:10", "--lon", "170:-170", "--size", "41x21",
                       "--ref", "0,180", "--units", "nm", "--npy", "a.npy", "--f64")
        a = np.load(self.path("a.npy"))
        lon, lat = grid_coordinates((-10, 10), (170, -170), 41, 21)
        self.assertAlmostEqual(lon[0, -1], 190.0)
        np.testing.assert_allclose(a, haversine(0, 180, lat, lon, R_KM / 1.852),
                                   rtol=1e-10, atol=1e-9)
        self.assertAlmostEqual(a[10, 20], 0.0, delta=1e-9)  # the reference is the centre node
        self.assertAlmostEqual(a[10, 0], 600.0 * R_KM / (1.852 * 60 * 180 / np.pi), delta=1e-6)

    def test_seed_formula_in_metres_with_another_radius(self):
        self.render_ok("--formula", "seed", "--units", "m", "--radius", "1737.4",
                       "--size", "64x48", "--npy", "s.npy", "--f64")
        s = np.load(self.path("s.npy"))
        lon, lat = grid_coordinates((29, 31), (99, 101), 64, 48)
        np.testing.assert_allclose(s, numba_seed(30.0, 101.0, lat, lon, 1737.4e3),
                                   rtol=1e-10, atol=1e-9)

    def test_whole_globe_reaches_the_antipode(self):
        self.render_ok("--lat", "-90:90", "--lon", "-180:180", "--size", "361x181",
                       "--units", "mi", "--npy", "g.npy", "--png", "g.png")
        g = np.load(self.path("g.npy"))
        half = np.pi * R_KM / 1.609344
        # The antipode of (30, 101) is (-30, -79): row 120, column 101.
        self.assertAlmostEqual(float(g[120, 101]), half, delta=2e-6 * half)
        self.assertAlmostEqual(float(g.max()), half, delta=2e-6 * half)
        # The poles are one point: every column of rows 0 and 180 has the same value.
        self.assertLess(np.ptp(g[0]), 1e-3)
        self.assertLess(np.ptp(g[180]), 1e-3)
        with Image.open(self.path("g.png")) as im:
            self.assertEqual(im.size, (361, 181))

    def test_negative_values_with_a_space_or_an_equals_sign(self):
        self.render_ok("--lat", "-10:10", "--lon", "-20:-5", "--ref", "-3,-12",
                       "--size", "31x21", "--npy", "space.npy")
        self.render_ok("--lat=-10:10", "--lon=-20:-5", "--ref=-3,-12",
                       "--size=31x21", "--npy=equals.npy")
        a, b = np.load(self.path("space.npy")), np.load(self.path("equals.npy"))
        np.testing.assert_array_equal(a, b)
        lon, lat = grid_coordinates((-10, 10), (-20, -5), 31, 21)
        d = haversine(-3.0, -12.0, lat, lon, R_KM)
        self.assertTrue(np.all(np.abs(a - d) <= 2e-6 * d.max() + 2e-6 * d))

    def test_gl_backend_writes_the_cpu_backends_field(self):
        grid = ["--lat", "-90:90", "--lon", "-180:180", "--size", "361x181", "--ref", "30,101"]
        for formula in ("haversine", "seed"):
            for extra, rtol in (([], 2e-6), (["--f64"], 1e-11)):
                with self.subTest(formula=formula, f64=bool(extra)):
                    fields = {}
                    for backend in ("cpu", "gl"):
                        r = self.render_ok(*grid, "--formula", formula, "--backend", backend,
                                           "--npy", f"{backend}.npy", *extra)
                        self.assertIn(f"backend {backend} (asked for)", r.stderr)
                        fields[backend] = np.load(self.path(f"{backend}.npy"))
                    cpu, gl = fields["cpu"], fields["gl"]
                    self.assertEqual(gl.dtype, cpu.dtype)
                    scale = np.abs(cpu).max()
                    bad = np.abs(gl.astype(float) - cpu) > rtol * (np.abs(cpu) + scale)
                    self.assertFalse(bad.any(), f"{bad.sum()} nodes differ beyond {rtol}")

    def test_existing_output_is_replaced_whole(self):
        with open(self.path("out.npy"), "wb") as f:
            f.write(b"old" * 100000)
        self.render_ok("--size", "10x10", "--npy", "out.npy")
        self.assertEqual(np.load(self.path("out.npy")).shape, (10, 10))
        self.assertEqual(self.files(), ["out.npy"])


if __name__ == "__main__":
    unittest.main()
