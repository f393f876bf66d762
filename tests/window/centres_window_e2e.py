#!/usr/bin/python3
"""Display tests of many centres in the window (issue 16), beside window_e2e.py (whose Session,
Xvfb and helpers they use): Shift+click adds a centre and the field becomes the distance to it;
undo and redo remove and re-add it; `--centres FILE` with colour by nearest centre draws each
centre's cell in its palette colour with dark boundaries between cells; the N key switches the
colouring; the Export panel's NetCDF and GeoTIFF files say the field is the distance to the
nearest of the centres.

Usage: centres_window_e2e.py GEOFIELD_BINARY CASE   (CASE: one of CASES below, or "all")
"""
import os
import shutil
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_e2e  # noqa: E402
from window_e2e import (DEFAULT_BOUNDS, GEOTIFF_BUTTON, NETCDF_BUTTON, OUTSIDE,  # noqa: E402
                        QUIET_STATE, Session, refused_at_start, screen_when, viridis_lut,
                        wait_for_log)

# centre_palette() (app/view/centre_palette.cpp), in order: four centres far apart from each
# other's colours take the first four.
PALETTE = [0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7,
           0x9c755f, 0xbab0ac, 0x17becf, 0xbcbd22]
RGB = np.array([[(c >> 16) & 255, (c >> 8) & 255, c & 255] for c in PALETTE])
LUT = viridis_lut()


def pixel_of(s, lat, lon, bounds=DEFAULT_BOUNDS):
    """Window pixel (x, y) of (lat, lon) on a latlon map of `bounds`."""
    lat0, lat1, lon0, lon1 = bounds
    x, y, w, h = s.map
    return (int(round(x + (lon - lon0) / (lon1 - lon0) * w)),
            int(round(y + (lat1 - lat) / (lat1 - lat0) * h)))


def geo_of(s, px, py, bounds=DEFAULT_BOUNDS):
    lat0, lat1, lon0, lon1 = bounds
    x, y, w, h = s.map
    return lat1 - (py - y) / h * (lat1 - lat0), lon0 + (px - x) / w * (lon1 - lon0)


def lut_index(img, x, y):
    """The viridis entry (0..255) nearest to the pixel at window (x, y): the distance's place
    in the colour range (0: the smallest distance shown)."""
    px = img[y, x].astype(np.float64)
    return int(np.sqrt(((LUT - px) ** 2).sum(1)).argmin())


def palette_index(px, tol=6):
    """The palette entry this pixel is (within tol on every channel), or None."""
    d = np.abs(RGB - px[None, :]).max(1)
    return int(d.argmin()) if d.min() <= tol else None


def shift_click(s, x, y):
    """Shift held (seen down by the app), a click at (x, y), Shift released."""
    s.focus()
    n = s.last()["keys"]
    s.xdo("keydown", "shift")
    s.wait_drawn("Shift seen down", lambda f: f["keys"] > n and f["keys_down"] > 0)
    s.point_at(x, y)
    s.click()
    s.xdo("keyup", "shift")
    s.wait_drawn("Shift seen up", lambda f: f["keys_down"] == 0 and f["queued"] == 0)


