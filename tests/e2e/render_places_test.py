"""geofield render --ref by place name and by Maidenhead locator (issue 29): the built-in
gazetteer's point is the field's zero, an ambiguous name lists its candidates and an unknown
one or a bad locator is refused, each in one line with exit status 2 and nothing written; a
figure's title names the place."""

import subprocess
import unittest

import numpy as np

from geofield_e2e import RenderTestCase

# A 0.01° grid about Rome: GeoNames puts Rome at 41.89193°N 12.51133°E.
ROME_GRID = ["--lat", "41:43", "--lon", "11.5:13.5", "--size", "201x201", "--backend", "cpu"]


class RenderPlaces(RenderTestCase):

    def zero_of(self, *args):
        """The (lat, lon) of the grid node nearest the reference, and the distance there."""
        r = self.run_geofield("render", *ROME_GRID, *args, "--npy", "f.npy")
        self.assertEqual(r.returncode, 0, r.stderr)
        field = np.load(self.path("f.npy"))
        i, j = np.unravel_index(np.argmin(field), field.shape)
        return (43 - i * 0.01, 11.5 + j * 0.01, float(field[i, j])), r.stderr

    def refused(self, ref):
        r = self.run_geofield("render", *ROME_GRID, "--ref", ref, "--npy", "refused.npy")
        self.assertEqual(r.returncode, 2, r.stderr)
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertTrue(lines[0].startswith("geofield: error: --ref: "), lines[0])
        self.assertLessEqual(len(lines[0].encode()), 512 + len("geofield: error: "))
        self.assertNotIn("refused.npy", self.files())
        return lines[0]

    def test_rome_is_rome_italy(self):
        (lat, lon, d), err = self.zero_of("--ref", "Rome")
        self.assertIn("geofield: reference Rome, Italy at 41.89193,12.51133", err)
        self.assertAlmostEqual(lat, 41.89, delta=0.006)
        self.assertAlmostEqual(lon, 12.51, delta=0.006)
        self.assertLess(d, 1.0)  # km: within the node's half-diagonal
        # Case and accents do not matter; the point is the same.
        (lat2, lon2, _), _ = self.zero_of("--ref", "ROME")
        self.assertEqual((lat2, lon2), (lat, lon))

    def test_a_country_narrows_a_name(self):
        for ref in ("Paris, France", "paris, FR", "Paris, FRA"):
            r = self.run_geofield("render", "--ref", ref, "--size", "8x8", "--backend", "cpu",
                                  "--npy", "p.npy")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("geofield: reference Paris, France at 48.85341,2.34880", r.stderr)
        r = self.run_geofield("render", "--ref", "Paris, Texas", "--size", "8x8", "--backend",
                              "cpu", "--npy", "p.npy")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("geofield: reference Paris, Texas at 33.66094,-95.55551", r.stderr)

    def test_springfield_lists_its_candidates(self):
        line = self.refused("Springfield")
        self.assertIn("'Springfield' names 5 places of comparable population", line)
        for candidate in ("Springfield, Missouri, United States (37.22,-93.30)",
                          "Springfield, Massachusetts, United States (42.10,-72.59)",
                          "Springfield, Illinois, United States (39.80,-89.64)"):
            self.assertIn(candidate, line)
        r = self.run_geofield("render", "--ref", "Springfield, Illinois", "--size", "8x8",
                              "--backend", "cpu", "--npy", "s.npy")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("reference Springfield, Illinois at 39.80172,-89.64371",
                      r.stderr)

    def test_unknown_names_are_refused(self):
        line = self.refused("Xyzzy")
        self.assertIn("no place named 'Xyzzy' in the built-in gazetteer", line)
        self.assertIn("JN61fv", line)  # the forms accepted
        line = self.refused("Paris, Germany")
        self.assertIn("none of the 7 places of that name is in that country or region", line)

    def test_a_maidenhead_locator_is_its_squares_centre(self):
        (lat, lon, d), err = self.zero_of("--ref", "jn61FV")
        self.assertIn("geofield: reference JN61fv at 41.89583,12.45833", err)
        self.assertAlmostEqual(lat, 41.9, delta=0.006)
        self.assertAlmostEqual(lon, 12.46, delta=0.006)
        for bad in ("JS61", "JN61f", "JN61fy5"):
            with self.subTest(locator=bad):
                line = self.refused(bad)
                self.assertIn("is not a Maidenhead locator of 2, 4, 6 or 8 characters", line)

    def test_a_figure_is_titled_with_the_place(self):
        r = self.run_geofield("render", "--ref", "Rome", "--lat", "40:44", "--lon", "10:15",
                              "--figure-width", "800", "--figure", "f.pdf", "--backend", "cpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        text = subprocess.run(["pdftotext", self.path("f.pdf"), "-"], capture_output=True,
                              text=True, check=True).stdout
        self.assertIn("Distance from Rome, Italy", text)
        self.assertNotIn("41.9°N", text.split("\n")[0])


if __name__ == "__main__":
    unittest.main()
