"""Tiles that prove themselves (issue 33): each tile's GeoTIFF (and NetCDF) carries its run's
digest and its values' digest, recomputed here in Python from the .npy of the same tile; and
`geofield mosaic` reads every tile whole, so that each of the fuzzing campaign's reproducers is
refused in one line naming the damaged tile (exit 2, no VRT): a tile cut to 3000 bytes, cut to
its header (the TIFF header alone, or everything before its first block), one bit flipped in its
values or in its overview, its digest altered, a folder mixing two runs with different --ref;
while a dangling symbolic link and a subfolder are left out with a note, a link to a tile
elsewhere is followed, tiles of an earlier geofield (no digests) are accepted with a note, and a
whole folder is accepted with the VRT reading the single render's values."""

import os
import re
import shutil
import struct
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, RenderTestCase

HAVE_GDAL = shutil.which("gdalinfo") and shutil.which("gdal_translate")

# 2 x 2 tiles of 300 x 250 nodes: each a COG of one 512 block and one overview (150 x 125).
SIZE = ["--lat", "20:41", "--lon", "90:118", "--size", "600x500", "--backend", "cpu"]
GRID = SIZE + ["--ref", "30.6,104.1"]
OTHER_RUN = SIZE + ["--ref", "1,2"]  # the same grid, another reference point

FNV_OFFSET, FNV_PRIME, MASK = 14695981039346656037, 1099511628211, (1 << 64) - 1


def fnv1a_64(data):
    h = FNV_OFFSET
    for c in data:
        h = ((h ^ c) * FNV_PRIME) & MASK
    return h


def values_digest(data):
    """values_digest.h's definition, independently: FNV-1a's step on little-endian 64-bit words
    in 4 lanes (word k to lane k mod 4), zero-padded to 32 bytes, lanes and byte count folded."""
    n = len(data)
    words = np.frombuffer(data + bytes((-n) % 32), dtype="<u8")
    lanes = [(FNV_OFFSET + lane) & MASK for lane in range(4)]
    for lane in range(4):
        h = lanes[lane]
        for w in words[lane::4].tolist():
            h = ((h ^ w) * FNV_PRIME) & MASK
        lanes[lane] = h
    return fnv1a_64(struct.pack("<4QQ", *lanes, n))


