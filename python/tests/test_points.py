"""geofield.distance (issue 31): the field at points equals the grid's (geofield.field) at its
nodes, for every formula and site kind; against GeographicLib (wgs84) and double math
(haversine); any shape in, the same shape out; the refusals, naming the parameter; CUDA arrays
(skipped without a device and CuPy)."""

import math

import numpy
import pytest

GRID = dict(lat=(-60, 70), lon=(150, -120), size=(37, 23))  # across the antimeridian
RADIUS_KM = 6371.0088


def nodes(lat, lon, size):
    """The grid's node coordinates, (ny, nx) each, as the grid contract places them."""
    nx, ny = size
    la = lat[1] - numpy.arange(ny) * ((lat[1] - lat[0]) / (ny - 1))  # the step first, as C++
    span = (lon[1] - lon[0]) % 360 or 360
    lo = lon[0] + numpy.arange(nx) * (span / (nx - 1))
    return numpy.meshgrid(la, lo, indexing="ij")


@pytest.mark.parametrize("formula", ["haversine", "seed", "wgs84"])
@pytest.mark.parametrize("precision", ["float", "double"])
def test_one_point_equals_the_grid(geofield, formula, precision):
    la, lo = nodes(**GRID)
    grid = geofield.field(**GRID, ref=(33.25, -117.5), formula=formula, precision=precision)
    d = geofield.distance(la, lo, ref=(33.25, -117.5), formula=formula, precision=precision)
    assert d.shape == grid.shape and d.dtype == grid.dtype
    eps = numpy.finfo(grid.dtype).eps
    numpy.testing.assert_allclose(d, grid, rtol=0, atol=64 * eps * 2e4)


@pytest.mark.parametrize("formula", ["haversine", "wgs84"])
def test_centres_equal_the_grid_with_the_index(geofield, formula):
    rng = numpy.random.default_rng(3)
    centres = numpy.column_stack([numpy.degrees(numpy.arcsin(rng.uniform(-1, 1, 200))),
                                  rng.uniform(-180, 180, 200)])
    la, lo = nodes(**GRID)
    grid, gi = geofield.field(**GRID, centres=centres, formula=formula, precision="double",
                              index=True)
    d, di = geofield.distance(la, lo, centres=centres, formula=formula, index=True)
    numpy.testing.assert_allclose(d, grid, rtol=0, atol=1e-9)
    assert numpy.array_equal(di, gi)


@pytest.mark.parametrize("signed", [False, True])
def test_sites_equal_the_grid_bit_for_bit(geofield, signed):
    feature = {"type": "Feature", "properties": {"name": "box"}, "geometry": {
        "type": "Polygon",
        "coordinates": [[[160, -10], [-150, -10], [-150, 20], [160, 20], [160, -10]]]}}
    line = {"type": "Feature", "properties": {"name": "line"}, "geometry": {
        "type": "LineString", "coordinates": [[150, 50], [-130, 40]]}}
    sites = {"type": "FeatureCollection", "features": [feature, line]}
    la, lo = nodes(**GRID)
    grid, gi = geofield.field(**GRID, sites=sites, signed=signed, precision="double",
                              index=True)
    d, di = geofield.distance(la, lo, sites=sites, signed=signed, index=True)
    assert numpy.array_equal(d, grid)
    assert numpy.array_equal(di, gi)


def test_wgs84_against_geographiclib(geofield):
    geodesic = pytest.importorskip("geographiclib.geodesic").Geodesic.WGS84
    rng = numpy.random.default_rng(5)
    lat = numpy.degrees(numpy.arcsin(rng.uniform(-1, 1, 500)))
    lon = rng.uniform(-180, 180, 500)
    d = geofield.distance(lat, lon, ref=(-33.9, 151.2), formula="wgs84", units="m")
    want = [geodesic.Inverse(-33.9, 151.2, a, b)["s12"] for a, b in zip(lat, lon)]
    numpy.testing.assert_allclose(d, want, rtol=0, atol=1e-7)


