"""The pictures the README and docs/gallery.md show are the ones their printed commands make:
scripts/make_gallery.py runs every marked command again into a folder of its own (figures
headless, the window under Xvfb) and each picture must equal the committed one: the same size
and, pixel for pixel, within a few levels except on at most 0.5% of the pixels (the window's
status bar shows this run's timings; llvmpipe may round a blend differently on another CPU)."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("GEOFIELD_BIN")
sys.path.insert(0, str(ROOT / "scripts"))
import make_gallery  # noqa: E402  (the pages' commands, as the script reads them)

MAX_DIFFERENT_FRACTION = 0.005
LEVELS = 16


@unittest.skipUnless(BIN and shutil.which("xvfb-run"), "no geofield binary given or no xvfb-run")
class Gallery(unittest.TestCase):

    def test_every_picture_is_what_its_printed_command_makes(self):
        found = make_gallery.pictures()
        self.assertGreaterEqual(len(found), 9)  # the window twice, the README's figure, six figures
        with tempfile.TemporaryDirectory() as out:
            r = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts" / "make_gallery.py"), BIN,
                                "--out", out], capture_output=True, text=True, timeout=900)
            self.assertEqual(r.returncode, 0, r.stdout[-2000:] + r.stderr[-2000:])
            for page, folder, words, _ in found:
                name = make_gallery.output_of(words)
                committed = folder / name
                with self.subTest(picture=str(committed.relative_to(ROOT))):
                    made = np.asarray(Image.open(os.path.join(out, name)).convert("RGB"), int)
                    kept = np.asarray(Image.open(committed).convert("RGB"), int)
                    self.assertEqual(made.shape, kept.shape)
                    different = (np.abs(made - kept).max(axis=2) > LEVELS).mean()
                    self.assertLessEqual(
                        different, MAX_DIFFERENT_FRACTION,
                        f"{committed.name}: {different:.2%} of the pixels differ; run "
                        "scripts/make-gallery.sh and look at the pictures")


if __name__ == "__main__":
    unittest.main()
