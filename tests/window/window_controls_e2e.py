#!/usr/bin/python3
"""Display tests of the window's controls beside window_e2e.py (whose Session, Xvfb and helpers
they use): map keys are ignored while a text field takes typing, a burst of wheel notches is
one undo step, Tab hides and shows the side panel, a refused colour range stays as typed with
its message.

Usage: window_controls_e2e.py GEOFIELD_BINARY CASE   (CASE: one of CASES below, or "all")
"""
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e  # noqa: E402
from window_e2e import (DEFAULT_BOUNDS, H, LAT_MIN_BOX_X, LAT_MIN_Y, MAP, OUTSIDE, PANEL_W,  # noqa: E402
                        QUIET_STATE, W, Session, letterbox, red_pixels, status_h, wait_for_log,
                        wait_until)

BOUNDS_KEYS = ("lat_min_deg", "lat_max_deg", "lon_min_deg", "lon_max_deg")


def bounds(state):
    return tuple(state[k] for k in BOUNDS_KEYS)


def case_keys_in_text_field(binary):
    """Typing G, C, L, R, +, - and arrows into a text box types them: the graticule, contours,
    coastlines and the view stay as they were; once the box is left, G toggles again."""
    s = Session(binary, state=QUIET_STATE)
    try:
        s.start()
        x0, x1 = LAT_MIN_BOX_X
        s.point_at((x0 + x1) // 2, LAT_MIN_Y)
        s.click()  # the box takes typing
        s.typing()
        s.type("gclr+-")
        for k in ("Left", "Right", "Home"):
            s.hold(k)
        s.hold("Escape")  # leaves the box and puts its value back
        s.point_at(200, H - 100)  # an empty part of the panel: nothing has focus
        s.click()
        s.move(*OUTSIDE)
        s.key("g")  # the map's key again: one toggle
        state = s.quit()
        assert bounds(state) == DEFAULT_BOUNDS, state
        assert (state["ref_lat_deg"], state["ref_lon_deg"]) == (30.0, 101.0), state
        assert state["graticule"] is True, "G outside the box should toggle the graticule once"
        assert state["coastlines"] is False, "L typed into the box toggled the coastlines"
        default_contours = Session(binary, state=QUIET_STATE)
        try:  # contours are whatever the default view has: compare with an untouched run
            default_contours.start()
            untouched = default_contours.quit()
        finally:
            default_contours.close()
        assert state["contours"] == untouched["contours"], "C typed into the box toggled contours"
    finally:
        s.close()


def wheel(s, notches):
    """Notches 0.1 s apart (wheel up) from one xdotool run, so no process start stretches the
    burst; returns once the app has taken them all."""
    n = s.last()["scrolls"]
    s.xdo("click", "--repeat", str(notches), "--delay", "100", "4")
    s.wait_drawn(f"{notches} wheel notches seen",
                 lambda f: f["scrolls"] >= n + notches and f["queued"] == 0)


def case_wheel_burst_one_undo(binary):
    """Five quick wheel notches are one zoom: one Ctrl+Z takes all five back. Two bursts with a
    pause between are two steps."""
    s = Session(binary, state=QUIET_STATE)
    try:
        s.start()
        s.point_at(MAP[0] + MAP[2] // 2, MAP[1] + MAP[3] // 2)
        mark = s.mark()
        wheel(s, 5)
        s.move(*OUTSIDE)
        s.wait_for_field(since=mark)
        s.key("ctrl+z")
        s.point_at(MAP[0] + MAP[2] // 2, MAP[1] + MAP[3] // 2)
        wheel(s, 2)
        # Paces the input, waits for nothing: the notches after a pause longer than a burst's
        # (0.6 s) are a new step.
        time.sleep(1.5)
        mark = s.mark()
        wheel(s, 2)
        s.move(*OUTSIDE)
        s.wait_for_field(since=mark)
        s.key("ctrl+z")
        state = s.quit()
        span = state["lat_max_deg"] - state["lat_min_deg"]
        assert abs(span - 2 * 0.85 ** 2) < 1e-6, ("after the undo: the first burst's two notches", state)
    finally:
        s.close()


def case_tab_hides_panel(binary):
    """Tab: the map takes the whole window (the field drawn where the panel was); Tab again:
    the panel is back."""
    s = Session(binary, state=QUIET_STATE)
    try:
        s.start()
        s.move(*OUTSIDE)
        before = s.screen()
        s.key("Tab")
        full = letterbox((0, 0, W, H - status_h(W)))
        assert full[0] < PANEL_W - 50, full  # the bigger map reaches under the old panel

        def field_under_old_panel():
            img = s.screen()
            x, y, w, h = full
            part = img[y + h // 4:y + 3 * h // 4, x + 5:PANEL_W - 20]
            return len(np.unique(part.reshape(-1, 3), axis=0)) > 50
        wait_until("the map drawn where the panel was", field_under_old_panel)
        s.key("Tab")

        def panel_back():
            img = s.screen()
            return np.abs(img[:, :PANEL_W] - before[:, :PANEL_W]).mean() < 2
        wait_until("the panel back as it was", panel_back)
        s.quit()
    finally:
        s.close()


# The fixed colour range's second box ("range max") in the Look panel, with automatic off.
RANGE_MAX_BOX = (165, 331)


def case_range_typed_error(binary):
    """A range max typed below range min is not taken: the message with the bound beside the
    boxes, the box red-framed with the text typed; the range stays as it was."""
    st = dict(QUIET_STATE, auto_range=False, range_min=0.0, range_max=250.0)
    s = Session(binary, state=st)
    try:
        s.start()
        s.point_at(*RANGE_MAX_BOX)
        s.click()
        s.typing()
        s.type("-5")
        s.hold("Return")
        wait_for_log(s, "range max must be above range min, 0 km (got -5)")
        s.point_at(200, H - 100)
        s.click()
        s.move(*OUTSIDE)

        def framed_and_said():
            img = s.screen()
            x, y = RANGE_MAX_BOX
            frame = red_pixels(img[y - 12:y + 12, x - 50:x + 50]).sum()
            under = red_pixels(img[y + 12:y + 30, 8:PANEL_W - 8]).sum()
            return frame > 100 and under > 50
        wait_until("the red frame and the message under the range", framed_and_said)
        state = s.quit()
        assert (state["range_min"], state["range_max"]) == (0.0, 250.0), state
    finally:
        s.close()


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}


if __name__ == "__main__":
    window_e2e.main(CASES)
