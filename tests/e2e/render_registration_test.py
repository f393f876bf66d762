"""Grids by cell size and registration end to end (--step, --registration pixel), read back by
the tools their users run: gdalinfo (origin exactly (-180, 90), 0.25-degree pixels, Area, the
band's unit, description and statistics), gdalwarp to Robinson with no warning, GMT (`gmt
grdinfo`: pixel registration, the region of the cells' edges and their size), the values at the
cells' centres against double math, tiles that mosaic seamlessly, and the refusals."""

import os
import shutil
import subprocess
import unittest

import numpy as np

from geofield_e2e import R_KM, GdalReads, RenderTestCase, haversine

HAVE_GDAL = all(shutil.which(t) for t in ("gdalinfo", "gdal_translate", "gdalwarp"))
HAVE_GMT = shutil.which("gmt") is not None
GLOBAL = ["--lat", "-90:90", "--lon", "-180:180", "--ref", "48.8566,2.3522"]


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class PixelRegistration(GdalReads, RenderTestCase):

    def test_quarter_degree_global_geotiff_is_georeferenced_exactly(self):
        r = self.render_ok(*GLOBAL, "--step", "0.25", "--registration", "pixel", "--backend",
                           "cpu", "--geotiff", "g.tif", "--npy", "g.npy")
        self.assertNotIn("warning", r.stderr.lower())
        info = self.gdalinfo("g.tif")
        self.assertEqual(info["size"], [1440, 720])
        self.assertEqual(info["geoTransform"], [-180.0, 0.25, 0.0, 90.0, 0.0, -0.25])
        self.assertEqual(info["metadata"][""]["AREA_OR_POINT"], "Area")
        band = info["bands"][0]
        self.assertEqual(band["unit"], "km")
        self.assertIn("great-circle distance from 48.8566N 2.3522E", band["description"])
        # The statistics are the values' (float32, NaN-free), as numpy computes them.
        values = np.load(self.path("g.npy")).astype(np.float64)
        stats = band["metadata"][""]
        self.assertEqual(float(stats["STATISTICS_MINIMUM"]), values.min())
        self.assertEqual(float(stats["STATISTICS_MAXIMUM"]), values.max())
        self.assertAlmostEqual(float(stats["STATISTICS_MEAN"]), values.mean(), delta=1e-9 * 2e4)
        self.assertAlmostEqual(float(stats["STATISTICS_STDDEV"]), values.std(), delta=1e-6)
        # Values at the cells' centres: lat 90 - (i + 1/2) 0.25, lon -180 + (j + 1/2) 0.25.
        gdal = self.values("g.tif", "<f4")
        for i, j in ((0, 0), (359, 720), (719, 1439), (100, 1000)):
            lat, lon = 90 - (i + 0.5) * 0.25, -180 + (j + 0.5) * 0.25
            expected = haversine(48.8566, 2.3522, lat, lon, R_KM)
            self.assertAlmostEqual(float(gdal[i, j]), expected, delta=2e-3)  # float32 of ~1e4 km

    def test_gdalwarp_to_robinson_warns_of_nothing(self):
        self.render_ok(*GLOBAL, "--step", "1", "--registration", "pixel", "--backend", "cpu",
                       "--geotiff", "g.tif")
        r = subprocess.run(["gdalwarp", "-q", "-t_srs", "ESRI:54030", self.path("g.tif"),
                            self.path("robinson.tif")], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        # The same with node registration reaches +-90.5 and warns (why pixel is asked for).
        self.render_ok(*GLOBAL, "--step", "1", "--backend", "cpu", "--geotiff", "n.tif")
        self.assertEqual(self.gdalinfo("n.tif")["geoTransform"][3], 90.5)

    def test_projected_pixel_geotiff_has_its_cells_corner_and_nodata(self):
        self.render_ok("--projection", "ortho", "--extent", "6000", "--size", "300x200",
                       "--registration", "pixel", "--backend", "cpu", "--geotiff", "o.tif")
        info = self.gdalinfo("o.tif")
        x0, dx, _, y0, _, dy = info["geoTransform"]
        self.assertAlmostEqual(x0, -6.0e6, delta=1e-6)
        self.assertAlmostEqual(dx, 12000000.0 / 300, delta=1e-9)
        self.assertAlmostEqual(y0, 200 / 2 * dx, delta=1e-6)
        band = info["bands"][0]
        self.assertEqual(band["unit"], "km")
        self.assertTrue(np.isnan(float(band["noDataValue"])))

    def test_node_registration_files_are_as_before(self):
        self.render_ok("--lat", "0:10", "--lon", "0:10", "--size", "11x11", "--backend", "cpu",
                       "--geotiff", "n.tif", "--units", "nm")
        info = self.gdalinfo("n.tif")
        self.assertEqual(info["geoTransform"], [-0.5, 1.0, 0.0, 10.5, 0.0, -1.0])
        self.assertEqual(info["metadata"][""]["AREA_OR_POINT"], "Point")
        self.assertEqual(info["bands"][0]["unit"], "nmi")

    def test_tiles_mosaic_seamlessly(self):
        self.render_ok(*GLOBAL, "--step", "2", "--registration", "pixel", "--backend", "cpu",
                       "--geotiff", "whole.tif")
        self.render_ok(*GLOBAL, "--step", "2", "--registration", "pixel", "--backend", "cpu",
                       "--tile", "all/6", "--geotiff", "tiles")
        self.assertEqual(self.run_geofield("mosaic", "tiles").returncode, 0)
        vrt = self.gdalinfo("tiles/mosaic.vrt")
        self.assertEqual(vrt["geoTransform"], [-180.0, 2.0, 0.0, 90.0, 0.0, -2.0])
        self.assertEqual(vrt["metadata"][""]["AREA_OR_POINT"], "Area")
        self.assertEqual(self.values("tiles/mosaic.vrt", "<f4").tobytes(),
                         self.values("whole.tif", "<f4").tobytes())
        for name in ("tiles/" + f for f in sorted(self.files_in("tiles")) if f.endswith(".tif")):
            part = self.gdalinfo(name)
            rows, cols = self.tile_part(name)
            self.assertEqual(part["geoTransform"][0], -180.0 + 2.0 * cols.start)
            self.assertEqual(part["geoTransform"][3], 90.0 - 2.0 * rows.start)

    def files_in(self, folder):
        return os.listdir(self.path(folder))

    def test_refusals_name_the_option(self):
        self.render_refused(*GLOBAL, "--step", "0.7", "--registration", "pixel", "--npy", "f.npy",
                            words=("--step", "514", "515"))
        self.render_refused(*GLOBAL, "--step", "1", "--size", "10x10", "--npy", "f.npy",
                            words=("--size and --step",))
        self.render_refused(*GLOBAL, "--registration", "centre", "--npy", "f.npy",
                            words=("--registration", "node, pixel"))
        self.render_refused("--projection", "aeqd", "--step", "1", "--npy", "f.npy",
                            words=("--step", "latlon"))
        self.render_refused(*GLOBAL, "--step", "0.0001", "--npy", "f.npy",
                            words=("--step", "1048576"))
        self.assertEqual(self.files(), [])


@unittest.skipUnless(HAVE_GMT, "GMT is not installed")
class PixelRegistrationGmt(RenderTestCase):

    def grdinfo(self, name):
        r = subprocess.run(["gmt", "grdinfo", "-C", f"{self.path(name)}?distance"],
                           capture_output=True, text=True, check=True)
        self.assertEqual(r.stderr, "")
        out = r.stdout.split("\t")
        return [float(v) for v in out[1:5]] + [float(v) for v in out[7:11]]

    def test_gmt_reads_the_netcdf_as_pixel_registered(self):
        self.render_ok(*GLOBAL, "--step", "0.25", "--registration", "pixel", "--backend", "cpu",
                       "--netcdf", "g.nc")
        self.assertEqual(self.grdinfo("g.nc"), [-180, 180, -90, 90, 0.25, 0.25, 1440, 720])
        r = subprocess.run(["gmt", "grdinfo", self.path("g.nc") + "?distance"],
                           capture_output=True, text=True, check=True)
        self.assertIn("Pixel node registration used", r.stdout)
        # Node registration is still gridline: its region is the nodes'.
        self.render_ok(*GLOBAL, "--step", "1", "--backend", "cpu", "--netcdf", "n.nc")
        self.assertEqual(self.grdinfo("n.nc"), [-180, 180, -90, 90, 1, 1, 361, 181])


if __name__ == "__main__":
    unittest.main()
