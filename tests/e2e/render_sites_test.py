"""Sites of every kind on the command line (issue 28): `render --sites FILE|@name` of a line
across the antimeridian, a polygon with a hole and a point, its distance (plain and --signed),
--index and --bearing compared node by node with an independent numpy brute force of great-circle
arcs written here; --signed's sign and Point Nemo's distance from the built-in @land; the bearing
at a known geometry; refusals that write nothing; every tile of a sites render, the mosaics of
its GeoTIFF tiles and its bearing tiles equal to the whole render."""

import json
import os
import shutil
import unittest

import numpy as np

from geofield_e2e import R_KM, GdalReads, RenderTestCase, grid_coordinates

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")

# A line across the antimeridian, a polygon with a hole, a point (GeoJSON: [lon, lat]). Every
# vertex on a node of GRID (2° apart), so nodes on vertices measure 0.
LINE = [[170, 10], [-170, 12], [-160, 4]]
OUTER = [[150, -20], [166, -20], [166, -4], [150, -4], [150, -20]]
HOLE = [[154, -16], [160, -16], [160, -10], [154, -10], [154, -16]]
POINT = [-150, -24]
SITES = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "properties": {"name": "route"},
     "geometry": {"type": "LineString", "coordinates": LINE}},
    {"type": "Feature", "properties": {"name": "park"},
     "geometry": {"type": "Polygon", "coordinates": [OUTER, HOLE]}},
    {"type": "Feature", "properties": {"name": "port"},
     "geometry": {"type": "Point", "coordinates": POINT}},
]}
LAT, LON, NX, NY = (-30, 30), (140, -140), 41, 31
GRID = ["--lat", "-30:30", "--lon", "140:-140", "--size", f"{NX}x{NY}"]


def unit(lat_deg, lon_deg):
    """Unit vectors (..., 3) of latitudes and longitudes in degrees."""
    la, lo = np.radians(lat_deg), np.radians(lon_deg)
    return np.stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)], axis=-1)


def angle(p, q):
    """The angle between unit vectors, well conditioned at 0 and pi."""
    return np.arctan2(np.linalg.norm(np.cross(p, q), axis=-1), np.sum(p * q, axis=-1))


def arc_distance(p, a, b):
    """Angle from nodes p (N, 3) to the minor arc a-b and the nearest point on it: the distance
    to the arc's great circle where the node's foot falls inside the arc, else to the nearer
    end."""
    n = np.cross(a, b)
    n /= np.linalg.norm(n)
    inside = (np.cross(a, p) @ n >= 0) & (np.cross(p, b) @ n >= 0)
    pn = p @ n
    foot = p - pn[:, None] * n
    foot /= np.linalg.norm(foot, axis=1)[:, None]
    to_circle = np.arctan2(np.abs(pn), np.linalg.norm(np.cross(p, n), axis=1))
    da, db = angle(p, a[None, :]), angle(p, b[None, :])
    end = np.where((da <= db)[:, None], a[None, :], b[None, :])
    return (np.where(inside, to_circle, np.minimum(da, db)),
            np.where(inside[:, None], foot, end))


def ring_arcs(ring):
    v = unit(np.array([c[1] for c in ring], float), np.array([c[0] for c in ring], float))
    return [(v[k], v[k + 1]) for k in range(len(v) - 1)]


def nearest_on(p, arcs):
    """The least angle over arcs and the point where it is reached."""
    best = np.full(len(p), np.inf)
    point = np.zeros_like(p)
    for a, b in arcs:
        d, x = arc_distance(p, a, b)
        closer = d < best
        best = np.where(closer, d, best)
        point[closer] = x[closer]
    return best, point


def inside_ring(p, ring):
    """Whether nodes p lie inside a ring of great-circle arcs smaller than a hemisphere: in the
    gnomonic projection about the ring's centre the arcs are straight, so the plane's even-odd
    rule is exact. Nodes in the far hemisphere are outside."""
    v = unit(np.array([c[1] for c in ring], float), np.array([c[0] for c in ring], float))[:-1]
    c = v.sum(axis=0)
    c /= np.linalg.norm(c)
    e1 = np.cross([0.0, 0.0, 1.0], c)
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(c, e1)

    def plane(q):
        return np.stack([q @ e1 / (q @ c), q @ e2 / (q @ c)], axis=-1)

    x, poly = plane(p), plane(v)
    odd = np.zeros(len(p), bool)
    for k in range(len(poly)):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % len(poly)]
        crosses = (y0 > x[:, 1]) != (y1 > x[:, 1])
        at = x0 + (x[:, 1] - y0) * (x1 - x0) / np.where(y1 == y0, 1, y1 - y0)
        odd ^= crosses & (x[:, 0] < at)
    return odd & (p @ c > 0)


