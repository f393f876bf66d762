"""`geofield render --figure --style ...` (issue 29): the style's colours and sizes read back
from real pixels of the PNG and of the PDF and SVG rasterised: the ring colour where the rings
are, a dark page for dark, the land tint over the Sahara and not over the Atlantic, labels of at
least 8 pt at 300 dpi from 800 to 4000 pixels wide, only the major rings labelled; bad values
and style options without a figure refused in one line."""

import re
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import RenderTestCase, R_KM, grid_coordinates, haversine, luminance

MAP_AT = re.compile(r"figure (\d+)x(\d+), map (\d+)x(\d+) at \((\d+), (\d+)\)")
FAST = ("--backend", "cpu")
BARE = ("--no-contours", "--no-graticule", "--no-marker", "--no-coastlines", "--no-borders")
# DejaVu Sans: capitals and digits 0.729 of the em; a line (ascender to descender, pdftotext's
# word boxes) 1.164 of it.
CAP_HEIGHT_EM = 0.729
LINE_EM = 1.164


class FigureStyleTest(RenderTestCase):
    def render(self, name, *args):
        """Renders the figure `name` and returns its map's (x, y, w, h) in figure pixels."""
        r = self.render_ok(*FAST, *args, "--figure", name)
        m = MAP_AT.search(r.stderr)
        self.assertIsNotNone(m, r.stderr)
        mw, mh, mx, my = map(int, m.groups()[2:])
        return mx, my, mw, mh

    def picture(self, name, dpi):
        """The figure as RGB ints: the PNG as written, a PDF or SVG rasterised at dpi."""
        path = self.path(name)
        if name.endswith(".pdf"):
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", path,
                            self.path("r")], check=True)
            path = self.path("r.png")
        elif name.endswith(".svg"):
            subprocess.run(["rsvg-convert", "-d", str(dpi), "-p", str(dpi), path, "-o",
                            self.path("r.png")], check=True)
            path = self.path("r.png")
        with Image.open(path) as f:
            return np.asarray(f.convert("RGB")).astype(int)

    def each_format(self, *args, dpi=300):
        """(format, picture, map rect (x, y, w, h)) for PNG, PDF and SVG of one figure."""
        for ext in ("png", "pdf", "svg"):
            mx, my, mw, mh = self.render("f." + ext, *args)
            yield ext, self.picture("f." + ext, dpi), (mx, my, mw, mh)

    def test_the_ring_colour_is_where_the_rings_are(self):
        lat, lon = (35, 60), (-15, 30)
        args = ("--lat", "35:60", "--lon", "-15:30", "--ref", "48,2", "--range", "0:3000",
                "--figure-width", "1000", "--contours", "500", *BARE[1:],
                "--ring-color", "ff0000", "--ring-width", "1")
        for ext, img, (mx, my, mw, mh) in self.each_format(*args):
            with self.subTest(format=ext):
                m = img[my:my + mh, mx:mx + mw]
                lons, lats = grid_coordinates(lat, lon, mw, mh)
                km = haversine(48, 2, lats, lons, R_KM)
                gy, gx = np.gradient(km)
                px = np.abs((km + 250) % 500 - 250) / np.hypot(gx, gy)  # pixels to a ring
                red = (m[..., 0] - np.maximum(m[..., 1], m[..., 2])) > 60
                on, off = px < 0.5, px > 4
                on[:3], on[-3:], on[:, :3], on[:, -3:] = False, False, False, False
                self.assertGreater(on.sum(), 1000)
                # 1 pt at 300 dpi: 4.2 px of red at alpha 0.65 over viridis (but under the
                # ring labels' boxes).
                self.assertGreater(red[on].mean(), 0.9, ext)
                self.assertLess(red[off].mean(), 0.001, ext)

    def test_dark_is_a_dark_page_with_light_text(self):
        for ext, img, (mx, my, mw, mh) in self.each_format(
                "--ref", "Rome", "--style", "dark", "--figure-width", "800", dpi=96):
            with self.subTest(format=ext):
                lum = luminance(img)
                page = np.ones(lum.shape, bool)
                page[my - 3:my + mh + 3, mx - 3:mx + mw + 3] = False
                # The page: dark, but for its light text and lines.
                self.assertLess(np.median(lum[page]), 40, ext)
                self.assertLess(lum[0:5].max(), 40, ext)
                title = lum[:my]
                self.assertGreater(title.max(), 200, ext)
                self.assertGreater((title > 150).sum(), 200, ext)  # the title's glyphs
                # The rings light (ffffff at 0.75): near-white pixels on the map.
                self.assertGreater((lum[my:my + mh, mx:mx + mw] > 220).mean(), 0.005, ext)

    def test_the_land_fill_tints_the_sahara_and_not_the_atlantic(self):
        view = ("--lat", "0:40", "--lon", "-60:40", "--ref", "0,0", "--range", "0:12000",
                "--figure-width", "1000", *BARE)
        base = {}
        for ext, img, rect in self.each_format(*view):
            base[ext] = (img, rect)
        for ext, img, (mx, my, mw, mh) in self.each_format(*view, "--land-fill", "ff00ff99"):
            with self.subTest(format=ext):
                plain, rect = base[ext]
                self.assertEqual(rect, (mx, my, mw, mh))

                def at(picture, lat, lon):
                    x = mx + int((lon + 60) / 100 * mw)
                    y = my + int((40 - lat) / 40 * mh)
                    return picture[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3).mean(axis=0)

                alpha = 0x99 / 255
                sahara, sahara0 = at(img, 24, 10), at(plain, 24, 10)
                want = (1 - alpha) * sahara0 + alpha * np.array([255, 0, 255])
                np.testing.assert_allclose(sahara, want, atol=4, err_msg=ext)
                np.testing.assert_allclose(at(img, 30, -40), at(plain, 30, -40), atol=2,
                                           err_msg=ext)
                # The Gulf of Guinea (sea) not tinted either.
                self.assertLess(np.abs(at(img, 2, 3) - at(plain, 2, 3)).max(), 3, ext)

    def pdf_word_heights_pt(self, name):
        """Each word of the PDF and its line height in points (pdftotext's boxes)."""
        out = subprocess.run(["pdftotext", "-bbox", self.path(name), "-"], capture_output=True,
                             text=True, check=True).stdout
        return [(w, float(y1) - float(y0)) for y0, y1, w in re.findall(
            r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>',
            out)]

    def test_labels_are_at_least_8_points_at_widths_800_and_4000(self):
        for width in ("800", "4000"):
            with self.subTest(width=width):
                args = ("--ref", "Rome", "--figure-width", width)
                # The PDF's words: every label, ring labels (the smallest) among them.
                self.render("f.pdf", *args)
                words = self.pdf_word_heights_pt("f.pdf")
                self.assertIn("km", [w for w, _ in words])
                for w, h in words:
                    self.assertGreaterEqual(h / LINE_EM, 8 - 0.01, (width, w))
                # The PNG's longitude labels under the map (below its ticks, 0.35 of a line):
                # their capitals and digits measured in pixels (300 dpi: a point is 300/72).
                mx, my, mw, mh = self.render("f.png", *args)
                img = self.picture("f.png", 300)
                top = my + mh + 20
                ink = luminance(img[top:top + 80, mx:mx + mw]) < 110
                rows = np.nonzero(ink.any(axis=1))[0]
                self.assertGreater(len(rows), 0)
                first = np.split(rows, np.nonzero(np.diff(rows) > 1)[0] + 1)[0]
                cap = first[-1] - first[0] + 1
                pt = cap / CAP_HEIGHT_EM * 72 / 300
                self.assertGreaterEqual(pt, 8 - 0.2, (width, cap))  # a pixel's rounding
                self.assertLess(pt, 9, (width, cap))  # 8 pt: the print style's

    def test_only_major_rings_are_labelled_and_drawn_heavier(self):
        args = ("--ref", "Rome", "--contours", "100", "--major-rings", "5", "--figure-width",
                "1200")
        self.render("f.pdf", *args)
        labels = [w for w, _ in self.pdf_word_heights_pt("f.pdf")]
        numbers = [int(w) for w, nxt in zip(labels, labels[1:] + [""]) if w.isdigit() and
                   nxt == "km"]
        self.assertGreater(len(numbers), 2)
        self.assertTrue(all(n % 500 == 0 for n in numbers), numbers)
        self.render("f.svg", *args)
        with open(self.path("f.svg"), encoding="utf-8") as f:
            svg = f.read()
        widths = re.findall(r'stroke-width:([\d.]+);[^"]*stroke:rgb\(0%,0%,0%\);'
                            r'stroke-opacity:0\.65', svg)
        # 0.6 pt at 300 dpi: 2.5 px; the minor rings half of it.
        self.assertIn("2.5", widths)
        self.assertIn("1.25", widths)
        self.assertGreater(widths.count("1.25"), 3 * widths.count("2.5"))

    def test_a_star_marker_and_its_size(self):
        view = ("--ref", "0,0", "--lat", "-10:10", "--lon", "-10:10", "--figure-width", "800",
                "--no-contours", "--no-graticule", "--no-coastlines", "--no-borders")
        bares = {ext: luminance(img) for ext, img, _ in self.each_format(*view, "--no-marker")}
        for ext, img, (mx, my, mw, mh) in self.each_format(*view, "--marker-shape", "star",
                                                           "--marker-size", "24"):
            with self.subTest(format=ext):
                bare = bares[ext]
                lum = luminance(img)
                cx, cy = mx + mw / 2, my + mh / 2  # the reference: the map's middle
                r = 24 * 300 / 72 / 2  # 24 pt across at 300 dpi: 50 px
                # The top point: the light stroke on the dark one.
                tip = lum[int(cy - r) - 3:int(cy - r) + 4, int(cx) - 3:int(cx) + 4]
                self.assertGreater(tip.max(), 180, ext)
                self.assertLess(tip.min(), 60, ext)
                # Between the top and the next point, 0.8 r out: outside the star, the field.
                a = np.radians(-54)
                x, y = int(cx + 0.8 * r * np.cos(a)), int(cy + 0.8 * r * np.sin(a))
                self.assertLess(abs(lum[y, x] - bare[y, x]), 4, ext)
                # Nothing of it beyond its size.
                ring = np.zeros(lum.shape, bool)
                yy, xx = np.mgrid[0:lum.shape[0], 0:lum.shape[1]]
                d = np.hypot(xx + 0.5 - cx, yy + 0.5 - cy)
                ring[(d > r + 4) & (d < r + 20)] = True
                self.assertLess(np.abs(lum[ring] - bare[ring]).max(), 4, ext)

    def test_bad_values_are_refused_naming_the_option_and_range(self):
        cases = [
            (("--style", "poster"), ("--style", "print, screen or dark")),
            (("--font-size", "6"), ("--font-size", "8 to 36 points")),
            (("--ring-width", "9"), ("--ring-width", "0.1 to 4 points")),
            (("--major-rings", "0"), ("--major-rings", "1 to 20")),
            (("--ring-color", "red"), ("--ring-color", "RRGGBB")),
            (("--graticule-color", "12345"), ("--graticule-color", "RRGGBB")),
            (("--land-fill", "00ff00ff"), ("--land-fill", "00 to 99")),
            (("--marker-shape", "square"), ("--marker-shape", "dot, ring, star or cross")),
            (("--marker-size", "1"), ("--marker-size", "2 to 36 points")),
        ]
        for args, words in cases:
            with self.subTest(args=args):
                self.render_refused("--ref", "Rome", *args, "--figure", "f.png", words=words)
        self.assertEqual(self.files(), [])

    def test_style_options_need_a_figure(self):
        for option, value in (("--style", "dark"), ("--major-rings", "5"),
                              ("--land-fill", "c8b48c"), ("--marker-shape", "dot")):
            with self.subTest(option=option):
                self.render_refused(option, value, "--png", "p.png",
                                    words=(option, "give --figure FILE too"))
        # --line-color is the PNG's lines' colour too: kept working without a figure.
        self.render_ok(*FAST, "--size", "64x32", "--coastlines", "--line-color", "ff0000",
                       "--png", "p.png")

    def test_line_color_still_colours_the_figures_coasts(self):
        args = ("--lat", "35:60", "--lon", "-15:30", "--ref", "48,2", "--figure-width", "800",
                "--no-contours", "--no-graticule", "--no-marker", "--no-borders")
        mx, my, mw, mh = self.render("f.png", *args, "--line-color", "ff0000")
        m = self.picture("f.png", 300)[my:my + mh, mx:mx + mw]
        red = (m[..., 0] - np.maximum(m[..., 1], m[..., 2])) > 100
        self.assertGreater(red.mean(), 0.003)


if __name__ == "__main__":
    unittest.main()
