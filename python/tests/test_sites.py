"""field(sites=..., signed=..., bearing=...): sites from a path, a mapping, GeoJSON text and a
built-in name give the same field; known distances (a line's, Point Nemo's to land, Paris
inland); the bearing toward a line and a point; the refusals, naming the parameter."""

import json
import math
import pathlib

import numpy
import pytest

# A line along the parallel 30 N from 99 E to 101 E, and a polygon (29.2..29.6 N,
# 100.2..100.8 E) with a hole (29.3..29.5 N, 100.4..100.6 E).
LINE_AND_POLYGON = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "properties": {"name": "parallel"},
         "geometry": {"type": "LineString", "coordinates": [[99, 30], [101, 30]]}},
        {"type": "Feature", "properties": {"name": "field"},
         "geometry": {"type": "Polygon", "coordinates": [
             [[100.2, 29.2], [100.8, 29.2], [100.8, 29.6], [100.2, 29.6], [100.2, 29.2]],
             [[100.4, 29.3], [100.4, 29.5], [100.6, 29.5], [100.6, 29.3], [100.4, 29.3]]]}},
    ],
}
SMALL = (61, 41)  # nx != ny, so that a transposed array cannot pass
RADIUS_KM = 6371.0088


def unit(lat, lon):
    la, lo = math.radians(lat), math.radians(lon)
    return numpy.array([math.cos(la) * math.cos(lo), math.cos(la) * math.sin(lo), math.sin(la)])


def distance_to_arc_km(lat, lon, a, b):
    """The distance from (lat, lon) to the great circle through a and b (the foot inside the
    arc), in km: the reference for a node north or south of the line's middle."""
    n = numpy.cross(unit(*a), unit(*b))
    n /= numpy.linalg.norm(n)
    p = unit(lat, lon)
    return RADIUS_KM * math.atan2(abs(p @ n), numpy.linalg.norm(numpy.cross(p, n)))


def test_a_path_a_mapping_and_text_give_the_same_field(geofield, tmp_path):
    path = tmp_path / "sites.geojson"
    path.write_text(json.dumps(LINE_AND_POLYGON))
    want = geofield.field(size=SMALL, sites=LINE_AND_POLYGON, index=True, bearing=True)
    for sites in (str(path), path, json.dumps(LINE_AND_POLYGON)):
        got = geofield.field(size=SMALL, sites=sites, index=True, bearing=True)
        for a, b in zip(got, want):
            assert a.tobytes() == b.tobytes(), sites
    values, index, bearing = want
    assert values.shape == index.shape == bearing.shape == (SMALL[1], SMALL[0])
    assert (values.dtype, index.dtype, bearing.dtype) == (numpy.float32, numpy.int32,
                                                         numpy.float32)
    assert set(numpy.unique(index)) == {0, 1}


class _Shape:
    """An object with __geo_interface__, as shapely's geometries have."""
    __geo_interface__ = LINE_AND_POLYGON["features"][0]["geometry"]


def test_geo_interface_objects_are_mappings(geofield):
    line = geofield.field(size=SMALL, sites=_Shape())
    want = geofield.field(size=SMALL, sites=LINE_AND_POLYGON["features"][0]["geometry"])
    assert line.tobytes() == want.tobytes()


def test_distance_and_bearing_of_a_line(geofield):
    # lat 29..31 in 11 rows (0.2 degrees), lon 99.5..100.5 in 11 columns: column 5 is 100 E,
    # under the line's middle, where the nearest point is straight north or south.
    lat = numpy.linspace(31, 29, 11)
    values, index, bearing = geofield.field(
        lat=(29, 31), lon=(99.5, 100.5), size=(11, 11), precision="double",
        sites=LINE_AND_POLYGON["features"][0], index=True, bearing=True)
    for i, node_lat in enumerate(lat):
        want = distance_to_arc_km(node_lat, 100, (30, 99), (30, 101))
        assert values[i, 5] == pytest.approx(want, abs=1e-6), node_lat
    assert (index == 0).all()
    north, south = lat > 30.01, lat < 29.99
    assert numpy.allclose(bearing[north, 5], 180, atol=1e-3)
    assert numpy.allclose(numpy.remainder(bearing[south, 5] + 180, 360), 180, atol=1e-3)
    # North of the whole line the bearing is about south everywhere.
    assert numpy.all(numpy.abs(bearing[:4] - 180) < 1)


def test_polygon_with_a_hole_signed(geofield):
    values = geofield.field(lat=(29, 30), lon=(100, 101), size=(11, 11), precision="double",
                            sites=LINE_AND_POLYGON, signed=True)
    # Rows 30.0 .. 29.0 by 0.1; columns 100.0 .. 101.0 by 0.1.
    assert values[3, 3] > 0  # (29.7, 100.3): north of the polygon, south of the line
    assert values[5, 3] < 0  # (29.5, 100.3): inside, west of the hole
    assert values[6, 5] > 0  # (29.4, 100.5): inside the hole, outside the polygon
    unsigned = geofield.field(lat=(29, 30), lon=(100, 101), size=(11, 11), precision="double",
                              sites=LINE_AND_POLYGON)
    assert unsigned[5, 3] == 0
    assert unsigned[6, 5] == pytest.approx(values[6, 5])


