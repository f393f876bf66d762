"""`geofield render --figure`: the publication figure read back. Its size and the map's true
shape at the width, the colorbar following the colormap from one end to the other, tick
labels, the title, ring labels along a ring, projected views, and a bad width refused."""

import base64
import html
import io
import math
import os
import re
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import RenderTestCase, R_KM, grid_coordinates, haversine

REGION = ["--lat", "29:31", "--lon", "99:103", "--ref", "30,101", "--range", "0:300"]
EUROPE = ["--lat", "35:60", "--lon", "-15:30", "--ref", "48,2", "--range", "0:3000"]
# A stroked path of cairo's SVG: its width (figure pixels), colour and opacity.
SVG_STROKE = re.compile(r'<path style="fill:none;stroke-width:([\d.]+);[^"]*stroke:rgb\(([^)]*)\);'
                        r'stroke-opacity:([\d.]+);[^"]*"\s+d="([^"]*)"')
MAP_AT = re.compile(r"figure (\d+)x(\d+), map (\d+)x(\d+) at \((\d+), (\d+)\)")


def viridis():
    import matplotlib
    return (matplotlib.colormaps["viridis"](np.linspace(0, 1, 256))[:, :3] * 255).round()


def spherical_direct(lat, lon, azimuth, distance, radius):
    """Destination on a sphere, all angles in degrees (the textbook formula, in numpy)."""
    p1, l1, a, s = map(math.radians, (lat, lon, azimuth, 0))
    s = distance / radius
    p2 = math.asin(math.sin(p1) * math.cos(s) + math.cos(p1) * math.sin(s) * math.cos(a))
    l2 = l1 + math.atan2(math.sin(a) * math.sin(s) * math.cos(p1),
                         math.cos(s) - math.sin(p1) * math.sin(p2))
    return math.degrees(p2), math.degrees(l2)


