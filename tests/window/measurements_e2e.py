#!/usr/bin/python3
"""Display tests of the kept measurements (issue 30), with window_e2e.py's Session and helpers:
three Shift+drags keep three measurements (listed in the Measurements panel, drawn on the map),
x deletes the second, Export GeoJSON writes the two left as LineStrings whose distances are the
great circle's between their ends (and the rings, small circles about the reference), the PDF
figure writes their labels as text, and the saved view keeps them.

Usage: measurements_e2e.py GEOFIELD_BINARY CASE   (CASE: one of CASES below, or "all")
"""
import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e  # noqa: E402
from window_e2e import (MAP, OUTSIDE, PDF_BUTTON, QUIET_STATE, Session, figure_files,  # noqa: E402
                        wait_for_log)

R_KM = 6371.0088
# The Measurements panel at 1280x800, scale 1, with the panel scrolled to its end and three
# rows listed: each row's delete button, and the export button.
DELETE_X = 370
ROW_Y = (618, 635, 652)
EXPORT_BUTTON = (60, 720)
FILE_BOX = (150, 696)  # the file name's box, above it


def haversine_km(a, b):
    (la1, lo1), (la2, lo2) = [(math.radians(p[0]), math.radians(p[1])) for p in (a, b)]
    h = (math.sin((la2 - la1) / 2) ** 2 +
         math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2)
    return 2 * R_KM * math.asin(math.sqrt(h))


