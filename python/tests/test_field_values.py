"""field() on the CPU equals `geofield render --npy --backend cpu` bit for bit."""

import numpy
import pytest

from conftest import cli_args, render, write_centres_csv

SMALL = (61, 47)  # nx != ny, odd, so that a transposed or flipped array cannot pass

# field() keyword arguments; render gets the same as options (cli_args).
CASES = {
    "default view": {},
    "default view, float64 of double": {"precision": "double", "dtype": "float64"},
    "double rounded to float32": {"precision": "double", "dtype": "float32"},
    "seed": {"formula": "seed", "size": SMALL},
    "seed double (the numba case)": {"formula": "seed", "precision": "double", "size": SMALL},
    "wgs84": {"formula": "wgs84", "size": SMALL},
    "wgs84 other ellipsoid, m": {"formula": "wgs84", "ellipsoid": (6378.0, 300.0),
                                 "units": "m", "size": SMALL},
    "nm": {"units": "nm", "size": SMALL},
    "mi double": {"units": "mi", "precision": "double", "dtype": "float64", "size": SMALL},
    "m": {"units": "m", "size": SMALL, "lat": (29.9999, 30.0001), "lon": (100.9999, 101.0001)},
    "radius": {"radius": 1737.4, "size": SMALL},
    "antimeridian": {"lat": (-10, 10), "lon": (170, -170), "ref": (0, 180), "size": SMALL},
    "whole globe": {"lat": (-90, 90), "lon": (-180, 180), "ref": (-33.9, 151.2), "size": SMALL},
    "negative bounds": {"lat": (-45.5, -20.25), "lon": (-75, -40), "ref": (-34.6, -58.4),
                        "size": SMALL},
    "aeqd (NaN corners)": {"projection": "aeqd", "extent": 19000, "size": SMALL},
    "aeqd default extent": {"projection": "aeqd", "size": SMALL, "precision": "double",
                            "dtype": "float64"},
    "ortho across the antimeridian": {"projection": "ortho", "lat": (20, 60),
                                      "lon": (170, -150), "size": SMALL},
    "ortho wgs84": {"projection": "ortho", "formula": "wgs84", "size": SMALL},
    "size 2x2": {"size": (2, 2)},
    "size 3x200": {"size": (3, 200)},
}


@pytest.mark.parametrize("kw", CASES.values(), ids=CASES.keys())
def test_equals_render(geofield, binary, tmp_path, kw):
    expected = render(binary, tmp_path, cli_args(**kw))
    got = geofield.field(**kw)
    nx, ny = kw.get("size", (1000, 1000))
    assert got.shape == (ny, nx) == expected.shape
    assert got.dtype == expected.dtype
    assert numpy.array_equal(got, expected, equal_nan=True)


def test_dtype_default_follows_precision(geofield):
    assert geofield.field(size=(4, 3)).dtype == numpy.float32
    assert geofield.field(size=(4, 3), precision="double").dtype == numpy.float64


def test_float64_of_float_holds_the_float_values_widened(geofield):
    f32 = geofield.field(size=SMALL)
    f64 = geofield.field(size=SMALL, dtype=numpy.float64)
    assert f64.dtype == numpy.float64
    assert numpy.array_equal(f64, f32.astype(numpy.float64))


def test_projected_views_have_nan(geofield):
    a = geofield.field(size=SMALL, projection="ortho", lat=(20, 60), lon=(170, -150))
    assert numpy.isnan(a).any() and numpy.isfinite(a).any()


def test_row_zero_is_north(geofield):
    # Reference at the grid's north-west corner: the first value is 0, and values grow
    # southwards down column 0 and eastwards along row 0.
    a = geofield.field(lat=(0, 10), lon=(0, 10), ref=(10, 0), size=(5, 4), precision="double")
    assert a[0, 0] == 0
    assert numpy.all(numpy.diff(a[:, 0]) > 0) and numpy.all(numpy.diff(a[0, :]) > 0)


def test_numpy_scalars_and_arrays_are_taken(geofield):
    a = geofield.field(lat=numpy.array([29.0, 31.0]), lon=(numpy.float32(99), 101),
                       size=(numpy.int64(8), numpy.int32(6)))
    assert numpy.array_equal(a, geofield.field(size=(8, 6)))


CENTRES = [(30.2, 99.5), (29.1, 100.7), (30.9, 100.9), (29.5, 99.1), (30.2, 99.5)]  # a duplicate


@pytest.mark.parametrize("kw", [
    {"size": SMALL},
    {"size": SMALL, "formula": "wgs84", "units": "nm"},
    {"size": SMALL, "precision": "double", "dtype": "float64"},
    {"size": SMALL, "lat": (-20, 20), "lon": (170, -170)},
    # Centres on a projected view: the CPU computes them (issue 27); NaN and -1 off the map.
    {"size": SMALL, "projection": "aeqd", "extent": 15000, "backend": "cpu"},
], ids=["haversine", "wgs84 nm", "double", "antimeridian", "aeqd"])
def test_centres_equal_render(geofield, binary, tmp_path, kw):
    csv = tmp_path / "centres.csv"
    centres = CENTRES if "lat" not in kw else [(0, 179.5), (10, -175), (-15, 172)]
    write_centres_csv(csv, centres)
    values, index = render(binary, tmp_path, [f"--centres={csv}", *cli_args(**kw)], index=True)
    got_values, got_index = geofield.field(centres=centres, index=True, **kw)
    assert numpy.array_equal(got_values, values, equal_nan=True)
    assert got_index.dtype == numpy.int32 and got_index.shape == index.shape
    assert numpy.array_equal(got_index, index)
    # Without index=True, the values alone.
    assert numpy.array_equal(geofield.field(centres=numpy.array(centres), **kw), values)


def test_one_centre_is_the_reference_point(geofield):
    assert numpy.array_equal(geofield.field(size=SMALL, centres=[(30, 101)]),
                             geofield.field(size=SMALL, ref=(30, 101)))
