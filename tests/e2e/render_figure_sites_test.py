"""`geofield render --centres FILE --figure` (issue 27): the nearest-site figure read back.
A marker at every site's pixel (latlon and aeqd), names beside them up to 40 sites and none
beyond, the colorbar kept (the distance), --colour-by-centre colouring each node by its nearest
site's marker colour with the colorbar gone (latlon, aeqd about --ref, ortho: off the map the
page), a one-site file's map equal to --ref's, and
`--png --marker` marking the sites."""

import math
import re
import unittest

import numpy as np
from PIL import Image

import render_figure_test
from geofield_e2e import RenderTestCase, R_KM

MAP_AT = re.compile(r"figure (\d+)x(\d+), map (\d+)x(\d+) at \((\d+), (\d+)\)")
# view/centre_palette.cpp: Tableau 10 and two more.
PALETTE = [0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7,
           0x9c755f, 0xbab0ac, 0x17becf, 0xbcbd22]
PALETTE_RGB = np.array([[(c >> 16) & 255, (c >> 8) & 255, c & 255] for c in PALETTE])
SITES = [(10.0, 0.0, "Alpha"), (35.0, 40.0, "Bravo"), (-20.0, 60.0, "Charlie"),
         (40.0, -20.0, "Delta")]
LATLON = ["--lat", "-40:60", "--lon", "-40:80", "--figure-width", "1200"]
WIDTH = 1200
# figure_layout: 6 of the window's 13-pixel units of the text, the print style's 8 pt at 300 dpi
# (a 39-pixel line: docs/figure-styles.md).
RADIUS = 6 * 39 / 13


def write_csv(path, sites):
    with open(path, "w") as f:
        f.write("lat,lon,name\n")
        for lat, lon, name in sites:
            f.write(f"{lat},{lon},{name}\n")


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dl = np.radians(lon2 - lon1)
    h = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return 2 * R_KM * np.arcsin(np.sqrt(np.minimum(1.0, h)))


def is_palette(rgb, tol=6):
    return np.abs(PALETTE_RGB - np.asarray(rgb)[None, :]).max(axis=1).min() <= tol


