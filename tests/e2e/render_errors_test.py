"""geofield render with bad input: a non-zero exit, one line naming the option, and no output
file left behind (no temporary file either)."""

import os
import stat
import unittest

from geofield_e2e import RenderTestCase

# (arguments, the option the message must name)
BAD_INPUTS = [
    (["--lat", "-91:10"], "--lat"),
    (["--lat=10:95"], "--lat"),
    (["--lat", "10:10"], "--lat"),
    (["--lat", "20:-20"], "--lat"),
    (["--lat=nan:10"], "--lat"),
    (["--lat=0:inf"], "--lat"),
    (["--lat", "1.2.3:4"], "--lat"),
    (["--lat", "10"], "--lat"),
    (["--lon", "100:100"], "--lon"),
    (["--lon", "-180:-180"], "--lon"),
    (["--lon", "0:400"], "--lon"),
    (["--lon=-inf:0"], "--lon"),
    (["--size", "1x100"], "--size"),
    (["--size", "100x1"], "--size"),
    (["--size", "0"], "--size"),
    (["--size", "-5x5"], "--size"),
    (["--size", "10.5x10"], "--size"),
    (["--size", "100000x100000"], "--size"),  # beyond the GL texture limit and memory
    (["--size", "99999999999999999999x4"], "--size"),
    (["--ref", "91,0"], "--ref"),
    (["--ref", "0,nan"], "--ref"),
    (["--ref", "30"], "--ref"),
    (["--radius", "0"], "--radius"),
    (["--radius", "-6371"], "--radius"),
    (["--radius", "inf"], "--radius"),
    (["--radius", "6371km"], "--radius"),
    (["--radius", "1e-310"], "--radius"),  # subnormal: gave an all-NaN field (issue 33)
    (["--radius", "0.0009"], "--radius"),
    (["--formula", "wgs84", "--ellipsoid", "1e-320,298"], "--ellipsoid"),
    (["--contours", "1e-320"], "--contours"),  # subnormal: hung the ring labels (issue 33)
    (["--contours", "2e38"], "--contours"),
    (["--units", "furlong"], "--units"),
    (["--formula", "vincenty"], "--formula"),
    (["--backend", "opencl"], "--backend"),
    (["--colormap", "jet"], "--colormap"),
    (["--precision", "half"], "--precision"),
    (["--range", "5:1"], "--range"),
    (["--range", "-1e300:1e300"], "--range"),  # beyond the map's 32-bit floats
]


