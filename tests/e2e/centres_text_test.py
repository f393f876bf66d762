"""Issue 33's "text in, text out" for sites files, end to end through `geofield render
--centres`: a quoted field starting with '#' is a centre, not a comment; a file that is not
UTF-8 is refused in one line naming the line and byte, exit 2, nothing written; a file name
holding a newline and bytes that are not UTF-8 is echoed escaped, one line of valid UTF-8;
GeoJSON with a byte-order mark is GeoJSON whatever its name, and a CSV's header after one is
read; 1e-400 reads as 0, as on the command line."""

import os
import subprocess
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, binary, check_no_sanitizer_report, grid_coordinates, \
    haversine

RADIUS_KM = 6371.0088
GRID = ("--lat", "25:36", "--lon", "95:106", "--size", "12x12")


class CentresText(RenderTestCase):

    def run_bytes(self, *args):
        """geofield with its output as bytes: what it prints must be UTF-8, checked here."""
        r = subprocess.run([binary(), *args], cwd=self.dir, capture_output=True, timeout=300)
        stderr = r.stderr.decode("utf-8")  # raises on bytes that are not UTF-8
        check_no_sanitizer_report(self, subprocess.CompletedProcess(r.args, r.returncode, "",
                                                                    stderr))
        return r.returncode, stderr

    def write(self, name, data):
        with open(os.path.join(os.fsencode(self.dir), name), "wb") as f:
            f.write(data)

    def refused_one_line(self, *args):
        code, stderr = self.run_bytes("render", *args)
        self.assertEqual(code, 2, stderr)
        lines = [ln for ln in stderr.splitlines() if ln.strip()]
        self.assertEqual(len(lines), 1, stderr)
        return lines[0]

    def nearest(self, centres_file):
        self.render_ok("--centres", centres_file, *GRID, "--npy", "d.npy", "--f64",
                       "--index", "i.npy")
        return np.load(self.path("d.npy")), np.load(self.path("i.npy"))

    def test_a_quoted_field_starting_with_a_hash_is_a_centre(self):
        self.write(b"c.csv", b'name,lat,lon\n"#1 site",30,100\nb,31,101\n')
        d, i = self.nearest("c.csv")
        self.assertEqual(set(np.unique(i)), {0, 1})  # was {0}: the first centre dropped
        lons, lats = grid_coordinates((25, 36), (95, 106), 12, 12)
        want = np.minimum(haversine(30, 100, lats, lons, RADIUS_KM),
                          haversine(31, 101, lats, lons, RADIUS_KM))
        self.assertLess(np.abs(d - want).max(), 1e-9 * want.max())
        self.assertEqual(i[6, 5], 0)  # the node (30, 100)

    def test_text_that_is_not_utf8_is_refused_naming_the_line(self):
        self.write(b"c.csv", b"lat,lon,name\n30,100,ok\n31,101,Caf\xe9\n")
        line = self.refused_one_line("--centres", "c.csv", *GRID, "--npy", "d.npy")
        self.assertIn("--centres: 'c.csv', line 3, byte 11: byte 0xE9 is not part of a UTF-8 "
                      "character; a centres file is UTF-8 text", line)
        self.write(b"g.geojson", b'{"type": "Feature", "properties": {"name": "Caf\xe9"}, '
                                 b'"geometry": {"type": "Point", "coordinates": [100, 30]}}')
        line = self.refused_one_line("--centres", "g.geojson", *GRID, "--npy", "d.npy")
        self.assertIn("'g.geojson', line 1, byte 48: byte 0xE9", line)
        self.assertEqual(self.files(), ["c.csv", "g.geojson"])

    def test_a_file_name_with_a_newline_and_bad_bytes_is_echoed_escaped(self):
        name = b"two\nlines\xff.csv"
        self.write(name, b"lat,lon\n95,1\n")
        code, stderr = self.run_bytes("render", "--centres", os.fsdecode(name), *GRID,
                                      "--npy", "d.npy")
        self.assertEqual(code, 2, stderr)
        self.assertEqual(stderr.count("\n"), 1, stderr)
        self.assertIn("'two\\nlines\\xFF.csv', line 2: latitude 95 is outside [-90, 90]", stderr)

    def test_geojson_with_a_byte_order_mark_is_geojson_whatever_its_name(self):
        self.write(b"sites.txt", b'\xef\xbb\xbf\r\n{"type": "Point", "coordinates": [100, 30]}')
        d, i = self.nearest("sites.txt")
        self.assertTrue((i == 0).all())
        self.assertEqual(d[6, 5], 0.0)  # the node (30, 100) is the centre
        self.write(b"bom.csv", b"\xef\xbb\xbfname,lat,lon\nx,30,100\n")
        d2, _ = self.nearest("bom.csv")
        np.testing.assert_array_equal(d2, d)

    def test_a_number_too_small_for_a_double_is_zero_as_on_the_command_line(self):
        self.write(b"c.csv", b"1e-400,100\n")
        self.render_ok("--centres", "c.csv", "--lat", "-5:5", "--lon", "95:105", "--size",
                       "11x11", "--npy", "d.npy", "--f64")
        self.render_ok("--ref", "1e-400,100", "--lat", "-5:5", "--lon", "95:105", "--size",
                       "11x11", "--npy", "r.npy", "--f64")
        d, r = np.load(self.path("d.npy")), np.load(self.path("r.npy"))
        self.assertEqual(d[5, 5], 0.0)
        np.testing.assert_allclose(d, r, rtol=1e-12, atol=1e-9)
        self.write(b"big.csv", b"1e999,100\n")
        line = self.refused_one_line("--centres", "big.csv", "--npy", "x.npy")
        self.assertIn("'big.csv', line 1: latitude '1e999' is not a finite number", line)


if __name__ == "__main__":
    unittest.main()
