"""geofield render --projection aeqd|ortho end to end: the .npy of an aeqd map is each node's
radius hypot(x, y) (the grid contract's x, y, written out here) and NaN beyond the antipode's
circle; the PNG draws no-value nodes as background; the GeoTIFF carries its projection, which
gdalinfo reports and gdalwarp/gdaltransform place where numpy's haversine says; the GL
backend computes the same field as the CPU backend; the overlays drawn on projected pictures;
and the refusals: bad --extent.""" 

import json
import math
import os
import shutil
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import R_KM, RenderTestCase, haversine

HAVE_GDAL = all(shutil.which(t) for t in ("gdalinfo", "gdalwarp", "gdaltransform"))
HALF_KM = math.pi * R_KM  # half a great circle: the aeqd disc's radius


def node_xy(extent, nx, ny):
    """The aeqd/ortho grid contract: x = -D + j 2D/(nx-1), y = D(ny-1)/(nx-1) - i 2D/(nx-1)."""
    step = 2 * extent / (nx - 1)
    x = -extent + np.arange(nx) * step
    y = extent * (ny - 1) / (nx - 1) - np.arange(ny) * step
    return np.meshgrid(x, y)  # each (ny, nx)


class RenderProjection(RenderTestCase):

    def test_aeqd_npy_is_the_node_radius_and_nan_beyond_the_antipode(self):
        nx, ny, extent = 201, 151, 20000.0
        for f64, rel in ((True, 1e-9), (False, 4e-6)):
            with self.subTest(f64=f64):
                extra = ["--f64"] if f64 else []
                r = self.render_ok("--projection", "aeqd", "--ref", "30,101", "--extent",
                                   str(extent), "--size", f"{nx}x{ny}", "--npy", "a.npy", *extra)
                self.assertRegex(r.stderr, r"geofield: backend (cpu|cuda|gl)")
                v = np.load(self.path("a.npy"))
                self.assertEqual(v.shape, (ny, nx))
                x, y = node_xy(extent, nx, ny)
                rho = np.hypot(x, y)
                beyond = rho > HALF_KM * (1 + 1e-6)
                inside = rho < HALF_KM * (1 - 1e-6)
                self.assertGreater(beyond.sum(), 1000)
                self.assertTrue(np.isnan(v[beyond]).all())
                self.assertFalse(np.isnan(v[inside]).any())
                np.testing.assert_allclose(v[inside], rho[inside], rtol=rel,
                                           atol=rel * HALF_KM)
                self.assertEqual(v[ny // 2, nx // 2], 0.0)  # the reference is the centre node

    def test_aeqd_png_draws_no_value_as_background(self):
        self.render_ok("--projection", "aeqd", "--extent", str(HALF_KM * 0.9999999),
                       "--size", "101x101", "--png", "a.png")
        rgb = np.asarray(Image.open(self.path("a.png")).convert("RGB")).astype(int)
        self.assertEqual(rgb.shape, (101, 101, 3))
        corner, centre = rgb[0, 0], rgb[50, 50]
        np.testing.assert_allclose(corner, [31, 31, 31], atol=1)  # the background grey
        np.testing.assert_allclose(centre, [68, 1, 84], atol=2)  # viridis' low end: 0 km
        edge = rgb[50, 1]  # just inside the antipode's circle: the far end, yellow
        self.assertGreater(edge[0], 200)
        self.assertGreater(edge[1], 200)
        self.assertLess(edge[2], 80)

    def test_gl_backend_computes_the_cpu_backends_field(self):
        # ortho about (40, -170) across the antimeridian, its corners off the globe; float and
        # double. The GPU tests hold each backend to the CPU double field node by node; here the
        # command line takes the GL path end to end.
        view = ["--projection", "ortho", "--lat", "20:60", "--lon", "170:-150", "--ref", "30,101",
                "--size", "121x91"]
        for f64, rel in ((False, 4e-6), (True, 1e-10)):
            with self.subTest(f64=f64):
                extra = ["--f64"] if f64 else []
                r = self.render_ok(*view, "--backend", "gl", "--npy", "g.npy", *extra)
                self.assertIn("backend gl (asked for)", r.stderr)
                self.render_ok(*view, "--backend", "cpu", "--npy", "c.npy", *extra)
                g, c = np.load(self.path("g.npy")), np.load(self.path("c.npy"))
                self.assertEqual(g.shape, (91, 121))
                x, y = node_xy(R_KM, 121, 91)  # --extent: R by default for ortho
                off_rim = np.abs(np.hypot(x, y) - R_KM) > 1e-6 * R_KM  # the rim: either side
                np.testing.assert_array_equal(np.isnan(g)[off_rim], np.isnan(c)[off_rim])
                self.assertGreater(np.isnan(c).sum(), 1000)  # the corners
                both = off_rim & ~np.isnan(c)
                np.testing.assert_allclose(g[both], c[both], rtol=rel, atol=rel * np.nanmax(c))

    def test_bad_extent_projection_and_overlays_are_refused(self):
        cases = [
            (["--projection", "aeqd", "--extent", "30000"], "--extent: 30000 km is outside (0, 20015.1"),
            (["--projection", "ortho", "--extent", "7000"], "--extent: 7000 km is outside (0, 6371.0088]"),
            (["--projection", "aeqd", "--extent", "0"], "--extent: 0 km is outside"),
            (["--extent", "100"], "--extent: applies to --projection aeqd, ortho or eqearth"),
            (["--projection", "mercator"], "--projection: 'mercator' is not one of"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                r = self.run_geofield("render", *args, "--png", "a.png")
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(self.files(), [])

    def test_overlays_are_drawn_on_projected_views(self):
        """--graticule, --marker, --coastlines, --borders: each changes an aeqd and an ortho
        picture (their places: render_coastlines_test.py, the window's display tests)."""
        for proj in ("aeqd", "ortho"):
            base = ["--projection", proj, "--ref", "48.85,2.35", "--lat", "30:60", "--lon",
                    "-20:20", "--size", "201x201", "--range", "0:20000"]
            self.render_ok(*base, "--png", "bare.png")
            bare = np.asarray(Image.open(self.path("bare.png")).convert("RGB")).astype(int)
            for overlay in ("--graticule", "--marker", "--coastlines", "--borders"):
                with self.subTest(proj=proj, overlay=overlay):
                    self.render_ok(*base, overlay, "--png", "o.png")
                    o = np.asarray(Image.open(self.path("o.png")).convert("RGB")).astype(int)
                    changed = np.abs(o - bare).sum(axis=2) > 30
                    self.assertGreater(changed.mean(), 0.0005)
                    self.assertLess(changed.mean(), 0.3)  # lines, not a fill


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class RenderProjectionGeoTiff(RenderTestCase):
    SPHERE = f"+proj=longlat +R={R_KM * 1000} +no_defs"

    def gdalinfo(self, name, *options):
        out = subprocess.run(["gdalinfo", "-json", *options, self.path(name)], capture_output=True,
                             text=True, check=True).stdout
        return json.loads(out)

    def warp(self, src, dst, srs, te, ts):
        subprocess.run(["gdalwarp", "-q", "-overwrite", "-et", "0", "-t_srs", srs, "-te", *map(str, te),
                        "-ts", *map(str, ts), "-r", "near", "-of", "ENVI", self.path(src),  # -et 0: exact
                        self.path(dst)], check=True, capture_output=True)
        return np.fromfile(self.path(dst), dtype="<f8").reshape(ts[1], ts[0])

    def test_aeqd_geotiff_carries_its_projection_and_warps_into_place(self):
        nx, ny, extent, ref = 241, 201, 3000.0, (30.0, 101.0)
        self.render_ok("--projection", "aeqd", "--ref", "30,101", "--extent", str(extent),
                       "--size", f"{nx}x{ny}", "--f64", "--geotiff", "a.tif", "--npy", "a.npy")
        info = self.gdalinfo("a.tif")
        wkt = info["coordinateSystem"]["wkt"]
        self.assertIn("Azimuthal Equidistant", wkt)
        self.assertIn('"Latitude of natural origin",30', wkt)
        self.assertIn('"Longitude of natural origin",101', wkt)
        self.assertIn('ELLIPSOID["unnamed",6371008.8,0', wkt)  # the sphere, flattening 0
        step_m = 2 * extent * 1000 / (nx - 1)
        y0_m = extent * 1000 * (ny - 1) / (nx - 1)
        # Nodes as points: pixel edges half a node west and north of node (0, 0).
        np.testing.assert_allclose(info["geoTransform"],
                                   [-extent * 1000 - step_m / 2, step_m, 0, y0_m + step_m / 2, 0,
                                    -step_m], rtol=1e-12)
        npy = np.load(self.path("a.npy"))

        # GDAL's own pixel -> lat/lon at node centres: numpy's haversine from the reference to
        # where GDAL puts each node is that node's value.
        nodes = [(0, 0), (0, nx - 1), (ny - 1, 0), (ny // 2, nx // 2), (17, 200), (150, 33)]
        pixels = "".join(f"{j + 0.5} {i + 0.5}\n" for i, j in nodes)
        out = subprocess.run(["gdaltransform", "-t_srs", self.SPHERE, "-output_xy",
                              self.path("a.tif")], input=pixels, capture_output=True, text=True,
                             check=True).stdout.split()
        lonlat = np.array(out, dtype=float).reshape(-1, 2)
        for (i, j), (lon, lat) in zip(nodes, lonlat):
            self.assertAlmostEqual(haversine(ref[0], ref[1], lat, lon, R_KM), npy[i, j],
                                   delta=1e-6 * max(npy[i, j], 1.0))

        # gdalwarp onto lat/lon grids (the same sphere; WGS 84): nearest node within the
        # distance field's own change over half a node's diagonal (it is 1-Lipschitz).
        bound = 0.5 * math.sqrt(2) * 2 * extent / (nx - 1) + 1e-6
        for srs in (self.SPHERE, "EPSG:4326"):
            with self.subTest(srs=srs):
                te, ts = (90, 15, 112, 44), (45, 59)
                w = self.warp("a.tif", "w.raw", srs, te, ts)
                lons = te[0] + (np.arange(ts[0]) + 0.5) * (te[2] - te[0]) / ts[0]
                lats = te[3] - (np.arange(ts[1]) + 0.5) * (te[3] - te[1]) / ts[1]
                lon, lat = np.meshgrid(lons, lats)
                want = haversine(ref[0], ref[1], lat, lon, R_KM)
                inside = want < extent * 0.95  # inside the map's square on every side
                self.assertGreater(inside.sum(), 1000)
                err = np.abs(w[inside] - want[inside])
                self.assertLess(err.max(), bound)
                self.assertLess(np.median(err), bound / 3)

    def test_ortho_geotiff_is_orthographic_about_the_view_centre(self):
        self.render_ok("--projection", "ortho", "--lat", "20:60", "--lon", "170:-150",
                       "--size", "64x64", "--geotiff", "o.tif")
        wkt = self.gdalinfo("o.tif")["coordinateSystem"]["wkt"]
        self.assertIn("Orthographic", wkt)
        self.assertIn('"Latitude of natural origin",40', wkt)
        self.assertIn('"Longitude of natural origin",-170', wkt)

    def test_projected_geotiff_declares_nan_as_nodata(self):
        # The whole sphere's disc and its corners: the nodes beyond the antipode's circle are
        # NaN, and GDAL must know they are no data (statistics, gdalwarp, QGIS leave them out).
        self.render_ok("--projection", "aeqd", "--extent", str(HALF_KM), "--size", "65x65",
                       "--geotiff", "n.tif", "--npy", "n.npy")
        band = self.gdalinfo("n.tif", "-stats")["bands"][0]
        self.assertEqual(str(band["noDataValue"]).lower(), "nan")
        npy = np.load(self.path("n.npy"))
        valid = np.isfinite(npy).sum()
        self.assertLess(valid, npy.size)  # the corners have no value
        self.assertAlmostEqual(float(band["metadata"][""]["STATISTICS_VALID_PERCENT"]),
                               100.0 * valid / npy.size, delta=0.01)
        self.assertAlmostEqual(band["maximum"], np.nanmax(npy), delta=1e-3)
        # A lat/lon field has a value at every node: no nodata declared.
        self.render_ok("--size", "8x8", "--geotiff", "l.tif")
        self.assertNotIn("noDataValue", self.gdalinfo("l.tif")["bands"][0])


if __name__ == "__main__":
    unittest.main()
