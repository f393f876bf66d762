"""Tiles of many sites (issue 27): `render --tile all/4 --centres FILE` with the index tiled
too equals one whole render bit for bit (.npy distance and index; `geofield mosaic` of the
distance GeoTIFF tiles and of the index GeoTIFF tiles read through gdal_translate equal the whole
render's GeoTIFFs), on a latlon view across the antimeridian and an aeqd view (NaN and index -1
off the map), float32 and float64, three workers equal to one; one tile (`--tile K/N`) with the
index and NetCDF; two centres files make two runs (GEOFIELD_RUN); a folder of distance and index
tiles is refused naming one of each; `--cog` with `--centres`."""

import os
import shutil
import unittest

import numpy as np

from geofield_e2e import GdalReads, RenderTestCase, import_xarray

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")
try:
    from osgeo_utils.samples import validate_cloud_optimized_geotiff as cog_validator
except ImportError:  # python3-gdal not installed
    cog_validator = None

# Centres on both sides of 180°, one on a node's longitude, two tied about a node.
CENTRES = "lat,lon,name\n10,170,a\n-20,-175,b\n35,-150,c\n0,160,d\n25,179.5,e\n5,-170,f\n15,-170,g\n"
# Across the antimeridian: 150°E to 140°W.
ANTIMERIDIAN = ["--lat", "-30:40", "--lon", "150:-140", "--size", "121x87"]
# An aeqd map half a great circle wide: its corners lie beyond the antipode's circle (NaN, -1).
# (The map's centre is the view's reference point, the default: --ref names the one site, so
# render refuses it beside --centres.)
AEQD = ["--projection", "aeqd", "--extent", "20015", "--size", "97x73"]
AEQD_CENTRES = "lat,lon\n60,10\n-10,40\n20,-100\n-60,150\n70,-20\n"


