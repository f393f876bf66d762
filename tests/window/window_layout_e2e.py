#!/usr/bin/python3
"""Display tests of the window's layout (issue 30), beside window_e2e.py (whose Session, Xvfb and
helpers they use): the map fills the window (the view extended to its shape, again after a
resize), the panel is narrow and its bounds are one box each, a typed value's error leaves the
status bar when Esc puts the value back, the status bar reads the field under the pointer.

Usage: window_layout_e2e.py GEOFIELD_BINARY CASE   (CASE: one of CASES below, or "all")
"""
import math
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e  # noqa: E402
from window_e2e import QUIET_STATE, Session, red_pixels, status_h, wait_for_log, wait_until  # noqa: E402

PANEL_W = 340  # the panel at scale 1 by default (kDefaultPanelWidth)


def panel_w(window_w):
    """The default panel's width: at most 28 % of the window (kDefaultPanelShare)."""
    return min(PANEL_W, int(0.28 * window_w))
BACKGROUND = np.array([26, 26, 28])  # the dark theme's clear colour around a letterboxed map
LAT_MIN_Y = 57  # the "lat min" row of the View panel
R_KM = 6371.0088


def map_rect(frame):
    """The map's rectangle (x, y, w, h) the app logged with the frame."""
    x, y, wh = frame["map"].split(",")
    w, h = wh.split("x")
    return int(x), int(y), int(w), int(h)


def background_columns(img, x0, x1, y):
    """The columns of x0..x1 whose pixels at rows y-20..y+20 are all the clear colour."""
    band = img[y - 20:y + 20, x0:x1]
    return int((np.abs(band - BACKGROUND).max(axis=2) <= 2).all(axis=0).sum())


def fresh(binary, size, state=None, args=()):
    """A session with the layout as a new user has it (no legacy layout pinned)."""
    return Session(binary, state=state, size=size, layout=None,
                   args=list(args) + ([] if state is not None else ["--no-session"]))


def check_fills(s, w, h):
    """The logged map is the whole area right of the panel and above the status bar, and the
    screen shows no bar of background beside or below it."""
    area = (panel_w(w), 0, w - panel_w(w), h - status_h(w))
    f = s.wait_drawn("the map filling the area",
                     lambda f: abs(map_rect(f)[2] - area[2]) <= 1 and abs(map_rect(f)[3] - area[3]) <= 1
                     and f["current"] == 1 and f["queued"] == 0)
    x, y, mw, mh = map_rect(f)
    assert mw * mh >= 0.65 * w * h, (f"the map gets {mw}x{mh} of {w}x{h}: "
                                     f"{mw * mh / (w * h):.0%} of the window")

    def no_bars():
        img = s.screen()
        mid = y + mh // 2
        return (background_columns(img, panel_w(w) + 1, panel_w(w) + 60, mid) == 0 and
                background_columns(img, w - 60, w - 1, mid) == 0)
    wait_until("no background bars beside the map", no_bars)
    return mw, mh


def case_first_view_fills_1400(binary):
    """The first view at 1400 x 900: no grey bars beside the map; its longitudes (9W..8.5E)
    widened about their middle, 0.25W, to the area's shape, the latitudes kept."""
    s = fresh(binary, (1400, 900))
    try:
        s.start()
        s.move(*window_e2e.OUTSIDE)
        mw, mh = check_fills(s, 1400, 900)
        state = s.quit()
        lat_span = state["lat_max_deg"] - state["lat_min_deg"]
        lon_span = state["lon_max_deg"] - state["lon_min_deg"]
        mid = math.radians((state["lat_max_deg"] + state["lat_min_deg"]) / 2)
        assert abs(lon_span * math.cos(mid) / lat_span - mw / mh) < 2 / mh, (state, mw, mh)
        assert abs((state["lon_max_deg"] + state["lon_min_deg"]) / 2 + 0.25) < 1e-9, state
        assert (state["lat_min_deg"], state["lat_max_deg"]) == (45, 58), state
    finally:
        s.close()


def case_small_window_fills(binary):
    """At 900 x 650 the map gets at least 65 % of the window; a resize to 1300 x 700 extends
    the view again, with no bars."""
    s = fresh(binary, (900, 650), state=QUIET_STATE)
    try:
        s.start()
        s.move(*window_e2e.OUTSIDE)
        check_fills(s, 900, 650)
        s.resize(1300, 700)
        s.w, s.h = 1300, 700
        check_fills(s, 1300, 700)
        s.quit()
    finally:
        s.close()


