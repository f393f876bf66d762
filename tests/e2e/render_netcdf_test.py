"""geofield render --netcdf end to end, read back by the tools its users run: ncdump (the CF
attributes, dimensions, chunking and deflate), GDAL (the values bit for bit the same as the .npy
of the same run, the nodes where the grid contract puts them, the projection of aeqd/ortho
maps), GMT (`gmt grdinfo` reports the grid's region and spacing), xarray (selection by
coordinates, NaN for no value) and UDUNITS (the units attribute converts as the output unit does); float32 and float64, across the antimeridian, many
centres (the distance and the nearest-centre index in one file); and the failures: a missing
writer module, one file named twice, a bad path, a write failing midway, a killed render."""

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

import numpy as np

from geofield_e2e import R_KM, RenderTestCase, binary, haversine, import_xarray

HAVE_TOOLS = all(shutil.which(t) for t in ("ncdump", "gdalinfo", "gdal_translate"))
HAVE_GMT = shutil.which("gmt") is not None
xarray = import_xarray()
# An antimeridian grid whose reference (0, 180) is its centre node: lon runs 170 to 190.
GRID = ["--lat", "-10:10", "--lon", "170:-170", "--size", "41x21", "--ref", "0,180"]
CENTRES = [(10.0, 175.0, "West"), (-5.0, -172.0, "East, south"), (0.0, 180.0, "Dateline"),
           (8.0, -178.0, "")]


def contract_axis(first, span, n, descending=False):
    """The grid contract's coordinates as geofield computes them: the step first, then
    first -/+ i * step, in double."""
    step = span / (n - 1)
    i = np.arange(n, dtype=np.float64)
    return first - i * step if descending else first + i * step


