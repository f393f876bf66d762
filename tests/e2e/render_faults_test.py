"""Faults forced on `geofield render` (issue 14): no CUDA device, no OpenGL context, an export
folder that cannot be written, a full disk, a size beyond the machine's limits. Each ends with
one clear line naming the problem, exit status 2 (the user's input) or 1 (the machine), never a
signal or a core dump, and nothing written: no output, no temporary file."""

import contextlib
import os
import subprocess
import tempfile
import unittest

from geofield_e2e import RenderTestCase, binary


def error_lines(stderr):
    return [line for line in stderr.splitlines() if line.startswith("geofield: error:") or
            line.startswith("geofield: failed:")]


@contextlib.contextmanager
def small_tmpfs(size_kib):
    """A tmpfs of size_kib KiB mounted on a new folder (root only: mount needs it)."""
    folder = tempfile.mkdtemp(prefix="geofield-full-")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", folder],
                       capture_output=True, text=True)
    if r.returncode != 0:
        os.rmdir(folder)
        raise unittest.SkipTest(f"cannot mount a tmpfs here: {r.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", folder], check=True)
        os.rmdir(folder)


class RenderFaults(RenderTestCase):

    def run_env(self, env, *args):
        return subprocess.run([binary(), *args], cwd=self.dir, capture_output=True, text=True,
                              timeout=300, env=dict(os.environ, **env))

    def assert_one_line(self, r, status, *words):
        """Exit `status` (not a signal), exactly one error line, holding every one of words."""
        self.assertEqual(r.returncode, status, r.stderr)
        errors = error_lines(r.stderr)
        self.assertEqual(len(errors), 1, r.stderr)
        for w in words:
            self.assertIn(w, errors[0])
        self.assertNotIn("terminate called", r.stderr)
        self.assertNotIn("core dumped", r.stderr)
        return errors[0]

    def test_no_cuda_device_refuses_backend_cuda_with_the_reason(self):
        # CUDA_VISIBLE_DEVICES empty hides every device, also on the GPU machine.
        r = self.run_env({"CUDA_VISIBLE_DEVICES": ""}, "render", "--backend", "cuda", "--size",
                         "16x16", "--png", "a.png", "--npy", "a.npy")
        line = self.assert_one_line(r, 2, "--backend cuda:")
        self.assertRegex(line, r"no CUDA device|no CUDA backend|driver|not usable")
        self.assertEqual(self.files(), [])
        # auto: the same machine renders on the CPU and says why in its one backend line.
        r = self.run_env({"CUDA_VISIBLE_DEVICES": ""}, "render", "--size", "16x16", "--png",
                         "a.png")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("geofield: backend cpu: ", r.stderr)
        self.assertEqual(self.files(), ["a.png"])

    def test_no_opengl_context(self):
        # GLVND with no vendor library finds no EGL driver at all (Mesa's or NVIDIA's).
        r = self.run_env({"__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/geofield.json"},
                         "render", "--size", "16x16", "--png", "a.png")
        self.assert_one_line(r, 1, "no headless OpenGL 4.5 context could be made")
        self.assertEqual(self.files(), [])
        # Mesa offering too old a GL: the 4.5 core context is refused.
        r = self.run_env({"MESA_GL_VERSION_OVERRIDE": "3.3"}, "render", "--size", "16x16",
                         "--png", "a.png", "--npy", "a.npy")
        if r.returncode == 0:
            self.skipTest("this GL is not Mesa's: MESA_GL_VERSION_OVERRIDE does not apply")
        self.assert_one_line(r, 1, "OpenGL 4.5")
        self.assertEqual(self.files(), [])

    def test_a_file_where_the_folder_should_be(self):
        # ENOTDIR: refused before any work, as root too (permissions do not bite on root).
        with open(self.path("notes"), "w") as f:
            f.write("a file, not a folder\n")
        for flag, name in (("--png", "a.png"), ("--npy", "a.npy"), ("--geotiff", "a.tif"),
                           ("--netcdf", "a.nc"), ("--figure", "a.png")):
            for target in ("notes/" + name, "notes/sub/" + name):
                with self.subTest(flag=flag, target=target):
                    r = self.run_geofield("render", "--size", "16x16", flag, target)
                    self.assert_one_line(r, 2, flag, "notes' is a file, not a folder")
                    self.assertEqual(self.files(), ["notes"])
        with open(self.path("notes")) as f:
            self.assertEqual(f.read(), "a file, not a folder\n")

    def test_a_full_disk_leaves_nothing(self):
        if os.geteuid() != 0:
            self.skipTest("mounting a small tmpfs needs root; the file-size limit tests cover "
                          "the same path (render_errors, render_geotiff)")
        with small_tmpfs(16) as full:
            for flag, name in (("--png", "a.png"), ("--npy", "a.npy"), ("--geotiff", "a.tif"),
                               ("--netcdf", "a.nc"), ("--figure", "f.png")):
                with self.subTest(flag=flag):
                    # 600 x 600 floats: 1.4 MB, and a picture of as many pixels: beyond 16 KiB.
                    r = self.run_geofield("render", "--size", "600x600", flag,
                                          os.path.join(full, name))
                    line = self.assert_one_line(r, 1, os.path.join(full, name),
                                                "No space left on device")
                    self.assertEqual(os.listdir(full), [], line)
            # The folder still takes what fits: nothing of the failures is held in it.
            self.render_ok("--size", "16x16", "--npy", os.path.join(full, "small.npy"))
            self.assertEqual(os.listdir(full), ["small.npy"])

    def test_a_size_beyond_the_texture_limit_or_memory(self):
        r = self.run_geofield("render", "--size", "100000x100000", "--png", "a.png")
        self.assert_one_line(r, 2, "--size", "GL_MAX_TEXTURE_SIZE", "100000x100000")
        # A raw field beyond GL's textures: what computes it instead (the CPU, or tiles).
        r = self.run_geofield("render", "--backend", "gl", "--size", "40000x4", "--npy", "a.npy")
        self.assert_one_line(r, 2, "--size", "GL_MAX_TEXTURE_SIZE", "40000x4", "--backend cpu",
                             "--tile all/N")
        self.render_ok("--backend", "cpu", "--size", "40000x4", "--npy", "a.npy")
        self.assertEqual(self.files(), ["a.npy"])
        os.remove(self.path("a.npy"))
        # The raw field on the CPU needs no GL: the limit is this machine's memory, where the
        # field is held whole (a GeoTIFF beside the .npy).
        r = self.run_geofield("render", "--backend", "cpu", "--size", "100000x100000", "--npy",
                              "a.npy", "--geotiff", "a.tif")
        self.assert_one_line(r, 2, "--size", "GiB of memory", "GiB available")
        self.assertEqual(self.files(), [])

    def test_a_npy_alone_counts_its_blocks_and_the_free_disk(self):
        # Issue 31: a .npy alone is written a block of rows at a time, so the field's size is
        # no memory refusal; the file must fit its disk. 2^20 x 2^20 float32 is 4 TiB.
        r = self.run_geofield("render", "--backend", "cpu", "--size", "1048576x1048576",
                              "--npy", "a.npy")
        line = self.assert_one_line(r, 2, "--npy: a.npy needs about 4.1e+03 GiB on disk; its "
                                          "file system has ", " GiB free")
        self.assertNotIn("memory", line)
        self.assertEqual(self.files(), [])
        # The 80000 x 40000 (11.9 GiB of float32, once refused as needing 35.8 GiB of
        # memory) into a folder of 64 MiB: refused for the disk, naming its free space.
        with small_tmpfs(64 << 10) as full:
            r = self.run_geofield("render", "--backend", "cpu", "--size", "80000x40000",
                                  "--npy", os.path.join(full, "big.npy"))
            self.assert_one_line(r, 2, "--npy: ", "big.npy needs about 11.9 GiB on disk; its "
                                 "file system has 0.0625 GiB free")
            self.assertEqual(os.listdir(full), [])


if __name__ == "__main__":
    unittest.main()
