"""geofield render --centres end to end (issue 16): the distance to the nearest centre (.npy,
float32 and float64) and its index (--index, int32) against numpy's brute force over every
centre, from CSV with and without a header and from GeoJSON, in km and nm, on a grid across
the antimeridian, and with wgs84 against GeographicLib's Python port; the picture drawn; and the
refusals: a bad row (one line naming the line, nothing written), --index without --centres,
--ref with --centres but on aeqd (whose map's centre it sets, tested), the cuda backend where there is none, gl with wgs84, the seed formula, a
projected view. --backend gl (compute shaders) against --backend cpu:
the same field within the float path's bound, the same index."""

import json
import unittest

import numpy as np

from geofield_e2e import RenderTestCase, grid_coordinates, haversine

try:
    from geographiclib.geodesic import Geodesic
except ImportError:
    Geodesic = None

RADIUS_KM = 6371.0088
CITIES = [(48.85, 2.35, "Paris"), (40.71, -74.0, "New York, NY"), (-33.87, 151.21, "Sydney"),
          (35.68, 139.69, "Tokyo"), (-23.55, -46.63, "Sao Paulo"), (64.15, -21.94, "Reykjavik"),
          (-41.29, 174.78, "Wellington"), (61.22, -149.9, "Anchorage")]


def write_csv(path, centres, header=True):
    with open(path, "w") as f:
        if header:
            f.write("name,lon,lat\n")  # columns in another order than the default
            for lat, lon, name in centres:
                f.write(f'"{name}",{lon!r},{lat!r}\n')
        else:
            for lat, lon, name in centres:
                f.write(f'{lat!r},{lon!r},"{name}"\n')


def brute_force(centres, lat, lon, nx, ny, distance):
    """Every centre at every node; the lowest index wins a tie (argmin takes the first)."""
    lons, lats = grid_coordinates(lat, lon, nx, ny)
    d = np.stack([distance(c[0], c[1], lats, lons) for c in centres])
    return d.min(axis=0), d.argmin(axis=0)


