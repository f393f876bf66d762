#!/usr/bin/python3
"""The architecture as a test: the folders' dependencies point one way, cuda/ is a leaf,
app/'s root holds only the core values, and research stays out of the product tree.

Usage: layout_test.py REPOSITORY_ROOT   (run by ctest as the test `layout`)"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SOURCES = ("*.h", "*.cpp", "*.cu", "*.cuh")

# Each app/ folder and the folders it may include from (besides itself and app/'s root).
LAYERS = {
    "gl": set(),
    "export": {"gl"},
    "backends": {"gl"},
    "view": {"gl", "export", "backends"},
    "figure": {"gl", "export", "backends", "view"},
    "ui": {"gl", "export", "backends", "view", "figure"},  # export: the outputs' registry
    "window": {"gl", "export", "backends", "view", "figure", "ui"},
    "cli": {"gl", "export", "backends", "view", "figure", "ui", "window"},
}
CORE = {"centres", "errors", "field_params", "field_range", "memory_limits", "host_field", "main", "sites",
        "site_shapes",
        "tiles", "utf8"}  # utf8: the text checks errors.cpp (quoted_excerpt) and the readers share


def sources(folder):
    for pattern in SOURCES:
        yield from sorted((ROOT / folder).rglob(pattern))


def includes(path):
    return INCLUDE.findall(path.read_text(errors="replace"))


problems = []

for f in sources("cuda"):
    for inc in includes(f):
        if inc.startswith("glad/") or (ROOT / "cuda" / inc).is_file():
            continue
        problems.append(f"{f.relative_to(ROOT)} includes \"{inc}\", which is not in cuda/ (a leaf)")

for f in sources("app"):
    rel = f.relative_to(ROOT / "app")
    layer = rel.parts[0] if len(rel.parts) > 1 else None
    for inc in includes(f):
        top = inc.split("/")[0] if "/" in inc else None
        if top not in LAYERS or top == layer:
            continue  # app/'s root, cuda/, generated headers, or the file's own folder
        if layer is None:
            if rel.stem != "main":
                problems.append(f"app/{rel} (a core value) includes \"{inc}\": core includes no layer")
        elif top not in LAYERS.get(layer, set()):
            problems.append(f"app/{rel} includes \"{inc}\": {layer}/ may include only "
                            f"{', '.join(sorted(LAYERS[layer])) or 'app/ root and cuda/'}")

# libgeofield computes fields: it sits on the backends (and the view's centre checks), never on
# the window, its panels, figures or the command line.
LIBRARY_MAY_USE = {"gl", "backends", "view", "export"}
for f in sources("libgeofield"):
    for inc in includes(f):
        top = inc.split("/")[0] if "/" in inc else None
        if top in LAYERS and top not in LIBRARY_MAY_USE:
            problems.append(f"{f.relative_to(ROOT)} includes \"{inc}\": libgeofield may include "
                            f"only {', '.join(sorted(LIBRARY_MAY_USE))} and app/'s root")

for f in sorted((ROOT / "app").iterdir()):
    if f.is_file() and f.name != "CMakeLists.txt" and f.stem not in CORE:
        problems.append(f"app/{f.name}: app/'s root holds only the core values ({', '.join(sorted(CORE))})")

for folder in ("app", "cuda", "shaders", "bench", "tests"):
    for f in (ROOT / folder).rglob("*"):
        if "probe" in f.name and f.is_file():
            problems.append(f"{f.relative_to(ROOT)}: probes live in research/probes/")
        if f.suffix in (".ncu-rep", ".nsys-rep", ".qdrep") or (folder == "bench" and f.suffix == ".json"):
            problems.append(f"{f.relative_to(ROOT)}: raw results leave the tree (bench/measurements.csv)")

if problems:
    print("layout: %d problem(s):" % len(problems))
    for p in problems:
        print("  " + p)
    sys.exit(1)
print("layout: cuda/ is a leaf, app/'s layers include downwards only, libgeofield uses no front "
      "end, no probe or raw dump in the product tree")
