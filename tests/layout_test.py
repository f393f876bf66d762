#!/usr/bin/python3
"""The architecture as a test (docs/architecture.md, "Layers"): each folder includes only from
the layers below it; core/ includes no layer; export/, cuda/, compute/ and sites/ include no GL,
EGL, GLFW or ImGui header; libgeofield includes only core, export, compute and sites (its gl module aside); app/'s
root holds only the program's main; research stays out of the product tree.

Usage: layout_test.py REPOSITORY_ROOT   (run by ctest as the test `layout`)"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^">]+)[">]', re.M)
SOURCES = ("*.h", "*.cpp", "*.cu", "*.cuh")

APP = ("gl", "backends", "view", "figure", "ui", "window", "cli")
BELOW_APP = {"core", "export", "cuda", "compute", "sites"}
# Each layer (a top folder, or app/'s folders as app/NAME) and those it may include from,
# besides itself. Lower first.
LAYERS = {
    "core": set(),
    "export": {"core"},
    "cuda": {"core"},
    "compute": {"core", "export", "cuda"},
    "sites": {"core", "export"},
    "app/gl": {"core", "sites"},
    "app/backends": BELOW_APP | {"app/gl"},
    "app/view": BELOW_APP | {"app/gl", "app/backends"},
    "app/figure": BELOW_APP | {"app/gl", "app/backends", "app/view"},
    "app/ui": BELOW_APP | {"app/gl", "app/backends", "app/view", "app/figure"},
    "app/window": BELOW_APP | {"app/gl", "app/backends", "app/view", "app/figure", "app/ui"},
    "app/cli": BELOW_APP | {"app/gl", "app/backends", "app/view", "app/figure", "app/ui",
                            "app/window"},
    "app": BELOW_APP | {"app/" + a for a in APP},  # main.cpp
    "libgeofield": {"core", "export", "compute", "sites"},
}
# Not GL: the layers below app/ and the library compute into memory and write files.
NO_GL = {"core", "export", "cuda", "compute", "sites", "libgeofield"}
GL_HEADER = re.compile(r"^(glad/|GL/|GLES|EGL/|KHR/|GLFW/|imgui|X11/)")
# libgeofield_gl.so, the library's gl backend, is built from this file: a module of the app's GL
# code loaded when asked for, never linked into libgeofield.so.
GL_MODULE = "libgeofield/gl_module.cpp"


def layer_of(path):
    rel = path.relative_to(ROOT)
    if rel.parts[0] == "app" and len(rel.parts) > 2:
        return "app/" + rel.parts[1]
    return rel.parts[0]


def resolve(inc, including):
    """The layer a quoted include names, or None (its own folder, generated, third party)."""
    top = inc.split("/")[0] if "/" in inc else None
    if top in ("compute", "export", "sites") and (ROOT / inc).is_file():
        return top
    if top in APP and (ROOT / "app" / inc).is_file():
        return "app/" + top
    if top is None:
        if (including.parent / inc).is_file():
            return layer_of(including)
        for folder in ("core", "cuda"):
            if (ROOT / folder / inc).is_file():
                return folder
    return None


def sources(folder):
    for pattern in SOURCES:
        yield from sorted((ROOT / folder).rglob(pattern))


problems = []
for folder in ("core", "export", "cuda", "compute", "sites", "app", "libgeofield"):
    for f in sources(folder):
        layer = layer_of(f)
        rel = f.relative_to(ROOT).as_posix()
        module = rel == GL_MODULE
        allowed = LAYERS.get(layer, set())
        if module:
            allowed = LAYERS["app/cli"]
        for quote, inc in INCLUDE.findall(f.read_text(errors="replace")):
            if quote == "<":
                if layer in NO_GL and not module and GL_HEADER.match(inc):
                    problems.append(f"{rel} includes <{inc}>: {layer}/ has no GL, EGL, GLFW or ImGui")
                continue
            to = resolve(inc, f)
            if to is None or to == layer or to in allowed:
                continue
            if layer == "core":
                problems.append(f"{rel} includes \"{inc}\" ({to}/): core includes no layer")
            else:
                problems.append(f"{rel} includes \"{inc}\" ({to}/): {layer}/ may include only "
                                f"{', '.join(sorted(allowed)) or 'itself'}")

for f in sorted((ROOT / "app").iterdir()):
    if f.is_file() and f.name not in ("CMakeLists.txt", "main.cpp"):
        problems.append(f"app/{f.name}: app/'s root holds only main.cpp (values go in core/)")

for folder in ("app", "core", "compute", "export", "cuda", "shaders", "bench", "tests"):
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
print("layout: core/ includes no layer, export/ cuda/ compute/ include downwards and no GL, app/'s "
      "folders include downwards only, libgeofield only what has no GL, no probe or raw dump "
      "in the product tree")
