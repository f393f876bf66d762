"""render --coastlines / --borders: the lines land on the pixels the grid contract gives their
places (column from longitude, row from latitude), and nowhere near places far from them."""

import math
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import RenderTestCase

RED = np.array([255.0, 0.0, 0.0])
CABO_DA_ROCA = (38.7804, -9.4989)      # the westernmost point of mainland Europe
CAPE_DEZHNEV = (66.0833, -169.6667)    # the easternmost point of Asia, across the antimeridian
ANDORRA_LA_VELLA = (42.5063, 1.5218)   # a few km from the French and Spanish borders


def pixel_of(lat, lon, lat_range, lon_range, nx, ny):
    """(row, column) of the node nearest (lat, lon): DESIGN.md's grid contract, row 0 north."""
    lat_min, lat_max = lat_range
    dlon = (lon_range[1] - lon_range[0]) % 360 or 360
    col = ((lon - lon_range[0]) % 360) / dlon * (nx - 1)
    row = (lat_max - lat) / (lat_max - lat_min) * (ny - 1)
    return int(round(row)), int(round(col))


R_KM = 6371.0088


def projected_pixel(proj, lat, lon, centre, extent, nx, ny):
    """(row, column) of (lat, lon) on an aeqd or ortho grid about `centre` (DESIGN.md: half-width
    `extent`, square steps 2 extent/(nx - 1), row 0 at +y), by the textbook spherical formulas."""
    p0, l0 = map(math.radians, centre)
    p, dl = math.radians(lat), math.radians(lon) - l0
    cos_c = math.sin(p0) * math.sin(p) + math.cos(p0) * math.cos(p) * math.cos(dl)
    east = math.cos(p) * math.sin(dl)
    north = math.cos(p0) * math.sin(p) - math.sin(p0) * math.cos(p) * math.cos(dl)
    if proj == "aeqd":
        c = math.acos(max(-1.0, min(1.0, cos_c)))
        k = R_KM * c / math.sin(c) if c > 0 else R_KM
    else:
        assert cos_c > 0, "on the far side"
        k = R_KM
    x, y = k * east, k * north
    step = 2 * extent / (nx - 1)
    return int(round((extent * (ny - 1) / (nx - 1) - y) / step)), int(round((x + extent) / step))


