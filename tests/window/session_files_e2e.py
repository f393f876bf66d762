#!/usr/bin/python3
"""The real window with a session file it cannot load (issue 14, class 8), under Xvfb.

A session file that is a folder, a named pipe (FIFO) or JSON with a number beyond a double
(1e400) once made the window exit (exit 1) or hang before it opened. Now the window opens
within seconds with the default view, its status bar shows one message naming the file and
the problem and where the file was kept, the bad file is kept aside as it was, and the session
is saved on exit as usual.

Usage: session_files_e2e.py GEOFIELD_BINARY CASE   (CASE: folder, fifo, overflow or "all")
Uses window_e2e.py's Session (X server, app, input) unchanged.
"""
import json
import os
import stat
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e as e2e  # noqa: E402

OPENS_WITHIN_S = 15  # from the start of the process to the window on the screen, loaded machine
# The first view's latitudes; its longitudes (-9..8.5) are widened about 0.25W to the window's
# shape (issue 30: the map fills the window).
FIRST_VIEW = {"lat_min_deg": 45.0, "lat_max_deg": 58.0}


def make_folder(path):
    os.makedirs(os.path.join(path, "inside"))


def make_fifo(path):
    os.mkfifo(path)


def make_overflow(path):
    with open(path, "w") as f:
        f.write('{"nx": 1e400, "colormap": "magma"}')


CASES = {
    "folder": (make_folder, stat.S_ISDIR, "is a folder, not a file"),
    "fifo": (make_fifo, stat.S_ISFIFO, "is a named pipe (FIFO), not a file"),
    "overflow": (make_overflow, stat.S_ISREG, "'nx': the number '1e400' is beyond a double's range"),
}


def run_case(binary, name):
    make, is_kind, problem = CASES[name]
    s = e2e.Session(binary)  # no --state: the window restores the session
    try:
        folder = os.path.join(s.dir, "cfg", "geofield")
        os.makedirs(folder)
        session = os.path.join(folder, "session.json")
        make(session)
        t0 = time.monotonic()
        s.launch()  # not start(): the opening itself is what is timed here
        out = s.xdo("search", "--sync", "--onlyvisible", "--name", "^geofield$",
                    timeout=OPENS_WITHIN_S + 30)
        opened = time.monotonic() - t0
        assert s.proc.poll() is None, f"the window exited ({s.proc.returncode})"
        assert opened < OPENS_WITHIN_S, f"the window took {opened:.1f} s to open"
        s.wid = out.split()[0]
        s.xdo("windowmove", s.wid, "0", "0")
        log = e2e.wait_for_log(s, "last session not restored", timeout=10)
        line = [l for l in log.splitlines() if "last session not restored" in l]
        assert len(line) == 1, log
        line = line[0]
        assert f"'{session}': {problem}" in line, line
        assert "; started with the default view; the file is kept as " in line, line
        kept = [f for f in os.listdir(folder) if f.startswith("session.json.unreadable-")]
        assert len(kept) == 1, os.listdir(folder)
        kept_path = os.path.join(folder, kept[0])
        assert f"'{kept_path}'" in line, line
        assert is_kind(os.lstat(kept_path).st_mode), "the bad file was not kept as it was"
        s.wait_for_field()
        s.move(*e2e.OUTSIDE)
        time.sleep(0.5)
        img = s.screen()
        bar = img[s.h - e2e.status_h(s.w):, :]
        assert e2e.red_pixels(bar).sum() > 50, "the status bar does not show the message"
        state = s.quit()
        for key, value in FIRST_VIEW.items():
            assert state[key] == value, (key, state)
        assert abs(state["lon_min_deg"] + state["lon_max_deg"] - (-0.5)) < 1e-9, state
        assert state["lon_max_deg"] - state["lon_min_deg"] >= 17.5, state
        assert state["colormap"] == "viridis" and state["contours"], state
        # The session is saved on exit in the file's place; the bad one stays aside.
        with open(session) as f:
            assert json.load(f) == state
        assert is_kind(os.lstat(kept_path).st_mode)
        print(f"  {name}: window in {opened:.1f} s; {line}")
    finally:
        s.close()


def main():
    binary, case = sys.argv[1], sys.argv[2]
    for name in (CASES if case == "all" else [case]):
        t0 = time.time()
        run_case(os.path.abspath(binary), name)
        print(f"ok session_file_{name} ({time.time() - t0:.1f} s)")


if __name__ == "__main__":
    main()