class FigureSitesTest(RenderTestCase):
    def figure(self, *args, name="f.png"):
        # Markers, names and colours measured on the map alone: a figure's default lines off
        # (issue 29), rings only where a test asks for them.
        bare = ["--no-graticule", "--no-coastlines", "--no-borders"]
        bare += [] if "--contours" in args else ["--no-contours"]
        r = self.render_ok("--figure", name, *bare, *args)
        m = MAP_AT.search(r.stderr)
        self.assertIsNotNone(m, r.stderr)
        fw, fh, mw, mh, mx, my = map(int, m.groups())
        with Image.open(self.path(name)) as f:
            img = np.asarray(f.convert("RGB")).astype(int)
        self.assertEqual(img.shape, (fh, fw, 3))
        return img, (mx, my, mw, mh)

    @staticmethod
    def latlon_pixel(rect, lat, lon, lat_range=(-40, 60), lon_range=(-40, 80)):
        mx, my, mw, mh = rect
        x = mx + (lon - lon_range[0]) / (lon_range[1] - lon_range[0]) * mw
        y = my + (lat_range[1] - lat) / (lat_range[1] - lat_range[0]) * mh
        return x, y

    def check_marker(self, img, x, y):
        """The window's marker at (x, y): its colour at the centre, a white ring, a black rim.
        Returns the centre's colour."""
        cx, cy = int(x), int(y)
        centre = img[cy, cx]
        self.assertTrue(is_palette(centre), f"no site colour at ({cx}, {cy}): {centre}")
        near = img[cy - int(RADIUS) - 1:cy + int(RADIUS) + 2, cx - int(RADIUS) - 1:cx + int(RADIUS) + 2]
        self.assertTrue((near.min(axis=2) > 235).any(), f"no white ring at ({cx}, {cy})")
        self.assertTrue((near.max(axis=2) < 40).any(), f"no black rim at ({cx}, {cy})")
        return centre

    @staticmethod
    def ink_outside_markers(img, rect, points, reach):
        """Label boxes (near white: no viridis colour is) within `reach` of any point but off
        every marker: names (and ring labels)."""
        mx, my, mw, mh = rect
        ys, xs = np.mgrid[0:img.shape[0], 0:img.shape[1]]
        in_map = (xs >= mx) & (xs < mx + mw) & (ys >= my) & (ys < my + mh)
        ink = (img.min(axis=2) > 200) & in_map
        off_markers = np.ones_like(ink)
        near_any = np.zeros_like(ink)
        for x, y in points:
            d = np.hypot(xs + 0.5 - x, ys + 0.5 - y)
            off_markers &= d > RADIUS + 1.5
            near_any |= d < reach
        return ink & off_markers & near_any, ink & off_markers

    def test_latlon_markers_names_and_colorbar(self):
        write_csv(self.path("c.csv"), SITES)
        img, rect = self.figure("--centres", "c.csv", *LATLON)
        colours = []
        points = []
        for lat, lon, name in SITES:
            x, y = self.latlon_pixel(rect, lat, lon)
            colours.append(tuple(self.check_marker(img, x, y)))
            points.append((x, y))
        self.assertEqual(len(set(colours)), len(SITES), "two near sites share a colour")
        # A name beside each marker: ink within a name's length of it, off the markers.
        for x, y in points:
            near, _ = self.ink_outside_markers(img, rect, [(x, y)], 120)
            self.assertGreater(near.sum(), 30, f"no name beside the marker at ({x:.0f}, {y:.0f})")
        # The colorbar stays the distance's: viridis from end to end under the map.
        mx, my, mw, mh = rect
        bar = render_figure_test.FigureTest.find_colorbar(self, img, my + mh + 5)
        self.assertIsNotNone(bar)
        y, x0, x1, idx = bar
        self.assertGreater(x1 - x0, 0.5 * mw)
        self.assertLessEqual(idx[0], 3)
        self.assertGreaterEqual(idx[-1], 252)
        # The title names the centres.
        self.assertTrue((img[:my - 5].max(axis=2) < 100).any())

    def test_no_names_beyond_forty_sites(self):
        sites = [(-30 + 10 * (k // 9), -30 + 12 * (k % 9), f"Site{k}") for k in range(45)]
        write_csv(self.path("c.csv"), sites)
        img, rect = self.figure("--centres", "c.csv", *LATLON)
        points = [self.latlon_pixel(rect, lat, lon) for lat, lon, _ in sites]
        for x, y in points:
            self.check_marker(img, x, y)
        _, anywhere = self.ink_outside_markers(img, rect, points, 1e9)
        self.assertEqual(anywhere.sum(), 0, "names drawn with more than 40 sites")
        # With 40 the names are back.
        write_csv(self.path("c40.csv"), sites[:40])
        img, rect = self.figure("--centres", "c40.csv", *LATLON, name="g.png")
        _, anywhere = self.ink_outside_markers(
            img, rect, [self.latlon_pixel(rect, lat, lon) for lat, lon, _ in sites[:40]], 1e9)
        self.assertGreater(anywhere.sum(), 200)

    # The views colour by centre is drawn on: latlon, aeqd about --ref (the map's centre beside
    # --centres), ortho about the middle of --lat/--lon, the whole disc (its corners off the map).
    COLOUR_VIEWS = {
        "latlon": (LATLON, None),
        "aeqd": (["--projection", "aeqd", "--ref", "20,30", "--extent", "7000",
                  "--figure-width", "1200"], ("aeqd", 20.0, 30.0, 7000.0)),
        "ortho": (["--projection", "ortho", "--lat", "-40:60", "--lon", "-40:80",
                   "--figure-width", "1200"], ("ortho", 10.0, 20.0, R_KM)),
    }

    @staticmethod
    def projected_geo(view, rect, px, py):
        """The (lat, lon) under pixel (px, py) of a projected map (view: projection, centre,
        half-width), by the inverse projection on the sphere; None off the map."""
        kind, lat0, lon0, extent = view
        mx, my, mw, mh = rect
        x = ((px + 0.5 - mx) / mw * 2 - 1) * extent
        y = (1 - (py + 0.5 - my) / mh * 2) * extent
        rho = math.hypot(x, y)
        if kind == "aeqd":
            c = rho / R_KM
            if c >= math.pi:
                return None
        else:
            if rho >= R_KM:
                return None
            c = math.asin(rho / R_KM)
        if rho == 0:
            return lat0, lon0
        p0 = math.radians(lat0)
        lat = math.asin(math.cos(c) * math.sin(p0) + y * math.sin(c) * math.cos(p0) / rho)
        lon = lon0 + math.degrees(math.atan2(
            x * math.sin(c), rho * math.cos(p0) * math.cos(c) - y * math.sin(p0) * math.sin(c)))
        return math.degrees(lat), lon

    def check_colour_by_centre(self, name):
        args, view = self.COLOUR_VIEWS[name]
        write_csv(self.path("c.csv"), SITES)
        img, rect = self.figure("--centres", "c.csv", *args, "--colour-by-centre")
        mx, my, mw, mh = rect

        def geo(px, py):
            if view is None:
                return 60 - (py + 0.5 - my) / mh * 100, -40 + (px + 0.5 - mx) / mw * 120
            return self.projected_geo(view, rect, px, py)

        def pixel(lat, lon):
            if view is None:
                return self.latlon_pixel(rect, lat, lon)
            kind, lat0, lon0, extent = view
            p0, p, dl = math.radians(lat0), math.radians(lat), math.radians(lon - lon0)
            cos_c = math.sin(p0) * math.sin(p) + math.cos(p0) * math.cos(p) * math.cos(dl)
            c = math.acos(max(-1.0, min(1.0, cos_c)))
            k = 1.0 if kind == "ortho" or c == 0 else c / math.sin(c)
            x = R_KM * k * math.cos(p) * math.sin(dl)
            y = R_KM * k * (math.cos(p0) * math.sin(p) - math.sin(p0) * math.cos(p) * math.cos(dl))
            return mx + (x / extent + 1) / 2 * mw, my + (1 - y / extent) / 2 * mh

        at = [pixel(lat, lon) for lat, lon, _ in SITES]  # every site is on these maps
        marker_rgb = [self.check_marker(img, x, y) for x, y in at]
        rng = np.random.default_rng(3)
        checked = off_map = 0
        for _ in range(600):
            px, py = rng.integers(mx + 2, mx + mw - 2), rng.integers(my + 2, my + mh - 2)
            g = geo(px, py)
            if g is None:  # off the map: the page, never a site's colour
                ring = [geo(px + dx, py + dy) for dx in (-3, 3) for dy in (-3, 3)]
                if all(q is None for q in ring):
                    self.assertFalse(is_palette(img[py, px]), (px, py, img[py, px]))
                    off_map += 1
                continue
            if view is not None and view[3] >= R_KM:  # a whole globe's rim is smoothed
                if abs(math.hypot(px + 0.5 - mx - mw / 2, py + 0.5 - my - mh / 2) - mw / 2) < 2:
                    continue
            d = np.array([haversine(*g, a, b) for a, b, _ in SITES])
            order = np.argsort(d)
            if d[order[1]] - d[order[0]] < 150:  # near a cell's edge (its line, a pixel's slop)
                continue
            if min(math.hypot(px - x, py - y) for x, y in at) < 220:
                continue  # markers and names (8 pt: "Charlie" reaches 200 px from its marker)
            np.testing.assert_array_equal(img[py, px], marker_rgb[order[0]],
                                          f"{name}: node at ({g[0]:.2f}, {g[1]:.2f})")
            checked += 1
        self.assertGreater(checked, 100)
        if name == "ortho":
            self.assertGreater(off_map, 20)
        # No colorbar: no row under the map runs through viridis.
        bar = render_figure_test.FigureTest.find_colorbar(self, img, my + mh + 5)
        self.assertTrue(bar is None or bar[2] - bar[1] < 0.1 * mw, "a colorbar under the map")

    def test_colour_by_centre_latlon(self):
        self.check_colour_by_centre("latlon")

    def test_colour_by_centre_aeqd(self):
        self.check_colour_by_centre("aeqd")

    def test_colour_by_centre_ortho(self):
        self.check_colour_by_centre("ortho")

    def test_one_site_file_is_the_reference_points_map(self):
        """A file of one site draws the map --ref draws (its field, its ring labels): with
        --no-marker the maps are equal pixel for pixel; only the title differs."""
        write_csv(self.path("one.csv"), [(20.0, 10.0, "Only")])
        common = [*LATLON, "--contours", "1000", "--no-marker"]
        a, ra = self.figure("--centres", "one.csv", *common, name="a.png")
        b, rb = self.figure("--ref", "20,10", *common, name="b.png")
        self.assertEqual(ra, rb)
        mx, my, mw, mh = ra
        np.testing.assert_array_equal(a[my:my + mh, mx:mx + mw], b[my:my + mh, mx:mx + mw])
        # The ring labels are there (placed about the one site): their boxes on the map.
        self.assertGreater((a[my:my + mh, mx:mx + mw].min(axis=2) > 200).sum(), 100)

    def test_many_sites_label_their_rings_where_the_contours_run(self):
        """Several sites' rings are no one point's circles: each label sits where the distance to
        the nearest site is its value (read back from the PDF's words), clear of the names."""
        write_csv(self.path("c.csv"), SITES)
        args = ["--centres", "c.csv", *LATLON, "--contours", "1000", "--no-graticule",
                "--no-coastlines", "--no-borders"]
        r = self.render_ok("--figure", "f.pdf", *args)
        fw, fh, mw, mh, mx, my = map(int, MAP_AT.search(r.stderr).groups())
        words = render_figure_test.FigureTest.pdf_words(self, "f.pdf")
        labels = []
        for k in range(len(words) - 1):
            (w, x0, y0, _, y1), (unit, _, _, x1, _) = words[k], words[k + 1]
            inside = mx < x0 and x1 < mx + mw and my < y0 and y1 < my + mh
            if unit == "km" and w.isdigit() and inside:
                labels.append((int(w), (x0 + x1) / 2, (y0 + y1) / 2, (x0, y0, x1, y1)))
        values = sorted({v for v, *_ in labels})
        self.assertGreaterEqual(len(labels), 5, labels)  # 8 pt labels on a 4-inch page
        self.assertTrue({1000, 2000, 3000} <= set(values), values)
        km_per_px = 100 / mh * math.pi / 180 * R_KM  # a pixel of latitude
        for value, x, y, _ in labels:
            lat = 60 - (y - my) / mh * 100
            lon = -40 + (x - mx) / mw * 120
            d = min(haversine(lat, lon, a, b) for a, b, _ in SITES)
            # On its ring: within 3 pixels' worth of distance (the words' boxes are the glyphs').
            self.assertLess(abs(d - value), 3 * km_per_px, (value, lat, lon, d))
        names = [(x0, y0, x1, y1) for w, x0, y0, x1, y1 in words if w in {n for *_, n in SITES}]
        self.assertEqual(len(names), len(SITES))
        for *_, (a0, b0, a1, b1) in labels:
            for n0, m0, n1, m1 in names:
                self.assertFalse(a0 < n1 and n0 < a1 and b0 < m1 and m0 < b1, "label on a name")

    def test_aeqd_markers_where_the_projection_puts_them(self):
        sites = SITES + [(35.0, 110.0, "Echo"), (10.0, 90.0, "Foxtrot")]
        write_csv(self.path("c.csv"), sites)
        extent = 6000.0
        # The map's centre is the view's reference point, the default 30°N 101°E (--ref beside
        # --centres would set it).
        img, rect = self.figure("--centres", "c.csv", "--projection", "aeqd",
                                "--extent", str(extent), "--size", "301x301",
                                "--figure-width", str(WIDTH))
        mx, my, mw, mh = rect
        lat0, lon0 = map(math.radians, (30.0, 101.0))
        placed = 0
        for lat, lon, _ in sites:
            p, dl = math.radians(lat), math.radians(lon) - lon0
            c = math.acos(math.sin(lat0) * math.sin(p) +
                          math.cos(lat0) * math.cos(p) * math.cos(dl))
            k = 1.0 if c == 0 else c / math.sin(c)
            X = R_KM * k * math.cos(p) * math.sin(dl)
            Y = R_KM * k * (math.cos(lat0) * math.sin(p) -
                            math.sin(lat0) * math.cos(p) * math.cos(dl))
            if abs(X) > extent * 0.97 or abs(Y) > extent * 0.97:
                continue
            placed += 1
            per_px = 2 * extent / mw
            self.check_marker(img, mx + mw / 2 + X / per_px, my + mh / 2 - Y / per_px)
        self.assertGreaterEqual(placed, 4)

    def test_png_marker_marks_every_site(self):
        write_csv(self.path("c.csv"), SITES)
        args = ["--centres", "c.csv", "--lat", "-40:60", "--lon", "-40:80", "--size", "480x400"]
        self.render_ok(*args, "--png", "p.png", "--marker")
        self.render_ok(*args, "--png", "q.png")
        with Image.open(self.path("p.png")) as f:
            p = np.asarray(f.convert("RGB")).astype(int)
        with Image.open(self.path("q.png")) as f:
            q = np.asarray(f.convert("RGB")).astype(int)
        for lat, lon, _ in SITES:
            x, y = self.latlon_pixel((0, 0, 480, 400), lat, lon)
            self.assertTrue(is_palette(p[int(y), int(x)]), (lat, lon, p[int(y), int(x)]))
            self.assertFalse(is_palette(q[int(y), int(x)]))
        # Away from the markers the pictures are the same.
        changed = np.argwhere((p != q).any(axis=2))
        for y, x in changed:
            self.assertLess(min(math.hypot(x + 0.5 - a, y + 0.5 - b) for a, b in (
                self.latlon_pixel((0, 0, 480, 400), lat, lon) for lat, lon, _ in SITES)), 8)


if __name__ == "__main__":
    unittest.main()
