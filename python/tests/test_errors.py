"""Bad parameters raise ValueError (or TypeError) with the command line's message."""

import pytest

from conftest import cli_args, render_error, write_centres_csv

# field() keyword arguments that render refuses; the message must be render's.
BAD = {
    "latitude out of range": {"lat": (95, 96)},
    "lat MIN >= MAX": {"lat": (31, 29)},
    "equal longitudes": {"lon": (5, 5)},
    "longitude beyond 360": {"lon": (0, 400)},
    "size 1": {"size": (1, 5)},
    "size too large": {"size": (4, 2000000)},
    "ref latitude": {"ref": (100, 0)},
    "radius zero": {"radius": 0},
    "radius with wgs84": {"formula": "wgs84", "radius": 6000},
    "ellipsoid with haversine": {"ellipsoid": (6378.137, 298.257223563)},
    "ellipsoid flattening": {"formula": "wgs84", "ellipsoid": (6378.137, 10)},
    "extent too big (aeqd)": {"projection": "aeqd", "extent": 30000},
    "extent too big (ortho, mi)": {"projection": "ortho", "units": "mi", "extent": 5000},
    "extent with latlon": {"extent": 100},
    "unknown formula": {"formula": "foo"},
    "unknown units": {"units": "furlongs"},
    "unknown precision": {"precision": "half"},
    "unknown projection": {"projection": "mercator"},
    "unknown backend": {"backend": "vulkan"},
    "empty formula": {"formula": ""},
    "long formula": {"formula": "x" * 100},
}


@pytest.mark.parametrize("kw", BAD.values(), ids=BAD.keys())
def test_message_is_the_command_lines(geofield, binary, tmp_path, kw):
    expected = render_error(binary, tmp_path, cli_args(**kw))
    with pytest.raises(ValueError) as e:
        geofield.field(**kw)
    assert str(e.value) == expected


CENTRES_BAD = {
    "centres with seed": {"formula": "seed"},
}


@pytest.mark.parametrize("kw", CENTRES_BAD.values(), ids=CENTRES_BAD.keys())
def test_centres_message_is_the_command_lines(geofield, binary, tmp_path, kw):
    csv = tmp_path / "centres.csv"
    write_centres_csv(csv, [(30, 100), (29, 99)])
    expected = render_error(binary, tmp_path, [f"--centres={csv}", *cli_args(**kw)])
    with pytest.raises(ValueError) as e:
        geofield.field(centres=[(30, 100), (29, 99)], **kw)
    assert str(e.value) == expected


def test_centre_out_of_range_names_the_centre(geofield):
    # render names the file and line; field() names the row of the array.
    with pytest.raises(ValueError, match=r"^--centres: centre 1: latitude 95 is outside \[-90, 90\]$"):
        geofield.field(centres=[(30, 100), (95, 100)])


@pytest.mark.parametrize("centres", [[], [1, 2], [(1, 2, 3)], [[[1, 2]]]])
def test_centres_shape(geofield, centres):
    with pytest.raises(ValueError, match="^--centres: "):
        geofield.field(centres=centres)


def test_index_needs_centres(geofield):
    with pytest.raises(ValueError, match="^--index: give centres= or sites= too"):
        geofield.field(index=True)


@pytest.mark.parametrize("kw, option", [
    ({"lat": 5}, "--lat"),
    ({"lat": (1, 2, 3)}, "--lat"),
    ({"lon": ("a", "b")}, "--lon"),
    ({"ref": None}, "--ref"),
    ({"size": (3.5, 4)}, "--size"),
    ({"size": 1000}, "--size"),
    ({"formula": 1}, "--formula"),
    ({"ellipsoid": 6378.0, "formula": "wgs84"}, "--ellipsoid"),
])
def test_wrong_kinds_are_type_errors_naming_the_option(geofield, kw, option):
    with pytest.raises(TypeError, match=f"^{option}: "):
        geofield.field(**kw)


@pytest.mark.parametrize("kw", [
    {"dtype": "int32"},
    {"device": "gpu"},
    {"device": "cuda:x"},
    {"device": "cuda", "backend": "cpu"},
    {"device": "cuda", "backend": "gl"},
    {"stream": 5},
])
def test_python_only_parameters(geofield, kw):
    with pytest.raises(ValueError):
        geofield.field(size=(4, 4), **kw)


def test_errors_leave_the_next_call_working(geofield):
    with pytest.raises(ValueError):
        geofield.field(lat=(95, 96))
    assert geofield.field(size=(3, 2)).shape == (2, 3)


@pytest.mark.parametrize("kw, cli", [
    ({"lat": (float("nan"), 5)}, ["--lat=nan:5"]),
    ({"ref": (30, float("inf"))}, ["--ref=30,inf"]),
    ({"radius": float("nan")}, ["--radius=nan"]),
])
def test_not_finite(geofield, binary, tmp_path, kw, cli):
    # render adds what was typed (", not 'nan'"); the library has only the number.
    expected = render_error(binary, tmp_path, cli)
    with pytest.raises(ValueError) as e:
        geofield.field(**kw)
    assert str(e.value).endswith("must be a finite number") and expected.startswith(str(e.value))
