"""geofield render --tile and geofield mosaic end to end: every tile holds the whole grid's
values at its nodes bit for bit (.npy and GeoTIFF, float32 and float64, latlon across the
antimeridian, wgs84, a projected view with NaN); each tile is a Cloud-Optimised GeoTIFF by
GDAL's own validator; the mosaic's VRT reads through GDAL as one raster equal node for node to a
single render of the grid, georeferenced as its GeoTIFF; and the refusals: pictures of a tile,
a tile out of range, a folder with a tile missing, twice, or of two grids; --workers: the
same files from several tiles in flight, and its refusals."""

import os
import re
import shutil
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, R_KM, RenderTestCase, haversine

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")
try:
    from osgeo_utils.samples import validate_cloud_optimized_geotiff as cog_validator
except ImportError:  # python3-gdal not installed
    cog_validator = None


def cog_errors(path):
    """GDAL's COG validator's errors (it returns warnings, errors, details since GDAL 3.1)."""
    result = cog_validator.validate(path)
    return result[1] if len(result) == 3 else result[0]

GRID = ["--lat", "20:41", "--lon", "90:118", "--ref", "30.6,104.1", "--size", "1001x777"]
# Across the antimeridian, the reference off the grid, wgs84 on its ellipsoid.
ANTIMERIDIAN = ["--lat", "-30:40", "--lon", "150:-140", "--ref", "10,-175", "--size", "301x203",
                "--formula", "wgs84", "--units", "nm"]