class CoastlinesTest(RenderTestCase):
    SIZE = 601

    def picture(self, name, lat, lon, *overlays):
        args = ["--lat", f"{lat[0]}:{lat[1]}", "--lon", f"{lon[0]}:{lon[1]}",
                "--size", f"{self.SIZE}x{self.SIZE}", "--ref", "40,-8", "--range", "0:3000"]
        self.render_ok(*args, *overlays, "--png", self.path(name))
        return np.asarray(Image.open(self.path(name)).convert("RGB"), dtype=float)

    def redness(self, lined, bare):
        """How far each pixel moved from the bare picture toward the line colour, 0 to 1."""
        towards = RED - bare
        return np.sum((lined - bare) * towards, axis=2) / np.maximum(
            np.sum(towards * towards, axis=2), 1e-9)

    def strongest_near(self, red, lat, lon, lat_range, lon_range, radius):
        r, c = pixel_of(lat, lon, lat_range, lon_range, self.SIZE, self.SIZE)
        return red[max(r - radius, 0):r + radius + 1, max(c - radius, 0):c + radius + 1].max()

    def test_coast_at_cabo_da_roca_and_none_inland_or_at_sea(self):
        lat, lon = (36, 42), (-12, -6)  # 0.01 degree a pixel: the 1:10m coast
        bare = self.picture("bare.png", lat, lon)
        lined = self.picture("coast.png", lat, lon, "--coastlines", "--line-color", "ff0000")
        red = self.redness(lined, bare)
        # The cape lies within a pixel or two of the drawn coast (the data's own placement is
        # within 1 km, a pixel here); the line covers at least half of its nearest pixel.
        self.assertGreater(self.strongest_near(red, *CABO_DA_ROCA, lat, lon, 2), 0.45)
        # 85 km inland and 178 km out at sea: nothing within 5 pixels.
        self.assertLess(self.strongest_near(red, 40.0, -7.8, lat, lon, 5), 0.01)
        self.assertLess(self.strongest_near(red, 37.0, -11.0, lat, lon, 5), 0.01)
        # A coast is a line, not a fill: a small share of the picture is touched.
        self.assertLess(np.mean(red > 0.1), 0.03)
        self.assertGreater(np.mean(red > 0.1), 0.002)

    def test_borders_alone_draw_borders_and_no_coast(self):
        lat, lon = (39, 45), (-2, 4)
        bare = self.picture("bare.png", lat, lon)
        lined = self.picture("borders.png", lat, lon, "--borders", "--line-color", "FF0000")
        red = self.redness(lined, bare)
        # Andorra's borders are within 6 km (6 pixels); drawn at 0.6 opacity.
        self.assertGreater(self.strongest_near(red, *ANDORRA_LA_VELLA, lat, lon, 8), 0.3)
        # The Mediterranean coast near Barcelona (41.38 N, 2.18 E) is not a border.
        self.assertLess(self.strongest_near(red, 41.38, 2.18, lat, lon, 5), 0.01)

    def test_across_the_antimeridian_and_beyond_180(self):
        lat = (60, 72)
        bare = self.picture("bare.png", lat, (170, -160))
        lined = self.picture("coast.png", lat, (170, -160), "--coastlines", "--line-color", "ff0000")
        red = self.redness(lined, bare)
        self.assertGreater(self.strongest_near(red, *CAPE_DEZHNEV, lat, (170, -160), 2), 0.45)
        self.assertLess(self.strongest_near(red, 67.5, 175.0, lat, (170, -160), 5), 0.01)
        # The same view written with longitudes past 180 is the same picture.
        beyond = self.picture("beyond.png", lat, (170, 200), "--coastlines", "--line-color",
                              "ff0000")
        np.testing.assert_array_equal(beyond, lined)

    def projected(self, name, proj, centre, extent, *overlays, ref="40,-8"):
        args = ["--projection", proj, "--extent", str(extent), "--size",
                f"{self.SIZE}x{self.SIZE}", "--ref", ref, "--range", "0:3000"]
        if proj == "ortho":  # the globe's centre is the middle of the bounds
            args += ["--lat", f"{centre[0] - 1}:{centre[0] + 1}",
                     "--lon", f"{centre[1] - 1}:{centre[1] + 1}"]
        self.render_ok(*args, *overlays, "--png", self.path(name))
        return np.asarray(Image.open(self.path(name)).convert("RGB"), dtype=float)

    def strongest_at(self, red, rc, radius):
        r, c = rc
        return red[max(r - radius, 0):r + radius + 1, max(c - radius, 0):c + radius + 1].max()

    def test_aeqd_coast_at_cabo_da_roca(self):
        # aeqd about the reference 40N 8W, 300 km each way: 1 km a pixel.
        centre, extent = (40.0, -8.0), 300.0
        bare = self.projected("bare.png", "aeqd", centre, extent)
        lined = self.projected("coast.png", "aeqd", centre, extent, "--coastlines",
                               "--line-color", "ff0000")
        red = self.redness(lined, bare)
        at = projected_pixel("aeqd", *CABO_DA_ROCA, centre, extent, self.SIZE, self.SIZE)
        self.assertGreater(self.strongest_at(red, at, 2), 0.45)
        # Inland (the reference itself) and at sea (37N 11W): nothing within 5 pixels.
        for place in ((40.0, -7.8), (38.0, -10.8)):
            rc = projected_pixel("aeqd", *place, centre, extent, self.SIZE, self.SIZE)
            self.assertLess(self.strongest_at(red, rc, 5), 0.01, place)
        self.assertLess(np.mean(red > 0.1), 0.03)

    def test_ortho_coast_at_cape_dezhnev_and_nothing_off_the_globe(self):
        # The globe about 60N 170W, all of it: Cape Dezhnev near the middle.
        centre, extent = (60.0, -170.0), R_KM
        bare = self.projected("bare.png", "ortho", centre, extent, ref="65,-170")
        lined = self.projected("coast.png", "ortho", centre, extent, "--coastlines",
                               "--line-color", "ff0000", ref="65,-170")
        red = self.redness(lined, bare)
        at = projected_pixel("ortho", *CAPE_DEZHNEV, centre, extent, self.SIZE, self.SIZE)
        self.assertGreater(self.strongest_at(red, at, 2), 0.45)
        # Off the disc (the corners) nothing is drawn: far-side lines are left out, not folded.
        rows, cols = np.mgrid[0:self.SIZE, 0:self.SIZE]
        half = (self.SIZE - 1) / 2
        off = np.hypot(rows - half, cols - half) > half + 2
        lined_px = np.abs(lined - bare).sum(axis=2) > 0
        self.assertEqual(int(lined_px[off].sum()), 0)

    def test_aeqd_whole_earth_draws_no_chords_across_the_antipode(self):
        # The whole disc about Paris (antipode near New Zealand): a segment across the antipode
        # would be a chord of thousands of kilometres; lines stay short: no pixel run of line
        # colour crosses the disc's middle band far from any coast.
        extent = math.pi * R_KM
        bare = self.projected("bare.png", "aeqd", (48.85, 2.35), extent, ref="48.85,2.35")
        lined = self.projected("coast.png", "aeqd", (48.85, 2.35), extent, "--coastlines",
                               "--line-color", "ff0000", ref="48.85,2.35")
        red = self.redness(lined, bare)
        self.assertGreater(np.mean(red > 0.1), 0.005)  # coasts are there
        # Mid-Atlantic and the middle of the Pacific near the rim: open sea, no line.
        for place in ((30.0, -40.0), (-10.0, -140.0), (10.0, 160.0)):
            rc = projected_pixel("aeqd", *place, (48.85, 2.35), extent, self.SIZE, self.SIZE)
            self.assertLess(self.strongest_at(red, rc, 3), 0.01, place)

    def test_bad_line_colour_is_refused_with_the_reason(self):
        r = self.run_geofield("render", "--coastlines", "--line-color", "red", "--png",
                              self.path("x.png"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("--line-color", r.stderr)
        self.assertIn("RRGGBB", r.stderr)
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
