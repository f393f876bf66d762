"""cmake --install: the binary and the GeoTIFF writer module land where the installed binary
finds the module (P/bin, P/lib*/geofield), with the coastlines' and the font's notices
(P/share/doc/geofield), and the installed binary exports a GeoTIFF and a figure (its font is
in the binary)."""

import os
import shutil
import subprocess
import unittest

from geofield_e2e import RenderTestCase

BUILD = os.environ.get("GEOFIELD_BUILD_DIR")


@unittest.skipUnless(BUILD and shutil.which("cmake"), "no build folder given or no cmake")
class Install(RenderTestCase):

    def test_installed_binary_finds_its_geotiff_module(self):
        prefix = self.path("prefix")
        r = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix],
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        installed = sorted(os.path.relpath(os.path.join(d, f), prefix)
                           for d, _, files in os.walk(prefix) for f in files)
        self.assertEqual(len(installed), 4, installed)
        self.assertEqual(installed[0], "bin/geofield")
        self.assertRegex(installed[1], r"^lib[^/]*(/[^/]+)?/geofield/libgeofield_geotiff\.so$")
        # The coastlines are in the binary; their source and licences beside it.
        self.assertEqual(installed[2], "share/doc/geofield/coastlines-README.md")
        # So is the figures' font (DejaVu Sans): its origin and licence beside it.
        self.assertEqual(installed[3], "share/doc/geofield/fonts-README.md")
        env = dict(os.environ)
        env.pop("GEOFIELD_GEOTIFF_PLUGIN", None)
        r = subprocess.run([os.path.join(prefix, "bin", "geofield"), "render", "--size", "16x8",
                            "--geotiff", "f.tif", "--backend", "cpu"], cwd=self.dir,
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote f.tif (GeoTIFF, float32, 16 x 8 nodes)", r.stderr)
        with open(self.path("f.tif"), "rb") as f:
            self.assertIn(f.read(4), (b"II*\0", b"MM\0*"))  # a TIFF, whoever reads it
        r = subprocess.run([os.path.join(prefix, "bin", "geofield"), "render", "--figure", "f.png",
                            "--figure-width", "400", "--backend", "cpu"], cwd=self.dir,
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote f.png (figure, 400 pixels wide)", r.stderr)


if __name__ == "__main__":
    unittest.main()