def case_one_box_per_bound(binary):
    """The lat min row holds one box (one run of the frame colour), not a drag and a box; its
    value shows the decimals the zoom needs (2 degrees over ~800 pixels: 3)."""
    s = fresh(binary, (1400, 900), state=QUIET_STATE)
    try:
        s.start()
        s.move(*window_e2e.OUTSIDE)
        img = s.screen()
        # A row through the boxes above their text: the frame colour in runs, one per box (the
        # old drag and box were two runs, 8..172 and 176..305).
        row = img[LAT_MIN_Y - 7, 0:PANEL_W]
        frame = row[10]
        on = (np.abs(row - frame).max(axis=1) <= 3).astype(int)
        edges = np.diff(np.concatenate([[0], on, [0]]))
        runs = list(zip(np.where(edges == 1)[0], np.where(edges == -1)[0]))
        assert len(runs) == 1 and runs[0][0] <= 10 and runs[0][1] - runs[0][0] > 150, runs
        # Its value to the decimals the zoom needs: 2 degrees over ~800 pixels, 3 of them.
        state_text = s.log_text()
        assert "| ref 30.000N 101.000E" in state_text, state_text[-2000:]
        s.quit()
    finally:
        s.close()


def case_status_error_clears_on_esc(binary):
    """lat min typed as 95 is refused: its message in red in the status bar; Esc in the box
    puts the value back and the message leaves the status bar."""
    s = fresh(binary, (1400, 900), state=QUIET_STATE)
    try:
        s.start()
        bar = (900 - status_h(1400), 900)
        s.point_at(150, LAT_MIN_Y)
        s.click()
        s.typing()
        s.type("95")
        s.hold("Return")
        wait_for_log(s, "lat min must be")
        s.move(*window_e2e.OUTSIDE)
        wait_until("the message red in the status bar",
                   lambda: red_pixels(s.screen()[bar[0]:bar[1]]).sum() > 30)
        s.point_at(150, LAT_MIN_Y)
        s.click()
        s.typing()
        s.hold("Escape")
        s.move(*window_e2e.OUTSIDE)
        wait_until("no red in the status bar once the value is back",
                   lambda: red_pixels(s.screen()[bar[0]:bar[1]]).sum() == 0)
        state = s.quit()
        assert state["lat_min_deg"] == 28.0 or state["lat_min_deg"] < 90, state
    finally:
        s.close()


STATUS = re.compile(r"geofield: status grid (\d+) x (\d+) \| ref (\S+) (\S+) \| "
                    r"([\d.]+)([NS]) ([\d.]+)([EW]): ([\d.e+-]+) km")


def case_status_reads_the_cursor(binary):
    """The pointer over the map: the status bar gives its point and the distance from the
    reference there, which is the haversine distance of that point (to the printed digits)."""
    s = fresh(binary, (1400, 900), state=QUIET_STATE)
    try:
        s.start()
        x, y, w, h = map_rect(s.last())
        s.point_at(x + w // 4, y + h // 3)

        def reading():
            m = None
            for m in STATUS.finditer(s.log_text()):
                pass
            return m
        wait_until("the status bar's reading", lambda: reading() is not None)
        m = reading()
        lat = float(m.group(5)) * (1 if m.group(6) == "N" else -1)
        lon = float(m.group(7)) * (1 if m.group(8) == "E" else -1)
        value = float(m.group(9))
        p1, p2 = math.radians(30), math.radians(lat)
        dl = math.radians(lon - 101)
        a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        want = 2 * R_KM * math.asin(math.sqrt(a))
        decimals = len(m.group(5).split(".")[1])
        tol = 0.5 * 10 ** -decimals * math.radians(1) * R_KM * 1.5 + want * 1e-5
        assert abs(value - want) <= tol, (m.group(0), want, tol)
        assert 30 < lat < 32 and 99 < lon < 101, m.group(0)  # the upper left quarter
        s.quit()
    finally:
        s.close()


def case_panel_resize_and_hide(binary):
    """The panel's right edge dragged from 340 to 460 pixels: the map starts there and the
    width is saved; the << button hides the panel (the map from x = 0)."""
    s = fresh(binary, (1400, 900), state=QUIET_STATE)
    try:
        s.start()
        y = 700  # beside the panel's empty lower part
        s.point_at(PANEL_W - 2, y)
        s.press()
        for x in range(PANEL_W + 10, 470, 20):
            s.xdo("mousemove", str(x), str(y))
        s.move(460, y)  # the last position drawn before the release
        s.release()
        s.move(*window_e2e.OUTSIDE)
        f = s.wait_drawn("the map right of the wider panel",
                         lambda f: abs(map_rect(f)[0] - 460) <= 4 and f["queued"] == 0)
        x = map_rect(f)[0]
        s.point_at(x + 14, 14)  # the hide button at the map's top left corner
        s.click()
        s.move(*window_e2e.OUTSIDE)
        s.wait_drawn("the map from x = 0", lambda f: map_rect(f)[0] == 0 and f["queued"] == 0)
        state = s.quit()
        assert abs(state["panel_width"] - x) <= 1, (state["panel_width"], x)
    finally:
        s.close()


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}


if __name__ == "__main__":
    window_e2e.main(CASES)
