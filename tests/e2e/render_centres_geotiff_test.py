"""geofield render --centres to GeoTIFF, read back by GDAL's own tools: the distance file
(--geotiff, described as the distance to the nearest of N centres) and the index file
(--index-geotiff: one Int32 band on the same georeferencing), each equal node for node to the
.npy of the same run; and the refusals: --index-geotiff without --centres, one file named by
two outputs, nothing written."""

import os
import shutil
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, RenderTestCase

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")
CENTRES = [(10.0, 175.0, "West"), (-5.0, -172.0, "East, south"), (0.0, 180.0, "Dateline"),
           (8.0, -178.0, "")]
GRID = ["--lat", "-10:10", "--lon", "170:-170", "--size", "41x21"]


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class RenderCentresGeoTiff(GdalReads, RenderTestCase):

    def setUp(self):
        super().setUp()
        with open(self.path("c.csv"), "w") as f:
            f.write("lat,lon,name\n")
            for lat, lon, name in CENTRES:
                f.write(f'{lat!r},{lon!r},"{name}"\n')

    def test_distance_and_index_files_match_the_npy(self):
        for backend in ("cpu", "auto"):  # cpu: no GL at all; auto: through the GL texture
            with self.subTest(backend=backend):
                self.render_ok("--centres", "c.csv", *GRID, "--backend", backend, "--f64",
                               "--geotiff", "d.tif", "--index-geotiff", "i.tif", "--npy", "d.npy",
                               "--index", "i.npy")
                d_info, i_info = self.gdalinfo("d.tif"), self.gdalinfo("i.tif")
                self.assertEqual(d_info["bands"][0]["type"], "Float64")
                self.assertEqual(i_info["bands"][0]["type"], "Int32")
                for info in (d_info, i_info):
                    self.assertEqual(info["size"], [41, 21])
                    self.assertIn('ID["EPSG",4326]', info["coordinateSystem"]["wkt"])
                    # Nodes as points: the pixel edges half a node west and north of (170, 10).
                    np.testing.assert_allclose(info["geoTransform"],
                                               [169.75, 0.5, 0, 10.5, 0, -1.0], atol=1e-12)
                self.assertIn("distance in km to the nearest of 4 sites",
                              d_info["metadata"][""]["TIFFTAG_IMAGEDESCRIPTION"])
                self.assertIn("index (0-based, in the sites file's order) of the nearest of 4",
                              i_info["metadata"][""]["TIFFTAG_IMAGEDESCRIPTION"])
                np.testing.assert_array_equal(self.values("d.tif", "<f8"),
                                              np.load(self.path("d.npy")))
                index = self.values("i.tif", "<i4")
                np.testing.assert_array_equal(index, np.load(self.path("i.npy")))
                self.assertEqual(sorted(np.unique(index)), [0, 1, 2, 3])
                # GDAL's lookup by coordinates: each centre's own node is its own cell. The
                # raster's x runs 170 to 190 across the antimeridian, so -172 is 188 there.
                for k, (lat, lon, _) in enumerate(CENTRES):
                    v = subprocess.run(["gdallocationinfo", "-valonly", "-geoloc",
                                        self.path("i.tif"), str(lon % 360), str(lat)],
                                       capture_output=True, text=True, check=True)
                    self.assertEqual(int(v.stdout), k)
                for name in ("d.tif", "i.tif", "d.npy", "i.npy"):
                    os.remove(self.path(name))

    def test_refusals_write_nothing(self):
        r = self.run_geofield("render", *GRID, "--index-geotiff", "i.tif")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--index-geotiff: give --sites FILE|@name (or --centres FILE) too", r.stderr)
        r = self.run_geofield("render", "--centres", "c.csv", *GRID, "--geotiff", "x.tif",
                              "--index-geotiff", "x.tif")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--geotiff and --index-geotiff name the same file", r.stderr)
        self.assertEqual(self.files(), ["c.csv"])


if __name__ == "__main__":
    unittest.main()