def azimuth(lat, lon, x):
    """Initial azimuth from nodes toward points x (unit vectors), degrees in [0, 360)."""
    la, lo = np.radians(lat), np.radians(lon)
    east = -np.sin(lo) * x[:, 0] + np.cos(lo) * x[:, 1]
    north = (-np.sin(la) * np.cos(lo) * x[:, 0] - np.sin(la) * np.sin(lo) * x[:, 1]
             + np.cos(la) * x[:, 2])
    return np.degrees(np.arctan2(east, north)) % 360.0


def brute_force(signed):
    """Distance (km), each feature's distance, and the bearing toward the nearest point at every
    node of GRID, flattened."""
    lons, lats = grid_coordinates(LAT, LON, NX, NY)
    lat, lon = lats.ravel(), lons.ravel()
    p = unit(lat, lon)
    line_d, line_x = nearest_on(p, ring_arcs(LINE))
    ring_d, ring_x = nearest_on(p, ring_arcs(OUTER) + ring_arcs(HOLE))
    point_v = unit(np.array([POINT[1]], float), np.array([POINT[0]], float))[0]
    point_d = angle(p, point_v[None, :])
    inside = inside_ring(p, OUTER) & ~inside_ring(p, HOLE)
    poly_d = np.where(inside, -ring_d if signed else 0.0, ring_d)
    per_feature = np.stack([line_d, poly_d, point_d]) * R_KM
    # Inside the polygon the value is the polygon's, whatever line or point lies nearer.
    value = np.where(inside, poly_d * R_KM, per_feature.min(axis=0))
    points = np.stack([line_x, ring_x, np.broadcast_to(point_v, p.shape)])
    winner = np.where(inside, 1, per_feature.argmin(axis=0))
    bearing = azimuth(lat, lon, points[winner, np.arange(len(p))])
    bearing[value == 0] = np.nan
    return value, per_feature, inside, bearing


def angle_apart(a, b):
    d = np.abs(a - b) % 360.0
    return np.minimum(d, 360.0 - d)


