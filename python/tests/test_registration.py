"""field(step=, registration=): the command line's --step and --registration, bit for bit the
same values as `geofield render`, the cells' centres where the formula puts them, and the same
refusals."""

import math

import numpy
import pytest

from conftest import render, render_error

GLOBAL = {"lat": (-90, 90), "lon": (-180, 180), "ref": (48.8566, 2.3522)}


def test_quarter_degree_pixel_grid_shape_and_centres(geofield):
    values = geofield.field(**GLOBAL, step=0.25, registration="pixel", precision="double")
    assert values.shape == (720, 1440)
    r = 6371.0088
    lat0, lon0 = map(math.radians, GLOBAL["ref"])
    for i, j in ((0, 0), (359, 720), (719, 1439), (123, 456)):
        lat = math.radians(90 - (i + 0.5) * 0.25)
        lon = math.radians(-180 + (j + 0.5) * 0.25)
        a = (math.sin((lat - lat0) / 2) ** 2
             + math.cos(lat) * math.cos(lat0) * math.sin((lon - lon0) / 2) ** 2)
        expected = 2 * r * math.asin(math.sqrt(a))
        assert values[i, j] == pytest.approx(expected, abs=1e-8)


def test_step_pair_is_x_first_and_node_adds_a_node(geofield):
    assert geofield.field(**GLOBAL, step=(0.5, 0.25), registration="pixel").shape == (720, 720)
    assert geofield.field(**GLOBAL, step=1).shape == (181, 361)


def test_equals_render(geofield, binary, tmp_path):
    values = geofield.field(**GLOBAL, step=2, registration="pixel")
    cli = render(binary, tmp_path, ["--backend=cpu", "--lat=-90:90", "--lon=-180:180",
                                    "--ref=48.8566,2.3522", "--step=2",
                                    "--registration=pixel"])
    assert values.tobytes() == cli.tobytes()


def test_projected_pixel_registration_equals_render(geofield, binary, tmp_path):
    values = geofield.field(projection="aeqd", extent=5000, size=(40, 30), registration="pixel")
    cli = render(binary, tmp_path, ["--backend=cpu", "--projection=aeqd", "--extent=5000",
                                    "--size=40x30", "--registration=pixel"])
    assert numpy.array_equal(values, cli, equal_nan=True)


@pytest.mark.parametrize("kw, args", [
    ({"step": 0.7, "registration": "pixel"}, ["--step=0.7", "--registration=pixel"]),
    ({"step": 1e-4}, ["--step=0.0001"]),
])
def test_refusals_are_the_command_lines(geofield, binary, tmp_path, kw, args):
    with pytest.raises(ValueError) as e:
        geofield.field(**GLOBAL, **kw)
    line = render_error(binary, tmp_path, ["--lat=-90:90", "--lon=-180:180", *args])
    assert str(e.value) == line


def test_size_and_step_and_bad_registration(geofield):
    with pytest.raises(ValueError, match="--size and --step"):
        geofield.field(**GLOBAL, size=(10, 10), step=1)
    with pytest.raises(ValueError, match="--registration: 'cell' is not one of node, pixel"):
        geofield.field(**GLOBAL, registration="cell")
    with pytest.raises(ValueError, match="--step: applies to"):
        geofield.field(projection="aeqd", step=1)