def bearing_deg(a, b):
    (la1, lo1), (la2, lo2) = [(math.radians(p[0]), math.radians(p[1])) for p in (a, b)]
    y = math.sin(lo2 - lo1) * math.cos(la2)
    x = math.cos(la1) * math.sin(la2) - math.sin(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return math.degrees(math.atan2(y, x)) % 360


def shift_drag(s, x0, y0, x1, y1, steps=8):
    """Shift held (seen down by the app), a drag from (x0, y0) to (x1, y1), Shift released."""
    s.focus()
    n = s.last()["keys"]
    s.xdo("keydown", "shift")
    s.wait_drawn("Shift seen down", lambda f: f["keys"] > n and f["keys_down"] > 0)
    s.point_at(x0, y0)
    s.press()
    for k in range(1, steps):
        s.xdo("mousemove", str(round(x0 + (x1 - x0) * k / steps)),
              str(round(y0 + (y1 - y0) * k / steps)))
        time.sleep(0.05)
    s.point_at(x1, y1)
    s.release()
    s.xdo("keyup", "shift")
    s.wait_drawn("Shift seen up", lambda f: f["keys_down"] == 0 and f["queued"] == 0)
    s.move(*OUTSIDE)


def distance_label(v):
    """distance_text (figure/route_path.cpp): whole with thousands separators from 100."""
    return f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"


def case_keep_delete_export_figure(binary):
    s = Session(binary, state=dict(QUIET_STATE, contours=True, contour_interval=50,
                                   contour_interval_typed=True))
    try:
        s.start()
        x, y, w, h = MAP
        drags = [(x + w * 0.1, y + h * 0.2, x + w * 0.8, y + h * 0.3),
                 (x + w * 0.2, y + h * 0.8, x + w * 0.3, y + h * 0.4),
                 (x + w * 0.5, y + h * 0.9, x + w * 0.9, y + h * 0.6)]
        for d in drags:
            shift_drag(s, *(round(v) for v in d))
        s.point_at(200, 500)
        s.wheel("5", 30)  # the panel to its end: the Measurements panel's rows and buttons
        s.move(*OUTSIDE)
        time.sleep(0.5)
        s.point_at(DELETE_X, ROW_Y[1])
        s.click()
        s.point_at(200, 500)
        s.wheel("5", 10)  # to the end again: the panel is a row shorter
        s.move(*OUTSIDE)
        s.point_at(*EXPORT_BUTTON)
        s.click()
        wait_for_log(s, "saved 2 measurements and ")
        with open(os.path.join(s.cwd, "measurements.geojson")) as f:
            got = json.load(f)
        assert got["type"] == "FeatureCollection", got.keys()
        lines = [f for f in got["features"] if f["properties"]["kind"] == "measurement"]
        rings = [f for f in got["features"] if f["properties"]["kind"] == "ring"]
        assert [f["geometry"]["type"] for f in lines] == ["LineString"] * 2, lines
        assert rings and all(r["properties"]["unit"] == "km" for r in rings), len(rings)

        # The figure: each measurement's label is text of the PDF.
        s.point_at(200, 300)
        s.wheel("4", 30)  # back to the panel's top: the Export panel's buttons
        s.move(*OUTSIDE)
        s.point_at(*PDF_BUTTON)
        s.click()
        wait_for_log(s, "-figure-1600.pdf (", timeout=120)
        pdf = os.path.join(s.dir, [f for f in figure_files(s.dir) if f.endswith(".pdf")][0])
        text = subprocess.run(["pdftotext", "-raw", pdf, "-"], capture_output=True, text=True,
                              check=True).stdout
        state = s.quit()
        kept = state["measurements"]
        assert len(kept) == 2, kept
        # The second drag was deleted: the ends kept are the first and the third drag's.
        for m, d in zip(kept, (drags[0], drags[2])):
            lat0, lat1, lon0, lon1 = window_e2e.DEFAULT_BOUNDS
            a = (lat1 - (d[1] - y) / h * (lat1 - lat0), lon0 + (d[0] - x) / w * (lon1 - lon0))
            b = (lat1 - (d[3] - y) / h * (lat1 - lat0), lon0 + (d[2] - x) / w * (lon1 - lon0))
            px_deg = (lat1 - lat0) / h * 2  # two pixels
            for end, want in ((m["a"], a), (m["b"], b)):
                assert abs(end[0] - want[0]) < px_deg and abs(end[1] - want[1]) < px_deg, (m, d)
        for k, (m, f) in enumerate(zip(kept, lines)):
            want = haversine_km(m["a"], m["b"])
            p = f["properties"]
            assert abs(p["distance"] - want) < 1e-6 * want, (p, want)
            assert abs((p["bearing"] - bearing_deg(m["a"], m["b"]) + 180) % 360 - 180) < 1e-6, p
            coords = f["geometry"]["coordinates"]
            assert coords[0] == [m["a"][1], m["a"][0]], (coords[0], m)  # [lon, lat]
            assert abs(coords[-1][0] - m["b"][1]) < 1e-12 and abs(coords[-1][1] - m["b"][0]) < 1e-12
            label = f"{distance_label(want)} km at {round(bearing_deg(m['a'], m['b'])) % 360}°"
            assert p["label"] == label, (p["label"], label)
            # The figure numbers them as the map and the panel do.
            assert f"{k + 1}: {label}" in text, f"{k + 1}: {label!r} not in the PDF's text: {text!r}"
        ref = (state["ref_lat_deg"], state["ref_lon_deg"])
        for r in rings:  # small circles about the reference
            for lon, lat in r["geometry"]["coordinates"][::40] if r["geometry"]["type"] == \
                    "LineString" else r["geometry"]["coordinates"][0][::40]:
                assert abs(haversine_km(ref, (lat, lon)) - r["properties"]["distance"]) < 1e-6
        assert [r["properties"]["distance"] for r in rings][:2] == [50, 100], rings[:2]
    finally:
        s.close()


def case_bad_file_name(binary):
    """A measurements file name outside the export folder is refused with its reason; nothing
    is written."""
    s = Session(binary, state=dict(QUIET_STATE, measurements=[{"a": [29.5, 99.5],
                                                                "b": [30.5, 100.5]}]))
    try:
        s.start()
        s.point_at(200, 500)
        s.wheel("5", 30)
        s.move(*OUTSIDE)
        time.sleep(0.5)
        s.point_at(*FILE_BOX)  # the file name, typed over (Ctrl+A), taken as typed
        s.click()
        s.typing()
        s.hold("ctrl+a")
        s.type("../out.geojson")
        s.hold("Return")
        s.point_at(*EXPORT_BUTTON)
        s.click()
        wait_for_log(s, "export measurements failed: the measurements file must be a file name")
        assert not os.path.exists(os.path.join(s.dir, "out.geojson"))
    finally:
        s.close()


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}

if __name__ == "__main__":
    binary, which = sys.argv[1], sys.argv[2]
    for name, f in CASES.items():
        if which in (name, "all"):
            print(f"== {name}", flush=True)
            f(binary)
    print("ok")