def translated(case, name, dtype):
    """The band as gdal_translate reads it (exact bits)."""
    return case.values(name, dtype)


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class RenderTilesCentres(GdalReads, RenderTestCase):

    def write_centres(self, name, text):
        with open(self.path(name), "w") as f:
            f.write(text)

    def whole(self, grid, extra):
        self.render_ok(*grid, "--backend", "cpu", "--centres", "c.csv", "--npy", "whole.npy",
                       "--index", "whole_index.npy", "--geotiff", "whole.tif",
                       "--index-geotiff", "whole_index.tif", *extra)
        return np.load(self.path("whole.npy")), np.load(self.path("whole_index.npy"))

    def every_tile(self, grid, extra, workers, suffix):
        # The automatic backend: the CPU here (no CUDA device), CUDA where there is one.
        r = self.render_ok(*grid, "--centres", "c.csv", "--tile", "all/4",
                           "--workers", str(workers), "--npy", f"npy{suffix}",
                           "--index", f"index{suffix}", "--geotiff", f"tif{suffix}",
                           "--index-geotiff", f"index_tif{suffix}", *extra)
        self.assertRegex(r.stderr, r"4 tiles \(\d+ x \d+\) of \d+ x \d+ nodes on "
                                   r"(the CPU|\d+ CUDA devices?)")
        self.assertEqual(sorted(os.listdir(self.path(f"index{suffix}"))),
                         [f"tile-{k}-of-4.index.npy" for k in range(4)])
        # Each index GeoTIFF tile with its sites' names beside it (docs/sites.md).
        self.assertEqual(sorted(os.listdir(self.path(f"index_tif{suffix}"))),
                         sorted(f"tile-{k}-of-4.index.tif{aux}" for k in range(4)
                                for aux in ("", ".aux.xml")))

    def assembled(self, suffix, shape, dtype):
        """The .npy tiles put together at their nodes (GEOFIELD_TILE_NODES of their GeoTIFFs)."""
        values = np.full(shape, np.nan, dtype=dtype)
        index = np.full(shape, -7, dtype=np.int32)
        for k in range(4):
            md = self.gdalinfo(f"tif{suffix}/tile-{k}-of-4.tif")["metadata"][""]
            row0, col0, nx, ny = map(int, md["GEOFIELD_TILE_NODES"].split(","))
            imd = self.gdalinfo(f"index_tif{suffix}/tile-{k}-of-4.index.tif")["metadata"][""]
            self.assertEqual(imd["GEOFIELD_TILE_NODES"], md["GEOFIELD_TILE_NODES"])
            self.assertEqual(imd["GEOFIELD_VALUES"], "index")
            self.assertEqual(imd["GEOFIELD_GRID"], md["GEOFIELD_GRID"])
            self.assertNotEqual(imd["GEOFIELD_RUN"], md["GEOFIELD_RUN"])  # int32, not a distance
            t = np.load(self.path(f"npy{suffix}/tile-{k}-of-4.npy"))
            ti = np.load(self.path(f"index{suffix}/tile-{k}-of-4.index.npy"))
            self.assertEqual(t.dtype, np.dtype(dtype))
            self.assertEqual(ti.dtype, np.int32)
            self.assertEqual(t.shape, (ny, nx))
            values[row0:row0 + ny, col0:col0 + nx] = t
            index[row0:row0 + ny, col0:col0 + nx] = ti
        return values, index

    def check(self, grid, centres, extra, projected):
        self.write_centres("c.csv", centres)
        f64 = "--f64" in extra
        dtype = np.float64 if f64 else np.float32
        bits = np.uint64 if f64 else np.uint32
        whole, whole_index = self.whole(grid, extra)
        self.assertEqual(whole.dtype, np.dtype(dtype))
        off = np.isnan(whole)
        if projected:
            self.assertTrue(off.any(), "the view should have nodes off the map")
            self.assertTrue((whole_index[off] == -1).all())
            self.assertTrue((whole_index[~off] >= 0).all())
        else:
            self.assertFalse(off.any())
        self.assertGreater(len(np.unique(whole_index[~off])), 2)

        self.every_tile(grid, extra, 3, "3")
        values, index = self.assembled("3", whole.shape, dtype)
        np.testing.assert_array_equal(values.view(bits), whole.view(bits))
        np.testing.assert_array_equal(index, whole_index)

        # One worker writes the same files, byte for byte.
        self.every_tile(grid, extra, 1, "1")
        for folder, ext in [("npy", ".npy"), ("index", ".index.npy"), ("tif", ".tif"),
                            ("index_tif", ".index.tif")]:
            for k in range(4):
                with open(self.path(f"{folder}3/tile-{k}-of-4{ext}"), "rb") as a, \
                        open(self.path(f"{folder}1/tile-{k}-of-4{ext}"), "rb") as b:
                    self.assertEqual(a.read(), b.read(), f"{folder} tile {k}")

        # The mosaics read through GDAL equal the whole render's GeoTIFFs, bit for bit.
        r = self.run_geofield("mosaic", "tif3")
        self.assertEqual(r.returncode, 0, r.stderr)
        r = self.run_geofield("mosaic", "index_tif3")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("4 index tiles", r.stderr)
        np.testing.assert_array_equal(translated(self, "tif3/mosaic.vrt", dtype).view(bits),
                                      translated(self, "whole.tif", dtype).view(bits))
        np.testing.assert_array_equal(translated(self, "tif3/mosaic.vrt", dtype).view(bits),
                                      whole.view(bits))
        vrt_index = translated(self, "index_tif3/mosaic.vrt", np.int32)
        np.testing.assert_array_equal(vrt_index, translated(self, "whole_index.tif", np.int32))
        np.testing.assert_array_equal(vrt_index, whole_index)
        info = self.gdalinfo("index_tif3/mosaic.vrt")
        self.assertEqual(info["bands"][0]["type"], "Int32")
        self.assertEqual(info["geoTransform"], self.gdalinfo("whole_index.tif")["geoTransform"])
        if projected:
            self.assertEqual(info["bands"][0]["noDataValue"], -1)
            self.assertEqual(self.gdalinfo("whole_index.tif")["bands"][0]["noDataValue"], -1)

    def test_antimeridian_float32(self):
        self.check(ANTIMERIDIAN, CENTRES, [], projected=False)

    def test_antimeridian_float64(self):
        self.check(ANTIMERIDIAN, CENTRES, ["--f64"], projected=False)

    def test_aeqd_float32(self):
        self.check(AEQD, AEQD_CENTRES, [], projected=True)

    def test_aeqd_float64(self):
        self.check(AEQD, AEQD_CENTRES, ["--f64"], projected=True)

    def test_one_tile_with_its_index_and_netcdf(self):
        self.write_centres("c.csv", CENTRES)
        whole, whole_index = self.whole(ANTIMERIDIAN, [])
        r = self.render_ok(*ANTIMERIDIAN, "--centres", "c.csv", "--tile", "3/4", "--npy", "t.npy",
                           "--index", "t_index.npy", "--geotiff", "t.tif",
                           "--index-geotiff", "t_index.tif", "--netcdf", "t.nc")
        self.assertIn("the nearest of 7 centres", r.stderr)
        md = self.gdalinfo("t.tif")["metadata"][""]
        part = self.tile_part("t.tif")
        np.testing.assert_array_equal(np.load(self.path("t.npy")).view(np.uint32),
                                      whole[part].view(np.uint32))
        np.testing.assert_array_equal(np.load(self.path("t_index.npy")), whole_index[part])
        np.testing.assert_array_equal(self.values("t_index.tif", np.int32), whole_index[part])
        self.assertIn("to the nearest of 7 sites", str(self.gdalinfo("t.tif")))
        xr = import_xarray()
        if xr is not None:
            with xr.open_dataset(self.path("t.nc")) as ds:
                np.testing.assert_array_equal(ds["nearest_centre"].values, whole_index[part])
                np.testing.assert_array_equal(ds["distance"].values.view(np.uint32),
                                              whole[part].view(np.uint32))
                self.assertIn("sites=points:7:", ds.attrs["geofield_grid"])
                self.assertEqual(ds.attrs["geofield_run"], md["GEOFIELD_RUN"])

    def test_netcdf_tiles_of_every_tile_combine_into_the_whole_render(self):
        xr = import_xarray()
        if xr is None:
            self.skipTest("xarray with netCDF4 is not installed")
        self.write_centres("c.csv", CENTRES)
        self.render_ok(*ANTIMERIDIAN, "--backend", "cpu", "--centres", "c.csv",
                       "--netcdf", "whole.nc")
        self.render_ok(*ANTIMERIDIAN, "--backend", "cpu", "--centres", "c.csv", "--tile",
                       "all/4", "--workers", "3", "--netcdf", "nc")
        names = sorted(os.listdir(self.path("nc")))
        self.assertEqual(names, [f"tile-{k}-of-4.nc" for k in range(4)])
        parts = [xr.open_dataset(self.path(f"nc/{n}")) for n in names]
        try:
            self.assertEqual(len({p.attrs["geofield_run"] for p in parts}), 1)
            combined = xr.combine_by_coords(parts, data_vars="minimal",
                                            combine_attrs="drop_conflicts")
            with xr.open_dataset(self.path("whole.nc")) as whole:
                np.testing.assert_array_equal(combined["distance"].values.view(np.uint32),
                                              whole["distance"].values.view(np.uint32))
                np.testing.assert_array_equal(combined["nearest_centre"].values,
                                              whole["nearest_centre"].values)
        finally:
            for p in parts:
                p.close()

    def test_two_centres_files_are_two_runs(self):
        self.write_centres("c.csv", CENTRES)
        self.write_centres("d.csv", CENTRES.replace("35,-150", "35,-150.5"))
        os.makedirs(self.path("mixed"))
        self.render_ok(*ANTIMERIDIAN, "--centres", "c.csv", "--tile", "0/4",
                       "--geotiff", "mixed/a.tif")
        self.render_ok(*ANTIMERIDIAN, "--centres", "d.csv", "--tile", "1/4",
                       "--geotiff", "mixed/b.tif")
        a = self.gdalinfo("mixed/a.tif")["metadata"][""]
        b = self.gdalinfo("mixed/b.tif")["metadata"][""]
        self.assertNotEqual(a["GEOFIELD_RUN"], b["GEOFIELD_RUN"])
        self.assertRegex(a["GEOFIELD_GRID"], r" sites=points:7:[0-9a-f]{16}$")
        r = self.run_geofield("mosaic", "mixed")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("holds tiles of more than one grid, so of two runs", r.stderr)
        self.assertIn("sites=points:7:", r.stderr)
        # Names alone change no value, so no run.
        self.write_centres("e.csv", CENTRES.replace(",a\n", ",renamed\n"))
        self.render_ok(*ANTIMERIDIAN, "--centres", "e.csv", "--tile", "0/4", "--geotiff", "e.tif")
        self.assertEqual(self.gdalinfo("e.tif")["metadata"][""]["GEOFIELD_RUN"], a["GEOFIELD_RUN"])
        # A one-point tile's grid has no sites word (its ref= names the point), as before.
        self.render_ok(*ANTIMERIDIAN, "--ref", "10,170", "--tile", "0/4", "--geotiff", "p.tif")
        self.assertNotIn("sites=", self.gdalinfo("p.tif")["metadata"][""]["GEOFIELD_GRID"])

    def test_a_folder_of_distance_and_index_tiles_is_refused_naming_both(self):
        self.write_centres("c.csv", CENTRES)
        os.makedirs(self.path("both"))
        for k in range(4):
            self.render_ok(*ANTIMERIDIAN, "--centres", "c.csv", "--tile", f"{k}/4",
                           "--geotiff", f"both/t{k}.tif", "--index-geotiff", f"both/t{k}i.tif")
        r = self.run_geofield("mosaic", "both")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("holds distance tiles and index tiles ('t0.tif' and 't0i.tif')", r.stderr)
        self.assertFalse(os.path.exists(self.path("both/mosaic.vrt")))
        r = self.run_geofield("render", *ANTIMERIDIAN, "--centres", "c.csv", "--tile", "all/4",
                              "--geotiff", "same", "--index-geotiff", "same")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--index-geotiff: with --tile all/N give the index tiles a folder", r.stderr)

    def test_cog_with_centres(self):
        self.write_centres("c.csv", CENTRES)
        self.render_ok(*ANTIMERIDIAN, "--backend", "cpu", "--centres", "c.csv",
                       "--geotiff", "cog.tif", "--cog", "--npy", "v.npy")
        self.render_ok(*ANTIMERIDIAN, "--backend", "cpu", "--centres", "c.csv",
                       "--geotiff", "plain.tif")
        info = self.gdalinfo("cog.tif")
        self.assertEqual(info["metadata"]["IMAGE_STRUCTURE"].get("COMPRESSION"), "DEFLATE")
        self.assertEqual(info["metadata"]["IMAGE_STRUCTURE"].get("PREDICTOR"), "3")
        self.assertIn("to the nearest of 7 sites", str(info))
        np.testing.assert_array_equal(self.values("cog.tif", np.float32).view(np.uint32),
                                      self.values("plain.tif", np.float32).view(np.uint32))
        np.testing.assert_array_equal(self.values("cog.tif", np.float32).view(np.uint32),
                                      np.load(self.path("v.npy")).view(np.uint32))
        if cog_validator is not None:
            result = cog_validator.validate(self.path("cog.tif"))
            self.assertEqual(result[1] if len(result) == 3 else result[0], [])


if __name__ == "__main__":
    unittest.main()
