"""The recipes the documentation prints, run as printed (issue 31): the xarray combination of
NetCDF tiles (docs/guide/tiles.md, docs/scale.md), taken from the Markdown itself, and the Slurm retry
of one tile (scripts/slurm/README.md: `sbatch --array=K tile.sbatch GEOFIELD OUT N ...`), run
with the environment Slurm gives an array of one task, and submit.sh's sbatch calls through a
stand-in sbatch that records them."""

import os
import re
import stat
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, RenderTestCase, binary, import_xarray

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SLURM = os.path.join(ROOT, "scripts", "slurm")
VIEW = ["--lat", "-10:10", "--lon", "170:-170", "--size", "41x21", "--backend", "cpu"]
CENTRES = "lat,lon,name\n10,175,West\n-5,-172,East\n0,180,Dateline\n"


def readme_recipe():
    """The guide's inline recipe: the `xr.combine_by_coords(...)` expression it prints."""
    with open(os.path.join(ROOT, "docs", "guide", "tiles.md"), encoding="utf-8") as f:
        text = f.read()
    found = re.findall(r"`(xr\.combine_by_coords\([^`]*\))`", text)
    if len(found) != 1:
        raise AssertionError(f"docs/guide/tiles.md prints {len(found)} combine_by_coords recipes, "
                             "not 1")
    return "ds = " + found[0]


def scale_recipe():
    """docs/scale.md's Python block that combines the tiles (whole, imports included)."""
    with open(os.path.join(ROOT, "docs", "scale.md"), encoding="utf-8") as f:
        text = f.read()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "combine_by_coords" in b]
    if len(blocks) != 1:
        raise AssertionError(f"docs/scale.md has {len(blocks)} combine_by_coords blocks, not 1")
    return blocks[0]


class NetcdfTilesRecipeTest(RenderTestCase):
    def setUp(self):
        super().setUp()
        self.xr = import_xarray()
        if self.xr is None:
            self.skipTest("xarray with netCDF4 (python3-xarray) is not installed")

    def run_recipe(self, code, prelude=""):
        """The recipe's code run in the test's folder (where tiles/ is); its `ds`."""
        here = os.getcwd()
        os.chdir(self.dir)
        try:
            scope = {}
            exec(prelude + code, scope)  # noqa: S102: the docs' own text, checked in
            return scope["ds"]
        finally:
            os.chdir(here)

    def check_recipes_give_the_whole(self, *sites, named=False):
        self.render_ok(*sites, *VIEW, "--tile", "all/3x2", "--netcdf", "tiles")
        self.render_ok(*sites, *VIEW, "--netcdf", "whole.nc")
        recipes = [("README.md", readme_recipe(), "import xarray as xr\nfrom glob import glob\n"),
                   ("docs/scale.md", scale_recipe(), "")]
        with self.xr.open_dataset(self.path("whole.nc")) as whole:
            for where, code, prelude in recipes:
                with self.subTest(recipe=where):
                    ds = self.run_recipe(code, prelude)
                    self.assertEqual(ds["distance"].dims, ("lat", "lon"))
                    for name in ("lat", "lon", "distance"):
                        self.assertEqual(ds[name].values.tobytes(), whole[name].values.tobytes())
                    self.assertEqual(ds["crs"].dims, ())  # not repeated along a tile axis
                    self.assertEqual(ds["crs"].attrs, whole["crs"].attrs)
                    self.assertEqual(ds.attrs["Conventions"], "CF-1.8")
                    self.assertNotIn("geofield_tile", ds.attrs)  # each tile's own: dropped
                    if named:
                        np.testing.assert_array_equal(ds["nearest_centre"].values,
                                                      whole["nearest_centre"].values)
                        self.assertEqual(list(ds["site_name"].values),
                                         ["West", "East", "Dateline"])

    def test_one_point_tiles_combine_as_printed(self):
        self.check_recipes_give_the_whole("--ref", "0,180")

    def test_centres_tiles_combine_as_printed(self):
        with open(self.path("c.csv"), "w") as f:
            f.write(CENTRES)
        self.check_recipes_give_the_whole("--centres", "c.csv", named=True)


class SlurmRetryTest(RenderTestCase, GdalReads):
    def tile_sbatch(self, *args, task, count):
        """tile.sbatch as Slurm runs an array task: its id and the array's task count set."""
        env = dict(os.environ, SLURM_ARRAY_TASK_ID=str(task), SLURM_ARRAY_TASK_COUNT=str(count))
        return subprocess.run(["bash", os.path.join(SLURM, "tile.sbatch"), *args], cwd=self.dir,
                              env=env, capture_output=True, text=True, timeout=300)

    def test_one_task_retried_alone_writes_that_tile_of_n(self):
        os.mkdir(self.path("out"))
        # `sbatch --array=2 tile.sbatch GEOFIELD OUT 4 ...`: task 2 of an array of one task.
        r = self.tile_sbatch(binary(), "out", "4", *VIEW, task=2, count=1)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(os.listdir(self.path("out")), ["tile-2-of-4.tif"])
        self.assertEqual(self.gdalinfo("out/tile-2-of-4.tif")["metadata"][""]["GEOFIELD_TILE"],
                         "2/2x2")
        # The same tile as the whole array's task 2 writes it, and as render --tile 2/4.
        self.render_ok(*VIEW, "--tile", "2/4", "--npy", "t.npy")
        np.testing.assert_array_equal(self.values("out/tile-2-of-4.tif", "<f4"),
                                      np.load(self.path("t.npy")))

    def test_bad_tile_counts_are_refused(self):
        for args, task, words in ((["out"], 0, "usage: tile.sbatch GEOFIELD OUT N"),
                                  # The call before N was an argument: N missing.
                                  (["out", *VIEW], 0, "N must be the product's number"),
                                  (["out", "3", *VIEW], 3, "array task 3 is not a tile of 3")):
            with self.subTest(args=args):
                r = self.tile_sbatch(binary(), *args, task=task, count=1)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(words, r.stderr)
                self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)

    def test_submit_gives_the_tiles_their_count(self):
        # A stand-in sbatch that records its arguments and answers a job id.
        bin_dir = self.path("bin")
        os.mkdir(bin_dir)
        fake = os.path.join(bin_dir, "sbatch")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\nprintf "%s\\n" "$@" >> "$SBATCH_LOG"\necho 42\n')
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
                   GEOFIELD=binary(), SBATCH_LOG=self.path("calls"))
        r = subprocess.run([os.path.join(SLURM, "submit.sh"), "out", "6", *VIEW], cwd=self.dir,
                           env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(self.path("calls")) as f:
            calls = f.read().splitlines()
        first = calls.index(os.path.join(SLURM, "tile.sbatch"))
        self.assertIn("--array=0-5", calls[:first])
        self.assertEqual(calls[first + 1:first + 5],
                         [os.path.abspath(binary()), os.path.abspath(self.path("out")), "6",
                          "--lat"])


if __name__ == "__main__":
    unittest.main()
