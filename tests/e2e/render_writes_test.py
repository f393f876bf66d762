"""How render writes its files, end to end: a closed pipe, a kill -9 mid-write, the longest
names a folder accepts, links and device nodes at the target. Whatever happens, each output is
whole or absent, the old target intact, and nothing else is left in the folder."""

import os
import signal
import subprocess
import time
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, binary


class RenderWrites(RenderTestCase):

    def test_a_closed_pipe_does_not_stop_a_render_between_its_renames(self):
        # The reader goes away at once (as `| head -c1` does): every line render prints after
        # its first rename meets a closed pipe.
        p = subprocess.Popen([binary(), "render", "--size", "64x48", "--npy", "a.npy", "--png",
                              "b.png", "--geotiff", "c.tif", "--netcdf", "d.nc"], cwd=self.dir,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        p.stdout.close()
        p.stderr.close()
        self.assertEqual(p.wait(timeout=120), 0)
        self.assertEqual(self.files(), ["a.npy", "b.png", "c.tif", "d.nc"])
        self.assertEqual(np.load(self.path("a.npy")).shape, (48, 64))

    def test_kill_9_mid_write_leaves_the_old_target_and_nothing_else(self):
        with open(self.path("big.npy"), "wb") as f:
            f.write(b"old")
        p = subprocess.Popen([binary(), "render", "--backend", "cpu", "--size", "9000x9000",
                              "--npy", "big.npy"], cwd=self.dir,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Wait until the output file is open (an unnamed file in this folder: /proc shows it as
        # '<folder>/#inode (deleted)'), then kill it while it computes and writes.
        deadline = time.monotonic() + 60
        opened = False
        while not opened and time.monotonic() < deadline and p.poll() is None:
            try:
                fds = os.listdir(f"/proc/{p.pid}/fd")
                links = [os.readlink(f"/proc/{p.pid}/fd/{fd}") for fd in fds]
            except OSError:
                links = []
            opened = any(link.startswith(self.dir + "/") for link in links)
            time.sleep(0.005)
        self.assertTrue(opened, "render never opened its output")
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=60)
        self.assertEqual(p.returncode, -signal.SIGKILL)
        self.assertEqual(self.files(), ["big.npy"])
        with open(self.path("big.npy"), "rb") as f:
            self.assertEqual(f.read(), b"old")

    def test_the_longest_name_the_folder_accepts_is_written(self):
        name_max = os.pathconf(self.dir, "PC_NAME_MAX")
        name = "n" * (name_max - 4) + ".npy"
        self.render_ok("--size", "8x8", "--npy", name)
        self.assertEqual(self.files(), [name])
        longer = "n" * name_max + ".png"
        r = self.run_geofield("render", "--size", "8x8", "--png", longer)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(f"--png: the file name is {name_max + 4} bytes", r.stderr)
        self.assertIn(f"accepts names of 1 to {name_max} bytes", r.stderr)
        self.assertNotIn("filesystem error", r.stderr)
        self.assertEqual(self.files(), [name])

    def test_a_device_or_pipe_at_the_target_is_refused_and_kept(self):
        os.mkfifo(self.path("pipe.npy"))
        for target, kind in (("/dev/null", "a character device"),
                             (self.path("pipe.npy"), "a named pipe")):
            with self.subTest(target=target):
                r = self.run_geofield("render", "--size", "8x8", "--npy", target)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(f"--npy: '{target}' is {kind}", r.stderr)  # quoted as typed
        self.assertTrue(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"))
        self.assertEqual(self.files(), ["pipe.npy"])

    def test_a_symbolic_link_is_written_through(self):
        os.symlink("real.png", self.path("link.png"))
        self.render_ok("--size", "16x8", "--png", "link.png")
        self.assertTrue(os.path.islink(self.path("link.png")))
        self.assertEqual(self.files(), ["link.png", "real.png"])
        with open(self.path("real.png"), "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
