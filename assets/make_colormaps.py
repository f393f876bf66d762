#!/usr/bin/python3
"""Writes the colormap lookup tables geofield draws with, as a C++ header.

The tables are read at build time from Debian's python3-matplotlib, which ships them; no
table is copied into this repository. Usage: make_colormaps.py OUT.h
"""
import os
import sys

import matplotlib

NAMES = ["viridis", "magma", "cividis", "turbo"]  # the order of geofield::Colormap
ENTRIES = 256


def main() -> None:
    out = sys.argv[1]
    lines = [
        "// Generated at build time by assets/make_colormaps.py from matplotlib; do not edit.",
        "#pragma once",
        "#include <cstdint>",
        "namespace geofield::embedded {",
        f"inline constexpr int kColormapCount = {len(NAMES)};",
        f"inline constexpr int kColormapEntries = {ENTRIES};",
        "inline constexpr const char* kColormapNames[] = {"
        + ", ".join(f'"{n}"' for n in NAMES) + "};",
        f"inline constexpr std::uint8_t kColormapRgb[{len(NAMES)}][{ENTRIES} * 3] = {{",
    ]
    for name in NAMES:
        cmap = matplotlib.colormaps[name].resampled(ENTRIES)
        values = []
        for k in range(ENTRIES):
            r, g, b, _ = cmap(k)
            values += [round(r * 255), round(g * 255), round(b * 255)]
        lines.append("  {" + ",".join(str(v) for v in values) + "},")
    lines += ["};", "}  // namespace geofield::embedded", ""]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + ".tmp", "w", encoding="ascii") as f:
        f.write("\n".join(lines))
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