def tiff_blocks(path):
    """(offset, byte count) of every block of every image of a classic little-endian TIFF, by
    image: the places a test damages."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:4] == b"II*\0", "a classic little-endian TIFF"
    (ifd,) = struct.unpack_from("<I", data, 4)
    images = []
    while ifd:
        (count,) = struct.unpack_from("<H", data, ifd)
        tags = {}
        for e in range(count):
            tag, typ, n, value = struct.unpack_from("<HHII", data, ifd + 2 + 12 * e)
            if n == 1:
                tags[tag] = [value if typ == 4 else value & 0xFFFF]
            else:
                fmt = "<%dI" % n if typ == 4 else "<%dH" % n
                tags[tag] = list(struct.unpack_from(fmt, data, value))
        offsets = tags.get(324) or tags.get(273)  # TileOffsets or StripOffsets
        counts = tags.get(325) or tags.get(279)
        images.append(list(zip(offsets, counts)))
        (ifd,) = struct.unpack_from("<I", data, ifd + 2 + 12 * count)
    return images


def flip_bit(path, offset, bit=3):
    with open(path, "r+b") as f:
        f.seek(offset)
        b = f.read(1)[0]
        f.seek(offset)
        f.write(bytes([b ^ (1 << bit)]))


def replace_same_length(path, old, new):
    assert len(old) == len(new)
    with open(path, "rb") as f:
        data = f.read()
    assert data.count(old) == 1, old
    with open(path, "wb") as f:
        f.write(data.replace(old, new))


@unittest.skipUnless(HAVE_GDAL, "GDAL's command-line tools are not installed")
class TilesProveThemselves(GdalReads, RenderTestCase):

    def setUp(self):
        super().setUp()
        self.render_ok(*GRID, "--tile", "all/4", "--geotiff", "d", "--npy", "npy")
        self.tile = self.path("d/tile-1-of-4.tif")

    def metadata(self, name):
        return self.gdalinfo(name)["metadata"][""]

    def refused(self, *quoted):
        """mosaic d exits 2 with one line naming `quoted`, and writes no VRT."""
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 2, r.stderr)
        lines = r.stderr.strip().split("\n")
        self.assertEqual(len(lines), 1, r.stderr)
        for q in quoted:
            self.assertIn(q, lines[0])
        self.assertFalse(os.path.exists(self.path("d/mosaic.vrt")))
        return lines[0]

    def test_digests_are_those_of_the_values_and_the_run(self):
        self.render_ok(*GRID, "--tile", "all/4", "--netcdf", "nc")
        for k in range(4):
            md = self.metadata(f"d/tile-{k}-of-4.tif")
            values = np.load(self.path(f"npy/tile-{k}-of-4.npy"))
            self.assertEqual(values.dtype, np.dtype("<f4"))
            self.assertEqual(md["GEOFIELD_VALUES_DIGEST"], "%016x" % values_digest(values.tobytes()))
            run = "geofield-run-1 " + md["GEOFIELD_GRID"] + " stored=float32"
            self.assertEqual(md["GEOFIELD_RUN"], "%016x" % fnv1a_64(run.encode()))
            if shutil.which("ncdump"):
                header = subprocess.run(["ncdump", "-h", self.path(f"nc/tile-{k}-of-4.nc")],
                                        capture_output=True, text=True, check=True).stdout
                self.assertIn(f':geofield_run = "{md["GEOFIELD_RUN"]}" ;', header)
                self.assertIn(f':geofield_values_digest = "{md["GEOFIELD_VALUES_DIGEST"]}" ;',
                              header)
        runs = {self.metadata(f"d/tile-{k}-of-4.tif")["GEOFIELD_RUN"] for k in range(4)}
        self.assertEqual(len(runs), 1)
        self.render_ok(*OTHER_RUN, "--tile", "0/4", "--geotiff", "other.tif")
        self.assertNotIn(self.metadata("other.tif")["GEOFIELD_RUN"], runs)
        self.render_ok(*GRID, "--f64", "--tile", "0/4", "--geotiff", "f64.tif")
        self.assertNotIn(self.metadata("f64.tif")["GEOFIELD_RUN"], runs)

    def test_a_whole_folder_is_accepted_and_reads_as_the_single_render(self):
        self.render_ok(*GRID, "--npy", "whole.npy")
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertRegex(r.stderr, r"GDAL VRT over 4 tiles, 600 x 500 nodes; every tile read "
                                   r"whole: 1\.2 MB of values in \d+\.\d\d s\)")
        self.assertNotIn("left out", r.stderr)
        whole = np.load(self.path("whole.npy"))
        self.assertEqual(self.values("d/mosaic.vrt", "<f4").tobytes(), whole.tobytes())
        self.assertEqual(self.metadata("d/mosaic.vrt")["GEOFIELD_RUN"],
                         self.metadata("d/tile-0-of-4.tif")["GEOFIELD_RUN"])

    def test_a_tile_cut_to_3000_bytes(self):
        os.truncate(self.tile, 3000)
        self.refused("mosaic: 'tile-1-of-4.tif' is damaged: ", "render tile 1/2x2 again")

    def test_a_tile_cut_to_its_header(self):
        first_block = min(offset for image in tiff_blocks(self.tile) for offset, _ in image)
        os.truncate(self.tile, first_block)  # every IFD and the GDAL metadata, no values
        self.refused("mosaic: 'tile-1-of-4.tif' is damaged: ", "cannot be read whole")
        os.truncate(self.tile, 8)  # the TIFF header alone
        self.refused("mosaic: 'tile-1-of-4.tif' is damaged: a TIFF that cannot be read")

    def test_one_bit_flipped_in_the_values(self):
        [(offset, count)] = tiff_blocks(self.tile)[0]
        flip_bit(self.tile, offset + count // 2)
        line = self.refused("mosaic: 'tile-1-of-4.tif' is damaged: ")
        # A flip that still inflates gives other values (the digest's refusal), else the block
        # cannot be decoded: either names the tile.
        self.assertRegex(line, r"its values' digest is [0-9a-f]{16}, not the [0-9a-f]{16} "
                               r"written in its GEOFIELD_VALUES_DIGEST|cannot be read whole")

    def test_one_bit_flipped_in_the_overview(self):
        blocks = tiff_blocks(self.tile)
        self.assertEqual(len(blocks), 2)
        [(offset, count)] = blocks[1]
        flip_bit(self.tile, offset + count // 2)
        self.refused("mosaic: 'tile-1-of-4.tif' is damaged: ")

    def test_an_altered_digest(self):
        digest = self.metadata("d/tile-1-of-4.tif")["GEOFIELD_VALUES_DIGEST"]
        other = ("1" if digest[0] != "1" else "2") + digest[1:]
        replace_same_length(self.tile, digest.encode(), other.encode())
        self.refused(f"mosaic: 'tile-1-of-4.tif' is damaged: its values' digest is {digest}, "
                     f"not the {other} written in its GEOFIELD_VALUES_DIGEST")

    def test_a_mix_of_two_runs_with_different_ref(self):
        self.render_ok(*OTHER_RUN, "--tile", "all/4", "--geotiff", "e")
        shutil.copy(self.path("e/tile-2-of-4.tif"), self.path("d/tile-2-of-4.tif"))
        self.refused("mosaic: 'd' holds tiles of more than one grid, so of two runs: "
                     "'tile-0-of-4.tif' and 'tile-2-of-4.tif' differ in "
                     "'ref=30.600000000000001,104.09999999999999' and 'ref=1,2'")

    def test_links_and_folders_are_left_out_with_a_note(self):
        self.render_ok(*GRID, "--npy", "whole.npy")
        os.makedirs(self.path("elsewhere"))
        os.rename(self.path("d/tile-3-of-4.tif"), self.path("elsewhere/t3.tif"))
        os.symlink("../elsewhere/t3.tif", self.path("d/tile-3-of-4.tif"))  # followed
        os.symlink("nowhere.tif", self.path("d/gone.tif"))
        os.symlink("nowhere", self.path("d/a-gone"))  # first in the listing's order
        os.makedirs(self.path("d/sub.tif"))
        os.makedirs(self.path("d/sub"))
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 0, r.stderr)
        for note in ["'a-gone' is a symbolic link to nothing; left out",
                     "'gone.tif' is a symbolic link to nothing; left out",
                     "'sub' is a folder (mosaic does not look into folders); left out",
                     "'sub.tif' is a folder (mosaic does not look into folders); left out"]:
            self.assertIn(f"geofield: mosaic: {note}\n", r.stderr)
        whole = np.load(self.path("whole.npy"))
        self.assertEqual(self.values("d/mosaic.vrt", "<f4").tobytes(), whole.tobytes())

    def test_tiles_without_digests_are_accepted_with_a_note(self):
        for k in (0, 2):
            path = self.path(f"d/tile-{k}-of-4.tif")
            replace_same_length(path, b"GEOFIELD_RUN", b"GEOFIELD_RUX")
            replace_same_length(path, b"GEOFIELD_VALUES_DIGEST", b"GEOFIELD_VALUES_DIGESX")
        r = self.run_geofield("mosaic", "d")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("geofield: mosaic: 2 tiles carry no values digest (written by an earlier "
                      "geofield), so they were read whole but not verified: 'tile-0-of-4.tif', "
                      "...\n", r.stderr)
        # Still read whole: a cut one of them is refused.
        os.remove(self.path("d/mosaic.vrt"))
        os.truncate(self.path("d/tile-2-of-4.tif"), 3000)
        self.refused("mosaic: 'tile-2-of-4.tif' is damaged: ")


if __name__ == "__main__":
    unittest.main()