class FigureTest(RenderTestCase):
    def figure(self, *args):
        r = self.render_ok("--figure", "f.png", *args)
        m = MAP_AT.search(r.stderr)
        self.assertIsNotNone(m, r.stderr)
        fw, fh, mw, mh, mx, my = map(int, m.groups())
        with Image.open(self.path("f.png")) as f:
            img = np.asarray(f.convert("RGB")).astype(int)
        self.assertEqual(img.shape, (fh, fw, 3))
        return img, (mx, my, mw, mh)

    def find_colorbar(self, img, below_y):
        """The row below the map whose longest run of colours follows viridis from its first
        entry to its last: (row, x0, x1, indices along it)."""
        lut = viridis()
        best = None
        for y in range(below_y, img.shape[0]):
            row = img[y]
            d = ((row[:, None, :] - lut[None, :, :]) ** 2).sum(axis=2)
            idx, err = d.argmin(axis=1), d.min(axis=1)
            on = err <= 12  # within a few levels of a viridis entry
            x = 0
            while x < len(on):
                if not on[x]:
                    x += 1
                    continue
                x1 = x
                while x1 < len(on) and on[x1]:
                    x1 += 1
                if best is None or x1 - x > best[2] - best[1]:
                    best = (y, x, x1, idx[x:x1])
                x = x1
        return best

    def test_size_aspect_colorbar_ticks_and_title(self):
        img, (mx, my, mw, mh) = self.figure(*REGION, "--figure-width", "1200", "--graticule")
        self.assertEqual(img.shape[1], 1200)
        true_aspect = 4 * math.cos(math.radians(30)) / 2  # 4° of longitude by 2° of latitude
        self.assertAlmostEqual(mw / mh, true_aspect, delta=2.0 / mh)
        self.assertGreater(mw, 0.75 * 1200)
        self.assertGreater(img.shape[0], mh + my)

        # The colorbar: one row of it runs through viridis from its first entry to its last,
        # in order, over most of the map's width.
        y, x0, x1, idx = self.find_colorbar(img, my + mh + 5)
        self.assertGreater(x1 - x0, 0.5 * mw)
        self.assertLessEqual(idx[0], 3)
        self.assertGreaterEqual(idx[-1], 252)
        self.assertTrue(np.all(np.diff(idx) >= 0), "colours out of order along the bar")

        # Tick labels under the bar: ink near both ends ("0" and "300") and in several
        # separate places between.
        lut = viridis()
        mid = (x0 + x1) // 2
        bottom = y
        while ((img[bottom, mid] - lut) ** 2).sum(axis=1).min() <= 12:
            bottom += 1
        # Tick marks and labels below the bar's 3-pixel frame, above the caption (a line of
        # 8 pt text: 39 px, the tick 14).
        rows = slice(bottom + 4, bottom + 60)
        dark = (img[rows].max(axis=2) < 100).any(axis=0)
        self.assertTrue(dark[max(0, x0 - 30):x0 + 30].any(), "no label at the bar's low end")
        self.assertTrue(dark[x1 - 30:x1 + 30].any(), "no label at the bar's high end")
        runs = np.flatnonzero(np.diff(dark[x0 - 30:x1 + 30].astype(int)) == 1)
        self.assertGreaterEqual(len(runs), 3, "fewer than three tick labels")

        # The title: ink above the map, centred.
        title = img[:my - 30].max(axis=2) < 100  # above the top latitude label's half line
        cols = np.flatnonzero(title.any(axis=0))
        self.assertGreater(len(cols), 100)
        self.assertLess(abs((cols[0] + cols[-1]) / 2 - 600), 30)

        # Graticule labels west of the map and south of it.
        west = img[my:my + mh, :mx - 3].max(axis=2) < 100
        self.assertGreater(west.sum(), 50)
        south = img[my + mh + 3:my + mh + 40, mx:mx + mw].max(axis=2) < 100
        self.assertGreater(south.sum(), 50)

    def test_title_override(self):
        a, _ = self.figure(*REGION, "--title", "A")
        b, _ = self.figure(*REGION, "--title", "A much longer title written here")
        _, (mx, my, mw, mh) = self.figure(*REGION)
        ink = lambda img: (img[:my - 5].max(axis=2) < 100).sum()
        self.assertGreater(ink(a), 20)
        self.assertGreater(ink(b), 4 * ink(a))

    def ring_label_pixels(self, img, rect, value_km):
        """Light box pixels with dark text among them, near the ring of value_km."""
        mx, my, mw, mh = rect
        found = 0
        for az in range(0, 360, 5):
            lat, lon = spherical_direct(30, 101, az, value_km, R_KM)
            px = mx + (lon - 99) / 4 * mw
            py = my + (31 - lat) / 2 * mh
            x, y = int(round(px)), int(round(py))
            if not (mx + 20 <= x < mx + mw - 20 and my + 12 <= y < my + mh - 12):
                continue
            patch = img[y - 10:y + 11, x - 20:x + 21]
            light = (patch.min(axis=2) > 200).sum()
            text = (patch.max(axis=2) < 60).sum()
            if light > 40 and text > 10:
                found += 1
        return found

    def test_ring_labels_sit_on_their_rings(self):
        # Rings of 50 and 100 km lie whole on the map: room for the print style's 8 pt labels
        # (the 200 km ring's corner arcs are too short for them).
        img, rect = self.figure(*REGION, "--contours", "50")
        self.assertGreater(self.ring_label_pixels(img, rect, 50), 0, "no label on the 50 km ring")
        self.assertGreater(self.ring_label_pixels(img, rect, 100), 0, "no label on the 100 km ring")
        plain, rect = self.figure(*REGION, "--no-contours")
        self.assertEqual(self.ring_label_pixels(plain, rect, 100), 0)

    def test_coastlines_marker_and_whole_earth(self):
        img, (mx, my, mw, mh) = self.figure("--lat", "-90:90", "--lon", "-180:180", "--ref",
                                            "48.85,2.35", "--coastlines", "--graticule",
                                            "--marker", "--contours", "2000")
        self.assertAlmostEqual(mw / mh, 2.0, delta=2.0 / mh)

    def test_projected_view(self):
        img, (mx, my, mw, mh) = self.figure("--projection", "aeqd", "--extent", "3000",
                                            "--size", "801x601", "--ref", "30,101")
        self.assertAlmostEqual(mw / mh, 800 / 600, delta=2.0 / mh)
        # Beyond nothing: the whole disc is inside 3000 km, so the map is all colour.
        self.assertIsNotNone(self.find_colorbar(img, my + mh + 5))

    def test_a_globe_stands_on_the_page(self):
        """Off the ortho globe there is no map: the page's white, not the window's grey square;
        on it, the field's colours."""
        img, (mx, my, mw, mh) = self.figure("--projection", "ortho", "--lat", "0:60", "--lon",
                                            "60:150", "--ref", "30,101", "--figure-width", "800")
        corner = img[my + 2:my + 12, mx + 2:mx + 12]
        self.assertTrue((corner == 255).all(), corner[0, 0])
        centre = img[my + mh // 2, mx + mw // 2]
        self.assertLess(centre.min(), 200, centre)  # the globe: colour, not page

    def test_png_keeps_one_pixel_per_node(self):
        self.render_ok(*REGION, "--size", "300x200", "--png", "p.png", "--figure", "f.png")
        with Image.open(self.path("p.png")) as png, Image.open(self.path("f.png")) as fig:
            self.assertEqual(png.size, (300, 200))
            self.assertEqual(fig.size[0], 1600)
            # The figure is for print: 300 pixels per inch unless --dpi; the picture has none.
            self.assertAlmostEqual(fig.info["dpi"][0], 300, places=2)
            self.assertNotIn("dpi", png.info)

    def test_dpi_is_recorded_and_other_formats_are_refused(self):
        self.render_ok(*REGION, "--figure", "f.png", "--figure-width", "800", "--dpi", "600")
        with Image.open(self.path("f.png")) as fig:
            self.assertAlmostEqual(fig.info["dpi"][1], 600, places=2)
        for name in ("f.eps", "f.jpg"):
            r = self.run_geofield("render", *REGION, "--figure", name)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(f"--figure '{name}': a figure is written as PNG, PDF or SVG", r.stderr)
            self.assertEqual(self.files(), ["f.png"])

    def raster(self, *command):
        subprocess.run(command, check=True, capture_output=True)
        with Image.open(self.path("r.png")) as r:
            return np.asarray(r.convert("RGB")).astype(int)

    def rasterised(self):
        """f.pdf and f.svg rasterised at 300 dpi: (format, RGB picture) each."""
        yield "pdf", self.raster("pdftoppm", "-r", "300", "-png", "-singlefile",
                                 self.path("f.pdf"), self.path("r"))
        yield "svg", self.raster("rsvg-convert", "-d", "300", "-p", "300", self.path("f.svg"),
                                 "-o", self.path("r.png"))

    def pdf_text(self, name):
        return subprocess.run(["pdftotext", "-layout", self.path(name), "-"],
                              capture_output=True, text=True, check=True).stdout

    def test_pdf_and_svg_hold_the_figure_with_its_text(self):
        args = (*REGION, "--figure-width", "1600", "--contours", "100", "--graticule")
        self.render_ok(*args, "--figure", "f.png")
        r = self.render_ok(*args, "--figure", "f.pdf")
        self.assertIn("(figure, PDF, 1600 pixels wide at 300 dpi)", r.stderr)
        self.render_ok(*args, "--figure", "f.svg")
        with Image.open(self.path("f.png")) as f:
            png = np.asarray(f.convert("RGB")).astype(int)
        h, w, _ = png.shape
        # One page of the PNG's pixels at 300 dpi, in points; its title and creator.
        info = subprocess.run(["pdfinfo", self.path("f.pdf")], capture_output=True, text=True,
                              check=True).stdout
        m = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
        self.assertIsNotNone(m, info)
        self.assertAlmostEqual(float(m[1]), w * 72 / 300, delta=0.01)
        self.assertAlmostEqual(float(m[2]), h * 72 / 300, delta=0.01)
        self.assertRegex(info, r"Creator:\s+geofield")
        self.assertRegex(info, r"Title:\s+Distance from 30.00° N, 101.00° E")
        # The title, the colorbar's ticks and unit, the graticule's labels: text, not pixels.
        text = self.pdf_text("f.pdf")
        for word in ("Distance from 30.00° N", "haversine", "300", "distance (km)", "100 km", "101°E",
                     "30°N"):
            self.assertIn(word, text)
        # Rasterised at 300 dpi, each is the PNG but for the text's antialiasing.
        for name, got in self.rasterised():
            with self.subTest(format=name):
                # A page of fractional points may round to a pixel more or less.
                self.assertLessEqual(abs(got.shape[0] - h) + abs(got.shape[1] - w), 2, got.shape)
                got = got[:min(h, got.shape[0]), :min(w, got.shape[1])]
                png = png[:got.shape[0], :got.shape[1]]
                far = (np.abs(got - png).max(axis=2) > 96).mean()
                self.assertLess(far, 0.01, f"{far:.4f} of the pixels differ by more than 96")
                self.assertLess(np.abs(got - png).mean(), 4)

    def test_pdf_and_svg_draw_the_maps_lines_as_paths(self):
        """Rings, graticule, coastlines, borders and the marker are paths over a picture of the
        field alone, one path a ring value; rasterised, they are the PNG's lines."""
        args = (*EUROPE, "--figure-width", "1000", "--contours", "250", "--graticule",
                "--coastlines", "--borders", "--marker")
        r = self.render_ok(*args, "--figure", "f.png")
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        self.render_ok(*args, "--figure", "f.svg")
        self.render_ok(*args, "--figure", "f.pdf")
        with open(self.path("f.svg"), encoding="utf-8") as f:
            svg = f.read()
        strokes = [(float(w), rgb, float(a), d) for w, rgb, a, d in SVG_STROKE.findall(svg)]
        black, white = "0%,0%,0%", "100%,100%,100%"
        # The print style's widths (docs/figure-styles.md), points at 300 dpi in figure pixels.
        px = lambda pt: round(pt * 300 / 72, 6)
        rings = [d for w, rgb, a, d in strokes
                 if (w, rgb) == (px(0.6), black) and abs(a - 0.65) < 0.01]
        # A ring for each multiple of 250 km between the map's least and greatest distance (its
        # nodes: one a map pixel over the view).
        lon, lat = grid_coordinates((35, 60), (-15, 30), mw, mh)
        km = haversine(48, 2, lat, lon, R_KM)
        self.assertEqual(len(rings), int(km.max() // 250) - int(km.min() // 250))
        def one(width, rgb, alpha):
            found = [d for w, c, a, d in strokes if (w, c) == (width, rgb) and abs(a - alpha) < 0.01]
            self.assertEqual(len(found), 1, (width, rgb, alpha))
            return found[0]
        graticule = one(px(0.35), white, 0.45)
        coast, borders = one(px(0.5), white, 1), one(px(0.5), white, 0.6)
        one(px(1), black, 1), one(px(0.4), white, 1)  # the marker's dark and white rings
        # The print style's 8 pt labels space the graticule wider: 10° parallels (40°N to 60°N,
        # the top edge too) and 15° meridians (15°W to 30°E, both edges); the coasts and borders
        # in many pieces.
        self.assertEqual(graticule.count("M"), 3 + 4)
        self.assertGreater(coast.count("M"), 20)
        self.assertGreater(borders.count("M"), 20)
        self.assertGreater(coast.count("L"), 2000)
        # The embedded picture is the field alone: every pixel a viridis colour (the PNG's map
        # has its rings, white lines and marker in it).
        lut = viridis()
        def off_viridis(rgb):
            px = rgb.reshape(-1, 3)[::7]
            return ((px[:, None, :] - lut[None, :, :]) ** 2).sum(axis=2).min(axis=1) > 12
        m = re.search(r'<image[^>]*xlink:href="data:image/png;base64,([^"]*)"', svg)
        with Image.open(io.BytesIO(base64.b64decode(m[1]))) as f:
            embedded = np.asarray(f.convert("RGB")).astype(int)
        self.assertEqual(embedded.shape, (mh, mw, 3))
        self.assertEqual(off_viridis(embedded).mean(), 0)
        with Image.open(self.path("f.png")) as f:
            png = np.asarray(f.convert("RGB")).astype(int)
        self.assertGreater(off_viridis(png[my:my + mh, mx:mx + mw]).mean(), 0.03)
        # The PDF: its text as before, the ring labels and colorbar ticks among it.
        text = self.pdf_text("f.pdf")
        for word in ("Distance from 48.00° N, 2.00° E", "250 km", "500 km", "1000", "distance (km)"):
            self.assertIn(word, text)
        # Rasterised at 300 dpi, the map matches the PNG's within the lines' antialiasing:
        # measured 2.0 (PDF) and 1.6 (SVG) levels of 255 on average, 0.26 % and 0.19 % of the map's
        # pixels more than 96 apart (a line's edge a pixel over). The print style's 8 pt ring
        # labels (stb_truetype's antialiasing against FreeType's: 4.0 and 3.0 levels with them)
        # are left out: their words' boxes and the label boxes' pads.
        off_text = np.ones((mh, mw), bool)
        for _, x0, y0, x1, y1 in self.pdf_words("f.pdf"):
            off_text[max(0, int(y0) - my - 10):max(0, int(y1) - my + 10),
                     max(0, int(x0) - mx - 10):max(0, int(x1) - mx + 10)] = False
        for name, got in self.rasterised():
            with self.subTest(format=name):
                diff = np.abs(got[my:my + mh, mx:mx + mw] - png[my:my + mh, mx:mx + mw])[off_text]
                self.assertLess(diff.mean(), 3, name)
                self.assertLess((diff.max(axis=1) > 96).mean(), 0.01, name)

    def pdf_words(self, name):
        """The PDF's words and their boxes in figure pixels (300 dpi: a point is 300/72)."""
        out = subprocess.run(["pdftotext", "-bbox", self.path(name), "-"], capture_output=True,
                             text=True, check=True).stdout
        k = 300 / 72
        return [(html.unescape(w), float(x0) * k, float(y0) * k, float(x1) * k, float(y1) * k)
                for x0, y0, x1, y1, w in re.findall(
                    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                    r"([^<]*)</word>", out)]

    def test_an_aeqd_world_disc_in_pdf_and_svg(self):
        """The whole Earth about Boulder as PNG, PDF and SVG: a disc with no frame, its rim in
        the map's colours (before, the PNG's ring at 20000 km, a third of a pixel inside the rim,
        left 987 dark pixels within 2 px of it), nothing of the map beyond it, the bearing scale
        around it at its angles, no two words touching; rasterised, the PNG within the lines'
        antialiasing."""
        args = ("--projection", "aeqd", "--extent", "20015", "--ref", "40,-105", "--size",
                "300x300", "--contours", "2000", "--graticule", "--coastlines", "--borders",
                "--marker", "--figure-width", "800")
        r = self.render_ok(*args, "--figure", "f.png")
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        self.render_ok(*args, "--figure", "f.pdf")
        self.render_ok(*args, "--figure", "f.svg")
        with Image.open(self.path("f.png")) as f:
            png = np.asarray(f.convert("RGB")).astype(int)[my:my + mh, mx:mx + mw]
        y, x = np.mgrid[0:mh, 0:mw]
        radius = mw / 2 * 20015.1 / 20015
        at = np.hypot(x + 0.5 - mw / 2, y + 0.5 - mh / 2) - radius
        near_rim, beyond = np.abs(at) < 2, at > 1

        def dark_at_rim(rgb):
            return int(((rgb.mean(axis=2) < 100) & near_rim).sum())

        def map_beyond(rgb):  # colour beyond the rim (the scale's ticks and words are grey)
            return int(((rgb.max(axis=2) - rgb.min(axis=2) > 24) & beyond).sum())

        self.assertEqual(dark_at_rim(png), 0)
        self.assertEqual(map_beyond(png), 0)
        self.assertTrue((png[:3, :3] == 255).all())  # no frame: the square's corner is page
        # The bearing scale as text: 90° right of the disc's centre, 180° below, 0° above,
        # 270° left, each beyond the rim; no two words' boxes overlap.
        words = self.pdf_words("f.pdf")
        cx, cy = mx + mw / 2, my + mh / 2
        found = {w: (x0, y0, x1, y1) for w, x0, y0, x1, y1 in words
                 if w.endswith("°") and math.hypot((x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy) > radius}
        for bearing in range(0, 360, 30):
            self.assertIn(f"{bearing}°", found)
            x0, y0, x1, y1 = found[f"{bearing}°"]
            angle = math.degrees(math.atan2((x0 + x1) / 2 - cx, cy - (y0 + y1) / 2))
            self.assertAlmostEqual((angle - bearing + 180) % 360 - 180, 0, delta=2)
        self.assertGreater(found["90°"][0], cx + radius)
        self.assertGreater(found["180°"][1], cy + radius)
        self.assertLess(found["0°"][3], cy - radius)
        self.assertLess(found["270°"][2], cx - radius)
        for i, (a, *ba) in enumerate(words):
            for b, *bb in words[i + 1:]:
                apart = ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]
                self.assertTrue(apart, (a, ba, b, bb))
        # Rasterised: measured (PDF, SVG) 2.6 and 2.6 levels on average, 0.35 % and 0.34 % of
        # the map's pixels beyond 96 (the lines' and label boxes' edges); 2.9 and 2.5, 0.9 % and
        # 0.5 % with the PNG's old fringe. Held to the Europe figure's bounds. The print style's
        # 8 pt labels (stb_truetype's antialiasing against FreeType's) fill much of an 800-pixel
        # disc (6.4 and 4.5 levels with them): compared off the words' boxes (and their label
        # boxes' pads), the lines only.
        off_text = np.ones((mh, mw), bool)
        for _, x0, y0, x1, y1 in words:
            off_text[max(0, int(y0) - my - 10):max(0, int(y1) - my + 10),
                     max(0, int(x0) - mx - 10):max(0, int(x1) - mx + 10)] = False
        for name, got in self.rasterised():
            with self.subTest(format=name):
                got = got[my:my + mh, mx:mx + mw]
                self.assertEqual(dark_at_rim(got), 0)
                self.assertEqual(map_beyond(got), 0)
                diff = np.abs(got - png)[off_text]
                # The print style's lines are wider (coasts 2.1 px, rings 2.5 px) on a 478-pixel
                # world: more edge pixels (measured 3.39 levels, PDF, off the text).
                self.assertLess(diff.mean(), 4, name)
                self.assertLess((diff.max(axis=1) > 96).mean(), 0.01, name)

    def test_an_ortho_globe_about_the_reference_is_round_with_bearings(self):
        """A whole globe about the reference: round like the aeqd disc (rim in the map's colours,
        nothing beyond it), its bearing scale around it; one about elsewhere has none."""
        args = ("--projection", "ortho", "--lat", "39:41", "--lon", "-106:-104", "--ref",
                "40,-105", "--contours", "2000", "--graticule", "--coastlines", "--marker",
                "--figure-width", "800")
        r = self.render_ok(*args, "--figure", "f.png")
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        self.render_ok(*args, "--figure", "f.pdf")
        with Image.open(self.path("f.png")) as f:
            png = np.asarray(f.convert("RGB")).astype(int)[my:my + mh, mx:mx + mw]
        y, x = np.mgrid[0:mh, 0:mw]
        at = np.hypot(x + 0.5 - mw / 2, y + 0.5 - mh / 2) - mw / 2
        self.assertEqual(int(((png.mean(axis=2) < 100) & (np.abs(at) < 2)).sum()), 0)
        self.assertEqual(int(((png.max(axis=2) - png.min(axis=2) > 24) & (at > 1)).sum()), 0)
        bearings = [w for w, *box in self.pdf_words("f.pdf") if re.fullmatch(r"\d+°", w)]
        self.assertEqual(sorted(set(bearings) - {"0°"}),
                         sorted(f"{b}°" for b in range(30, 360, 30)))
        self.render_ok("--projection", "ortho", "--lat", "0:20", "--lon", "50:70", "--ref",
                       "40,-105", "--figure-width", "800", "--figure", "g.pdf")
        self.assertNotIn("90°", [w for w, *box in self.pdf_words("g.pdf")])

    def test_maidenhead_fields_are_lines_and_names(self):
        """--maidenhead over Europe: the fields' names where the locator puts them (Paris in
        JN, London in IO), their lines one red path in the SVG; refused without --figure."""
        args = ("--lat", "30:60", "--lon", "-20:40", "--ref", "48,2", "--figure-width", "1600",
                "--maidenhead")
        r = self.render_ok(*args, "--figure", "f.pdf")
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        words = {w: box for w, *box in self.pdf_words("f.pdf")}
        for field, (lat0, lon0) in {"JN": (40, 0), "IO": (50, -20), "KN": (40, 20)}.items():
            self.assertIn(field, words)
            x0, y0, x1, y1 = words[field]
            lon = -20 + ((x0 + x1) / 2 - mx) / mw * 60
            lat = 60 - ((y0 + y1) / 2 - my) / mh * 30
            self.assertTrue(lat0 < lat < lat0 + 10 and lon0 < lon < lon0 + 20, (field, lat, lon))
        self.render_ok(*args, "--figure", "f.svg")
        with open(self.path("f.svg"), encoding="utf-8") as f:
            strokes = SVG_STROKE.findall(f.read())
        red = [d for w, rgb, a, d in strokes if rgb.startswith("78.431373%,11.764706%")]
        self.assertEqual(len(red), 1, strokes)
        # The meridians 20°W to 40°E and the parallels 30°N to 60°N, the map's edges too (as
        # the graticule's).
        self.assertEqual(red[0].count("M"), 4 + 4)
        r = self.run_geofield("render", "--lat", "30:60", "--lon", "-20:40", "--png", "p.png",
                              "--maidenhead")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--maidenhead: give --figure FILE too", r.stderr)

    def test_a_sites_line_is_a_path_from_its_first_vertex(self):
        """A --sites line in an SVG figure: a path in the sites' colour on its dark edge, that
        starts at the pixel of the line's first vertex."""
        with open(self.path("route.geojson"), "w", encoding="utf-8") as f:
            f.write('{"type": "LineString", "coordinates": [[-10, 40], [5, 52], [25, 45]]}')
        r = self.render_ok("--lat", "35:60", "--lon", "-15:30", "--sites", self.path("route.geojson"),
                           "--figure-width", "1000", "--figure", "f.svg")
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        with open(self.path("f.svg"), encoding="utf-8") as f:
            strokes = SVG_STROKE.findall(f.read())
        line = [d for w, rgb, a, d in strokes if rgb == "100%,18.039216%,58.039216%"]
        edge = [d for w, rgb, a, d in strokes if rgb == "0%,0%,0%" and abs(float(a) - 0.55) < 0.01]
        self.assertEqual((len(line), len(edge)), (1, 1), strokes)
        self.assertEqual(line[0], edge[0])
        x, y = map(float, re.match(r"M ([\d.]+) ([\d.]+)", line[0]).groups())
        self.assertAlmostEqual(x, mx + (-10 + 15) / 45 * mw, delta=0.01)
        self.assertAlmostEqual(y, my + (60 - 40) / 25 * mh, delta=0.01)

    def test_bad_width_is_refused_naming_the_option_and_range(self):
        for bad in ("50", "16385", "12.5", "wide", "-1600"):
            r = self.run_geofield("render", *REGION, "--figure", "f.png", "--figure-width", bad)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn("--figure-width", r.stderr)
            self.assertIn("400 to 16384", r.stderr)
            self.assertEqual(self.files(), [])

    def test_a_map_beyond_the_gl_limit_says_what_works(self):
        # A tall strip fails at every width: the message says why and what to change.
        r = self.run_geofield("render", "--backend", "cpu", "--lat", "-89:89", "--lon", "0:1",
                              "--figure-width", "400", "--figure", "f.png")
        self.assertEqual(r.returncode, 2, r.stderr)
        lines = [line for line in r.stderr.splitlines() if "error" in line]
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertRegex(lines[0], r"^geofield: error: --figure-width 400: its map \(\d+x\d+ "
                         r"pixels\) is larger than this OpenGL's \d+ pixels a side at every width: "
                         r"the map is .* times as tall as wide, so even at the least width, 400, "
                         r"it is \d+ pixels tall; give a wider --lon or a narrower --lat$")
        # A view whose map passes the limit only near the widest figure: the largest width that
        # works, which is below the one asked and at most the limit.
        r = self.run_geofield("render", "--backend", "cpu", "--lat", "29:31", "--lon", "99:101",
                              "--figure-width", "16384", "--figure", "f.png")
        self.assertEqual(r.returncode, 2, r.stderr)
        m = re.search(r"--figure-width 16384: its map \((\d+)x(\d+) pixels\) is larger than "
                      r"this OpenGL's (\d+) pixels a side; the largest --figure-width for this "
                      r"view is (\d+)$", r.stderr.strip())
        self.assertIsNotNone(m, r.stderr)
        w, h, limit, largest = map(int, m.groups())
        self.assertGreater(h, limit)
        # The map's height goes with its width, the margins (the style's text, in points) stay:
        # the largest width is the map's limit / h of it plus the margins.
        self.assertAlmostEqual(largest, w * limit / h + (16384 - w), delta=16384 / 400)
        self.assertEqual(self.files(), [])

    def test_figure_options_need_a_figure(self):
        for option, value in (("--figure-width", "800"), ("--title", "T")):
            r = self.run_geofield("render", *REGION, "--png", "p.png", option, value)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(f"{option}: give --figure FILE too", r.stderr)
            self.assertEqual(self.files(), [])

    def test_unwritable_figure_names_the_option(self):
        r = self.run_geofield("render", *REGION, "--figure", "no/such/folder/f.png")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--figure", r.stderr)
        r = self.run_geofield("render", *REGION, "--figure", "same.png", "--png", "same.png")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