class RenderSites(GdalReads, RenderTestCase):

    def write_sites(self, name="s.geojson", sites=None):
        with open(self.path(name), "w") as f:
            json.dump(SITES if sites is None else sites, f)

    def render_sites(self, *extra):
        self.write_sites()
        r = self.render_ok("--sites", "s.geojson", *GRID, "--backend", "cpu", "--f64",
                           "--npy", "d.npy", "--index", "i.npy", "--bearing", "b.npy", *extra)
        self.assertIn("the nearest of 3 sites (1 point, 1 line, 1 polygon)", r.stderr)
        self.assertIn("wrote b.npy (float32 bearing toward the nearest site, shape 31 x 41)",
                      r.stderr)
        return (np.load(self.path("d.npy")).ravel(), np.load(self.path("i.npy")).ravel(),
                np.load(self.path("b.npy")).ravel())

    def check_against_brute_force(self, signed):
        d, i, b = self.render_sites(*(["--signed"] if signed else []))
        want, per_feature, inside, want_b = brute_force(signed)
        self.assertEqual(d.dtype, np.float64)
        self.assertEqual(b.dtype, np.float32)
        self.assertGreater((~inside & (want == 0)).sum(), 3)  # nodes on vertices
        tolerance = 1e-9 * np.maximum(np.abs(want), 1.0)
        bad = np.abs(d - want) > tolerance
        self.assertFalse(bad.any(), f"{bad.sum()} nodes differ, worst "
                         f"{np.abs(d - want).max()} km")
        # Not on a boundary arc (lon 150 and 166 are meridians): minus the distance to it.
        strictly = inside & (brute_force(True)[0] < -1e-6)
        self.assertGreater(strictly.sum(), 20)
        if signed:
            self.assertTrue((d[strictly] < 0).all())
        else:
            self.assertTrue((d[strictly] == 0).all())
        # The index: the nearest feature (the polygon inside it), where no other is as near.
        ordered = np.sort(per_feature, axis=0)
        clear = inside | (ordered[1] - ordered[0] > 1e-9 * np.maximum(ordered[1], 1.0))
        want_i = np.where(inside, 1, per_feature.argmin(axis=0))
        np.testing.assert_array_equal(i[clear], want_i[clear])
        self.assertEqual(set(np.unique(i)), {0, 1, 2})
        # The bearing: NaN where the distance is 0, else toward the nearest point (away from
        # nodes that two arcs or features nearly tie for, and from those almost on a site).
        np.testing.assert_array_equal(np.isnan(b), d == 0)
        self.assertGreater(np.isnan(b).sum(), 3)
        firm = clear & (np.abs(want) > 1.0)
        self.assertGreater(firm.sum(), 0.8 * len(b))
        worst = angle_apart(b[firm].astype(np.float64), want_b[firm]).max()
        self.assertLess(worst, 1e-3, "bearing off by degrees")
        self.assertTrue(((b[~np.isnan(b)] >= 0) & (b[~np.isnan(b)] < 360)).all())

    def test_distance_index_and_bearing_equal_a_brute_force(self):
        self.check_against_brute_force(signed=False)

    def test_signed_distance_index_and_bearing_equal_a_brute_force(self):
        self.check_against_brute_force(signed=True)

    def test_bearing_north_of_an_east_west_line_is_south(self):
        self.write_sites("l.geojson", {"type": "LineString", "coordinates": [[-10, 0], [10, 0]]})
        self.render_ok("--sites", "l.geojson", "--lat", "-10:10", "--lon", "-5:5", "--size", "3x3",
                       "--backend", "cpu", "--bearing", "b.npy")
        b = np.load(self.path("b.npy"))
        self.assertAlmostEqual(float(b[0, 1]), 180.0, places=4)  # (10, 0): due south
        self.assertAlmostEqual(float(b[2, 1]), 0.0, places=4)  # (-10, 0): due north
        self.assertTrue(np.isnan(b[1, 1]))  # on the line
        # The one reference point's bearing, with no --sites: (0, 5) from (10, 0) is south-east.
        self.render_ok("--ref", "0,5", "--lat", "-10:10", "--lon", "-5:5", "--size", "3x3",
                       "--backend", "cpu", "--bearing", "r.npy")
        r = np.load(self.path("r.npy"))
        self.assertTrue(np.isnan(r[1, 2]))
        self.assertAlmostEqual(float(r[1, 0]), 90.0, places=4)
        self.assertTrue(90 < r[0, 1] < 180)

    def test_land_is_negative_on_land_and_positive_at_sea(self):
        # Paris (48.8566 N, 2.3522 E) and the mid-Atlantic (30 N, 40 W) as nodes of a 2 x 2 grid.
        self.render_ok("--sites", "@land:110m", "--signed", "--lat", "30:48.8566",
                       "--lon=-40:2.3522", "--size", "2x2", "--backend", "cpu", "--npy", "d.npy",
                       "--index", "i.npy")
        d = np.load(self.path("d.npy"))
        self.assertLess(d[0, 1], -100)  # Paris, inland
        self.assertGreater(d[1, 0], 1000)  # the mid-Atlantic
        self.assertGreater(d[0, 0], 100)  # 48.9 N, 40 W: the Atlantic
        self.assertLess(d[1, 1], -100)  # 30 N, 2.35 E: the Sahara
        self.assertTrue((np.load(self.path("i.npy")) >= 0).all())

    def test_point_nemo_is_about_2688_km_from_land(self):
        r = self.render_ok("--sites", "@land", "--lat=-48.8767:-40", "--lon=-123.3933:-120",
                           "--size", "2x2", "--backend", "cpu", "--f64", "--npy", "d.npy")
        self.assertIn("of @land", r.stderr)
        nemo = float(np.load(self.path("d.npy"))[1, 0])
        self.assertAlmostEqual(nemo, 2688, delta=15)

    def test_gl_backend_equals_the_cpu(self):
        # Lines and polygons by the GL backend's shaders (issue 28): the CPU's field within the
        # double path's 1e-12 relative (float: the double value's rounding), the same index;
        # signed or not, on latlon, aeqd and ortho, and Natural Earth's land.
        self.write_sites()
        views = [GRID, ["--projection", "aeqd", "--ref", "0,170", "--size", "41x41"],
                 ["--projection", "ortho", "--lat", "-40:20", "--lon", "140:-160",
                  "--size", "41x41"]]
        for view in views:
            for signed in ([], ["--signed"]):
                for dtype in (["--f64"], []):
                    args = ["--sites", "s.geojson", *view, *signed, *dtype]
                    self.render_ok(*args, "--backend", "cpu", "--npy", "c.npy", "--index",
                                   "ci.npy")
                    self.render_ok(*args, "--backend", "gl", "--npy", "g.npy", "--index",
                                   "gi.npy")
                    c, g = np.load(self.path("c.npy")), np.load(self.path("g.npy"))
                    what = " ".join(args)
                    self.assertEqual(g.dtype, c.dtype, what)
                    np.testing.assert_array_equal(np.isnan(g), np.isnan(c), what)
                    rel = 1e-12 if dtype else 6e-8
                    ok = ~np.isnan(c)
                    cf = c[ok].astype(np.float64)
                    err = np.abs(g[ok].astype(np.float64) - cf)
                    self.assertTrue((err <= rel * np.abs(cf) + 1e-9).all(),
                                    f"{what}: worst {err.max()} km")
                    gi, ci = np.load(self.path("gi.npy")), np.load(self.path("ci.npy"))
                    self.assertLessEqual(int((gi != ci).sum()), 1, what)  # a near-tie at most
        land = ["--sites", "@land:110m", "--signed", "--lat=-90:90", "--lon=-180:180", "--size",
                "181x91", "--npy"]
        self.render_ok(*land, "c.npy", "--backend", "cpu")
        self.render_ok(*land, "g.npy", "--backend", "gl")
        c, g = np.load(self.path("c.npy")), np.load(self.path("g.npy"))
        self.assertTrue((c < 0).any() and (c > 0).any())
        np.testing.assert_allclose(g, c, rtol=6e-8, atol=1e-9)

    def test_refusals_write_nothing(self):
        triangle = [[0, 0], [1, 0], [0, 0]]  # three positions: no polygon
        self.write_sites("three.geojson", {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {}, "geometry": {"type": "Point",
                                                               "coordinates": [5, 5]}},
            {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
                                                               "coordinates": [triangle]}}]})
        self.write_sites("open.geojson", {"type": "Polygon", "coordinates": [
            [[0, 0], [1, 0], [1, 1], [0, 1]]]})
        self.write_sites("line.geojson", {"type": "LineString", "coordinates": [[0, 0], [5, 5]]})
        self.write_sites()
        inputs = sorted(["three.geojson", "open.geojson", "line.geojson", "s.geojson"])
        out = ["--npy", "d.npy", "--index", "i.npy", "--bearing", "b.npy", "--size", "8x4"]
        self.render_refused("--sites", "three.geojson", *out, words=("--sites", "feature 1", "4"))
        self.render_refused("--centres", "three.geojson", *out, words=("--centres:", "feature 1"))
        self.render_refused("--sites", "open.geojson", *out, words=("--sites", "ring", "closed"))
        self.render_refused("--sites", "line.geojson", "--signed", *out,
                            words=("--signed", "'line.geojson'", "1 line", "no", "polygon"))
        self.render_refused("--sites", "@coastline:110m", "--signed", *out,
                            words=("--signed", "@coastline:110m"))
        self.render_refused("--sites", "s.geojson", "--backend", "gl", "--formula", "wgs84",
                            "--npy", "d.npy", words=("--sites", "wgs84"))
        self.render_refused("--sites", "s.geojson", "--formula", "wgs84", "--npy", "d.npy",
                            words=("--sites", "wgs84"))
        self.render_refused("--centres", "s.geojson", "--formula", "wgs84", "--npy", "d.npy",
                            words=("--centres:", "wgs84"))
        self.render_refused("--sites", "s.geojson", "--centres", "s.geojson", *out,
                            words=("--centres", "--sites"))
        self.render_refused("--formula", "wgs84", "--bearing", "b.npy",
                            words=("--bearing", "wgs84"))
        self.render_refused("--sites", "@lands", *out, words=("--sites", "@lands"))
        self.assertEqual(self.files(), inputs)

    def test_a_figure_and_a_picture_of_shapes(self):
        self.write_sites()
        r = self.render_ok("--sites", "s.geojson", "--signed", *GRID, "--png", "p.png",
                           "--marker", "--figure", "f.png", "--figure-width", "640",
                           "--colour-by-centre")
        self.assertIn("the nearest of 3 sites", r.stderr)
        self.assertEqual(self.files(), ["f.png", "p.png", "s.geojson"])

    def test_lines_are_drawn_over_the_picture_and_the_figure(self):
        # A line along the equator from 20 W to 20 E: on the picture (a node a pixel), the row of
        # the equator is the sites' pink (255, 46, 148) between the ends and the field's colour
        # beyond them and a few rows off; the figure shows the same pink.
        from PIL import Image
        line = {"type": "LineString", "coordinates": [[-20, 0], [20, 0]]}
        self.write_sites(sites=line)
        self.render_ok("--sites", "s.geojson", "--lat", "-10:10", "--lon", "-30:30", "--size",
                       "301x101", "--png", "p.png", "--figure", "f.png", "--figure-width", "640")

        def pink(rgb):
            return (rgb[..., 0] > 200) & (rgb[..., 1] < 110)

        with Image.open(self.path("p.png")) as img:
            rgb = np.asarray(img.convert("RGB")).astype(np.int32)
        self.assertEqual(rgb.shape, (101, 301, 3))
        on = pink(rgb[50, 60:241])  # lon -24..24: the line's 20 W..20 E inside
        self.assertTrue(on[10:171].all(), on.astype(int))
        self.assertFalse(pink(rgb[50, :40]).any())   # west of its end
        self.assertFalse(pink(rgb[50, 261:]).any())  # east of its end
        self.assertFalse(pink(rgb[:44]).any())       # a few rows north
        self.assertFalse(pink(rgb[57:]).any())       # and south
        with Image.open(self.path("f.png")) as img:
            fig = np.asarray(img.convert("RGB")).astype(np.int32)
        self.assertGreater(int(pink(fig).sum()), 200)

    @unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
    def test_every_tile_and_the_mosaics_equal_the_whole_render(self):
        self.write_sites()
        common = ["--sites", "s.geojson", "--signed", *GRID]
        self.render_ok(*common, "--backend", "cpu", "--npy", "whole.npy", "--index", "whole_i.npy",
                       "--bearing", "whole_b.npy", "--geotiff", "whole.tif",
                       "--index-geotiff", "whole_i.tif")
        r = self.render_ok(*common, "--tile", "all/4", "--workers", "2", "--npy", "npy",
                           "--index", "index", "--bearing", "bearing", "--geotiff", "tif",
                           "--index-geotiff", "index_tif")
        self.assertEqual(sorted(os.listdir(self.path("bearing"))),
                         [f"tile-{k}-of-4.bearing.npy" for k in range(4)])
        whole = np.load(self.path("whole.npy"))
        whole_i = np.load(self.path("whole_i.npy"))
        whole_b = np.load(self.path("whole_b.npy"))
        values = np.full_like(whole, np.nan)
        index = np.full_like(whole_i, -7)
        bearing = np.full_like(whole_b, -7)
        for k in range(4):
            grid = self.gdalinfo(f"tif/tile-{k}-of-4.tif")["metadata"][""]["GEOFIELD_GRID"]
            self.assertIn(" sites=shapes:3:", grid)
            self.assertTrue(grid.endswith(" signed"), grid)
            part = self.tile_part(f"tif/tile-{k}-of-4.tif")
            values[part] = np.load(self.path(f"npy/tile-{k}-of-4.npy"))
            index[part] = np.load(self.path(f"index/tile-{k}-of-4.index.npy"))
            bearing[part] = np.load(self.path(f"bearing/tile-{k}-of-4.bearing.npy"))
        np.testing.assert_array_equal(values.view(np.uint32), whole.view(np.uint32))
        np.testing.assert_array_equal(index, whole_i)
        np.testing.assert_array_equal(bearing.view(np.uint32), whole_b.view(np.uint32))
        for folder in ("tif", "index_tif"):
            r = self.run_geofield("mosaic", folder)
            self.assertEqual(r.returncode, 0, r.stderr)
        np.testing.assert_array_equal(self.values("tif/mosaic.vrt", np.float32).view(np.uint32),
                                      whole.view(np.uint32))
        np.testing.assert_array_equal(self.values("index_tif/mosaic.vrt", np.int32), whole_i)
        np.testing.assert_array_equal(self.values("whole.tif", np.float32).view(np.uint32),
                                      whole.view(np.uint32))

        # One tile on its own, with its bearing, is the whole render's there.
        self.render_ok(*common, "--tile", "2/4", "--npy", "t.npy", "--bearing", "t_b.npy",
                       "--index", "t_i.npy")
        part = self.tile_part("tif/tile-2-of-4.tif")
        np.testing.assert_array_equal(np.load(self.path("t_b.npy")).view(np.uint32),
                                      whole_b[part].view(np.uint32))
        np.testing.assert_array_equal(np.load(self.path("t_i.npy")), whole_i[part])


if __name__ == "__main__":
    unittest.main()
