"""geofield --help and geofield render --help explain the commands and every option."""

import unittest

from geofield_e2e import RenderTestCase

VIEW_OPTIONS = ["--lat", "--lon", "--size", "--ref", "--formula", "--units", "--radius", "--ellipsoid",
                "--backend", "--colormap"]


class Help(RenderTestCase):

    def test_top_level_help(self):
        r = self.run_geofield("--help")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("render", r.stdout)
        for option in VIEW_OPTIONS:
            self.assertIn(option, r.stdout)
        self.assertEqual(self.files(), [])

    def test_render_help_lists_every_option_with_its_form(self):
        r = self.run_geofield("render", "--help")
        self.assertEqual(r.returncode, 0, r.stderr)
        for option in VIEW_OPTIONS + ["--png", "--npy", "--geotiff", "--f64", "--figure",
                                      "--figure-width", "--dpi", "--title"]:
            self.assertIn(option, r.stdout)
        for form in ("MIN:MAX", "NXxNY", "LAT,LON", "A_KM,INV_F", "haversine", "seed", "wgs84", "km", "nm", "mi",
                     "auto", "cpu", "cuda", "29:31", "99:101", "1000x1000", "30,101", "6371.0088"):
            self.assertIn(form, r.stdout)
        self.assertEqual(self.files(), [])

    def test_version(self):
        r = self.run_geofield("--version")
        self.assertEqual(r.returncode, 0)
        self.assertIn("geofield", r.stdout)


if __name__ == "__main__":
    unittest.main()