@unittest.skipUnless(HAVE_TOOLS, "ncdump or GDAL's command-line tools are not installed")
class RenderNetcdf(RenderTestCase):

    def ncdump(self, name, *flags):
        return subprocess.run(["ncdump", *flags, self.path(name)], capture_output=True,
                              text=True, check=True).stdout

    def coordinate(self, name, variable):
        """A coordinate variable's values as ncdump prints them with 17 significant digits."""
        out = self.ncdump(name, "-p", "9,17", "-v", variable)
        data = out[out.index("data:"):]
        body = re.search(variable + r" =(.*?);", data, re.S).group(1)
        return np.array([float(v) for v in body.replace("\n", " ").split(",")])

    def gdalinfo(self, subdataset):
        return json.loads(subprocess.run(["gdalinfo", "-json", subdataset], capture_output=True,
                                         text=True, check=True).stdout)

    def gdal_values(self, subdataset, dtype, nx, ny):
        """The variable as GDAL reads it, through a raw (ENVI) copy elsewhere: the exact bits."""
        with tempfile.TemporaryDirectory(prefix="geofield-e2e-raw-") as d:
            raw = os.path.join(d, "band.raw")
            subprocess.run(["gdal_translate", "-q", "-of", "ENVI", subdataset, raw], check=True)
            return np.fromfile(raw, dtype=dtype).reshape(ny, nx)

    def gmt_region(self, name, variable):
        """w e s n x_inc y_inc n_columns n_rows as `gmt grdinfo -C` reports them, which it must
        report without a warning (of guessed registration, uneven steps)."""
        r = subprocess.run(["gmt", "grdinfo", "-C", f"{self.path(name)}?{variable}"],
                           capture_output=True, text=True, check=True)
        self.assertEqual(r.stderr, "")
        out = r.stdout.split("\t")
        return [float(v) for v in out[1:5]] + [float(v) for v in out[7:11]]

    def test_latlon_float32_and_float64_read_back_everywhere(self):
        for f64 in (False, True):
            with self.subTest(f64=f64):
                extra = ["--f64"] if f64 else []
                r = self.render_ok(*GRID, "--units", "nm", "--netcdf", "f.nc", "--npy", "f.npy",
                                   *extra)
                self.assertIn("wrote f.nc (NetCDF-4, CF-1.8, "
                              f"{'float64' if f64 else 'float32'}, 41 x 21 nodes)", r.stderr)
                self.assertEqual(self.files(), ["f.nc", "f.npy"])
                head = self.ncdump("f.nc", "-hs")
                for line in ("lat = 21 ;", "lon = 41 ;",
                             f"{'double' if f64 else 'float'} distance(lat, lon) ;",
                             'distance:units = "nautical_mile" ;',
                             'distance:long_name = "great-circle distance from 0N 180E" ;',
                             "distance:_ChunkSizes = 21, 41 ;", "distance:_DeflateLevel = 4 ;",
                             'distance:_Shuffle = "true" ;', 'lat:units = "degrees_north" ;',
                             'lat:standard_name = "latitude" ;', 'lat:axis = "Y" ;',
                             'lon:units = "degrees_east" ;', 'lon:axis = "X" ;',
                             ':Conventions = "CF-1.8" ;', ':source = "geofield 0.1.0" ;',
                             ':_Format = "netCDF-4" ;', ':geofield_formula = "haversine" ;',
                             ":geofield_radius_km = 6371.0088 ;",
                             ":geofield_reference_lat_deg = 0. ;",
                             ":geofield_reference_lon_deg = 180. ;",
                             f':geofield_precision = "{"double" if f64 else "float"}" ;'):
                    self.assertIn(line, head)
                self.assertNotIn("_FillValue", head, "every node of a latlon grid has a value")
                self.assertIn('distance:_NoFill = "true" ;', head)
                self.assertRegex(head, r':history = "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: \S*geofield '
                                       r'render --lat -10:10 --lon 170:-170 .*--netcdf f\.nc')
                # Every node's exact coordinate: lat descends from the north row, lon passes 180.
                np.testing.assert_array_equal(self.coordinate("f.nc", "lat"),
                                              contract_axis(10.0, 20.0, 21, descending=True))
                np.testing.assert_array_equal(self.coordinate("f.nc", "lon"),
                                              contract_axis(170.0, 20.0, 41))
                # GDAL: the nodes as points (pixel edges half a node beyond the first node), row 0
                # north, the values the .npy's bit for bit.
                sub = f"NETCDF:{self.path('f.nc')}:distance"
                info = self.gdalinfo(sub)
                self.assertEqual(info["size"], [41, 21])
                self.assertIn('ID["EPSG",4326]', info["coordinateSystem"]["wkt"])
                self.assertEqual(info["bands"][0]["type"], "Float64" if f64 else "Float32")
                self.assertNotIn("noDataValue", info["bands"][0])  # not netCDF's default fill
                np.testing.assert_allclose(info["geoTransform"], [169.75, 0.5, 0, 10.5, 0, -1.0],
                                           atol=1e-12)
                npy = np.load(self.path("f.npy"))
                values = self.gdal_values(sub, "<f8" if f64 else "<f4", 41, 21)
                np.testing.assert_array_equal(values, npy)
                lon, lat = np.meshgrid(contract_axis(170.0, 20.0, 41),
                                       contract_axis(10.0, 20.0, 21, descending=True))
                np.testing.assert_allclose(values, haversine(0, 180, lat, lon, R_KM / 1.852),
                                           rtol=1e-10 if f64 else 2e-6, atol=1e-6)
                # GDAL's lookup by coordinates: the reference node (180, 0) is 0; (172, 8) is
                # node (2, 4).
                for lon_q, lat_q, want in (("180", "0", 0.0), ("172", "8", npy[2, 4])):
                    v = subprocess.run(["gdallocationinfo", "-valonly", "-geoloc", sub, lon_q,
                                        lat_q], capture_output=True, text=True, check=True)
                    self.assertAlmostEqual(float(v.stdout), float(want), delta=1e-12 * 1000)
                if HAVE_GMT:  # GMT: gridline registration on the nodes, 170/190/-10/10
                    np.testing.assert_allclose(self.gmt_region("f.nc", "distance"),
                                               [170, 190, -10, 10, 0.5, 1.0, 41, 21], rtol=0,
                                               atol=1e-9)
                os.remove(self.path("f.nc"))
                os.remove(self.path("f.npy"))

    @unittest.skipUnless(HAVE_GMT, "GMT is not installed")
    def test_gmt_reads_nodes_as_gridline_registered_on_any_bounds(self):
        # Coordinates that are no whole number of steps from 0 (the latlon bounds; an even count
        # of nodes about a projection's centre): GMT would guess pixel registration there, and a
        # region half a step wider, but for the file's node_offset.
        # The whole globe in an even number of rows and columns: the latitudes are half-steps
        # from 0 while the longitudes are whole steps.
        for projection, lat, lon in (("latlon", "29.13:31.7", "99.01:101.37"),
                                     ("latlon", "-90:90", "-180:180"), ("aeqd", "29:31", "99:101"),
                                     ("ortho", "29:31", "99:101")):
            with self.subTest(projection=projection, lat=lat):
                extra = [] if projection == "latlon" else ["--projection", projection]
                self.render_ok("--lat", lat, "--lon", lon, "--size", "36x22", *extra, "--netcdf",
                               "g.nc", "--backend", "cpu")
                x = self.coordinate("g.nc", "lon" if projection == "latlon" else "x")
                y = self.coordinate("g.nc", "lat" if projection == "latlon" else "y")
                np.testing.assert_allclose(
                    self.gmt_region("g.nc", "distance"),
                    [x[0], x[-1], y[-1], y[0], (x[-1] - x[0]) / 35, (y[0] - y[-1]) / 21, 36, 22],
                    rtol=0, atol=1e-9 * max(1.0, abs(x[0])))
                os.remove(self.path("g.nc"))

    @unittest.skipUnless(xarray, "xarray (python3-xarray, python3-netcdf4) is not installed")
    def test_xarray_selects_nodes_by_their_coordinates(self):
        self.render_ok(*GRID, "--f64", "--netcdf", "x.nc", "--npy", "x.npy", "--backend", "cpu")
        npy = np.load(self.path("x.npy"))
        with xarray.open_dataset(self.path("x.nc")) as ds:
            d = ds["distance"]
            self.assertEqual(d.dims, ("lat", "lon"))
            self.assertEqual(d.dtype, np.float64)
            np.testing.assert_array_equal(d.values, npy)
            # Node (2, 4) is at 8N, 172E; the reference node (10, 20) at 0N, 180E (lon 180).
            self.assertEqual(float(d.sel(lat=8.0, lon=172.0)), npy[2, 4])
            self.assertEqual(float(d.sel(lat=0.0, lon=180.0)), 0.0)
            self.assertEqual(d.attrs["units"], "km")
        self.render_ok("--projection", "aeqd", "--extent", "20015.1", "--size", "41x31",
                       "--netcdf", "a.nc", "--npy", "a.npy", "--backend", "cpu")
        npy = np.load(self.path("a.npy"))
        self.assertGreater(np.isnan(npy).sum(), 100)
        with xarray.open_dataset(self.path("a.nc")) as ds:
            np.testing.assert_array_equal(ds["distance"].values, npy)  # NaN where NaN

    def test_units_are_udunits_names(self):
        # nm is the nanometre to UDUNITS: the nautical mile is spelled out; mi and km convert.
        for option, factor_km in (("km", 1.0), ("nm", 1.852), ("mi", 1.609344), ("m", 0.001)):
            with self.subTest(units=option):
                self.render_ok("--size", "4x3", "--units", option, "--netcdf", "u.nc",
                               "--backend", "cpu")
                units = re.search(r'distance:units = "([^"]*)"',
                                  self.ncdump("u.nc", "-h")).group(1)
                self.assertEqual(units, {"km": "km", "nm": "nautical_mile", "mi": "mile",
                                         "m": "m"}[option])
                if shutil.which("udunits2"):
                    out = subprocess.run(["udunits2", "-H", units, "-W", "km"],
                                         capture_output=True, text=True, check=True).stdout
                    got = float(re.search(r"= ([0-9.e+-]+) km", out).group(1))
                    self.assertAlmostEqual(got, factor_km, places=5)

    def test_wgs84_names_its_ellipsoid_instead_of_a_radius(self):
        self.render_ok("--size", "6x5", "--formula", "wgs84", "--ellipsoid", "6378.137,298.257223563",
                       "--f64", "--netcdf", "w.nc", "--backend", "cpu")
        head = self.ncdump("w.nc", "-h")
        self.assertIn('distance:long_name = "geodesic distance on the WGS84 ellipsoid from 30N '
                      '101E" ;', head)
        self.assertIn(':geofield_ellipsoid = "WGS84 (a = 6378.137 km, 1/f = 298.257223563)" ;',
                      head)
        self.assertIn(":geofield_ellipsoid_a_km = 6378.137 ;", head)
        self.assertNotIn("geofield_radius_km", head)
        self.assertIn(':geofield_precision = "double" ;', head)

    def test_cpu_without_gl_and_the_gl_path_write_their_npy_values(self):
        # --backend cpu with no picture computes with no GL at all (the file from the field in
        # host memory, not the .npy's rows streamed); auto reads the GL texture back.
        for backend in ("cpu", "auto"):
            with self.subTest(backend=backend):
                r = self.render_ok(*GRID, "--backend", backend, "--netcdf", f"{backend}.nc",
                                   "--npy", f"{backend}.npy")
                self.assertEqual("no GL needed" in r.stderr, backend == "cpu")
                np.testing.assert_array_equal(
                    self.gdal_values(f"NETCDF:{self.path(backend + '.nc')}:distance", "<f4", 41,
                                     21), np.load(self.path(f"{backend}.npy")))

    def test_centres_write_the_distance_and_the_index_in_one_file(self):
        with open(self.path("c.csv"), "w") as f:
            f.write("lat,lon,name\n")
            for lat, lon, name in CENTRES:
                f.write(f'{lat!r},{lon!r},"{name}"\n')
        grid = [a for a in GRID if a not in ("--ref", "0,180")]
        for backend in ("cpu", "auto"):  # cpu: no GL at all; auto: through the GL texture
            with self.subTest(backend=backend):
                self.render_ok("--centres", "c.csv", *grid, "--backend", backend, "--netcdf",
                               "c.nc", "--npy", "d.npy", "--index", "i.npy")
                head = self.ncdump("c.nc", "-h")
                self.assertIn("float distance(lat, lon) ;", head)
                self.assertIn("int nearest_centre(lat, lon) ;", head)
                self.assertIn('distance:long_name = "great-circle distance to the nearest of 4 '
                              'sites" ;', head)
                self.assertIn('nearest_centre:long_name = "index of the nearest of 4 sites by '
                              'the haversine distance" ;', head)
                self.assertIn(":geofield_centres = 4. ;", head)
                self.assertNotIn("geofield_reference_lat_deg", head)
                d = self.gdal_values(f"NETCDF:{self.path('c.nc')}:distance", "<f4", 41, 21)
                i = self.gdal_values(f"NETCDF:{self.path('c.nc')}:nearest_centre", "<i4", 41, 21)
                np.testing.assert_array_equal(d, np.load(self.path("d.npy")))
                np.testing.assert_array_equal(i, np.load(self.path("i.npy")))
                self.assertEqual(sorted(np.unique(i)), [0, 1, 2, 3])

    def test_projected_views_carry_x_y_in_metres_and_their_grid_mapping(self):
        for projection, name in (("aeqd", "azimuthal_equidistant"), ("ortho", "orthographic")):
            with self.subTest(projection=projection):
                self.render_ok("--projection", projection, "--ref", "30,101", "--lat", "20:60",
                               "--lon", "170:-150", "--extent", "3000", "--size", "61x41",
                               "--units", "nm", "--netcdf", "p.nc", "--geotiff", "p.tif",
                               "--npy", "p.npy", "--backend", "cpu")
                head = self.ncdump("p.nc", "-h")
                for line in ("float distance(y, x) ;", 'distance:grid_mapping = "crs" ;',
                             "distance:_FillValue = NaNf ;", 'x:units = "m" ;',
                             'x:standard_name = "projection_x_coordinate" ;',
                             'y:standard_name = "projection_y_coordinate" ;',
                             f'crs:grid_mapping_name = "{name}" ;',
                             "crs:earth_radius = 6371008.8 ;"):
                    self.assertIn(line, head)
                centre = (30, 101) if projection == "aeqd" else (40, -170)
                self.assertIn(f"crs:latitude_of_projection_origin = {centre[0]}. ;", head)
                self.assertIn(f"crs:longitude_of_projection_origin = {centre[1]}. ;", head)
                # x/y in metres: the extent (nm) times 1852, the nodes 2D/(nx - 1) apart.
                step = 2 * 3000 * 1852.0 / 60
                x = self.coordinate("p.nc", "x")
                np.testing.assert_allclose(x, (np.arange(61) - 30) * step, rtol=1e-15, atol=1e-6)
                np.testing.assert_allclose(self.coordinate("p.nc", "y"),
                                           (20 - np.arange(41)) * step, rtol=1e-15, atol=1e-6)
                # GDAL finds the projection and places the nodes as the GeoTIFF does.
                sub = f"NETCDF:{self.path('p.nc')}:distance"
                nc_info, tif_info = self.gdalinfo(sub), self.gdalinfo(self.path("p.tif"))
                wkt = nc_info["coordinateSystem"]["wkt"]
                self.assertIn("Azimuthal Equidistant" if projection == "aeqd" else "Orthographic",
                              wkt)
                np.testing.assert_allclose(nc_info["geoTransform"], tif_info["geoTransform"],
                                           rtol=0, atol=1e-6)
                self.assertEqual(nc_info["bands"][0]["noDataValue"], "NaN")
                # One CRS, two files: the NetCDF's crs_wkt is the GeoTIFF's as GDAL reads it.
                wkt1 = [subprocess.run(["gdalsrsinfo", "-o", "wkt1", "--single-line", f],
                                       capture_output=True, text=True, check=True).stdout
                        for f in (sub, self.path("p.tif"))]
                self.assertEqual(wkt1[0], wkt1[1])
                np.testing.assert_array_equal(self.gdal_values(sub, "<f4", 61, 41),
                                              np.load(self.path("p.npy")))
                if HAVE_GMT:
                    half_x, half_y = 30 * step, 20 * step
                    np.testing.assert_allclose(self.gmt_region("p.nc", "distance"),
                                               [-half_x, half_x, -half_y, half_y, step, step, 61,
                                                41], rtol=0, atol=1e-9)
                for f in ("p.nc", "p.tif", "p.npy"):
                    os.remove(self.path(f))

    def test_a_command_line_longer_than_an_attribute_holds_is_cut_in_history(self):
        # Issue 33: past ~65,500 bytes of command line HDF5 refused the history attribute
        # ("Can't open HDF5 attribute") and no file was written.
        title = "\u00e9" * 35000  # 70,000 bytes of two-byte characters: the cut must not split one
        self.render_ok("--size", "12x10", "--backend", "cpu", "--figure", "f.png", "--title",
                       title, "--netcdf", "f.nc")
        head = self.ncdump("f.nc", "-h")
        history = re.search(r':history = "(.*)" ;', head).group(1).replace("\\'", "'")
        self.assertRegex(history, r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: \S*geofield render ")
        self.assertRegex(history, r"\u00e9 \.\.\. \(\d+ more bytes of the command line left out\)$")
        left_out = int(re.search(r"\((\d+) more bytes", history).group(1))
        command = history[history.index(": ") + 2:history.index(" ... (")]
        # 60,000 bytes, less the first byte of a character the cut would split (a two-byte é
        # starts where the path to the binary, of any length, puts it).
        self.assertIn(len(command.encode()), (59999, 60000))
        self.assertGreater(left_out, 10000)

    def test_an_existing_file_is_replaced_whole(self):
        with open(self.path("old.nc"), "wb") as f:
            f.write(b"not netcdf" * 100000)
        self.render_ok("--size", "12x10", "--netcdf", "old.nc", "--backend", "cpu")
        self.assertIn("lon = 12 ;", self.ncdump("old.nc", "-h"))
        self.assertEqual(self.files(), ["old.nc"])


class RenderNetcdfFailures(RenderTestCase):

    def test_without_the_writer_module_it_says_so_before_any_work(self):
        lone = self.path("bin")
        os.mkdir(lone)
        shutil.copy(binary(), lone)
        env = dict(os.environ)
        env.pop("GEOFIELD_NETCDF_PLUGIN", None)
        r = subprocess.run([os.path.join(lone, "geofield"), "render", "--size", "8x8", "--png",
                            "p.png", "--netcdf", "g.nc"], cwd=self.dir, capture_output=True,
                           text=True, timeout=300, env=env)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("NetCDF export needs libgeofield_netcdf.so", r.stderr)
        self.assertIn("GEOFIELD_NETCDF_PLUGIN", r.stderr)
        self.assertNotIn("backend", r.stderr, "it failed only after starting the work")
        self.assertEqual(self.files(), ["bin"])

    def test_a_missing_libnetcdf_is_named(self):
        # The module as built, its need for libnetcdf renamed to a library no system has
        # (the same length in the ELF's string table): what a machine without libnetcdf sees.
        with open(os.path.join(os.path.dirname(binary()), "libgeofield_netcdf.so"), "rb") as f:
            module = f.read()
        needed = re.search(rb"libnetcdf\.so\.\d+", module).group(0)
        self.assertEqual(module.count(needed), 1)
        lone = self.path("bin")
        os.mkdir(lone)
        shutil.copy(binary(), lone)
        with open(os.path.join(lone, "libgeofield_netcdf.so"), "wb") as f:
            f.write(module.replace(needed, needed.replace(b"libnetcdf", b"libnetcdX")))
        env = dict(os.environ)
        env.pop("GEOFIELD_NETCDF_PLUGIN", None)
        r = subprocess.run([os.path.join(lone, "geofield"), "render", "--size", "8x8",
                            "--netcdf", "g.nc"], cwd=self.dir, capture_output=True, text=True,
                           timeout=300, env=env)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("NetCDF export needs libgeofield_netcdf.so", r.stderr)
        self.assertIn(os.path.join(lone, "libgeofield_netcdf.so") + ": libnetcdX.so", r.stderr)
        self.assertIn("cannot open shared object file", r.stderr)
        self.assertIn("which needs libnetcdf (Debian: libnetcdf19)", r.stderr)
        self.assertEqual(self.files(), ["bin"])

    def test_one_file_named_twice_and_bad_paths_are_refused(self):
        for a, b in (("--npy", "--netcdf"), ("--geotiff", "--netcdf")):
            with self.subTest(pair=(a, b)):
                r = self.run_geofield("render", "--size", "8x8", a, "same.out", b, "./same.out")
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(f"{a} and {b} name the same file", r.stderr)
        r = self.run_geofield("render", "--size", "8x8", "--netcdf", "no/such/folder/f.nc")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--netcdf: cannot write 'no/such/folder/f.nc'", r.stderr)
        r = self.run_geofield("render", "--size", "8x8", "--netcdf=")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(self.files(), [])

    def test_a_netcdf_failing_midway_leaves_no_file_at_all(self):
        # 700 x 700 float64 values (3.9 MB; about 3 MB deflated) outgrow a 1 MB file-size limit
        # while the PNG fits.
        r = self.render_with_1mb_file_limit("--size", "700x700", "--lat", "-90:90", "--lon",
                                            "-180:180", "--f64", "--png", "field.png",
                                            "--netcdf", "field.nc")
        self.assertNotEqual(r.returncode, 0, r.stderr)
        self.assertIn("cannot write field.nc", r.stderr)
        self.assertEqual(self.files(), [])

    def test_a_killed_render_leaves_nothing(self):
        # Killed while computing or compressing a large grid (deflating its 64 MB takes seconds):
        # no file, no scratch file.
        p = subprocess.Popen([binary(), "render", "--size", "4096x4096", "--netcdf", "k.nc",
                              "--backend", "cpu"], cwd=self.dir, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        p.send_signal(signal.SIGKILL)
        self.assertEqual(p.wait(), -signal.SIGKILL, "it ended before the kill")
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
