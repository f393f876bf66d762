"""`geofield render --figure` with no other option is a finished figure (issue 29): the view
about the reference (a place by name too), rings at a suited interval with labels, graticule
labels, coastlines, borders, the marker and a plain title; each option typed wins over its
default; the default titles of a named place, of coordinates and of sites."""

import json
import math
import re
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import RenderTestCase

MAP_AT = re.compile(r"figure (\d+)x(\d+), map (\d+)x(\d+) at \((\d+), (\d+)\)")
RING_LABEL = re.compile(r"(?<!= )(?<![\d.])(\d+(?:\.\d+)?) km\b")  # not "R = 6371 km"
GRATICULE_LABEL = re.compile(r"\d°[NSEW]")  # "30°N"; the title writes "30.00° N"
# Every overlay off: the map's field alone, to find its minimum.
BARE = ("--no-contours", "--no-graticule", "--no-marker", "--no-coastlines", "--no-borders")
# The default width: the print style's 8 pt text leaves a narrower figure fewer labels.
FAST = ("--backend", "cpu", "--figure-width", "1600")


class FigureDefaultsTest(RenderTestCase):
    def pdf_text(self, *args):
        self.render_ok(*FAST, *args, "--figure", "f.pdf")
        return subprocess.run(["pdftotext", "-layout", self.path("f.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout

    def figure(self, *args, name="f.png"):
        """The PNG figure as RGB ints and its map's (x, y, w, h)."""
        r = self.render_ok(*FAST, *args, "--figure", name)
        m = MAP_AT.search(r.stderr)
        self.assertIsNotNone(m, r.stderr)
        mw, mh, mx, my = map(int, m.groups()[2:])
        with Image.open(self.path(name)) as f:
            img = np.asarray(f.convert("RGB")).astype(int)
        return img, (mx, my, mw, mh)

    def map_of(self, *args):
        img, (mx, my, mw, mh) = self.figure(*args)
        return img[my:my + mh, mx:mx + mw]

    def nearest_pixel(self, *args):
        """The centroid of the darkest colour of a bare map (viridis' first entries are the
        smallest distances) and the map's centre, in map pixels."""
        m = self.map_of(*BARE, *args)
        lum = m.sum(axis=2)
        ys, xs = np.nonzero(lum <= lum.min() + 6)
        h, w = lum.shape
        return (xs.mean(), ys.mean()), ((w - 1) / 2, (h - 1) / 2)

    def near_white(self, *args):
        m = self.map_of("--no-contours", "--no-graticule", "--no-marker", *args)
        return int((m.min(axis=2) >= 235).sum())

    def test_no_options_pdf_has_title_rings_and_graticule_labels(self):
        text = self.pdf_text()
        self.assertIn("Distance from 30.00° N, 101.00° E", text)
        self.assertNotIn("Great-circle distance from", text)  # the detail went under the bar
        self.assertIn("great-circle distance (km) · haversine, R = 6371.0088 km", text)
        rings = sorted({float(v) for v in RING_LABEL.findall(text)})
        self.assertGreaterEqual(len(rings), 5, text)
        self.assertLessEqual(len(rings), 10, text)
        step = rings[0]
        mantissa = step / 10 ** math.floor(math.log10(step))
        self.assertIn(round(mantissa, 6), (1, 2, 2.5, 5))
        self.assertEqual(rings, [step * (k + 1) for k in range(len(rings))])
        for label in ("30°N", "40°N", "100°E", "110°E"):  # 10° apart for 8 pt labels
            self.assertIn(label, text)

    def test_the_reference_is_at_the_maps_centre(self):
        got, centre = self.nearest_pixel()
        self.assertAlmostEqual(got[0], centre[0], delta=2)
        self.assertAlmostEqual(got[1], centre[1], delta=2)

    def test_a_place_alone_centres_the_figure_on_it(self):
        got, centre = self.nearest_pixel("--ref", "Rome")
        self.assertAlmostEqual(got[0], centre[0], delta=2)
        self.assertAlmostEqual(got[1], centre[1], delta=2)
        text = self.pdf_text("--ref", "Rome")
        self.assertIn("Distance from Rome, Italy", text)
        for label in ("40°N", "50°N", "10°E", "20°E"):  # the map is about 42N 12E
            self.assertIn(label, text)
        # Asked for by its region, the place is said that way (issue 29's example).
        self.assertIn("Distance from Boulder, Colorado\n",
                      self.pdf_text("--ref", "Boulder, Colorado"))

    def test_typed_bounds_place_the_view(self):
        # The default reference on the east edge of the numba answer's grid: as typed.
        got, (cx, cy) = self.nearest_pixel("--lat", "29:31", "--lon", "99:101")
        w = 2 * cx + 1
        self.assertGreater(got[0], w - 8)  # the darkest half disc's centroid, 1600 px wide
        self.assertAlmostEqual(got[1], cy, delta=2)

    def test_typed_ring_interval_wins(self):
        rings = {float(v) for v in RING_LABEL.findall(self.pdf_text("--contours", "500"))}
        self.assertEqual(rings, {500.0, 1000.0, 1500.0})

    def test_no_contours_draws_no_rings(self):
        text = self.pdf_text("--no-contours")
        self.assertEqual(RING_LABEL.findall(text), [], text)
        self.assertIn("30°N", text)  # the rest stays

    def test_no_graticule_labels_no_lines(self):
        text = self.pdf_text("--no-graticule")
        self.assertEqual(GRATICULE_LABEL.findall(text), [], text)
        self.assertTrue(RING_LABEL.findall(text))

    def test_no_coastlines_and_no_borders_each_take_their_lines_away(self):
        both = self.near_white()
        no_coast = self.near_white("--no-coastlines")
        neither = self.near_white("--no-coastlines", "--no-borders")
        self.assertGreater(both, no_coast)
        self.assertGreater(no_coast, neither)
        self.assertEqual(neither, 0)

    def test_no_marker_leaves_the_reference_unmarked(self):
        def white_near_centre(*args):
            m = self.map_of("--no-graticule", "--no-contours", *args)
            h, w, _ = m.shape
            box = m[h // 2 - 15:h // 2 + 16, w // 2 - 15:w // 2 + 16]
            return int((box.min(axis=2) >= 235).sum())
        self.assertGreater(white_near_centre(), 0)
        self.assertEqual(white_near_centre("--no-marker"), 0)

    def test_contours_and_no_contours_together_are_refused(self):
        self.render_refused("--contours", "100", "--no-contours", "--figure", "f.png",
                            words=("--contours and --no-contours",))

    def test_a_png_alone_keeps_no_overlays(self):
        # Without a figure the render draws only what is asked (its defaults are unchanged).
        self.render_ok("--backend", "cpu", "--size", "64x64", "--png", "p.png")
        with Image.open(self.path("p.png")) as f:
            p = np.asarray(f.convert("RGB")).astype(int)
        self.assertEqual(int((p.min(axis=2) >= 235).sum()), 0)

    def test_titles_of_sites(self):
        with open(self.path("cities.csv"), "w") as f:
            for k in range(55):
                f.write(f"{-50 + k * 1.7:.2f},{-170 + k * 6.1:.2f}\n")
        text = self.pdf_text("--sites", self.path("cities.csv"))
        self.assertIn("Distance to the nearest of 55 sites", text)
        line = {"type": "FeatureCollection", "features": [{
            "type": "Feature", "properties": {},
            "geometry": {"type": "LineString", "coordinates": [[95, 25], [105, 35]]}}]}
        with open(self.path("pipeline.geojson"), "w") as f:
            json.dump(line, f)
        text = self.pdf_text("--sites", self.path("pipeline.geojson"))
        self.assertIn("Distance to pipeline", text)
        self.assertNotIn("nearest of 1", text)
        line["features"][0]["properties"]["name"] = "Old Road"
        with open(self.path("named.geojson"), "w") as f:
            json.dump(line, f)
        self.assertIn("Distance to Old Road", self.pdf_text("--sites", self.path("named.geojson")))
        text = self.pdf_text("--sites", "@coastline:110m", "--lat", "30:60", "--lon", "-10:30")
        self.assertIn("Distance to coastline", text)


if __name__ == "__main__":
    unittest.main()
