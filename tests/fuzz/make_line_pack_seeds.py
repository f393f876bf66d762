#!/usr/bin/env python3
"""Writes the line_pack fuzz target's seed corpus (corpus/line_pack/): small packs in the
format of assets/coastlines/make_coastlines.js (little-endian; header GFLINES1, version,
layer count; per layer kind, scale, lines, points, starts offset, points offset), valid ones
and one of each malformation the decoder refuses. Rerun after changing the format."""
import os
import struct
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "line_pack")


def pack(layers, version=1, magic=b"GFLINES1"):
    """layers: (kind, scale, [polyline as [(lon, lat), ...]]). Data after the layer table."""
    head = bytearray(magic + struct.pack("<II", version, len(layers)))
    table, data = bytearray(), bytearray()
    at = 16 + 24 * len(layers)
    for kind, scale, lines in layers:
        starts, points = [0], []
        for line in lines:
            points += line
            starts.append(len(points))
        starts_at = at + len(data)
        data += struct.pack(f"<{len(starts)}I", *starts)
        points_at = at + len(data)
        for lon, lat in points:
            data += struct.pack("<ff", lon, lat)
        table += struct.pack("<6I", kind, scale, len(lines), len(points), starts_at, points_at)
    return bytes(head + table + data)


def main():
    coast = [[(-10.0, 50.0), (-5.5, 51.25), (0.0, 52.0)], [(179.5, -16.0), (180.0, -16.5)]]
    border = [[(2.35, 48.85), (7.5, 47.5), (8.2, 49.0), (2.35, 48.85)]]
    valid = pack([(0, 110, coast), (1, 50, border), (0, 10, [[(-180.0, -90.0), (180.0, 90.0)]])])
    seeds = {
        "valid_three_layers": valid,
        "valid_empty": pack([]),
        "valid_layer_without_lines": pack([(1, 110, [])]),
        "bad_magic": b"GFLINES2" + valid[8:],
        "bad_version": pack([(0, 110, coast)], version=2),
        "short_header": valid[:12],
        "truncated_table": valid[:16 + 24 + 10],
        "truncated_data": valid[:-4],
        "unknown_kind": pack([(2, 110, coast)]),
        "unknown_scale": pack([(0, 25, coast)]),
        "one_point_polyline": pack([(0, 110, [[(1.0, 2.0)], [(3.0, 4.0), (5.0, 6.0), (7.0, 8.0)]])]),
        "point_out_of_range": pack([(0, 110, [[(0.0, 0.0), (181.0, 0.0)]])]),
        "nan_point": pack([(0, 110, [[(0.0, 0.0), (float("nan"), 0.0)]])]),
    }
    # Offsets pointing past the end, and one misaligned.
    table = bytearray(valid)
    struct.pack_into("<I", table, 16 + 16, 0xFFFFFFF0)
    seeds["starts_beyond_end"] = bytes(table)
    table = bytearray(valid)
    struct.pack_into("<I", table, 16 + 20, struct.unpack_from("<I", valid, 16 + 20)[0] + 2)
    seeds["misaligned_points"] = bytes(table)
    # Starts [0, 0xFFFFFFFF, 1] over one point: wrapped around in a 32-bit check (fixed).
    at = 16 + 24
    seeds["starts_wrapping_around"] = (b"GFLINES1" + struct.pack("<II", 1, 1)
                                       + struct.pack("<6I", 0, 110, 2, 1, at, at + 12)
                                       + struct.pack("<3I", 0, 0xFFFFFFFF, 1)
                                       + struct.pack("<ff", 1.0, 2.0))
    os.makedirs(OUT, exist_ok=True)
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(seeds)} seeds into {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
