"""geofield render --figure --places and --path (issue 29): the larger places named on the map
as real text in a PDF (pdftotext finds them), the great circle to a point with its measures
labelled, and each refusal one line with exit status 2 and nothing written."""

import math
import re
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import R_KM, RenderTestCase

BOULDER = ("40.01499", "-105.27055")
TOKYO = (35.6895, 139.69171)  # GeoNames' Tokyo, which --path Tokyo takes


def sphere_measures(lat1, lon1, lat2, lon2, radius):
    """Short distance and initial bearing on the sphere, and the long path's."""
    p1, p2, d = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(d / 2) ** 2
    arc = 2 * math.asin(math.sqrt(h))
    b = math.degrees(math.atan2(math.sin(d) * math.cos(p2),
                                math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(d)))
    b %= 360
    return arc * radius, b, (2 * math.pi - arc) * radius, (b + 180) % 360


class RenderFigurePlaces(RenderTestCase):

    def pdf_text(self, name):
        return subprocess.run(["pdftotext", self.path(name), "-"], capture_output=True, text=True,
                              check=True).stdout

    def test_a_europe_figure_names_its_capitals(self):
        # 2400 pixels: an 8-inch page at 300 dpi, where the print style's 8 pt names fit.
        self.render_ok("--ref", "Rome", "--lat", "34:58", "--lon", "-6:30", "--backend", "cpu",
                       "--figure-width", "2400", "--places", "--figure", "f.pdf")
        text = self.pdf_text("f.pdf")
        for city in ("Rome", "Paris", "London", "Madrid", "Berlin"):
            self.assertIn(city, text)
        self.assertNotIn("Frascati", text)  # a town near Rome: too small at this scale

    def test_the_path_is_labelled_with_both_ways(self):
        # At 8 pt the label takes some 1000 pixels: a page of 2000 has a corner for it.
        self.render_ok("--ref", ",".join(BOULDER), "--projection", "aeqd", "--extent", "20000",
                       "--backend", "cpu", "--figure-width", "2000", "--path", "Tokyo",
                       "--figure", "f.pdf")
        text = self.pdf_text("f.pdf")
        s, b, l, lb = sphere_measures(float(BOULDER[0]), float(BOULDER[1]), *TOKYO, R_KM)
        label = (f"Tokyo, Japan: {round(s):,} km at {round(b) % 360}° · long path "
                 f"{round(l):,} km at {round(lb) % 360}°")
        self.assertIn(label, " ".join(text.split()))
        # SVG: the same text.
        self.render_ok("--ref", ",".join(BOULDER), "--backend", "cpu", "--figure-width", "800",
                       "--path", "35.6895,139.69171", "--units", "mi", "--figure", "f.svg")
        svg = open(self.path("f.svg"), encoding="utf-8").read()
        self.assertIn("<svg", svg)

    def test_a_narrow_page_writes_the_path_in_two_lines(self):
        # 800 pixels at 300 dpi: 2.7 inches, narrower than the 8 pt label on one line.
        self.render_ok("--ref", ",".join(BOULDER), "--backend", "cpu", "--figure-width", "800",
                       "--path", "Tokyo", "--figure", "n.pdf")
        out = subprocess.run(["pdftotext", "-bbox", self.path("n.pdf"), "-"],
                             capture_output=True, text=True, check=True).stdout
        words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                           r"([^<]*)</word>", out)
        width = float(re.search(r'<page width="([\d.]+)"', out).group(1))
        lines = {}
        for x0, y0, x1, y1, w in words:
            lines.setdefault(round(float(y0)), []).append((float(x0), float(x1), w))
        texts = {y: " ".join(w for *_, w in sorted(ws)) for y, ws in lines.items()}
        first = [y for y, t in texts.items() if "Tokyo, Japan: 9,293 km at 312°" in t]
        second = [y for y, t in texts.items() if "long path 30,737 km at 132°" in t]
        self.assertEqual(len(first), 1, texts)
        self.assertEqual(len(second), 1, texts)
        self.assertGreater(second[0], first[0])  # under it
        for y in (first[0], second[0]):  # each whole on the page
            self.assertTrue(all(0 <= x0 and x1 <= width for x0, x1, _ in lines[y]), lines[y])

    def test_the_path_and_places_draw_on_a_png(self):
        for projection in (["--projection", "aeqd", "--extent", "20000"],
                           ["--projection", "ortho"], ["--lat", "-90:90", "--lon", "-180:180"]):
            with self.subTest(projection=projection[1]):
                self.render_ok("--ref", "Boulder", *projection, "--backend", "cpu",
                               "--figure-width", "600", "--path", "Tokyo", "--places",
                               "--figure", "f.png")

    def test_png_pdf_and_svg_agree(self):
        """A world map with the path and the places, rasterised at 300 dpi: the map as the PNG's
        within the lines' antialiasing and the label boxes' edges (the PNG widens a box to whole
        pixels). Measured: PDF 3.42 levels of 255 on average and 0.98 % of the map's pixels more
        than 96 apart, SVG 2.91 and 0.69 % (the same figure without them: 2.49 and 0.47 %)."""
        args = ("--ref", "Boulder", "--lat", "-90:90", "--lon", "-180:180", "--backend", "cpu",
                "--figure-width", "1000", "--path", "Tokyo", "--places")
        r = self.render_ok(*args, "--figure", "f.png")
        mw, mh, mx, my = map(int, re.search(r"map (\d+)x(\d+) at \((\d+), (\d+)\)",
                                            r.stderr).groups())
        self.render_ok(*args, "--figure", "f.pdf")
        self.render_ok(*args, "--figure", "f.svg")
        subprocess.run(["pdftoppm", "-r", "300", "-png", "-singlefile", self.path("f.pdf"),
                        self.path("pdf")], check=True)
        subprocess.run(["rsvg-convert", "-d", "300", "-p", "300", self.path("f.svg"), "-o",
                        self.path("svg.png")], check=True)
        with Image.open(self.path("f.png")) as f:
            png = np.asarray(f.convert("RGB")).astype(int)[my:my + mh, mx:mx + mw]
        # The print style's 8 pt words (stb_truetype's antialiasing against FreeType's) are left
        # out, with their boxes' pads: the lines, dots and boxes are compared.
        off_text = np.ones((mh, mw), bool)
        out = subprocess.run(["pdftotext", "-bbox", self.path("f.pdf"), "-"], capture_output=True,
                             text=True, check=True).stdout
        k = 300 / 72
        for x0, y0, x1, y1 in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">', out):
            x0, y0, x1, y1 = (float(v) * k for v in (x0, y0, x1, y1))
            off_text[max(0, int(y0) - my - 10):max(0, int(y1) - my + 10),
                     max(0, int(x0) - mx - 10):max(0, int(x1) - mx + 10)] = False
        for name in ("pdf.png", "svg.png"):
            with self.subTest(format=name), Image.open(self.path(name)) as f:
                got = np.asarray(f.convert("RGB")).astype(int)[my:my + mh, mx:mx + mw]
                diff = np.abs(got - png)[off_text]
                self.assertLess(diff.mean(), 4, name)
                self.assertLess((diff.max(axis=1) > 96).mean(), 0.015, name)

    def test_refusals_are_one_line(self):
        cpu = ("--backend", "cpu", "--figure-width", "400")
        self.render_refused(*cpu, "--path", "95,10", "--figure", "f.png", words=("--path",))
        line = self.render_refused(*cpu, "--path", "Springfield", "--figure", "f.png",
                                   words=("--path: 'Springfield' names 5 places",
                                          "Springfield, Illinois, United States (39.80,-89.64)"))
        self.assertNotIn("\n", line)
        self.render_refused("--path", "Tokyo", "--png", "p.png",
                            words=("--path: give --figure FILE too",))
        self.render_refused("--places", "--png", "p.png", words=("--places: give --figure FILE too",))
        self.render_refused(*cpu, "--ref", "10,20", "--path", "10,20", "--figure", "f.png",
                            words=("--path: '10,20' is the reference point itself",))
        self.render_refused(*cpu, "--ref", "10,20", "--path", "-10,-160", "--figure", "f.png",
                            words=("is antipodal to the reference point",))
        self.render_refused(*cpu, "--path", "Xyzzy", "--figure", "f.png",
                            words=("--path: no place named 'Xyzzy'",))
        self.render_refused(*cpu, "--sites", "@coastline", "--path", "Tokyo", "--figure", "f.png",
                            words=("--path: the great circle from the reference point; not beside "
                                   "--sites",))
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
