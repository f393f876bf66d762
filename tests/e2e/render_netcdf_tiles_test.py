"""geofield render --tile K/N --netcdf and --tile all/N --netcdf DIR end to end: xarray combines
the tiles by their coordinates into one dataset equal node for node (values and coordinates, bit
for bit) to a single `render --netcdf` of the grid, for a latlon view across the antimeridian
and a projected (aeqd) view with no-value nodes, float32 and float64; each tile carries the whole
render's attributes and its place in the grid; the every-tile form writes tile-K-of-N.nc equal
to the tiles one by one; and the refusals."""

import os
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, import_xarray

xarray = import_xarray()

# Across the antimeridian (lon 150 to 220), the reference off the grid.
LATLON = ["--lat", "-30:40", "--lon", "150:-140", "--ref", "10,-175", "--size", "301x203"]
# Half-width just under the antipode's circle: the corners have no value (NaN).
AEQD = ["--projection", "aeqd", "--ref", "60,10", "--extent", "20015", "--size", "257x193"]
# The global attributes that differ between two runs (the time) or say a tile's place.
PLACE = {"geofield_tile", "geofield_tile_index", "geofield_tile_count", "geofield_tiles_x",
         "geofield_tiles_y", "geofield_tile_first_row", "geofield_tile_first_column",
         "geofield_tile_rows", "geofield_tile_columns", "geofield_grid_rows",
         "geofield_grid_columns", "geofield_grid",
         # A tile's proof (render_tiles_proof_test.py checks their values).
         "geofield_run", "geofield_values_digest"}


def combine(tiles):
    """The tiles as one dataset, placed by their coordinates alone (crs, the same scalar in
    each, stays one scalar: "minimal"); the global attributes they share."""
    return xarray.combine_by_coords(tiles, data_vars="minimal", combine_attrs="drop_conflicts")


def read(path):
    with xarray.open_dataset(path) as ds:
        return ds.load()


