#!/usr/bin/python3
"""Display tests of sites in the window (issue 28), beside window_e2e.py (whose Session, Xvfb
and helpers they use): the Sites panel opens a GeoJSON file, the line is drawn over the map in
the sites' colour, and the hover readout names the nearest feature with its distance and the
bearing toward it (a line along the equator: |lat| degrees of the sphere away, bearing 180 from
the north); Ctrl+Z and Ctrl+Y take the open back and again; @land opens in one click, Point Nemo
is about 2,688 km from it, signed inside polygons makes the inside negative, Ctrl+Z unsigns;
`--sites FILE` at start draws the line, on a saved or typed gl backend too.
(A drop cannot be sent through XTEST: the drop's path is the panel's.)

Usage: sites_window_e2e.py GEOFIELD_BINARY CASE   (CASE: one of CASES below, or "all")
"""
import json
import math
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e  # noqa: E402
from window_e2e import OUTSIDE, QUIET_STATE, Session, screen_when, wait_for_log  # noqa: E402

KM_PER_DEG = 6371.0088 * math.pi / 180  # the default sphere
SITES_RGB = np.array([255, 46, 148])     # the sites' lines (LineOverlay::sites_rgba)

# The Sites panel at 1280x800, scale 1, scrolled to its end (Centres collapsed below it).
HEADER = (60, 596)  # its header before any scrolling
# The Sites panel's controls with the panel scrolled to its end (the Centres and Measurements
# headers closed below it).
SCROLLED = {  # no sites: text, built-in buttons, signed, colour, file box, Open
    "@coastline": (45, 611), "@land": (114, 611), "signed": (17, 634), "file": (150, 680),
    "open": (26, 703)}
SCROLLED_WITH_SITES = {"signed": (17, 611)}  # two lines of summary and a Clear button more

EQUATOR = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "properties": {"name": "Equator"},
     "geometry": {"type": "LineString", "coordinates": [[-30, 0], [30, 0]]}}]}
EQ_VIEW = dict(QUIET_STATE, contours=False, lat_min_deg=-30, lat_max_deg=30, lon_min_deg=-40,
               lon_max_deg=40, nx=160, ny=120, ref_lat_deg=0, ref_lon_deg=0)
# Point Nemo and Patagonia: a regional view, so that llvmpipe draws few of @land's 1:10m arcs.
SOUTH_VIEW = dict(QUIET_STATE, contours=False, lat_min_deg=-60, lat_max_deg=-20,
                  lon_min_deg=-130, lon_max_deg=-60, nx=210, ny=120, ref_lat_deg=-40,
                  ref_lon_deg=-95)


def pixel_of(s, lat, lon, bounds):
    lat0, lat1, lon0, lon1 = bounds
    x, y, w, h = s.map
    return (int(round(x + (lon - lon0) / (lon1 - lon0) * w)),
            int(round(y + (lat1 - lat) / (lat1 - lat0) * h)))


def bounds_of(view):
    return tuple(view[k] for k in ("lat_min_deg", "lat_max_deg", "lon_min_deg", "lon_max_deg"))


def readout(s, check, what, timeout=30):
    """The newest hover readout logged (geofield: readout ...) once check(fields) holds, as a
    dict: lat, lon, nearest, distance, inside, bearing (None when the readout has none)."""
    import time
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        lines = [ln for ln in s.log_text().splitlines() if ln.startswith("geofield: readout ")]
        if lines:
            text = lines[-1][len("geofield: readout "):]
            m = re.match(r"lat (\S+)  lon (\S+); nearest: (.*?); distance (\S+) km( \(inside\))?"
                         r"(?:; bearing toward it (\S+)°)?", text)
            if m:
                last = dict(lat=float(m[1]), lon=float(m[2]), nearest=m[3], distance=float(m[4]),
                            inside=bool(m[5]), bearing=float(m[6]) if m[6] else None, text=text)
                if check(last):
                    return last
        time.sleep(0.05)
    raise AssertionError(f"no readout of {what}; the last: {last}")


def open_panel(s):
    s.point_at(*HEADER)
    s.click()
    scroll_to_end(s)


def scroll_to_end(s):
    s.point_at(200, 500)
    s.wheel("5", 30)
    s.move(*OUTSIDE)


def click(s, at):
    s.point_at(*at)
    s.click()
    s.move(*OUTSIDE)


def pink_share(img, s, rows, cols):
    """The share of columns in `cols` whose pixels in `rows` include the sites' colour."""
    hits = 0
    for x in cols:
        px = img[rows[0]:rows[1], x].astype(int)
        hits += bool((np.abs(px - SITES_RGB).max(1) <= 40).any())
    return hits / len(cols)