def case_shift_click_adds_centre(binary):
    """Shift+click on the map adds a centre: the field becomes the distance to it (the smallest
    colour there, where the reference's field had a large one); a second adds a second minimum;
    Ctrl+Z removes the last, then the first (the picture is the reference's field again, pixel
    for pixel); Ctrl+Y puts it back, and the saved view holds it where it was clicked."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False))
    try:
        s.start()
        s.move(*OUTSIDE)
        first = s.wait_for_field()
        x, y, w, h = s.map
        a = (x + w // 4, y + h // 4)         # north-west; the reference is on the east edge
        b = (x + w // 4, y + 3 * h // 4)     # south-west
        probe = lambda p: (p[0] + 14, p[1])  # beside the centre's marker
        img = s.screen()
        assert lut_index(img, *probe(a)) > 100 and lut_index(img, *probe(b)) > 100, "setup"

        mark = s.mark()
        shift_click(s, *a)
        s.move(*OUTSIDE)
        s.wait_for_field(since=mark)
        img = screen_when(s, "the field about the first centre",
                          lambda i: lut_index(i, *probe(a)) < 20)
        assert lut_index(img, *probe(b)) > 60, "one centre: the south-west is far from it"

        mark = s.mark()
        shift_click(s, *b)
        s.move(*OUTSIDE)
        s.wait_for_field(since=mark)
        screen_when(s, "the field about both centres",
                    lambda i: lut_index(i, *probe(a)) < 20 and lut_index(i, *probe(b)) < 20)

        s.key("ctrl+z")
        screen_when(s, "the second centre removed",
                    lambda i: lut_index(i, *probe(a)) < 20 and lut_index(i, *probe(b)) > 60)
        s.key("ctrl+z")
        screen_when(s, "the reference's field again",
                    lambda i: np.array_equal(s.map_pixels(i), first))
        s.key("ctrl+y")
        screen_when(s, "the first centre back",
                    lambda i: lut_index(i, *probe(a)) < 20 and lut_index(i, *probe(b)) > 60)
        state = s.quit()
        assert len(state["centres"]) == 1, state.get("centres")
        lat, lon = geo_of(s, *a)
        c = state["centres"][0]
        assert abs(c["lat"] - lat) < 0.02 and abs(c["lon"] - lon) < 0.02, (c, lat, lon)
        assert c["name"] == "", c
    finally:
        s.close()


def nearest_distance_range(state):
    """The exact min and max over the grid's nodes of the haversine distance (km, the default
    radius) to the nearest of the state's centres: numpy's double, the nodes as the grid
    contract puts them (lat_max first, both bounds on nodes)."""
    p = state
    lat = np.linspace(p["lat_max_deg"], p["lat_min_deg"], p["ny"])[:, None]
    lon = np.linspace(p["lon_min_deg"], p["lon_max_deg"], p["nx"])[None, :]
    best = None
    for c in state["centres"]:
        la, lo = np.radians(c["lat"]), np.radians(c["lon"])
        h = (np.sin((np.radians(lat) - la) / 2) ** 2 + np.cos(np.radians(lat)) * np.cos(la)
             * np.sin((np.radians(lon) - lo) / 2) ** 2)
        d = 2 * 6371.0088 * np.arcsin(np.sqrt(h))
        best = d if best is None else np.minimum(best, d)
    return float(best.min()), float(best.max())


def case_colour_range_follows_centres(binary):
    """Shift+click three times: the automatic colour range (the colorbar's ends, logged with each
    frame) becomes the nearest-centre field's own min and max, not the first field's."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False))
    try:
        s.start()
        s.move(*OUTSIDE)
        s.wait_for_field()
        first = s.last()["range"]
        x, y, w, h = s.map
        for k, (fx, fy) in enumerate(((0.25, 0.25), (0.25, 0.75), (0.7, 0.5))):
            mark = s.mark()
            shift_click(s, x + int(fx * w), y + int(fy * h))
            s.move(*OUTSIDE)
            s.wait_for_field(since=mark)
        frame = s.wait_drawn("the three centres' field", lambda f: f["current"] == 1)
        lo, hi = (float(v) for v in frame["range"].split(":"))
        state = s.quit()
        assert len(state["centres"]) == 3, state.get("centres")
        want_lo, want_hi = nearest_distance_range(state)
        assert frame["range"] != first, (first, frame["range"])
        assert abs(lo - want_lo) <= 1e-3 + 1e-5 * want_hi, (lo, want_lo)
        assert abs(hi - want_hi) <= 1e-5 * want_hi, (hi, want_hi)
    finally:
        s.close()


QUAD = [(29.5, 99.5), (29.5, 100.5), (30.5, 99.5), (30.5, 100.5)]


def write_quad(s):
    path = os.path.join(s.dir, "quad.csv")
    with open(path, "w") as f:
        f.write("lat,lon,name\n" + "".join(f"{la},{lo},\n" for la, lo in QUAD))
    return path


def check_cells(s, img):
    """Each centre's cell in its palette colour (centre k: PALETTE[k]), most of the map in the
    four colours, and dark boundaries where the cells meet, nowhere else."""
    for k, (la, lo) in enumerate(QUAD):
        for dla, dlo in ((-0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)):  # away from the marker
            x, y = pixel_of(s, la + dla, lo + dlo)
            got = palette_index(img[y, x])
            assert got == k, f"centre {k}'s cell at {la + dla},{lo + dlo}: {img[y, x]} is {got}"
    m = s.map_pixels(img).reshape(-1, 3)
    d = np.abs(m[:, None, :] - RGB[None, :4, :]).max(2).min(1)
    share = (d <= 6).mean()
    assert share > 0.9, f"only {share:.1%} of the map in the four centres' colours"
    # Along latitude 29.2 the two southern cells meet near longitude 100 (the great circle's
    # bisector of two centres of one latitude is that meridian): dark pixels there, none far off.
    lum = img.astype(np.float64) @ np.array([0.299, 0.587, 0.114])
    x100, y = pixel_of(s, 29.2, 100.0)
    dark = [x for x in range(s.map[0] + 2, s.map[0] + s.map[2] - 2) if lum[y, x] < 45]
    assert dark and all(abs(x - x100) <= 3 for x in dark), (x100, dark)
    # And down the columns of longitude 99.2 and 100.8, where the northern and southern cells
    # meet near latitude 30 (on both halves: a boundary lost on one half was a bug).
    for lon in (99.2, 100.8):
        x, y30 = pixel_of(s, 30.0, lon)
        dark = [y for y in range(s.map[1] + 2, s.map[1] + s.map[3] - 2) if lum[y, x] < 45]
        assert dark and all(abs(y - y30) <= 3 for y in dark), (lon, y30, dark)