@unittest.skipUnless(xarray is not None, "xarray with netCDF4 (python3-xarray) is not installed")
class RenderNetcdfTiles(RenderTestCase):

    def whole(self, grid, extra):
        self.render_ok(*grid, "--backend", "cpu", "--netcdf", "whole.nc", *extra)
        return read(self.path("whole.nc"))

    def assert_same_grid(self, combined, whole, y, x):
        """Values and coordinates bit for bit, in the whole render's order."""
        self.assertEqual(combined["distance"].dims, (y, x))
        for axis in (y, x):
            self.assertEqual(combined[axis].values.tobytes(), whole[axis].values.tobytes(), axis)
        self.assertEqual(combined["distance"].dtype, whole["distance"].dtype)
        self.assertEqual(combined["distance"].values.tobytes(), whole["distance"].values.tobytes())
        self.assertEqual(combined["crs"].attrs, whole["crs"].attrs)

    def check_tiles(self, grid, n, extra, y, x):
        whole = self.whole(grid, extra)
        paths = []
        for k in range(n):
            r = self.render_ok(*grid, "--backend", "cpu", "--tile", f"{k}/{n}",
                               "--netcdf", f"t{k}.nc", *extra)
            self.assertIn(f"geofield: wrote t{k}.nc (NetCDF-4, CF-1.8, ", r.stderr)
            paths.append(self.path(f"t{k}.nc"))
        tiles = [read(p) for p in paths]
        combined = combine(tiles)
        self.assert_same_grid(combined, whole, y, x)
        covered = 0
        for k, t in enumerate(tiles):
            a = t.attrs
            self.assertEqual(a["geofield_tile_index"], k)
            self.assertEqual(a["geofield_tile_count"], n)
            self.assertEqual(a["geofield_tile"],
                             f"{k}/{int(a['geofield_tiles_x'])}x{int(a['geofield_tiles_y'])}")
            row0, col0 = int(a["geofield_tile_first_row"]), int(a["geofield_tile_first_column"])
            rows, cols = int(a["geofield_tile_rows"]), int(a["geofield_tile_columns"])
            self.assertEqual(t["distance"].shape, (rows, cols))
            self.assertEqual((a["geofield_grid_rows"], a["geofield_grid_columns"]),
                             whole["distance"].shape)
            # The window's coordinates are the whole grid's, at the place the attributes say.
            self.assertEqual(t[y].values.tobytes(), whole[y].values[row0:row0 + rows].tobytes())
            self.assertEqual(t[x].values.tobytes(), whole[x].values[col0:col0 + cols].tobytes())
            covered += rows * cols
            # The whole render's attributes, and the grid mapping, plus the tile's place.
            own = {k: v for k, v in a.items() if k not in PLACE and k != "history"}
            same = {k: v for k, v in whole.attrs.items() if k != "history"}
            self.assertEqual(own.keys(), same.keys())
            for name in own:
                np.testing.assert_array_equal(own[name], same[name], name)
            self.assertEqual(t["crs"].attrs, whole["crs"].attrs)
            self.assertEqual(t["distance"].attrs.get("grid_mapping"), "crs")
        self.assertEqual(covered, whole["distance"].size)
        return whole

    def test_latlon_across_the_antimeridian_float32_in_6_tiles(self):
        whole = self.check_tiles(LATLON, 6, [], "lat", "lon")
        self.assertEqual(whole["distance"].dtype, np.float32)
        self.assertAlmostEqual(float(whole["lon"][-1]), 220.0, places=9)  # past 180

    def test_latlon_float64_in_6_tiles(self):
        self.check_tiles(LATLON, 6, ["--f64"], "lat", "lon")

    def test_aeqd_float32_in_5_tiles(self):
        whole = self.check_tiles(AEQD, 5, [], "y", "x")
        self.assertTrue(np.isnan(whole["distance"].values[0, 0]))  # beyond the antipode

    def test_aeqd_float64_in_4_tiles(self):
        whole = self.check_tiles(AEQD, 4, ["--f64"], "y", "x")
        self.assertEqual(whole["distance"].dtype, np.float64)

    def test_every_tile_in_one_process(self):
        # --tile all/N --netcdf DIR: tile-K-of-N.nc, the tiles one by one's values and
        # coordinates, and combined, the whole render; with the other outputs of the batch.
        for grid, extra, y, x in [(LATLON, [], "lat", "lon"), (AEQD, ["--f64"], "y", "x")]:
            with self.subTest(grid=grid[0]):
                whole = self.whole(grid, extra)
                r = self.render_ok(*grid, "--backend", "cpu", "--tile", "all/6",
                                   "--netcdf", "batch", "--npy", "batch-npy", *extra)
                self.assertIn("geofield: 6 tiles (", r.stderr)
                names = sorted(os.listdir(self.path("batch")))
                self.assertEqual(names, [f"tile-{k}-of-6.nc" for k in range(6)])
                tiles = [read(self.path(f"batch/{n}")) for n in names]
                for k, t in enumerate(tiles):
                    self.render_ok(*grid, "--backend", "cpu", "--tile", f"{k}/6",
                                   "--netcdf", "one.nc", *extra)
                    one = read(self.path("one.nc"))
                    for v in ("distance", y, x):
                        self.assertEqual(t[v].values.tobytes(), one[v].values.tobytes(), v)
                    npy = np.load(self.path(f"batch-npy/tile-{k}-of-6.npy"))
                    self.assertEqual(t["distance"].values.tobytes(), npy.tobytes())
                combined = combine(tiles)
                self.assert_same_grid(combined, whole, y, x)
                for name in ("batch", "batch-npy"):
                    for f in os.listdir(self.path(name)):
                        os.remove(self.path(f"{name}/{f}"))

    def test_every_tile_as_netcdf_alone(self):
        r = self.render_ok("--size", "50x40", "--backend", "cpu", "--tile", "all/4",
                           "--netcdf", "d")
        self.assertIn("geofield: wrote 4 tiles into --netcdf's folder d", r.stderr)
        self.assertEqual(sorted(os.listdir(self.path("d"))),
                         [f"tile-{k}-of-4.nc" for k in range(4)])
        last = read(self.path("d/tile-3-of-4.nc"))
        self.assertEqual(last.attrs["geofield_tile"], "3/2x2")
        self.assertEqual(last["distance"].shape, (20, 25))

    def test_refusals_leave_nothing(self):
        with open(self.path("blocker"), "w") as f:
            f.write("a file where a folder would go")
        for args, message in [
            (["--tile", "all/6", "--netcdf", "blocker/d"],
             "--netcdf: with --tile all/N it names a folder"),
            (["--tile", "0/6", "--netcdf", "a.nc", "--png", "a.png"],
             "--tile: a tile holds the raw field only (--npy, --geotiff, --netcdf)"),
            (["--tile", "0/6", "--netcdf", "a.nc", "--npy", "a.nc"],
             "--npy and --netcdf name the same file"),
            (["--tile", "all/6", "--figure", "f.png", "--netcdf", "d"],
             "--tile all/N: the tiles hold the raw field only"),
        ]:
            with self.subTest(args=args):
                r = self.run_geofield("render", *LATLON, *args)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(message, r.stderr)
                self.assertEqual(self.files(), ["blocker"])


if __name__ == "__main__":
    unittest.main()