def case_panel_opens_file_and_hover_names_feature(binary):
    """The panel's file box and Open: the line drawn in the sites' colour along the equator;
    hovering north of it reads "nearest: Equator", |lat| degrees of the sphere, bearing 180,
    and south of it bearing 0; Ctrl+Z takes the open back (the reference's field again), Ctrl+Y
    opens it again, and the saved view refers to the file."""
    s = Session(binary, state=EQ_VIEW)
    try:
        path = os.path.join(s.dir, "equator.geojson")
        with open(path, "w") as f:
            json.dump(EQUATOR, f)
        s.start()
        s.move(*OUTSIDE)  # no hover readout over the map
        first = s.wait_for_field()
        open_panel(s)
        window_e2e_type_into(s, SCROLLED["file"], path)
        mark = s.mark()
        click(s, SCROLLED["open"])
        wait_for_log(s, "opened 1 feature: 1 line from")
        s.wait_for_field(since=mark)
        b = bounds_of(EQ_VIEW)
        x0, y0 = pixel_of(s, 0, -25, b)
        x1, _ = pixel_of(s, 0, 25, b)
        img = screen_when(s, "the line drawn", lambda i: pink_share(
            i, s, (y0 - 2, y0 + 3), range(x0, x1, 7)) > 0.9)
        xo, _ = pixel_of(s, 0, 35, b)  # beyond the line's end: none
        assert pink_share(img, s, (y0 - 2, y0 + 3), range(xo, xo + 20, 5)) == 0

        s.move(*pixel_of(s, 10, 3, b))
        r = readout(s, lambda r: r["nearest"] == "Equator" and r["lat"] > 5, "north of it")
        assert abs(r["distance"] - abs(r["lat"]) * KM_PER_DEG) < 0.01, r  # 1111.95 km at 10N
        assert abs(r["distance"] - 1111.95) < 10, r
        assert r["bearing"] == 180.0, r
        s.move(*pixel_of(s, -5, -12, b))
        r = readout(s, lambda r: r["lat"] < 0, "south of it")
        assert abs(r["distance"] - abs(r["lat"]) * KM_PER_DEG) < 0.01, r
        assert r["bearing"] in (0.0, 360.0), r
        s.move(*OUTSIDE)

        s.key("ctrl+z")
        screen_when(s, "the reference's field again",
                    lambda i: np.array_equal(s.map_pixels(i), first))
        s.key("ctrl+y")
        screen_when(s, "the line again", lambda i: pink_share(
            i, s, (y0 - 2, y0 + 3), range(x0, x1, 7)) > 0.9)
        state = s.quit()
        assert state["sites"]["source"] == os.path.abspath(path), state.get("sites")
        assert state["sites"]["features"] == 1
        assert "centres" not in state
    finally:
        s.close()


def window_e2e_type_into(s, at, text):
    s.point_at(*at)
    s.click()
    s.typing()
    s.hold("ctrl+a")
    s.type(text)
    s.hold("Return")


def case_land_one_click_signed_undo(binary):
    """@land in one click: Point Nemo reads about 2,688 km from land; inside Patagonia the
    distance is 0 with no bearing; signed inside polygons makes it negative there ("inside");
    Ctrl+Z unsigns it; the saved view keeps "@land" and signed off."""
    s = Session(binary, state=SOUTH_VIEW)
    try:
        s.start()
        open_panel(s)
        mark = s.mark()
        click(s, SCROLLED["@land"])
        wait_for_log(s, "4042 polygons from @land", timeout=60)
        s.wait_for_field(since=mark, timeout=120)
        b = bounds_of(SOUTH_VIEW)
        s.move(*pixel_of(s, -48.8767, -123.3933, b))  # Point Nemo, the pole of inaccessibility
        r = readout(s, lambda r: r["lat"] < -40, "Point Nemo", timeout=60)
        assert 2600 < r["distance"] < 2780, r
        assert r["bearing"] is not None and not r["inside"], r
        s.move(*pixel_of(s, -40, -67, b))  # Patagonia, ~190 km from the Golfo San Matías
        r = readout(s, lambda r: r["lon"] > -70, "inside Patagonia")
        assert r["distance"] == 0 and r["nearest"].startswith("feature "), r
        s.move(*OUTSIDE)

        scroll_to_end(s)
        mark = s.mark()
        click(s, SCROLLED_WITH_SITES["signed"])
        s.wait_for_field(since=mark, timeout=120)
        s.move(*pixel_of(s, -40, -67, b))
        r = readout(s, lambda r: r["lon"] > -70 and r["distance"] < 0, "signed inside")
        assert r["inside"] and -230 < r["distance"] < -150, r
        assert 100 < r["bearing"] < 145, r  # south-east, toward the gulf
        s.move(*OUTSIDE)
        mark = s.mark()
        s.key("ctrl+z")
        s.wait_for_field(since=mark, timeout=120)
        state = s.quit()
        assert state["sites"] == {"source": "@land"}, state.get("sites")
        assert state["signed_inside"] is False
    finally:
        s.close()


def case_startup_option_and_gl(binary):
    """`--sites FILE` at start draws the line in the saved screenshot, on a saved gl backend
    (its shaders walk the sites' arc tree) and with a typed --backend gl alike."""
    s = Session(binary, state=dict(EQ_VIEW, backend="gl"))
    try:
        path = os.path.join(s.dir, "equator.geojson")
        with open(path, "w") as f:
            json.dump(EQUATOR, f)
        shot = os.path.join(s.dir, "sites.png")
        i = s.args.index("--backend")
        del s.args[i:i + 2]
        s.args += ["--sites", path, "--frames", "3", "--screenshot", shot]
        from PIL import Image
        b = bounds_of(EQ_VIEW)
        x0, y0 = pixel_of(s, 0, -25, b)
        x1, _ = pixel_of(s, 0, 25, b)
        for typed in ([], ["--backend", "gl"]):
            s.args += typed
            os.path.exists(shot) and os.remove(shot)
            r = s.run_to_end()
            assert r.returncode == 0, r.stderr
            assert "backend auto" not in r.stderr, r.stderr
            img = np.asarray(Image.open(shot).convert("RGB"))[:s.h, :s.w].astype(np.int32)
            assert pink_share(img, s, (y0 - 2, y0 + 3), range(x0, x1, 7)) > 0.9
    finally:
        s.close()


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}

if __name__ == "__main__":
    window_e2e.main(CASES)
