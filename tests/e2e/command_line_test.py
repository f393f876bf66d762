"""geofield's command line, issue 14's classes 1, 2, 3 and 5, through the built binary: each bad
line exits 2 with one line on stderr (nothing on stdout), quotes what was typed escaped and
bounded, and writes no file; the good lines beside them write what they say."""

import os
import unittest

import numpy as np

from geofield_e2e import RenderTestCase

# One argument may hold at most 128 KiB (Linux MAX_ARG_STRLEN): the unit tests take 1 MB.
BIG = "x" * 100_000

# (arguments, text the one error line must contain)
REFUSED = [
    # 1: a value option never takes the next option as its value.
    (["render", "--png", "--formula=seed"], "--png: needs FILE, got '--formula=seed'"),
    (["render", "--png", "--formula=seed"], "--png=-VALUE"),
    (["render", "--npy", "--size", "4x2"], "--npy: needs FILE, got '--size'"),
    (["render", "--npy", "a.npy", "--size", "--reverse"], "--size: needs NXxNY"),
    (["render", "--npy", "a.npy", "--title", "-t", "--figure", "f.png"], "--title: needs TEXT"),
    (["render", "--npy"], "--npy: needs FILE, got nothing"),
    (["--state", "--no-session"], "--state: needs FILE"),
    (["--screenshot", "--frames", "3"], "--screenshot: needs FILE"),
    # 2: an empty value is an error, not "not given".
    (["render", "--size", "", "--npy", "a.npy"], "--size: empty value; give NXxNY, e.g. 1000x1000"),
    (["render", "--radius", "", "--npy", "a.npy"], "--radius: empty value; give KM"),
    (["render", "--geotiff", "", "--npy", "a.npy"], "--geotiff: empty value"),
    (["render", "--png=", "--npy", "a.npy"], "--png: empty value"),
    (["render", "--npy", "a.npy", "--figure", "f.png", "--title", ""], "--title: empty value"),
    (["render", "--npy", "a.npy", "--figure", "f.png", "--figure-width="], "--figure-width: empty value"),
    (["--window", ""], "--window: empty value; give WxH"),
    (["--frames", ""], "--frames: empty value"),
    (["--save-state="], "--save-state: empty value"),
    # 3: nothing silently ignored.
    (["render", "--npy", "a.npy", "--", "--size", "4x2"], "--: geofield takes no arguments after '--'"),
    (["render", "--npy", "a.npy", "b.npy"], "unexpected argument 'b.npy'"),
    (["render", "--reverse", "yes", "--npy", "a.npy"], "'yes' after --reverse"),
    (["--size", "4x2", "render", "--npy", "a.npy"],
     "--size: view options go after 'render': geofield render --size '4x2'"),
    (["--state", "s.json", "render", "--npy", "a.npy"], "--state: a window option"),
    (["render", "--npy", "a.npy", "--frames", "3"], "--frames: a window option"),
    (["--png", "a.png"], "--png: a 'render' option; it goes after 'render'"),
    (["render", "--npy", "a.npy", "--size", "4x4", "--size", "8x8"], "--size: given twice"),
    (["render", "--npy", "a.npy", "--bogus", "3"], "'--bogus': unknown option"),
    (["render", "--npy", "a.npy", "--reverse", "--reverse"], "--reverse: given twice; give each option once"),
    (["render", "--f64", "--npy", "a.npy", "--f64"], "--f64: given twice"),
    (["--no-session", "--no-session"], "--no-session: given twice"),
    (["render", "--npy", "a.npy", "--f64", "--precision", "float"],
     "--f64: computes in double and writes float64; --precision float asks for float"),
    # 5: what was typed, escaped and bounded; never a clamped number.
    (["render", "--formula", "se\ned", "--npy", "a.npy"], "'se\\ned' is not one of haversine, seed, wgs84"),
    (["render", "--units", BIG, "--npy", "a.npy"], "... (100000 bytes)"),
    (["render", "--npy", "a.npy", "--" + BIG], "unknown option"),
    (["render", "--size", "99999999999x2", "--npy", "a.npy"],
     "--size: '99999999999x2': each side must be from 2 to 1048576"),
    (["render", "--lat", "90.0000001:91", "--npy", "a.npy"], "latitude 90.0000001 is outside"),
    (["render", "--lon", "-180:180.0000001", "--npy", "a.npy"],
     "--lon: -180:180.0000001 spans 360.0000001 degrees, more than the whole circle; give at most 360"),
    (["render", "--line-color", "\x1b[31m", "--npy", "a.npy"], "'\\x1B[31m'"),
]


class CommandLine(RenderTestCase):

    def test_each_bad_line_exits_2_with_one_bounded_line_and_no_file(self):
        for args, expected in REFUSED:
            label = " ".join(a[:40] for a in args)
            with self.subTest(args=label):
                r = self.run_geofield(*args)
                self.assertEqual(r.returncode, 2, f"{label}: {r.stderr[:300]}")
                self.assertEqual(r.stdout, "", label)
                lines = r.stderr.splitlines()
                self.assertEqual(len(lines), 1, f"{label}: {r.stderr[:600]}")
                self.assertTrue(lines[0].startswith("geofield: error: "), lines[0][:300])
                self.assertLessEqual(len(lines[0].encode()), 512 + len("geofield: error: "))
                self.assertIn(expected, lines[0])
                self.assertEqual(self.files(), [], f"{label} left files behind")

    def test_negative_values_and_a_file_name_that_begins_with_a_dash(self):
        self.render_ok("--lat", "-10:10", "--lon", "-170:-160", "--ref", "-5,-165",
                       "--size", "4x2", "--backend", "cpu", "--npy=-x.npy")
        self.assertEqual(self.files(), ["-x.npy"])
        field = np.load(self.path("-x.npy"))
        self.assertEqual(field.shape, (2, 4))

    def test_view_options_after_render_apply(self):
        # The fuzzing campaign's class 3 example, written the way it works.
        self.render_ok("--size", "4x2", "--formula", "seed", "--backend", "cpu", "--npy", "a.npy")
        self.assertEqual(np.load(self.path("a.npy")).shape, (2, 4))

    def test_window_screenshot_and_saved_view_naming_one_file_are_refused(self):
        # The view's JSON, written on exit, replaced the screenshot, yet both were said written.
        with open(self.path("old.png"), "wb") as f:
            f.write(b"kept")
        os.symlink("old.png", self.path("link.png"))
        for shot, state in (("same.png", "same.png"), ("same.png", "./same.png"),
                            ("old.png", "link.png")):
            with self.subTest(shot=shot, state=state):
                r = self.run_geofield("--no-session", "--backend", "cpu", "--screenshot", shot,
                                      "--save-state", state)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertEqual(r.stderr.splitlines(), [
                    f"geofield: error: --screenshot and --save-state name the same file ('{shot}'): "
                    "give each output its own"])
                self.assertEqual(self.files(), ["link.png", "old.png"])
                with open(self.path("old.png"), "rb") as f:
                    self.assertEqual(f.read(), b"kept")

    def test_help_still_prints_and_exits_0(self):
        for args in (["--help"], ["render", "--help"], ["render", "--size", "4x2", "-h"]):
            r = self.run_geofield(*args)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("--size", r.stdout)
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
