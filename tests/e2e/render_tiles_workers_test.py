"""geofield render --tile all/N with several workers writing every output at once (.npy,
GeoTIFF and COG, NetCDF; float32 and float64): each run exits 0 with every tile whole and equal
to one worker's. Under scripts/test-asan.sh this is the sanitized check of the writers'
libraries on several threads (issue 33: libnetcdf is not thread-safe, and two workers creating
NetCDF tiles at once crashed 22 runs in 25).

GEOFIELD_TILES_WORKERS_RUNS sets how many runs with four workers each case makes (default 4;
docs/RELIABILITY.md records a run of 100)."""

import os
import unittest
import warnings

from geofield_e2e import RenderTestCase

try:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="numpy.ndarray size changed")
        import netCDF4
except ImportError:
    netCDF4 = None

GRID = ["--backend", "cpu", "--lat", "-20:35", "--lon", "170:-160", "--ref", "5,-178",
        "--size", "200x160"]
RUNS = int(os.environ.get("GEOFIELD_TILES_WORKERS_RUNS", "4"))
TILES = 8


def netcdf_content(path):
    """A NetCDF tile's variables and their values (the history attribute holds the time and the
    command, which differ between runs)."""
    with netCDF4.Dataset(path) as ds:
        ds.set_auto_mask(False)
        return {name: (v.dtype.str, v[...].tobytes()) for name, v in ds.variables.items()}


def file_bytes(path):
    with open(path, "rb") as f:
        return f.read()


@unittest.skipUnless(netCDF4 is not None, "netCDF4 for Python (python3-netcdf4) is not installed")
class RenderTilesWorkers(RenderTestCase):

    def every_output(self, folder, workers, extra):
        r = self.render_ok(*GRID, "--tile", f"all/{TILES}", "--workers", str(workers), *extra,
                           "--npy", folder, "--geotiff", folder, "--netcdf", folder)
        names = sorted(os.listdir(self.path(folder)))
        expected = sorted(f"tile-{k}-of-{TILES}.{ext}" for k in range(TILES)
                          for ext in ("npy", "tif", "nc"))
        self.assertEqual(names, expected, r.stderr)
        return names

    def check_runs(self, extra):
        names = self.every_output("one", 1, extra)
        want = {}
        for name in names:
            path = self.path(f"one/{name}")
            want[name] = netcdf_content(path) if name.endswith(".nc") else file_bytes(path)
        for run in range(RUNS):
            folder = f"four-{run}"
            self.every_output(folder, 4, extra)
            for name in names:
                path = self.path(f"{folder}/{name}")
                got = netcdf_content(path) if name.endswith(".nc") else file_bytes(path)
                self.assertEqual(got, want[name], f"run {run}: {name} differs from one worker's")

    def test_four_workers_write_float32_tiles_with_a_cog_as_one_worker_does(self):
        self.check_runs(["--cog"])

    def test_four_workers_write_float64_tiles_as_one_worker_does(self):
        self.check_runs(["--f64"])


if __name__ == "__main__":
    unittest.main()