AEQD = ["--projection", "aeqd", "--ref", "60,10", "--extent", "20015", "--size", "257x193",
        "--formula", "seed"]


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class RenderTiles(GdalReads, RenderTestCase):

    def render_tiles(self, grid, n, folder, *extra):
        os.makedirs(self.path(folder), exist_ok=True)
        for k in range(n):
            r = self.render_ok(*grid, "--backend", "cpu", "--tile", f"{k}/{n}",
                               "--geotiff", f"{folder}/t{k}.tif", "--npy", f"{folder}/t{k}.npy",
                               *extra)
            self.assertIn(f"geofield: tile {k} of {n} ", r.stderr)

    def tile_nodes(self, folder, k):
        """The tile's nodes in the whole grid, as its GeoTIFF's metadata says."""
        md = self.gdalinfo(f"{folder}/t{k}.tif")["metadata"][""]
        row0, col0, nx, ny = map(int, md["GEOFIELD_TILE_NODES"].split(","))
        return row0, col0, nx, ny

    def check_grid(self, grid, n, extra, nodata):
        self.render_tiles(grid, n, "tiles", *extra)
        self.render_ok(*grid, "--backend", "cpu", "--npy", "whole.npy", "--geotiff", "whole.tif",
                       *extra)
        whole = np.load(self.path("whole.npy"))
        dtype = whole.dtype.newbyteorder("<")
        covered = np.zeros(whole.shape, dtype=int)
        for k in range(n):
            row0, col0, nx, ny = self.tile_nodes("tiles", k)
            part = whole[row0:row0 + ny, col0:col0 + nx]
            # Bit for bit: the bytes, so NaN compares equal to NaN.
            self.assertEqual(np.load(self.path(f"tiles/t{k}.npy")).tobytes(), part.tobytes())
            self.assertEqual(self.values(f"tiles/t{k}.tif", dtype).tobytes(), part.tobytes())
            covered[row0:row0 + ny, col0:col0 + nx] += 1
        self.assertTrue((covered == 1).all())
        r = self.run_geofield("mosaic", "tiles", "--output", "grid.vrt")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(f"GDAL VRT over {n} tiles", r.stderr)
        self.assertEqual(self.values("grid.vrt", dtype).tobytes(), whole.tobytes())
        vrt, tif = self.gdalinfo("grid.vrt"), self.gdalinfo("whole.tif")
        self.assertEqual(vrt["size"], tif["size"])
        np.testing.assert_allclose(vrt["geoTransform"], tif["geoTransform"], rtol=0, atol=1e-9)
        self.assertEqual(vrt["metadata"][""]["AREA_OR_POINT"], "Point")
        self.assertEqual(vrt["bands"][0]["type"], tif["bands"][0]["type"])
        self.assertEqual(np.isnan(float(vrt["bands"][0].get("noDataValue", 0.0))), nodata)
        # GDAL's own gdalbuildvrt (README's equivalent line) places them alike.
        nodata_args = ["-srcnodata", "nan", "-vrtnodata", "nan"] if nodata else []
        subprocess.run(["gdalbuildvrt", "-q", *nodata_args, self.path("b.vrt"),
                        *[self.path(f"tiles/t{k}.tif") for k in range(n)]], check=True)
        self.assertEqual(self.values("b.vrt", dtype).tobytes(), whole.tobytes())
        if cog_validator is not None:
            for k in range(n):
                errors = cog_errors(self.path(f"tiles/t{k}.tif"))
                self.assertEqual(errors, [], f"tile {k}: {errors}")

    def test_1001x777_in_6_tiles_float32(self):
        self.check_grid(GRID, 6, [], nodata=False)

    def test_antimeridian_wgs84_float64_in_5_tiles(self):
        self.check_grid(ANTIMERIDIAN, 5, ["--f64"], nodata=False)

    def test_projected_with_no_value_nodes_in_2x3_tiles(self):
        self.check_grid(AEQD, 6, ["--precision", "double"], nodata=True)

    def test_every_tile_in_one_process_equals_the_tiles_one_by_one(self):
        # --tile all/N writes tile-K-of-N.{tif,npy} into the folders; each file is the one
        # process's tile byte for byte, and the mosaic over them is the whole render.
        self.render_tiles(GRID, 6, "one-by-one")
        r = self.render_ok(*GRID, "--backend", "cpu", "--tile", "all/6", "--geotiff", "batch",
                           "--npy", "batch-npy")
        self.assertIn("geofield: 6 tiles (3 x 2) of 1001 x 777 nodes in ", r.stderr)
        self.assertRegex(r.stderr, r"cpu: 6 tiles, compute and read-back [0-9.]+ s")
        for k in range(6):
            with open(self.path(f"one-by-one/t{k}.tif"), "rb") as a, \
                    open(self.path(f"batch/tile-{k}-of-6.tif"), "rb") as b:
                self.assertEqual(a.read(), b.read(), f"tile {k}")
            self.assertEqual(np.load(self.path(f"one-by-one/t{k}.npy")).tobytes(),
                             np.load(self.path(f"batch-npy/tile-{k}-of-6.npy")).tobytes())
        self.assertEqual(self.run_geofield("mosaic", "batch").returncode, 0)
        self.render_ok(*GRID, "--backend", "cpu", "--npy", "whole.npy")
        whole = np.load(self.path("whole.npy"))
        self.assertEqual(self.values("batch/mosaic.vrt", "<f4").tobytes(), whole.tobytes())

    def test_every_tile_refusals(self):
        cases = [
            (["--tile", "all/6", "--png", "p.png"], "--tile all/N: the tiles hold the raw field only"),
            (["--tile", "all/6", "--devices", "0", "--backend", "cpu", "--geotiff", "d"],
             "--devices: the CUDA devices to use; not with --backend cpu or gl"),
            (["--tile", "2/6", "--devices", "0", "--geotiff", "d.tif"],
             "--devices: spreads the tiles of --tile all/N over CUDA devices"),
            (["--tile", "all/6", "--devices", "0,x", "--geotiff", "d"],
             "--devices: "),
            (["--tile", "all/6", "--geotiff", "blocker/d"], "--geotiff: with --tile all/N it names a folder"),
            (["--tile", "all/6", "--geotiff", "d/x.tif"],
             "--geotiff: with --tile all/N it names a folder for the tiles; 'd/x.tif' reads as a "
             "file's name"),
            (["--tile", "all/6", "--npy", "d/x.npy"], "--npy: with --tile all/N it names a folder"),
            # Issue 31: what a tile cannot hold is named, not the folders that were given; the
            # options of pictures are refused as such, not by asking for a picture.
            (["--tile", "all/6", "--geotiff", "d", "--figure", "f.pdf"],
             "--tile all/N: the tiles hold the raw field only, and --figure draws the whole view: "
             "leave it out; the tiles: --npy DIR, "),
            (["--tile", "2/6", "--geotiff", "d.tif", "--title", "T"], "--title: draws on a picture"),
            (["--tile", "all/6", "--geotiff", "d", "--ring-color", "ff0000"],
             "--ring-color: draws on a picture, and --tile writes raw tiles only"),
        ]

        with open(self.path("blocker"), "w") as f:
            f.write("a file where a folder would go")
        for args, message in cases:
            r = self.run_geofield("render", *GRID, *args)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(message, r.stderr)
        with open(self.path("c.csv"), "w") as f:
            f.write("lat,lon\n21,91\n40,117\n")
        r = self.run_geofield("render", "--size", "64x32", "--tile", "all/6", "--geotiff", "d",
                              "--centres", "c.csv", "--colour-by-centre")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--colour-by-centre: draws on a picture, and --tile writes raw tiles only "
                      "(no --png or --figure): leave --colour-by-centre out", r.stderr)
        self.assertFalse(os.path.exists(self.path("d")))

    def test_workers_write_the_files_of_one_worker(self):
        # --workers 3 on the CPU: three tiles in flight, taken in turn; the same files byte for
        # byte as one worker's, every tile written once, each worker reported.
        for workers in ("1", "3"):
            r = self.render_ok(*GRID, "--backend", "cpu", "--tile", "all/7", "--workers", workers,
                               "--geotiff", f"w{workers}", "--npy", f"w{workers}")
        self.assertIn("of 1001 x 777 nodes on the CPU, 3 workers", r.stderr)
        done = [int(n) for n in re.findall(r"cpu, worker [123] of 3: (\d+) tiles", r.stderr)]
        self.assertEqual(len(done), 3, r.stderr)
        self.assertEqual(sum(done), 7)
        self.assertEqual(sorted(os.listdir(self.path("w1"))), sorted(os.listdir(self.path("w3"))))
        self.assertEqual(len(os.listdir(self.path("w3"))), 14)
        for name in os.listdir(self.path("w1")):
            with open(self.path(f"w1/{name}"), "rb") as a, open(self.path(f"w3/{name}"), "rb") as b:
                self.assertEqual(a.read(), b.read(), name)

    def test_workers_refusals(self):
        cases = [
            (["--tile", "all/6", "--workers", "0"], "--workers: '0' is not a count of workers from 1 to 16"),
            (["--tile", "all/6", "--workers", "17"], "--workers: '17' is not a count of workers from 1 to 16"),
            (["--tile", "all/6", "--workers", "2.5"], "--workers: '2.5' is not a count of workers from 1 to 16"),
            (["--tile", "all/6", "--workers", "nan"], "--workers: 'nan' is not a count of workers from 1 to 16"),
            (["--tile", "all/6", "--workers="], "--workers: "),
            (["--tile", "2/6", "--workers", "2"], "--workers: the tiles in flight of --tile all/N; give --tile all/N too"),
            (["--workers", "2"], "--workers: the tiles in flight of --tile all/N; give --tile all/N too"),
        ]
        for args, message in cases:
            r = self.run_geofield("render", *GRID, "--backend", "cpu", *args, "--npy", "d")
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(message, r.stderr)
            self.assertNotIn("\n", r.stderr.strip())
        # 16 workers with one tile of 60000 x 50000 float64 (22 GiB): more than a machine has.
        r = self.run_geofield("render", "--size", "60000x50000", "--f64", "--backend", "cpu",
                              "--tile", "all/1", "--workers", "16", "--npy", "d")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--workers: 16 workers with tiles of up to 60000x50000 nodes (22.4 GiB "
                      "each) need about 1.43e+03 GiB of memory; this machine has ", r.stderr)
        self.assertIn("GiB available: give more tiles or fewer --workers", r.stderr)
        self.assertFalse(os.path.exists(self.path("d")))

    def test_tiles_beyond_a_tiles_limits(self):
        # A tile above the untiled side, and one above the memory, are refused naming --tile
        # (not GL, which a raw tile never uses), before the tile line and before any folder.
        big = ["--backend", "cpu", "--lat", "-90:90", "--lon", "-180:180"]
        cases = [
            (["--size", "4194304x4", "--tile", "0/2", "--npy", "a.npy"],
             "--tile: tile 0 of 2 is 2097152x4 nodes; a tile has at most 1048576 nodes a side: "
             "give more tiles (N, or TXxTY)"),
            (["--size", "4194304x4", "--tile", "all/2", "--npy", "d"],
             "--tile all/2: tiles of up to 2097152x4 nodes; a tile has at most 1048576 nodes a "
             "side: give more tiles (N, or TXxTY)"),
            (["--size", "200000x200000", "--tile", "0/2", "--npy", "a.npy"],
             "--tile: tile 0 of 2 is 200000x100000 nodes and needs about 224 GiB of memory; "
             "this machine has "),
            (["--size", "200000x200000", "--tile", "all/2", "--npy", "d"],
             "--tile all/2: a worker with tiles of up to 200000x100000 nodes (74.5 GiB each) "
             "needs about 298 GiB of memory; this machine has "),
        ]
        for args, message in cases:
            r = self.run_geofield("render", *big, *args)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(message, r.stderr)
            self.assertNotIn("geofield: tile ", r.stderr)
            self.assertNotIn("OpenGL", r.stderr)
        self.assertEqual(self.files(), [])

    def test_a_tile_is_a_cog_with_overviews(self):
        self.render_ok("--size", "1300x1100", "--backend", "cpu", "--tile", "0/1x1",
                       "--geotiff", "t.tif")
        info = self.gdalinfo("t.tif")
        band = info["bands"][0]
        self.assertEqual(band["block"], [512, 512])
        self.assertEqual([o["size"] for o in band["overviews"]],
                         [[650, 550], [325, 275], [163, 138]])
        structure = info["metadata"]["IMAGE_STRUCTURE"]
        self.assertEqual(structure["COMPRESSION"], "DEFLATE")
        self.assertEqual(structure["PREDICTOR"], "3")
        if cog_validator is not None:
            self.assertEqual(cog_errors(self.path("t.tif")), [])
        # The first overview's node: the mean of the main image's 2 x 2 nodes.
        full = self.values("t.tif", "<f4").astype(np.float64)
        subprocess.run(["gdal_translate", "-q", "-ovr", "0", "-of", "ENVI", self.path("t.tif"),
                        self.path("o.raw")], check=True)
        overview = np.fromfile(self.path("o.raw"), dtype="<f4").reshape(550, 650)
        expected = full.reshape(550, 2, 650, 2).mean(axis=(1, 3)).astype(np.float32)
        np.testing.assert_array_equal(overview, expected)

    def test_cog_switch_for_a_whole_grid(self):
        self.render_ok("--size", "700x600", "--backend", "cpu", "--geotiff", "c.tif", "--cog",
                       "--npy", "c.npy")
        self.assertEqual(self.values("c.tif", "<f4").tobytes(),
                         np.load(self.path("c.npy")).tobytes())
        if cog_validator is not None:
            self.assertEqual(cog_errors(self.path("c.tif")), [])

    def test_a_tile_of_a_grid_above_the_untiled_cap(self):
        # The arc-second globe: 1 296 001 x 648 001 nodes, tile 1295 of 1296 x 1296 (the last
        # column), against the textbook haversine; untiled, that size is refused.
        globe = ["--lat", "-90:90", "--lon", "-180:180", "--size", "1296001x648001",
                 "--backend", "cpu"]
        r = self.render_ok(*globe, "--tile", "1295/1296x1296", "--npy", "t.npy", "--f64")
        self.assertIn("rows 0..499, columns 1295000..1296000 of 1296001 x 648001 nodes", r.stderr)
        t = np.load(self.path("t.npy"))
        self.assertEqual(t.shape, (500, 1001))
        lat = 90 - np.arange(500)[:, None] * (180 / 648000)
        lon = -180 + (1295000 + np.arange(1001))[None, :] * (360 / 1296000)
        np.testing.assert_allclose(t, haversine(30, 101, lat, lon, R_KM), rtol=1e-12, atol=1e-9)
        r = self.run_geofield("render", *globe, "--npy", "w.npy")
        self.assertEqual(r.returncode, 2)
        self.assertIn("1048576", r.stderr)
        self.assertEqual(self.files(), ["t.npy"])

    def test_refusals_leave_nothing(self):
        for args, message in [
            (["--tile", "0/6", "--png", "a.png"], "--tile: a tile holds the raw field only"),
            (["--tile", "0/6", "--figure", "a.png"], "--tile: a tile holds the raw field only"),
            (["--tile", "6/6", "--npy", "a.npy"], "--tile: '6/6': K must be from 0 to 5"),
            (["--tile", "0/6", "--backend", "gl", "--npy", "a.npy"], "--tile: the gl backend"),
            (["--size", "3x3", "--tile", "0/11", "--npy", "a.npy"], "11 tiles do not split"),
            (["--cog", "--npy", "a.npy"], "--cog: give --geotiff FILE too"),
        ]:
            with self.subTest(args=args):
                r = self.run_geofield("render", *args)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(self.files(), [])

    def test_mosaic_refuses_a_folder_that_is_not_one_whole_grid(self):
        small = ["--size", "40x30", "--backend", "cpu"]
        os.makedirs(self.path("d"))
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 2)
        self.assertIn("holds no geofield tiles", r.stderr)
        for k in (0, 1, 3):
            self.render_ok(*small, "--tile", f"{k}/4", "--geotiff", f"d/t{k}.tif")
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 2)
        self.assertIn("1 of the 4 tiles (2x2) are missing: 2", r.stderr)
        shutil.copy(self.path("d/t1.tif"), self.path("d/again.tif"))
        self.render_ok(*small, "--tile", "2/4", "--geotiff", "d/t2.tif")
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 2)
        self.assertIn("tile 1/2x2 is there twice", r.stderr)
        os.remove(self.path("d/again.tif"))
        self.render_ok(*small, "--ref", "1,2", "--tile", "0/4", "--geotiff", "d/other.tif")
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 2)
        self.assertIn("holds tiles of more than one grid", r.stderr)
        os.remove(self.path("d/other.tif"))
        self.render_ok(*small, "--geotiff", "d/plain.tif")  # not a tile: left out, said so
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("plain.tif is not a geofield tile; left out", r.stderr)
        self.assertTrue(os.path.exists(self.path("d/mosaic.vrt")))
        # Files named .tif that are no TIFF (empty, text) are left out and named too.
        open(self.path("d/empty.tif"), "w").close()
        with open(self.path("d/notes.TIF"), "w") as f:
            f.write("not a picture")
        r = self.run_geofield("mosaic", "d", "--output", "again.vrt")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("empty.tif is not a TIFF geofield can read; left out (", r.stderr)
        self.assertIn("notes.TIF is not a TIFF geofield can read; left out (", r.stderr)
        with open(self.path("d/mosaic.vrt")) as a, open(self.path("again.vrt")) as b:
            self.assertEqual(a.read().count("<SimpleSource>"), b.read().count("<SimpleSource>"))


if __name__ == "__main__":
    unittest.main()
