"""geofield render --projection eqearth end to end: the .npy of a world map is, at each node, the
great-circle distance (numpy's haversine) from the reference to the point that PROJ's command-line
tool (`proj -I +proj=eqearth`, Debian's proj-bin) puts under the node, NaN outside the outline;
the default grid is the world's box; the figure in PNG, PDF and SVG; the GL backend computes the
same field as the CPU; --geotiff and --netcdf are refused in one line."""

import re
import shutil
import subprocess
import unittest

import numpy as np
from PIL import Image

from geofield_e2e import R_KM, RenderTestCase, haversine

HAVE_PROJ = shutil.which("proj") is not None
MAX_X, MAX_Y = 2.7066299836960748, 1.3173627591574133  # the outline's box on the unit sphere


def node_xy(extent, nx, ny):
    """The projected grid contract: x = -D + j 2D/(nx-1), y = D(ny-1)/(nx-1) - i 2D/(nx-1)."""
    step = 2 * extent / (nx - 1)
    x = -extent + np.arange(nx) * step
    y = extent * (ny - 1) / (nx - 1) - np.arange(ny) * step
    return np.meshgrid(x, y)  # each (ny, nx)


def proj_inverse(x_km, y_km, lon0):
    """(lat, lon) in degrees of map points (km) by `proj -I`, and how far (km) the forward of
    those points lands from them, to tell the outline: PROJ's inverse answers outside it too
    (another place), or not at all beyond the pole lines (NaN)."""
    spec = ["+proj=eqearth", f"+R={R_KM * 1000!r}", f"+lon_0={lon0!r}", "+units=m"]
    text = "\n".join(f"{a * 1000!r} {b * 1000!r}" for a, b in zip(x_km.ravel(), y_km.ravel()))
    out = subprocess.run(["proj", "-I", "-f", "%.12f", *spec], input=text, capture_output=True,
                         text=True, check=True).stdout.split()
    lonlat = np.array([float(v) if v != "*" else np.nan for v in out]).reshape(-1, 2)
    lon, lat = lonlat[:, 0], lonlat[:, 1]
    back = subprocess.run(["proj", "-f", "%.6f", *spec],
                          input="\n".join(f"{a!r} {b!r}" for a, b in zip(lon, lat)),
                          capture_output=True, text=True, check=True).stdout.split()
    xy = np.array([float(v) if v != "*" else np.nan for v in back]).reshape(-1, 2) / 1000
    # |x|: a node on the seam (180 degrees from the central meridian) comes back on either edge.
    miss = np.hypot(np.abs(xy[:, 0]) - np.abs(x_km.ravel()), xy[:, 1] - y_km.ravel())
    return lat.reshape(x_km.shape), lon.reshape(x_km.shape), miss.reshape(x_km.shape)


class RenderEqEarth(RenderTestCase):

    @unittest.skipUnless(HAVE_PROJ, "needs PROJ's proj (Debian: proj-bin)")
    def test_npy_is_the_distance_to_projs_point_and_nan_outside(self):
        nx = 161
        for backend, f64, tol in (("cpu", True, 1e-9), ("cpu", False, 4e-6), ("gl", False, 4e-6)):
            with self.subTest(backend=backend, f64=f64):
                extra = ["--f64"] if f64 else []
                self.render_ok("--projection", "eqearth", "--ref", "40,-105", "--size", str(nx),
                               "--backend", backend, "--npy", "w.npy", *extra)
                v = np.load(self.path("w.npy"))
                ny = 1 + round((nx - 1) * MAX_Y / MAX_X)
                self.assertEqual(v.shape, (ny, nx))  # the world's box
                x, y = node_xy(MAX_X * R_KM, nx, ny)
                lat, lon, miss = proj_inverse(x, y, -105.0)
                inside = miss < 1e-3
                outside = ~(miss < 0.01)  # 10 m past the outline, or no point at all
                self.assertGreater(outside.sum(), 1000)  # the corners of the box
                self.assertTrue(np.isnan(v[outside]).all())
                self.assertFalse(np.isnan(v[inside]).any())
                want = haversine(40.0, -105.0, lat[inside], lon[inside], R_KM)
                np.testing.assert_allclose(v[inside], want, rtol=tol, atol=tol * np.pi * R_KM)

    def test_figure_in_png_pdf_and_svg(self):
        maps = {}
        for name in ("w.png", "w.pdf", "w.svg"):
            with self.subTest(figure=name):
                r = self.render_ok("--projection", "eqearth", "--ref", "Rome", "--figure", name,
                                   "--figure-width", "800")
                self.assertIn("wrote " + name, r.stderr)
                maps[name] = re.search(r"map (\d+)x(\d+) at", r.stderr).groups()
        mw, mh = map(int, maps["w.png"])
        # The map is the outline's box, 2.0546 times as wide as tall (the page around it holds
        # the print style's 8 pt labels and caption).
        self.assertAlmostEqual(mw / mh, 2.7066 / 1.3173, delta=0.02)
        im = np.asarray(Image.open(self.path("w.png")).convert("RGB")).astype(int)
        self.assertEqual(im.shape[1], 800)
        with open(self.path("w.svg"), encoding="utf-8") as f:  # text as glyphs: its paths only
            self.assertGreater(f.read().count("<path"), 50)  # glyphs, lines, the outline
        pdf_text = subprocess.run(["pdftotext", self.path("w.pdf"), "-"], capture_output=True,
                                  text=True, check=True).stdout
        self.assertIn("Equal Earth", pdf_text)
        # The print style's 8 pt labels space an 800-pixel world's graticule at 90°: the
        # equator labelled at its row, the meridians where they meet the south pole line.
        self.assertEqual(pdf_text.split().count("0°"), 2, pdf_text)
        self.assertIn("90°W", pdf_text)
        self.assertIn("90°E", pdf_text)

    def test_geotiff_and_netcdf_are_refused(self):
        self.render_refused("--projection", "eqearth", "--geotiff", "w.tif",
                            words=("--geotiff", "eqearth", "--npy"))
        self.render_refused("--projection", "eqearth", "--netcdf", "w.nc",
                            words=("--netcdf", "eqearth"))
        self.render_refused("--projection", "eqearth", "--extent", "20000", "--npy", "w.npy",
                            words=("--extent", "eqearth", "2.7066 R"))
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