class RenderErrors(RenderTestCase):

    def expect_refused(self, args, option):
        r = self.run_geofield("render", *args)
        label = " ".join(args)
        self.assertNotEqual(r.returncode, 0, f"{label} was accepted")
        self.assertLess(r.returncode, 128, f"{label} crashed: {r.stderr}")
        errors = [line for line in r.stderr.splitlines() if "error" in line]
        self.assertEqual(len(errors), 1, f"{label}: expected one error line:\n{r.stderr}")
        self.assertIn(option, errors[0], f"{label}: the message does not name {option}")
        self.assertEqual(self.files(), [], f"{label} left files behind")
        return errors[0]

    def test_every_bad_value_is_refused_naming_its_option(self):
        for args, option in BAD_INPUTS:
            with self.subTest(args=args):
                self.expect_refused(args + ["--png", "out.png", "--npy", "out.npy"], option)

    def test_a_subnormal_contour_interval_is_refused_at_once_with_a_figure(self):
        # Issue 33: `--contours 1e-320 --figure f.png` never ended (the ring labelling).
        line = self.expect_refused(["--contours", "1e-320", "--size", "8x8", "--figure", "f.png"],
                                   "--contours")
        self.assertIn("--contours: INTERVAL must be from 1.175494351e-38 to 1e+38, what the map's "
                      "32-bit floats carry", line)
        self.assertIn("(typed '1e-320')", line)
        line = self.expect_refused(["--radius", "1e-310", "--size", "8x8", "--npy", "a.npy"],
                                   "--radius")
        self.assertIn("--radius: 1e-310 km is outside [0.001, 1e+09] km", line)

    def test_an_ortho_figure_too_large_for_gl_is_refused_first_in_one_line(self):
        # Issue 33: refused only after minutes (the layout's search for the largest width found
        # the field's range again at every size), and after the backend's line and the other
        # outputs' work.
        r = self.run_geofield("render", "--backend", "cpu", "--projection", "ortho", "--size",
                              "100x300", "--figure", "f.png", "--figure-width", "16384", "--png",
                              "p.png")
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(r.stderr.splitlines(), [
            # The default graticule labels (issue 29) sit on the disc: no margin for them; the
            # print style's text is in points, its margins the same at every width (5747 gives a
            # map 16385 tall).
            "geofield: error: --figure-width 16384: its map (16062x48510 pixels) is larger than "
            "this OpenGL's 16384 pixels a side; the largest --figure-width for this view is 5746"])
        self.assertEqual(self.files(), [])

    def test_a_range_the_drawing_cannot_carry_says_the_accepted_magnitude(self):
        # The colour bar put 0 mid-bar but the map was all the bottom colour (float overflow).
        line = self.expect_refused(["--range", "-1e300:1e300", "--size", "8x8", "--figure",
                                    "f.png"], "--range")
        self.assertIn("--range: MIN and MAX must be from -1e+38 to 1e+38, what the map's 32-bit "
                      "floats carry (got -1e+300:1e+300)", line)
        # The widest range accepted draws every node (0 to 20 000 km) in the colormap's middle.
        self.render_ok("--range", "-1e38:1e38", "--size", "8x8", "--backend", "cpu",
                       "--png", "p.png")
        from PIL import Image
        import numpy as np
        with Image.open(self.path("p.png")) as img:
            rgb = np.asarray(img.convert("RGB")).reshape(-1, 3).astype(int)
        self.assertTrue((rgb == rgb[0]).all(), "one colour for the whole map")
        # viridis at 0.5 (its entry 128: 33, 145, 140), not its bottom (68, 1, 84).
        self.assertLessEqual(np.abs(rgb[0] - [33, 145, 140]).max(), 3, rgb[0])

    def test_cuda_backend_on_a_build_or_machine_without_it(self):
        line = self.expect_refused(["--backend", "cuda", "--size", "8x8", "--png", "c.png"],
                                   "--backend")
        self.assertIn("cuda", line.lower())

    def test_nothing_to_write(self):
        r = self.run_geofield("render", "--size", "8x8")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--png", r.stderr)
        self.assertEqual(self.files(), [])

    def test_output_path_that_is_a_folder(self):
        os.mkdir(self.path("folder"))
        for flag in ("--png", "--npy", "--geotiff", "--netcdf"):
            with self.subTest(flag=flag):
                r = self.run_geofield("render", "--size", "8x8", flag, "folder")
                self.assertNotEqual(r.returncode, 0)
                self.assertIn(flag, r.stderr)
                self.assertEqual(self.files(), ["folder"])
                self.assertEqual(os.listdir(self.path("folder")), [])

    def test_unwritable_output_paths(self):
        cases = [("--png", "missing/out.png"), ("--npy", "missing/out.npy"),
                 ("--geotiff", "missing/out.tif"), ("--netcdf", "missing/out.nc"),
                 ("--png", "/proc/geofield-e2e.png")]  # nobody, root included, writes there
        if os.geteuid() != 0:
            os.mkdir(self.path("locked"), stat.S_IRUSR | stat.S_IXUSR)
            cases.append(("--npy", "locked/out.npy"))
        for flag, target in cases:
            with self.subTest(target=target):
                r = self.run_geofield("render", "--size", "8x8", flag, target)
                self.assertNotEqual(r.returncode, 0)
                self.assertIn(flag, r.stderr)
                self.assertEqual([f for f in self.files() if f != "locked"], [])
        self.assertFalse(os.path.exists("/proc/geofield-e2e.png"))

    def test_one_bad_output_path_means_no_file_at_all(self):
        # The good --png must not be written when --npy cannot be.
        r = self.run_geofield("render", "--size", "8x8", "--png", "good.png",
                              "--npy", "missing/out.npy")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--npy", r.stderr)
        self.assertEqual(self.files(), [])

    def test_a_write_failing_midway_leaves_no_file_at_all(self):
        # The .npy (1.44 MB) outgrows a 1 MB file-size limit while the PNG fits: the command
        # fails naming the .npy, and the PNG written before it must not stay either.
        r = self.render_with_1mb_file_limit("--size", "600x600", "--png", "field.png",
                                            "--npy", "field.npy")
        self.assertNotEqual(r.returncode, 0, r.stderr)
        self.assertIn("field.npy", r.stderr)
        self.assertIn("File too large", r.stderr)
        self.assertEqual(self.files(), [])
        # Without the limit the same command writes both.
        self.render_ok("--size", "600x600", "--png", "field.png", "--npy", "field.npy")
        self.assertEqual(self.files(), ["field.npy", "field.png"])
        self.assertLess(os.path.getsize(self.path("field.png")), 1 << 20)

    def test_unknown_option(self):
        r = self.run_geofield("render", "--bogus", "3", "--png", "x.png")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("--bogus", r.stderr)
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
