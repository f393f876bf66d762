#!/usr/bin/python3
"""Makes the pictures of the README and docs/gallery.md from the commands printed beside them.

A picture's command is a fenced block right after a line `<!-- picture: FOLDER -->` (FOLDER
relative to the page; `annotate=1:X,Y;2:X,Y` adds numbered callouts at those pixels, which the
page explains): one `geofield ...` command, run in FOLDER with the CPU backend under a
headless GL; a window command (`geofield --screenshot ...`) runs under Xvfb with a home of its
own, so that the Export panel shows "~/maps" and no machine's path. The picture is the file its
--figure or --screenshot names.

    make_gallery.py GEOFIELD                      every picture, in place, as the pages print them
    make_gallery.py GEOFIELD --out D              written into D instead (the test e2e_gallery
                                                  compares them with the committed ones)
    --width 400                                   figures 400 pixels wide (a quick look)
    --figures-only                                the figures alone
    make_gallery.py --list                        the pictures and their commands
"""
import argparse
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = ("README.md", "docs/gallery.md", "docs/guide/window.md")
MARK = re.compile(r"^<!-- picture: (\S+)(?: annotate=(\S+))? -->\s*$")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"  # fonts-dejavu-core


def pictures():
    """(page, folder, words, callouts) for each marked command, in the pages' order."""
    found = []
    for name in PAGES:
        page = ROOT / name
        lines = page.read_text(encoding="utf-8").split("\n")
        for k, line in enumerate(lines):
            m = MARK.match(line)
            if not m:
                continue
            if k + 1 >= len(lines) or not lines[k + 1].startswith("```"):
                sys.exit(f"make_gallery: {name}:{k + 1}: a picture mark not followed by a block")
            block = []
            for body in lines[k + 2:]:
                if body.startswith("```"):
                    break
                block.append(body)
            words = shlex.split(" ".join(block).replace("\\ ", " "))
            if not words or words[0] != "geofield":
                sys.exit(f"make_gallery: {name}:{k + 3}: the block is not one geofield command")
            callouts = []
            for item in (m.group(2) or "").split(";"):
                if item:
                    number, at = item.split(":")
                    x, y = at.split(",")
                    callouts.append((number, int(x), int(y)))
            found.append((name, (page.parent / m.group(1)).resolve(), words, callouts))
    return found


def output_of(words):
    for option in ("--figure", "--screenshot"):
        if option in words:
            return words[words.index(option) + 1]
    sys.exit("make_gallery: a command with neither --figure nor --screenshot: " + " ".join(words))


def annotate(path, callouts):
    """Numbered discs at the callouts' pixels: white on a dark ring, readable on any colour."""
    from PIL import Image, ImageDraw, ImageFont
    image = Image.open(path).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 15)
    for number, x, y in callouts:
        draw.ellipse((x - 13, y - 13, x + 13, y + 13), fill=(200, 30, 60), outline=(255, 255, 255),
                     width=2)
        draw.text((x, y), number, fill=(255, 255, 255), font=font, anchor="mm")
    image.save(path)


def run(geofield, folder, words, callouts, width, out):
    words = list(words)
    target = output_of(words)
    is_window = "--screenshot" in words
    if width and "--figure-width" in words:
        words[words.index("--figure-width") + 1] = str(width)
    written = pathlib.Path(out).resolve() / pathlib.Path(target).name if out else folder / target
    words[words.index("--screenshot" if is_window else "--figure") + 1] = str(written)
    command = [os.path.abspath(geofield)] + words[1:]
    if is_window:
        with tempfile.TemporaryDirectory() as home:
            maps = pathlib.Path(home) / "maps"
            maps.mkdir()
            env = dict(os.environ, HOME=home)
            command = ["xvfb-run", "-a", "-s", "-screen 0 1400x900x24"] + command[:1] + \
                ["--backend", "cpu"] + command[1:]
            subprocess.run(command, cwd=maps, env=env, check=True, stdout=subprocess.DEVNULL)
    else:
        command = command[:2] + ["--backend", "cpu"] + command[2:]
        subprocess.run(command, cwd=folder, check=True, stdout=subprocess.DEVNULL)
    if callouts:
        annotate(written, callouts)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("geofield", nargs="?", help="the binary")
    parser.add_argument("--width", type=int, help="figures this many pixels wide")
    parser.add_argument("--out", help="write the pictures into this folder, not in place")
    parser.add_argument("--figures-only", action="store_true", help="leave the window's out")
    parser.add_argument("--list", action="store_true", help="list the pictures and commands")
    args = parser.parse_args()
    found = pictures()
    if args.list:
        for page, folder, words, _ in found:
            print(f"{page}: {folder.relative_to(ROOT)}/{output_of(words)}: {shlex.join(words)}")
        return 0
    if not args.geofield:
        parser.error("give the geofield binary")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    for page, folder, words, callouts in found:
        if args.figures_only and "--screenshot" in words:
            continue
        written = run(args.geofield, folder, words, callouts, args.width, args.out)
        print(f"make_gallery: {written}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