class RenderCentres(RenderTestCase):

    def check(self, centres_file, centres, lat, lon, nx, ny, extra=(), unit_km=1.0):
        args = ["--centres", centres_file, "--lat", f"{lat[0]}:{lat[1]}", "--lon",
                f"{lon[0]}:{lon[1]}", "--size", f"{nx}x{ny}", *extra]
        self.render_ok(*args, "--npy", "d.npy", "--f64", "--index", "i.npy")
        self.render_ok(*args, "--npy", "f.npy", "--index", "j.npy")
        d, f = np.load(self.path("d.npy")), np.load(self.path("f.npy"))
        i, j = np.load(self.path("i.npy")), np.load(self.path("j.npy"))
        self.assertEqual((d.dtype, f.dtype, i.dtype), (np.float64, np.float32, np.int32))
        self.assertEqual(d.shape, (ny, nx))
        self.assertEqual(i.shape, (ny, nx))
        want, want_i = brute_force(centres, lat, lon, nx, ny,
                                   lambda a, b, la, lo: haversine(a, b, la, lo, RADIUS_KM) / unit_km)
        self.assertLess(np.abs(d - want).max(), 1e-9 * (1 + want.max()))
        bound = 2e-6 * (want.max() + want)  # the float path's
        self.assertTrue((np.abs(f - want) <= bound).all(), np.abs(f - want).max())
        # The index where the nearest is clear (no two centres within the float path's bound).
        dists = np.sort(np.stack([haversine(c[0], c[1], *grid_coordinates(lat, lon, nx, ny)[::-1],
                                            RADIUS_KM) / unit_km for c in centres]), axis=0)
        clear = dists[1] - dists[0] > 1e-5 * (want.max() + want)
        self.assertGreater(clear.mean(), 0.99)
        np.testing.assert_array_equal(i[clear], want_i[clear])
        np.testing.assert_array_equal(j[clear], want_i[clear])
        self.assertEqual(set(np.unique(i)), set(range(len(centres))))
        return d

    def test_csv_with_a_header_across_the_antimeridian(self):
        write_csv(self.path("c.csv"), CITIES)
        self.check("c.csv", CITIES, (-70, 80), (120, -20), 181, 91)

    def test_csv_without_a_header_in_nautical_miles(self):
        write_csv(self.path("c.csv"), CITIES, header=False)
        self.check("c.csv", CITIES, (-90, 90), (-180, 180), 145, 73, ("--units", "nm"), 1.852)

    def test_geojson(self):
        doc = {"type": "FeatureCollection", "features": [
            {"type": "Feature", "properties": {"name": n},
             "geometry": {"type": "Point", "coordinates": [lon, lat]}} for lat, lon, n in CITIES]}
        with open(self.path("c.geojson"), "w") as f:
            json.dump(doc, f)
        self.check("c.geojson", CITIES, (-90, 90), (-180, 180), 91, 46)

    def test_duplicates_tie_to_the_lowest_index(self):
        centres = [(10.0, 20.0, "a"), (-5.0, 30.0, "b"), (10.0, 20.0, "a again")]
        write_csv(self.path("c.csv"), centres)
        self.render_ok("--centres", "c.csv", "--size", "40x30", "--lat", "-30:40", "--lon",
                       "0:60", "--index", "i.npy")
        i = np.load(self.path("i.npy"))
        self.assertEqual(set(np.unique(i)), {0, 1})  # never 2: it ties with 0 everywhere

    @unittest.skipIf(Geodesic is None, "python3-geographiclib is not installed")
    def test_wgs84_is_geographiclib_nearest(self):
        write_csv(self.path("c.csv"), CITIES)
        lat, lon, nx, ny = (-80, 80), (-180, 180), 37, 19
        self.render_ok("--centres", "c.csv", "--formula", "wgs84", "--lat", "-80:80", "--lon",
                       "-180:180", "--size", f"{nx}x{ny}", "--npy", "d.npy", "--f64",
                       "--index", "i.npy")
        d, i = np.load(self.path("d.npy")), np.load(self.path("i.npy"))
        lons, lats = grid_coordinates(lat, lon, nx, ny)
        geod = Geodesic.WGS84
        for r in range(ny):
            for c in range(nx):
                s = [geod.Inverse(a, b, lats[r, c], lons[r, c], Geodesic.DISTANCE)["s12"]
                     for a, b, _ in CITIES]
                self.assertAlmostEqual(d[r, c] * 1000, min(s), delta=1e-6)
                self.assertEqual(i[r, c], int(np.argmin(s)))

    def test_the_picture(self):
        write_csv(self.path("c.csv"), CITIES)
        r = self.render_ok("--centres", "c.csv", "--lat", "-90:90", "--lon", "-180:180",
                           "--size", "360x180", "--png", "p.png")
        self.assertIn("the nearest of 8 centres", r.stderr)
        from PIL import Image
        img = np.asarray(Image.open(self.path("p.png")).convert("RGB")).astype(np.int32)
        self.assertEqual(img.shape, (180, 360, 3))
        # viridis' dark end at every city: each city's pixel among the darkest 1%.
        lum = img.sum(axis=2)
        for lat, lon, name in CITIES:
            at = lum[round((90 - lat) / 180 * 179), round((lon + 180) / 360 * 359)]
            self.assertLessEqual(at, np.percentile(lum, 1) + 3, name)

    def test_one_centre_off_an_aeqd_maps_centre_is_measured_on_that_map(self):
        # The aeqd grid is centred on the view's reference (30,101 here); a file's one centre
        # elsewhere is measured on that map, as the same centre listed twice is, not drawn as
        # the one-point field about itself (the fast path's map).
        write_csv(self.path("one.csv"), [(-10, 40, "a")])
        write_csv(self.path("two.csv"), [(-10, 40, "a"), (-10, 40, "b")])
        view = ["--projection", "aeqd", "--size", "64x48", "--backend", "cpu", "--extent", "9000"]
        for name in ("one", "two"):
            self.render_ok(*view, "--centres", f"{name}.csv", "--npy", f"{name}.npy",
                           "--index", f"{name}-index.npy")
        self.render_ok(*view, "--ref", "-10,40", "--npy", "about.npy")
        one, two = np.load(self.path("one.npy")), np.load(self.path("two.npy"))
        self.assertEqual(one.tobytes(), two.tobytes())
        self.assertFalse(np.array_equal(one, np.load(self.path("about.npy")), equal_nan=True))
        index = np.load(self.path("one-index.npy"))
        self.assertTrue(np.all((index == 0) | (index == -1)), np.unique(index))

    def test_ref_beside_centres_is_the_aeqd_maps_centre(self):
        # --ref places the aeqd map about its point: a site there is that map's one-point field,
        # bit for bit, whether it is the file's one site or listed twice (the nearest-site path).
        write_csv(self.path("one.csv"), [(-10, 40, "a")])
        write_csv(self.path("two.csv"), [(-10, 40, "a"), (-10, 40, "b")])
        view = ["--projection", "aeqd", "--size", "64x48", "--backend", "cpu", "--extent", "9000",
                "--ref", "-10,40"]
        self.render_ok(*view, "--npy", "about.npy")
        about = np.load(self.path("about.npy"))
        for name in ("one", "two"):
            self.render_ok(*view, "--centres", f"{name}.csv", "--npy", f"{name}.npy")
            self.assertEqual(np.load(self.path(f"{name}.npy")).tobytes(), about.tobytes(), name)
        # Elsewhere the map's centre is the default reference's: another map.
        self.render_ok(*view[:-2], "--centres", "two.csv", "--npy", "default.npy")
        self.assertFalse(np.array_equal(np.load(self.path("default.npy")), about))

    def test_gl_equals_cpu(self):
        rng = np.random.default_rng(5)
        centres = list(CITIES) + [(10.0, 20.0, "dup"), (10.0, 20.0, "dup again"), (90.0, 0.0, "N")]
        centres += [(float(np.degrees(np.arcsin(z))), float(lo), "")
                    for z, lo in zip(rng.uniform(-1, 1, 400), rng.uniform(-180, 180, 400))]
        write_csv(self.path("c.csv"), centres)
        lat, lon, nx, ny = (-80, 85), (150, -100), 250, 120  # across the antimeridian
        for units, unit_km in (("km", 1.0), ("nm", 1.852)):
            args = ["--centres", "c.csv", "--lat", f"{lat[0]}:{lat[1]}", "--lon",
                    f"{lon[0]}:{lon[1]}", "--size", f"{nx}x{ny}", "--units", units]
            for f64 in ((), ("--f64",)):
                for backend in ("cpu", "gl"):
                    self.render_ok(*args, "--backend", backend, *f64, "--npy", f"{backend}.npy",
                                   "--index", f"{backend}_i.npy")
                d = {b: np.load(self.path(f"{b}.npy")) for b in ("cpu", "gl")}
                i = {b: np.load(self.path(f"{b}_i.npy")) for b in ("cpu", "gl")}
                self.assertEqual(d["gl"].dtype, np.float64 if f64 else np.float32)
                self.assertEqual(i["gl"].dtype, np.int32)
                want, _ = brute_force(centres, lat, lon, nx, ny,
                                      lambda a, b, la, lo: haversine(a, b, la, lo, RADIUS_KM) / unit_km)
                # Each within the float path's bound of the truth (double: far inside it).
                bound = 4e-6 * (np.pi * RADIUS_KM / unit_km + want)
                self.assertTrue((np.abs(d["gl"] - d["cpu"]) <= bound).all(), (units, f64))
                if f64:
                    self.assertLess(np.abs(d["gl"] - d["cpu"]).max(), 1e-9 * want.max())
                # The same index wherever no other centre is within that bound of the nearest.
                lons, lats = grid_coordinates(lat, lon, nx, ny)
                dists = np.sort(np.stack([haversine(c[0], c[1], lats, lons, RADIUS_KM) / unit_km
                                          for c in centres]), axis=0)
                clear = dists[1] - dists[0] > 2 * bound
                self.assertGreater(clear.mean(), 0.99)
                np.testing.assert_array_equal(i["gl"][clear], i["cpu"][clear])
                self.assertGreater((i["gl"] == i["cpu"]).mean(), 0.999)

    def test_gl_equals_cpu_on_projected_views(self):
        # Several sites on aeqd and ortho maps (issue 27): the gl backend's nearest-site passes
        # against the cpu's, in double: off the map NaN in both, elsewhere within 1e-9 of the
        # largest distance, the index the same but where two sites all but tie.
        rng = np.random.default_rng(8)
        centres = [(float(np.degrees(np.arcsin(z))), float(lo), "")
                   for z, lo in zip(rng.uniform(-1, 1, 300), rng.uniform(-180, 180, 300))]
        write_csv(self.path("c.csv"), centres)
        views = (["--projection", "aeqd", "--extent", "20000", "--size", "90x70"],
                 ["--projection", "ortho", "--lat", "20:60", "--lon", "170:-150", "--extent",
                  "6371", "--size", "80x80"])
        for view in views:
            for backend in ("cpu", "gl"):
                self.render_ok("--centres", "c.csv", *view, "--f64", "--backend", backend,
                               "--npy", f"{backend}.npy", "--index", f"{backend}_i.npy")
            d = {b: np.load(self.path(f"{b}.npy")) for b in ("cpu", "gl")}
            i = {b: np.load(self.path(f"{b}_i.npy")) for b in ("cpu", "gl")}
            off = np.isnan(d["cpu"])
            self.assertTrue(off.any(), view)  # the corners are off the map
            np.testing.assert_array_equal(np.isnan(d["gl"]), off)
            np.testing.assert_array_equal(i["gl"][off], -1)
            self.assertLess(np.abs(d["gl"] - d["cpu"])[~off].max(), 1e-9 * d["cpu"][~off].max())
            self.assertGreater((i["gl"][~off] == i["cpu"][~off]).mean(), 0.999, view)

    def test_refusals_write_nothing(self):
        with open(self.path("bad.csv"), "w") as f:
            f.write("lat,lon\n10,20\n95,3\n")
        write_csv(self.path("c.csv"), CITIES)
        out = ("--npy", "d.npy", "--index", "i.npy", "--png", "p.png")
        self.render_refused(
            "--centres", "bad.csv", *out,
            words=("--centres: 'bad.csv', line 3: latitude 95 is outside [-90, 90]",))
        # Issue 31: columns written lon,lat (every "latitude" within 180, some beyond 90) are
        # refused as swapped, naming the column; --sites reads the same way.
        with open(self.path("swapped.csv"), "w") as f:
            f.write("lat,lon,name\n-0.13,51.51,London\n100.5,13.75,Bangkok\n")
        for option in ("--centres", "--sites"):
            self.render_refused(
                option, "swapped.csv", *out,
                words=(f"{option}: 'swapped.csv', line 3: latitude 100.5 is outside [-90, 90]; "
                       "every value of column 1, 'lat', is within [-180, 180]: the columns look "
                       "swapped (name the latitudes' column lat in the header line)",))
        self.render_refused("--centres", "missing.csv", *out, words=("--centres", "No such file"))
        self.render_refused("--index", "i.npy",
                            words=("--index: give --sites FILE|@name (or --centres FILE) too",))
        self.render_refused("--centres", "c.csv", "--ref", "1,2", *out,
                            words=("--ref and --centres: ", "only the centre of an aeqd map",
                                   "this latlon view is placed by --lat/--lon"))
        self.render_refused("--centres", "c.csv", "--ref", "1,2", "--projection", "ortho", *out,
                            words=("this ortho view's centre is the middle of --lat/--lon",))
        self.render_refused("--centres", "c.csv", "--backend", "gl", "--formula", "wgs84", *out,
                            words=("--backend gl",))
        self.render_refused("--centres", "c.csv", "--backend", "cuda", *out,
                            words=("--backend cuda: ",))
        self.render_refused("--centres", "c.csv", "--formula", "seed", *out,
                            words=("not a distance",))
        self.render_refused(
            "--colour-by-centre", "--png", "p.png",
            words=("--colour-by-centre: give --sites FILE|@name (or --centres FILE) too",))
        self.render_refused("--centres", "c.csv", "--npy", "x.npy", "--index", "x.npy",
                            words=("--npy and --index name the same file",))
        self.assertEqual(self.files(), ["bad.csv", "c.csv", "swapped.csv"])


if __name__ == "__main__":
    unittest.main()
