"""geofield render --geotiff end to end, read back by GDAL's own tools: the georeferencing
(EPSG:4326, the nodes as points where the grid contract puts them), the values bit for bit
the same as the .npy of the same run, float32 and float64, with and without GL; and the
failures: a missing writer module, one file named twice, a write failing midway."""

import os
import shutil
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, R_KM, RenderTestCase, binary, grid_coordinates, haversine

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")
# An antimeridian grid whose reference (0, 180) is its centre node.
GRID = ["--lat", "-10:10", "--lon", "170:-170", "--size", "41x21", "--ref", "0,180"]


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class RenderGeoTiff(GdalReads, RenderTestCase):

    def test_georeferencing_and_values_match_the_npy(self):
        for f64 in (False, True):
            with self.subTest(f64=f64):
                extra = ["--f64"] if f64 else []
                self.render_ok(*GRID, "--units", "nm", "--geotiff", "f.tif", "--npy", "f.npy",
                               *extra)
                info = self.gdalinfo("f.tif")
                self.assertEqual(info["size"], [41, 21])
                self.assertIn('ID["EPSG",4326]', info["coordinateSystem"]["wkt"])
                band = info["bands"][0]
                self.assertEqual(band["type"], "Float64" if f64 else "Float32")
                # Nodes as points: GDAL's pixel edges lie half a node west and north of the
                # first node (170, 10); 0.5 degrees a node east, 1 degree south.
                gt = info["geoTransform"]
                np.testing.assert_allclose(gt, [169.75, 0.5, 0, 10.5, 0, -1.0], atol=1e-12)
                self.assertIn("distance in nm from (0.000000, 180.000000)",
                              info["metadata"][""]["TIFFTAG_IMAGEDESCRIPTION"])
                npy = np.load(self.path("f.npy"))
                tif = self.values("f.tif", "<f8" if f64 else "<f4")
                np.testing.assert_array_equal(tif, npy)
                lon, lat = grid_coordinates((-10, 10), (170, -170), 41, 21)
                np.testing.assert_allclose(tif, haversine(0, 180, lat, lon, R_KM / 1.852),
                                           rtol=1e-10 if f64 else 2e-6, atol=1e-6)
                # GDAL's own lookup by coordinates: the reference node is 0.
                v = subprocess.run(["gdallocationinfo", "-valonly", "-wgs84", self.path("f.tif"),
                                    "180", "0"], capture_output=True, text=True, check=True)
                self.assertAlmostEqual(float(v.stdout), 0.0, delta=1e-9)
                self.assertEqual(self.files(), ["f.npy", "f.tif"])
                os.remove(self.path("f.npy"))
                os.remove(self.path("f.tif"))

    def test_cpu_without_gl_writes_the_same_field(self):
        # --backend cpu with no picture computes with no GL at all; the GeoTIFF holds exactly the
        # field the .npy-only path (written a block of rows at a time) writes.
        for extra in ([], ["--f64"]):
            with self.subTest(extra=extra):
                r = self.render_ok(*GRID, "--backend", "cpu", "--geotiff", "c.tif", *extra)
                self.assertIn("no GL needed", r.stderr)
                self.render_ok(*GRID, "--backend", "cpu", "--npy", "c.npy", *extra)
                tif = self.values("c.tif", "<f8" if extra else "<f4")
                np.testing.assert_array_equal(tif, np.load(self.path("c.npy")))

    def test_an_existing_file_is_replaced_whole(self):
        with open(self.path("old.tif"), "wb") as f:
            f.write(b"not a tiff" * 100000)
        self.render_ok("--size", "12x10", "--geotiff", "old.tif")
        self.assertEqual(self.gdalinfo("old.tif")["size"], [12, 10])
        self.assertEqual(self.files(), ["old.tif"])


class RenderGeoTiffFailures(RenderTestCase):

    def test_without_the_writer_module_it_says_so_before_any_work(self):
        # The binary alone in another folder: the module is not beside it.
        lone = self.path("bin")
        os.mkdir(lone)
        shutil.copy(binary(), lone)
        env = dict(os.environ)
        env.pop("GEOFIELD_GEOTIFF_PLUGIN", None)
        r = subprocess.run([os.path.join(lone, "geofield"), "render", "--size", "8x8", "--png",
                            "p.png", "--geotiff", "g.tif"], cwd=self.dir, capture_output=True,
                           text=True, timeout=300, env=env)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("libgeofield_geotiff.so", r.stderr)
        self.assertIn("GEOFIELD_GEOTIFF_PLUGIN", r.stderr)
        self.assertNotIn("backend", r.stderr, "it failed only after starting the work")
        self.assertEqual(self.files(), ["bin"])

    def test_a_module_named_in_the_environment_is_the_one_used(self):
        # $GEOFIELD_GEOTIFF_PLUGIN naming a missing file fails naming it, rather than falling
        # back silently to the module beside the binary.
        env = dict(os.environ, GEOFIELD_GEOTIFF_PLUGIN=self.path("nowhere.so"))
        r = subprocess.run([binary(), "render", "--size", "8x8", "--geotiff", "g.tif"],
                           cwd=self.dir, capture_output=True, text=True, timeout=300, env=env)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("GeoTIFF export: $GEOFIELD_GEOTIFF_PLUGIN names " + self.path("nowhere.so") +
                      ", which cannot be loaded", r.stderr)
        self.assertEqual(self.files(), [])

    def test_one_file_named_twice_is_refused(self):
        for a, b, name in (("--npy", "--geotiff", "same.out"), ("--png", "--geotiff", "same.png")):
            with self.subTest(pair=(a, b)):
                r = self.run_geofield("render", "--size", "8x8", a, name, b, "./" + name)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(f"{a} and {b} name the same file", r.stderr)
                self.assertEqual(self.files(), [])

    def test_a_geotiff_failing_midway_leaves_no_file_at_all(self):
        # The GeoTIFF (1.44 MB) outgrows a 1 MB file-size limit while the PNG fits.
        r = self.render_with_1mb_file_limit("--size", "600x600", "--png", "field.png",
                                            "--geotiff", "field.tif")
        self.assertNotEqual(r.returncode, 0, r.stderr)
        self.assertIn("cannot write field.tif", r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 2, "one line of context, one error")
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
