"""Recipes that work as printed: every fenced block of the README and docs/ that follows a line
`<!-- runnable -->` is run by this test, as a reader would paste it (a shell block by bash -e, a
```python block by Python), a page's blocks in order in one folder (a later block reads what an
earlier one wrote), a folder of the page's own that sees the repository's files where the
page says they are (docs/, scripts/, python/, ...) and this build's binary as `geofield` and as
`build/app/geofield`. A window command (no `render`, `mosaic` or `points`) draws two frames
under Xvfb and exits. The Python package is the build's (PYTHONPATH and GEOFIELD_LIBRARY), and
`python3` Debian's (/usr/bin first on PATH), as on the machine the README sets up."""
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("GEOFIELD_BIN")
BUILD = os.environ.get("GEOFIELD_BUILD_DIR")
MARK = re.compile(r"^<!-- runnable -->\s*$")

# The window's commands end after two frames, under a display of their own.
WRAPPER = """#!/bin/bash
case "${1:-}" in
  render | mosaic | points | --help | --version | --reference) exec "$GEOFIELD_REAL" "$@" ;;
esac
exec xvfb-run -a -s "-screen 0 1400x900x24" "$GEOFIELD_REAL" "$@" --no-session --frames 2
"""


def recipes():
    """(page, line, language, text) of every marked block."""
    found = []
    for page in [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md")):
        lines = page.read_text(encoding="utf-8").split("\n")
        for k, line in enumerate(lines):
            if not MARK.match(line):
                continue
            fence = lines[k + 1] if k + 1 < len(lines) else ""
            if not fence.startswith("```"):
                raise AssertionError(f"{page}:{k + 1}: <!-- runnable --> not before a block")
            body = []
            for text in lines[k + 2:]:
                if text.startswith("```"):
                    break
                body.append(text)
            found.append((page.relative_to(ROOT), k + 3, fence[3:].strip() or "sh",
                          "\n".join(body) + "\n"))
    return found


def library_path():
    for name in ("libgeofield.so", "libgeofield.so.1"):
        for path in pathlib.Path(BUILD).rglob(name):
            return str(path)
    return ""


@unittest.skipUnless(BIN and BUILD and shutil.which("xvfb-run"),
                     "no geofield binary or build folder given, or no xvfb-run")
class Recipes(unittest.TestCase):

    def test_every_runnable_block_runs_as_printed(self):
        found = recipes()
        self.assertGreater(len(found), 0)
        pages = {}
        for page, line, language, text in found:
            pages.setdefault(page, []).append((line, language, text))
        for page, blocks in pages.items():
            with tempfile.TemporaryDirectory() as d:
                env = self.folder_for_a_page(pathlib.Path(d))
                for line, language, text in blocks:
                    with self.subTest(recipe=f"{page}:{line}"):
                        command = ["/usr/bin/python3", "-"] if language == "python" else \
                            ["bash", "-e", "-o", "pipefail", "-s"]
                        r = subprocess.run(command, input=text, cwd=d, env=env,
                                           capture_output=True, text=True, timeout=600)
                        self.assertEqual(r.returncode, 0,
                                         f"{page}:{line} failed as printed:\n{text}\n--- stdout\n"
                                         f"{r.stdout[-1500:]}\n--- stderr\n{r.stderr[-1500:]}")

    @staticmethod
    def folder_for_a_page(here):
        """The repository's entries linked into `here`, the wrapper as build/app/geofield and
        first on PATH; the environment to run the page's blocks in."""
        for entry in ROOT.iterdir():
            if not entry.name.startswith(".") and entry.name != "build":
                (here / entry.name).symlink_to(entry)
        bin_dir = here / "build" / "app"
        bin_dir.mkdir(parents=True)
        wrapper = bin_dir / "geofield"
        wrapper.write_text(WRAPPER)
        wrapper.chmod(0o755)
        return dict(os.environ, GEOFIELD_REAL=os.path.abspath(BIN),
                    PATH=f"{bin_dir}:/usr/bin:{os.environ['PATH']}",
                    PYTHONPATH=str(ROOT / "python"), GEOFIELD_LIBRARY=library_path())

if __name__ == "__main__":
    unittest.main()