def test_haversine_against_double_math(geofield):
    rng = numpy.random.default_rng(6)
    lat = numpy.degrees(numpy.arcsin(rng.uniform(-1, 1, 500)))
    lon = rng.uniform(-360, 360, 500)
    d = geofield.distance(lat, lon, ref=(48.85, 2.35))

    def unit(a, b):
        a, b = numpy.radians(a), numpy.radians(b)
        return numpy.stack([numpy.cos(a) * numpy.cos(b), numpy.cos(a) * numpy.sin(b),
                            numpy.sin(a)], axis=-1)

    p, r = unit(lat, lon), unit(48.85, 2.35)
    want = RADIUS_KM * numpy.arctan2(numpy.linalg.norm(numpy.cross(p, r), axis=-1), p @ r)
    numpy.testing.assert_allclose(d, want, rtol=0, atol=1e-8)


def test_shapes_broadcasting_and_scalars(geofield):
    lat = numpy.linspace(-80, 80, 24).reshape(2, 3, 4)
    d = geofield.distance(lat, 10.0, ref=(0, 10))
    assert d.shape == (2, 3, 4) and d.dtype == numpy.float64
    numpy.testing.assert_allclose(d, numpy.radians(numpy.abs(lat)) * RADIUS_KM, atol=1e-8)
    assert geofield.distance(0, 0, ref=(0, 1)).shape == ()
    assert geofield.distance([], [], ref=(0, 1)).shape == (0,)
    assert geofield.distance([0], [0], ref=(0, 1), dtype="float32").dtype == numpy.float32
    assert abs(float(geofield.distance(0, 0, ref=(0, 1), units="nm")) - 60.04) < 0.01


def test_refusals_name_what_is_wrong(geofield):
    with pytest.raises(ValueError, match=r"^point 1: latitude 95 is outside \[-90, 90\]"):
        geofield.distance([0, 95], [0, 0], ref=(0, 0))
    with pytest.raises(ValueError, match="exactly one of ref"):
        geofield.distance([0], [0])
    with pytest.raises(ValueError, match="^--formula"):
        geofield.distance([0], [0], ref=(0, 0), formula="vincenty")
    with pytest.raises(ValueError, match="gl"):
        geofield.distance([0], [0], ref=(0, 0), backend="gl")
    with pytest.raises(ValueError, match="^--index"):
        geofield.distance([0], [0], ref=(0, 0), index=True)
    with pytest.raises(ValueError, match="broadcast"):
        geofield.distance([0, 1], [0, 1, 2], ref=(0, 0))


def test_cuda_arrays(geofield):
    cupy = pytest.importorskip("cupy")
    try:
        geofield.field(size=(2, 2), device="cuda")
    except geofield.BackendUnavailable as e:
        pytest.skip(f"no CUDA device: {e}")
    rng = numpy.random.default_rng(7)
    lat = numpy.degrees(numpy.arcsin(rng.uniform(-1, 1, (300, 4))))
    lon = rng.uniform(-180, 180, (300, 4))
    centres = numpy.column_stack([numpy.degrees(numpy.arcsin(rng.uniform(-1, 1, 1000))),
                                  rng.uniform(-180, 180, 1000)])
    host, hi = geofield.distance(lat, lon, centres=centres, index=True)
    dev, di = geofield.distance(cupy.asarray(lat), cupy.asarray(lon), centres=centres, index=True)
    assert dev.shape == (300, 4)
    numpy.testing.assert_allclose(cupy.asarray(dev).get(), host, rtol=0, atol=1e-9 * math.pi * RADIUS_KM)
    assert numpy.array_equal(cupy.asarray(di).get(), hi)
    flat = geofield.distance(cupy.asarray(lat.ravel()), cupy.asarray(lon.ravel()), ref=(1, 2))
    assert cupy.asarray(flat).shape == (1200,)
