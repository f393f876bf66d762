"""geofield.read_sites() (issue 31): the files the command line reads, by its parser, as names,
kinds and coordinates, given back to field() as centres= or sites=; and a centres file whose
columns look swapped refused alike by the command line and Python."""

import json
import subprocess

import numpy
import pytest

from conftest import cli_args, render

PORTS = [("Bangkok, TH", 13.75, 100.5), ("Singapore", 1.29, 103.85), ("", -33.87, 151.21),
         ("Caf\u00e9 du Port", 43.3, 5.37)]

MIXED = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "properties": {"name": "ports"},
     "geometry": {"type": "MultiPoint", "coordinates": [[100.5, 13.7], [103.8, 1.3]]}},
    {"type": "Feature", "properties": {"name": "road"},
     "geometry": {"type": "LineString", "coordinates": [[99.2, 29.2], [99.6, 30.8]]}},
    {"type": "Feature", "properties": {"name": "park"},
     "geometry": {"type": "Polygon", "coordinates": [
         [[100, 29.4], [100.8, 29.4], [100.8, 30.6], [100, 30.6], [100, 29.4]]]}}]}

VIEW = dict(lat=(-40, 50), lon=(0, 160), size=(41, 31))


def ports_csv(tmp_path):
    path = tmp_path / "ports.csv"
    with open(path, "w", encoding="utf-8") as f:
        f.write("name,lat,lon\n")
        for name, lat, lon in PORTS:
            f.write(f"\"{name}\",{lat},{lon}\n")
    return path


def test_a_csv_gives_names_kinds_and_coordinates(geofield, tmp_path):
    s = geofield.read_sites(ports_csv(tmp_path))
    assert len(s) == 4
    assert s.names == tuple(name for name, _, _ in PORTS)
    assert s.kinds == ("point",) * 4
    numpy.testing.assert_array_equal(s.lat, [lat for _, lat, _ in PORTS])
    numpy.testing.assert_array_equal(s.lon, [lon for _, _, lon in PORTS])
    (kind, lat, lon), = s.parts(1)
    assert (kind, lat.tolist(), lon.tolist()) == ("point", [1.29], [103.85])
    assert repr(s).endswith(": 4 points)")


def test_as_centres_and_as_sites_it_is_the_files_field(geofield, binary, tmp_path):
    path = ports_csv(tmp_path)
    s = geofield.read_sites(path)
    want, want_index = render(binary, tmp_path, cli_args(**VIEW) + ["--centres", str(path)],
                              index=True)
    for given in ({"centres": s}, {"sites": s}, {"sites": str(path)}):
        d, i = geofield.field(**VIEW, **given, index=True)
        numpy.testing.assert_array_equal(d, want, err_msg=str(given))
        numpy.testing.assert_array_equal(i, want_index, err_msg=str(given))
    # The names of each node's nearest port.
    assert numpy.array(s.names)[want_index][0, 0] == s.names[want_index[0, 0]]


def test_geojson_of_every_kind(geofield, tmp_path):
    path = tmp_path / "mixed.geojson"
    path.write_text(json.dumps(MIXED))
    s = geofield.read_sites(path)
    assert s.names == ("ports", "road", "park")
    assert s.kinds == ("point", "line", "polygon")
    assert numpy.isnan(s.lat).all() and numpy.isnan(s.lon).all()  # no one point stands for them
    ports = s.parts(0)
    assert [p[0] for p in ports] == ["point", "point"]
    numpy.testing.assert_array_equal(numpy.concatenate([p[2] for p in ports]), [100.5, 103.8])
    (kind, lat, lon), = s.parts(-1)
    assert kind == "ring" and len(lat) == 4  # closed, the closing vertex not repeated
    assert sorted(zip(lat, lon)) == [(29.4, 100), (29.4, 100.8), (30.6, 100), (30.6, 100.8)]
    numpy.testing.assert_array_equal(geofield.field(sites=s), geofield.field(sites=str(path)))
    with pytest.raises(ValueError, match=r"feature 0 is a MultiPoint of 2 points; centres are "
                                         r"single points: give these as sites="):
        geofield.field(centres=s)
    with pytest.raises(IndexError):
        s.parts(3)


def test_built_in_names(geofield):
    land = geofield.read_sites("@land:110m")
    assert land.source == "@land:110m"
    assert set(land.kinds) == {"polygon"}
    numpy.testing.assert_array_equal(geofield.field(sites=land, size=(20, 10)),
                                     geofield.field(sites="@land:110m", size=(20, 10)))


def test_refusals_are_the_command_lines(geofield, tmp_path):
    with pytest.raises(ValueError, match=r"^sites: '.*missing.csv': "):
        geofield.read_sites(tmp_path / "missing.csv")
    with pytest.raises(TypeError, match="read_sites: int is not a path"):
        geofield.read_sites(3)
    with pytest.raises(ValueError, match="^sites: empty"):
        geofield.read_sites("")


def swapped_messages(binary, tmp_path, text):
    """The command line's refusal of a centres file (without '--centres: ') and Python's (without
    'sites: ')."""
    path = tmp_path / "swapped.csv"
    path.write_text(text)
    run = subprocess.run([binary, "render", "--centres", str(path), "--npy",
                          str(tmp_path / "never.npy")], capture_output=True, text=True)
    assert run.returncode == 2, run.stderr
    cli = run.stderr.strip().splitlines()[-1]
    assert cli.startswith("geofield: error: --centres: "), cli
    import geofield

    with pytest.raises(ValueError) as e:
        geofield.read_sites(path)
    python = str(e.value)
    assert python.startswith("sites: "), python
    return cli[len("geofield: error: --centres: "):], python[len("sites: "):]


def test_swapped_columns_are_refused_naming_the_column(geofield, binary, tmp_path):
    cli, python = swapped_messages(binary, tmp_path, "-0.13,51.51\n100.5,13.75\n2.35,48.86\n")
    assert cli == python
    assert python.endswith(
        "swapped.csv', line 2: latitude 100.5 is outside [-90, 90]; every value of column 1 (the "
        "latitudes, as a file without a header line is lat,lon[,name]) is within [-180, 180]: the "
        "columns look swapped (write the latitude first, or begin the file with a header line "
        "naming the columns: lon,lat)"), python
    cli, python = swapped_messages(binary, tmp_path, "name,lat,lon\nLondon,-0.13,51.51\n"
                                                     "Bangkok,100.5,13.75\n")
    assert cli == python
    assert python.endswith("line 3: latitude 100.5 is outside [-90, 90]; every value of column 2, "
                           "'lat', is within [-180, 180]: the columns look swapped (name the "
                           "latitudes' column lat in the header line)"), python
    # A latitude beyond 180 somewhere: a bad row, not swapped columns.
    cli, python = swapped_messages(binary, tmp_path, "95,1\n200,2\n")
    assert cli == python
    assert python.endswith("swapped.csv', line 1: latitude 95 is outside [-90, 90]"), python