def case_colour_by_centre_screenshot(binary):
    """`--centres FILE` with colour by nearest centre, saved by --screenshot: four cells in the
    palette's first four colours, a dark boundary where two meet; the saved view keeps the
    centres inline."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False, colour_by_centre=True,
                                   marker=True))
    try:
        shot = os.path.join(s.dir, "centres.png")
        s.args += ["--centres", write_quad(s), "--frames", "3", "--screenshot", shot]
        r = s.run_to_end()
        assert r.returncode == 0, r.stderr
        from PIL import Image
        img = np.asarray(Image.open(shot).convert("RGB"))[:s.h, :s.w].astype(np.int32)
        check_cells(s, img)
        with open(s.state_out) as f:
            saved = f.read()
        import json
        state = json.loads(saved)
        assert [(c["lat"], c["lon"]) for c in state["centres"]] == QUAD, state["centres"]
        assert state["colour_by_centre"] is True
    finally:
        s.close()


def case_key_n_switches_colouring(binary):
    """N switches between colouring by distance (viridis) and by nearest centre (the palette),
    with no new field; Ctrl+Z switches back."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False))
    try:
        s.args += ["--centres", write_quad(s)]
        s.start()
        s.move(*OUTSIDE)
        s.wait_for_field()
        x, y = pixel_of(s, 29.2, 99.2)
        img = s.screen()
        assert palette_index(img[y, x]) is None, "coloured by distance at first"
        fields = s.last()["fields"]
        s.hold("n")
        img = screen_when(s, "the cells in their colours", lambda i: palette_index(i[y, x]) == 0)
        check_cells(s, img)
        assert s.last()["fields"] == fields, "a switch of colouring computed a field"
        s.key("ctrl+z")
        screen_when(s, "coloured by distance again", lambda i: palette_index(i[y, x]) is None)
        state = s.quit()
        assert state["colour_by_centre"] is False
    finally:
        s.close()


PROJECTION_COMBO = (335, 149)  # the View panel's projection selector at 1280x800, scale 1


