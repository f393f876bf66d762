#!/usr/bin/env python3
"""Writes the place_pack fuzz target's seed corpus (corpus/place_pack/): small packs in the
format of assets/places/make_places.js (little-endian; header GFPLACE1 and 11 u32: version,
counts of countries, regions, places and aliases, their offsets, the strings' offset and size),
a valid one and one of each malformation the decoder refuses. Rerun after changing the format."""
import os
import struct

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "place_pack")
NO_REGION = 0xFFFF


def pack(countries, regions, places, aliases, version=2, magic=b"GFPLACE1", end_strings=True):
    """countries: (alpha2, alpha3, name); regions: (country, name); places: (lat, lon,
    population, name, ascii, country, region); aliases: (place, name)."""
    strings, at = bytearray(), {}

    def s(text):  # str as UTF-8, bytes as they are (names that are not UTF-8)
        if text not in at:
            at[text] = len(strings)
            strings.extend((text if isinstance(text, bytes) else text.encode()) + b"\0")
        return at[text]

    body = bytearray()
    head = 8 + 11 * 4
    countries_at = head
    for a2, a3, name in countries:
        body += a2.encode() + a3.encode() + b"\0\0\0" + struct.pack("<I", s(name))
    regions_at = head + len(body)
    for country, name in regions:
        body += struct.pack("<II", country, s(name))
    places_at = head + len(body)
    for lat, lon, pop, name, ascii_name, country, region in places:
        body += struct.pack("<ffIIIHH", lat, lon, pop, s(name), s(ascii_name), country, region)
    aliases_at = head + len(body)
    for place, name in aliases:
        body += struct.pack("<II", place, s(name))
    strings_at = head + len(body)
    if not end_strings:
        strings.extend(b"x")
    header = magic + struct.pack("<11I", version, len(countries), len(regions), len(places),
                                 len(aliases), countries_at, regions_at, places_at, aliases_at,
                                 strings_at, len(strings))
    return bytes(header + body + strings)


COUNTRIES = [("IT", "ITA", "Italy"), ("US", "USA", "United States")]
REGIONS = [(0, "Lazio"), (1, "Illinois"), (1, "Missouri")]
PLACES = [(41.89, 12.51, 2318895, "Rome", "Rome", 0, 0),
          (37.22, -93.30, 166810, "Springfield", "Springfield", 1, 2),
          (39.80, -89.64, 116565, "Springfield", "Springfield", 1, 1),
          (34.26, -85.16, 36323, "Rome", "Rome", 1, NO_REGION)]
ALIASES = [(0, "Roma")]

SEEDS = {
    "valid": pack(COUNTRIES, REGIONS, PLACES, ALIASES),
    "empty_tables": pack([], [], [], []),
    "bad_magic": pack(COUNTRIES, REGIONS, PLACES, ALIASES, magic=b"GFPLACE0"),
    "bad_version": pack(COUNTRIES, REGIONS, PLACES, ALIASES, version=1),
    "short_header": pack(COUNTRIES, REGIONS, PLACES, ALIASES)[:30],
    "truncated_records": pack(COUNTRIES, REGIONS, PLACES, ALIASES)[:120],
    "strings_not_ended": pack(COUNTRIES, REGIONS, PLACES, ALIASES, end_strings=False),
    "region_of_no_country": pack(COUNTRIES, [(5, "Nowhere")], [], []),
    "place_of_no_country": pack(COUNTRIES, REGIONS, [(0, 0, 1, "A", "A", 7, NO_REGION)], []),
    "place_of_no_region": pack(COUNTRIES, REGIONS, [(0, 0, 1, "A", "A", 0, 9)], []),
    "place_out_of_range": pack(COUNTRIES, REGIONS, [(91, 0, 1, "A", "A", 0, 0)], []),
    "place_nan": pack(COUNTRIES, REGIONS, [(float("nan"), 0, 1, "A", "A", 0, 0)], []),
    "not_most_populous_first": pack(COUNTRIES, REGIONS, list(reversed(PLACES)), []),
    "alias_of_no_place": pack(COUNTRIES, REGIONS, PLACES, [(9, "Nowhere")]),
    "combining_marks": pack(COUNTRIES, REGIONS, [(0, 0, 5, "Caf\u00e9 \u0301", "Cafe", 0, 0)],
                            [(0, "Caf\u00e9")]),
    "name_not_utf8": pack(COUNTRIES, REGIONS, [(0, 0, 5, b"\xff\xc3", b"\xe2\x82", 0, 0)],
                          [(0, b"\xc0\x80")]),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds in {OUT}")
