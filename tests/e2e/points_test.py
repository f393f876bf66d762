"""`geofield points FILE.csv` (issue 31) end to end: the table in, every column carried through
(quoted fields, extra columns, lon before lat), the distance named with the unit, the nearest
index and name with --centres and --sites; the values equal `render --npy`'s at its nodes and a
double haversine; the refusals, one line naming the file and line or the option, exit 2,
nothing written."""

import csv
import io
import os
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, grid_coordinates, haversine

R_KM = 6371.0088


class Points(RenderTestCase):

    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w", encoding="utf-8") as f:
            f.write(text)

    def points_ok(self, *args):
        r = self.run_geofield("points", *args)
        self.assertEqual(r.returncode, 0, f"geofield points {' '.join(args)}:\n{r.stderr}")
        return r

    def refused(self, *args):
        r = self.run_geofield("points", *args)
        self.assertEqual(r.returncode, 2, r.stderr)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertEqual(r.stdout, "")
        return lines[0]

    def table(self, text):
        return list(csv.reader(io.StringIO(text)))

    def test_columns_carried_and_distance_named_with_the_unit(self):
        self.write("in.csv", 'id,Longitude,note,LAT\n1,2.35,"Paris, France",48.85\n'
                             '2,-0.1275,London,51.507\n')
        r = self.points_ok("in.csv", "--ref", "0,0", "--units", "nm")
        rows = self.table(r.stdout)
        self.assertEqual(rows[0], ["id", "Longitude", "note", "LAT", "distance_nm"])
        self.assertEqual(rows[1][:4], ["1", "2.35", "Paris, France", "48.85"])
        want = haversine(0, 0, np.array([48.85, 51.507]), np.array([2.35, -0.1275]),
                         R_KM / 1.852)
        self.assertAlmostEqual(float(rows[1][4]), want[0], delta=1e-8)
        self.assertAlmostEqual(float(rows[2][4]), want[1], delta=1e-8)
        self.assertIn("2 points", r.stderr)

    def test_values_equal_the_grid_at_its_nodes(self):
        lat, lon, nx, ny = (-60.0, 70.0), (150.0, -120.0), 9, 7
        self.render_ok("--lat", "-60:70", "--lon", "150:-120", "--size", f"{nx}x{ny}",
                       "--ref", "33.25,-117.5", "--f64", "--npy", "grid.npy")
        grid = np.load(os.path.join(self.dir, "grid.npy"))
        lo, la = grid_coordinates(lat, lon, nx, ny)
        self.write("nodes.csv", "lat,lon\n" + "".join(
            f"{a!r},{b!r}\n" for a, b in zip(la.ravel(), lo.ravel())))
        self.points_ok("nodes.csv", "--ref", "33.25,-117.5", "-o", "out.csv")
        with open(os.path.join(self.dir, "out.csv"), encoding="utf-8") as f:
            rows = self.table(f.read())
        got = np.array([float(r[2]) for r in rows[1:]]).reshape(ny, nx)
        np.testing.assert_allclose(got, grid, rtol=0, atol=1e-9)

    def test_nearest_index_and_name(self):
        self.write("ports.csv", "lat,lon,name\n51.95,4.14,Rotterdam\n1.26,103.84,Singapore\n"
                                '33.74,-118.27,"Los Angeles, CA"\n')
        self.write("ships.csv", "ship,lat,lon\nA,50,0\nB,0,100\nC,30,-120\n")
        rows = self.table(self.points_ok("ships.csv", "--centres", "ports.csv").stdout)
        self.assertEqual(rows[0], ["ship", "lat", "lon", "distance_km", "nearest",
                                   "nearest_name"])
        self.assertEqual([r[4] for r in rows[1:]], ["0", "1", "2"])
        self.assertEqual(rows[3][5], "Los Angeles, CA")
        self.assertAlmostEqual(float(rows[1][3]), haversine(51.95, 4.14, 50, 0, R_KM), delta=1e-8)

    def test_sites_of_polygons_signed(self):
        self.write("box.geojson", '{"type": "Feature", "properties": {"name": "box"}, '
                                  '"geometry": {"type": "Polygon", "coordinates": '
                                  '[[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}}')
        self.write("p.csv", "lat,lon\n5,5\n5,-1\n")
        rows = self.table(self.points_ok("p.csv", "--sites", "box.geojson", "--signed").stdout)
        self.assertLess(float(rows[1][2]), 0)  # inside: minus the distance to the boundary
        # The nearest point of the meridian 0 to (5, -1): R asin(cos 5 sin 1).
        want = R_KM * np.arcsin(np.cos(np.radians(5)) * np.sin(np.radians(1)))
        self.assertAlmostEqual(float(rows[2][2]), want, delta=1e-8)
        self.assertEqual(rows[2][4], "box")

    def test_wgs84(self):
        self.write("p.csv", "lat,lon\n10,20\n")
        rows = self.table(self.points_ok("p.csv", "--ref", "0,0", "--formula", "wgs84",
                                         "--units", "m").stdout)
        # GeographicLib's Geodesic.WGS84.Inverse(0, 0, 10, 20).s12, metres.
        self.assertAlmostEqual(float(rows[1][2]), 2475724.51874895, delta=1e-6)

    def test_refusals(self):
        self.write("nolat.csv", "x,lon\n1,2\n")
        self.assertIn("'nolat.csv', line 1: the header names no latitude column",
                      self.refused("nolat.csv", "--ref", "0,0"))
        self.write("bad.csv", "lat,lon\n1,2\n\nn/a,3\n")
        self.assertIn("'bad.csv', line 4: latitude 'n/a' is not a number",
                      self.refused("bad.csv", "--ref", "0,0"))
        self.write("far.csv", "lat,lon\n95,3\n")
        self.assertIn("'far.csv', line 2: latitude 95 is outside [-90, 90]",
                      self.refused("far.csv", "--ref", "0,0", "-o", "out.csv"))
        self.assertFalse(os.path.exists(os.path.join(self.dir, "out.csv")))
        self.write("ok.csv", "lat,lon\n1,2\n")
        self.assertIn("--size: applies to grids", self.refused("ok.csv", "--size", "4x4"))
        self.assertIn("--graticule: applies to grids", self.refused("ok.csv", "--graticule"))
        self.assertIn("--step: applies to grids", self.refused("ok.csv", "--step", "0.25"))
        self.assertIn("--registration: applies to grids",
                      self.refused("ok.csv", "--registration", "pixel"))
        self.assertIn("--backend: gl", self.refused("ok.csv", "--ref", "0,0", "--backend", "gl"))
        self.assertIn("give the CSV file", self.refused("--ref", "0,0"))
        self.assertIn("--ref", self.refused("ok.csv", "--ref", "0,0", "--centres", "ok.csv"))

    def test_help_lists_the_options(self):
        r = self.points_ok("--help")
        for option in ("--output", "--sites", "--centres", "--formula", "--units", "--backend"):
            self.assertIn(option, r.stdout)
        for grid_only in ("--size", "--step", "--registration", "--projection", "--colormap",
                          "--graticule"):
            self.assertNotIn(grid_only, r.stdout)


if __name__ == "__main__":
    unittest.main()