def case_projected_view_with_centres(binary):
    """With centres, choosing aeqd in the View panel is taken (issue 27: one field model): the
    map changes to the nearest centre's distance on the aeqd grid, the centres stay, N colours
    it by nearest centre, and the window goes on. At start, --centres with --projection aeqd
    draws the same kind of map."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False))
    try:
        quad = write_quad(s)
        s.args += ["--centres", quad]
        s.start()
        s.move(*OUTSIDE)
        before = s.wait_for_field()
        s.point_at(*PROJECTION_COMBO)
        s.click()
        # The list opens below the selector: latlon, aeqd, ortho, a row each.
        row = 21
        s.point_at(PROJECTION_COMBO[0] - 20, PROJECTION_COMBO[1] + 2 * row)
        s.click()
        s.move(*OUTSIDE)
        screen_when(s, "another map", lambda i: not np.array_equal(s.map_pixels(i), before))
        # N colours the aeqd map by nearest centre: most of it in the centres' own colours.
        s.hold("n")

        def by_centre(img):
            m = s.map_pixels(img).reshape(-1, img.shape[2])[:, :3].astype(int)
            hits = [palette_index(p) for p in m[::max(1, len(m) // 2000)]]
            found = [k for k in hits if k is not None]
            return len(found) > 0.5 * len(hits) and len(set(found)) >= 3

        screen_when(s, "the aeqd map in its centres' colours", by_centre)
        state = s.quit()
        assert state["projection"] == "aeqd" and len(state["centres"]) == 4, state
        assert state["colour_by_centre"] is True, state
        assert "latlon grids only" not in s.log_text()
        s.args += ["--projection", "aeqd", "--frames", "2"]
        r = s.run_to_end()
        assert r.returncode == 0, r.stderr
    finally:
        s.close()



# The Centres panel at 1280x800, scale 1, scrolled to its end (the Measurements header closed
# below it), with four centres: a row's boxes (y of row k, from 0), its delete button, the file
# box and the buttons under the table.
ROW_Y = [580, 603, 626, 649]
LAT_X, NAME_X, DELETE_X = 70, 295, 370
FILE_BOX = (150, 703)
IMPORT_BUTTON = (33, 726)
EXPORT_BUTTON = (104, 726)


def type_into(s, x, y, text):
    """Clicks a box, selects its text (Ctrl+A), types text over it, Enter."""
    s.point_at(x, y)
    s.click()
    s.typing()
    s.hold("ctrl+a")
    s.type(text)
    s.hold("Return")


def case_panel_edits(binary):
    """The Centres panel: Export CSV writes the four centres (read back equal); a latitude typed
    in the table moves its centre (a new field: its cell changes colour where it moved); a name
    typed renames it; x deletes a row and Ctrl+Z brings it back; Import replaces the centres by
    a file's, and Ctrl+Z undoes the import. The saved view has the edits."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False))
    try:
        s.args += ["--centres", write_quad(s)]
        s.start()  # coloured by distance: start() waits for a field of many colours
        s.hold("n")  # then by centre: each step below waits for the cells it makes
        s.point_at(200, 500)
        s.wheel("5", 30)  # the panel to its end
        s.move(*OUTSIDE)

        s.point_at(*EXPORT_BUTTON)
        s.click()
        wait_for_log(s, "saved 4 centres to")
        with open(os.path.join(s.cwd, "centres.csv")) as f:
            text = f.read()
        assert text == "lat,lon,name\n" + "".join(f"{la:g},{lo:g},\n" for la, lo in QUAD), text

        # Centre 1 (29.5, 99.5) to 30.8: the south-west is then centre 2's or 3's, not 1's.
        x, y = pixel_of(s, 29.2, 99.2)
        ne = pixel_of(s, 30.8, 100.8)
        screen_when(s, "the cells", lambda i: palette_index(i[y, x]) == 0)
        type_into(s, LAT_X, ROW_Y[0], "30.8")
        s.move(*OUTSIDE)
        screen_when(s, "the south-west no longer centre 1's", lambda i: palette_index(i[y, x])
                    not in (0, None))
        type_into(s, NAME_X, ROW_Y[1], "Beta, the second")
        s.point_at(DELETE_X, ROW_Y[3])
        s.click()
        s.move(*OUTSIDE)
        screen_when(s, "centre 4's cell gone", lambda i: palette_index(i[ne[1], ne[0]]) not in
                    (3, None))
        s.key("ctrl+z")  # the delete undone: four rows again, where they were
        screen_when(s, "centre 4's cell back", lambda i: palette_index(i[ne[1], ne[0]]) == 3)

        s.point_at(200, 500)
        s.wheel("5", 10)  # to the end again: three rows had made the panel shorter
        with open(os.path.join(s.cwd, "other.csv"), "w") as f:
            f.write("lat,lon,name\n30,100,Middle\n")
        type_into(s, FILE_BOX[0], FILE_BOX[1], "other.csv")
        s.point_at(*IMPORT_BUTTON)
        s.click()
        wait_for_log(s, "imported 1 centres from")
        s.move(*OUTSIDE)
        screen_when(s, "one cell", lambda i: palette_index(i[y, x]) == 0 and
                    palette_index(i[ne[1], ne[0]]) == 0)
        s.key("ctrl+z")  # the import undone
        state = s.quit()
        got = [(c["lat"], c["lon"], c["name"]) for c in state["centres"]]
        assert got == [(30.8, 99.5, ""), (29.5, 100.5, "Beta, the second"), (30.5, 99.5, ""),
                       (30.5, 100.5, "")], got
    finally:
        s.close()