# Point Nemo, the ocean's pole of inaccessibility: about 2,688 km from the nearest land (Ducie
# Island, Motu Nui, Maher Island). 1:50m's coast puts it 2,695.5 km away; 1:110m's, which lacks
# the smallest islands' detail, 2,714 km.
NEMO = (-48.8767, -123.3933)
PARIS = (48.8566, 2.3522)


def around(lat, lon):
    """A 3x3 grid whose middle node is (lat, lon)."""
    return {"lat": (lat - 1, lat + 1), "lon": (lon - 1, lon + 1), "size": (3, 3)}


def test_built_in_land_point_nemo_and_paris(geofield):
    nemo = geofield.field(**around(*NEMO), sites="@land:50m", signed=True)
    assert nemo[1, 1] == pytest.approx(2688, abs=15)
    paris = geofield.field(**around(*PARIS), sites="@land:110m", signed=True, index=True)
    assert paris[0][1, 1] < -100  # inland: the Channel is some 150 km away
    assert geofield.field(**around(*PARIS), sites="@land:110m")[1, 1] == 0
    # The coastline's lines: the same distance, unsigned.
    coast = geofield.field(**around(*PARIS), sites="@coastline:110m")
    assert coast[1, 1] == pytest.approx(-paris[0][1, 1], rel=0.05)


def test_bearing_toward_the_reference_point_and_centres(geofield):
    # Latitudes 31, 30, 29 and longitudes 99, 100, 101; the reference point (30, 101).
    values, bearing = geofield.field(size=(3, 3), bearing=True)
    assert bearing[0, 2] == pytest.approx(180, abs=1e-4)
    assert math.isnan(bearing[1, 2]) and values[1, 2] == 0
    values, index, bearing = geofield.field(size=(3, 3), centres=[(31.5, 99), (28.5, 101)],
                                            index=True, bearing=True)
    assert index[0, 0] == 0 and index[2, 2] == 1
    assert bearing[2, 2] == pytest.approx(180, abs=1e-4)  # (29, 101) north of (28.5, 101)


BAD = {
    "sites and centres": ({"sites": "@land", "centres": [(30, 100)]}, ValueError,
                          r"^sites: give sites= or centres=, not both"),
    "signed without sites": ({"signed": True}, ValueError, r"^signed: signs the inside"),
    "signed without polygons": ({"sites": LINE_AND_POLYGON["features"][0], "signed": True},
                                ValueError, r"^signed: signs the inside of polygons, and these "
                                            r"sites have none"),
    "index without sites": ({"index": True}, ValueError, r"^--index: give centres= or sites="),
    "bearing on a CUDA device": ({"bearing": True, "device": "cuda"}, ValueError,
                                 r"^bearing: computed on the CPU into host memory; give "
                                 r"device='cpu'"),
    "bearing with wgs84": ({"bearing": True, "formula": "wgs84"}, ValueError,
                           r"^bearing: the azimuth toward the nearest site is the sphere's \(haversine\)"),
    "sites with wgs84": ({"sites": "@coastline:110m", "formula": "wgs84"}, ValueError,
                         r"^sites: lines and polygons are measured on the sphere"),
    "unknown built-in": ({"sites": "@lakes"}, ValueError,
                         r"^sites: '@lakes' is not a built-in set"),
    "bad scale": ({"sites": "@land:20m"}, ValueError, r"^sites: '@land:20m': the scale is"),
    "missing file": ({"sites": "/nonexistent/roads.geojson"}, ValueError,
                     r"^sites: '/nonexistent/roads.geojson': cannot be read"),
    "empty": ({"sites": ""}, ValueError, r"^sites: empty; give a GeoJSON or CSV file's path"),
    "not a site": ({"sites": 42}, TypeError, r"^sites: int is not one of a GeoJSON or CSV"),
    "NaN in a mapping": ({"sites": {"type": "Point", "coordinates": [float("nan"), 0]}},
                         ValueError, r"^sites: the mapping is not GeoJSON that JSON can hold"),
    "NUL in a name": ({"sites": "@land\0"}, ValueError, r"NUL character"),
}


@pytest.mark.parametrize("kw, error, message", BAD.values(), ids=BAD.keys())
def test_refusals_name_the_parameter(geofield, kw, error, message):
    with pytest.raises(error, match=message):
        geofield.field(size=(5, 4), **kw)


def test_a_bad_polygon_names_its_feature(geofield):
    open_ring = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [100, 30]}},
        {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [
            [[100, 29], [101, 29], [101, 30], [100, 30]]]}}]}
    with pytest.raises(ValueError, match=r"^sites: GeoJSON text, feature 1: .*not closed"):
        geofield.field(sites=open_ring)