def case_many_centres_by_file(binary):
    """200,000 centres from `--centres FILE`: drawn coloured by nearest centre with no markers
    (none beyond 5000: no white rings on the map), and the saved view refers to the file (its
    absolute path and count) instead of holding them inline."""
    s = Session(binary, state=dict(QUIET_STATE, contours=False, colour_by_centre=True,
                                   marker=True))
    try:
        path = os.path.join(s.dir, "many.csv")
        rng = np.random.default_rng(3)
        lat = np.degrees(np.arcsin(rng.uniform(-1, 1, 200000)))
        lon = rng.uniform(-180, 180, 200000)
        with open(path, "w") as f:
            f.write("lat,lon\n" + "".join(f"{a:.6f},{o:.6f}\n" for a, o in zip(lat, lon)))
        shot = os.path.join(s.dir, "many.png")
        s.args += ["--centres", path, "--frames", "3", "--screenshot", shot]
        r = s.run_to_end()
        assert r.returncode == 0, r.stderr
        from PIL import Image
        img = np.asarray(Image.open(shot).convert("RGB"))[:s.h, :s.w].astype(np.int32)
        m = s.map_pixels(img).reshape(-1, 3)
        white = (m.min(1) >= 250).mean()
        assert white < 0.001, f"{white:.2%} of the map white: markers drawn?"
        d = np.abs(m[:, None, :] - RGB[None, :, :]).max(2).min(1)
        assert (d <= 6).mean() > 0.3, "the map is not coloured by the palette"
        import json
        with open(s.state_out) as f:
            state = json.load(f)
        assert "centres" not in state, list(state)
        ref = state["centres_file"]
        assert ref["path"] == os.path.abspath(path) and ref["count"] == 200000, ref
    finally:
        s.close()


def haversine_km(lat1, lon1, lat2, lon2, r_km=6371.0088):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    h = (np.sin((p2 - p1) / 2) ** 2
         + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon2 - lon1) / 2) ** 2)
    return 2 * r_km * np.arcsin(np.sqrt(h))


def ncdump_values(path, *names):
    """Variables of a NetCDF file as ncdump prints them (17 digits), flattened."""
    out = []
    for name in names:
        text = subprocess.run(["ncdump", "-p", "9,17", "-v", name, path], capture_output=True,
                              text=True, check=True).stdout
        body = text[text.index("data:"):].split(name + " =", 1)[1].split(";", 1)[0]
        out.append(np.array([float(v) for v in body.replace("\n", " ").split(",")]))
    return out


def case_field_exports_name_the_centres(binary):
    """The Export panel's GeoTIFF and NetCDF files of a field of 3 centres describe it as the
    distance to the nearest of 3 centres, not from one reference point."""
    if not (shutil.which("ncdump") and shutil.which("gdalinfo")):
        raise window_e2e.Skip("ncdump or gdalinfo is not installed")
    s = Session(binary, state=dict(QUIET_STATE, nx=120, ny=100))
    try:
        path = os.path.join(s.dir, "three.csv")
        with open(path, "w") as f:
            f.write("lat,lon\n29.5,99.5\n30.5,100.5\n30,101\n")
        s.args += ["--centres", path]
        s.start()
        for button, ext in ((GEOTIFF_BUTTON, ".tif"), (NETCDF_BUTTON, ".nc")):
            s.point_at(*button)
            s.click()
            wait_for_log(s, "-field" + ext)
        files = {os.path.splitext(f)[1]: os.path.join(s.dir, f) for f in os.listdir(s.dir)
                 if f.startswith("geofield-") and "-field." in f}
        head = subprocess.run(["ncdump", "-h", files[".nc"]], capture_output=True, text=True,
                              check=True).stdout
        assert 'long_name = "great-circle distance to the nearest of 3 sites"' in head, head
        assert ":geofield_centres = 3. ;" in head, head
        # The nearest-centre index, as render --centres --netcdf writes it: each node's nearest
        # of the 3 by the haversine distance (the file's own coordinates), its distance the
        # field's (float32 against double: nodes within 1 m of a tie are not judged).
        assert "int nearest_centre(lat, lon) ;" in head, head
        lat, lon, index, dist = ncdump_values(files[".nc"], "lat", "lon", "nearest_centre",
                                              "distance")
        index, dist = index.reshape(len(lat), len(lon)), dist.reshape(len(lat), len(lon))
        d = np.stack([haversine_km(la, lo, lat[:, None], lon[None, :])
                      for la, lo in ((29.5, 99.5), (30.5, 100.5), (30, 101))])
        order = np.sort(d, axis=0)
        clear = order[1] - order[0] > 1e-3
        assert clear.mean() > 0.99, clear.mean()
        np.testing.assert_array_equal(index[clear], np.argmin(d, axis=0)[clear])
        np.testing.assert_allclose(dist, order[0], rtol=0, atol=1e-4)  # 0.1 m: float32
        info = subprocess.run(["gdalinfo", files[".tif"]], capture_output=True, text=True,
                              check=True).stdout
        assert "to the nearest of 3 sites" in info, info
        s.quit()
    finally:
        s.close()


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}

if __name__ == "__main__":
    window_e2e.main(CASES)
