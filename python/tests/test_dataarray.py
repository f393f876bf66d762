"""geofield.dataarray() (issue 31): field() as an xarray DataArray whose coordinates, attributes
and nearest-site index are those `geofield render --netcdf` writes (read back by xarray), and
whose CRS rioxarray reads so that .rio.to_raster() georeferences a GeoTIFF as `render --geotiff`
does (gdalinfo's geoTransform and coordinate system equal)."""

import json
import subprocess
import sys

import numpy
import pytest

from conftest import cli_args

xarray = pytest.importorskip("xarray")

# The comparisons with `render --netcdf` read the file through xarray's NetCDF-4 engine
# (python3-netcdf4 here; the GPU machine's xarray has none).
NETCDF_READABLE = bool({"netcdf4", "h5netcdf"} & set(xarray.backends.list_engines()))
needs_netcdf = pytest.mark.skipif(not NETCDF_READABLE,
                                  reason="xarray has no NetCDF-4 engine (netCDF4 or h5netcdf)")

VIEWS = {
    "latlon": dict(lat=(-30, 45.5), lon=(100, -120), size=(37, 23), ref=(10, 150)),
    "latlon_nm_double": dict(lat=(29, 31), lon=(99, 101), size=(16, 9), units="nm",
                             precision="double"),
    "aeqd": dict(size=(21, 17), ref=(48.85, 2.35), projection="aeqd", extent=3000),
    "ortho": dict(lat=(20, 60), lon=(-10, 30), size=(15, 15), projection="ortho", units="m"),
    # Cells: the coordinates are the cells' centres, node_offset 1 (docs/grids.md).
    "latlon_pixel": dict(lat=(-90, 90), lon=(-180, 180), step=15, registration="pixel"),
    "aeqd_pixel": dict(size=(20, 16), ref=(48.85, 2.35), projection="aeqd", extent=3000,
                       registration="pixel"),
}
CENTRES = [(13.75, 100.5), (1.29, 103.85), (-33.87, 151.21), (35.68, 139.69)]


def render_files(binary, tmp_path, view, *extra):
    """render --netcdf and --geotiff of the view; returns their paths."""
    nc, tif = tmp_path / "field.nc", tmp_path / "field.tif"
    run = subprocess.run([binary, "render", *cli_args(**view), *extra, "--netcdf", str(nc),
                          "--geotiff", str(tif)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return nc, tif


def assert_same_attrs(got, want):
    """Equal attributes, arrays (actual_range) compared by value and type of number."""
    assert sorted(got) == sorted(want)
    for key, value in want.items():
        if isinstance(value, numpy.ndarray):
            numpy.testing.assert_array_equal(got[key], value, err_msg=key)
            assert numpy.asarray(got[key]).dtype == value.dtype, key
        else:
            assert got[key] == value, key


def gdalinfo(path):
    run = subprocess.run(["gdalinfo", "-json", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@needs_netcdf
@pytest.mark.parametrize("name", sorted(VIEWS))
def test_coordinates_values_and_attributes_are_the_netcdfs(geofield, binary, tmp_path, name):
    view = VIEWS[name]
    da = geofield.dataarray(**view)
    nc, _ = render_files(binary, tmp_path, view)
    with xarray.open_dataset(nc, decode_cf=False) as f:
        want = f.load()
    assert da.name == "distance"
    assert da.dims == want["distance"].dims
    for axis in da.dims:
        numpy.testing.assert_array_equal(da[axis].values, want[axis].values)  # bit for bit
        assert_same_attrs(da[axis].attrs, want[axis].attrs)
    numpy.testing.assert_array_equal(da.values, want["distance"].values)
    numpy.testing.assert_array_equal(da.values, geofield.field(**view))
    for key in ("long_name", "units", "grid_mapping"):
        assert da.attrs[key] == want["distance"].attrs[key], key
    crs = {k: v for k, v in da["crs"].attrs.items() if k != "spatial_ref"}
    assert_same_attrs(crs, want["crs"].attrs)
    for key, value in want.attrs.items():
        if key.startswith("geofield_"):
            assert da.attrs[key] == value, key


def test_units_and_standard_names(geofield):
    da = geofield.dataarray(size=(3, 3), units="mi")
    assert da.attrs["units"] == "mile"
    assert da.lat.attrs["standard_name"] == "latitude" and da.lat.attrs["units"] == "degrees_north"
    assert da.lon.attrs["standard_name"] == "longitude" and da.lon.attrs["units"] == "degrees_east"
    p = geofield.dataarray(size=(3, 3), projection="aeqd")
    assert p.dims == ("y", "x") and p.x.attrs["units"] == "m"
    assert p.x.attrs["standard_name"] == "projection_x_coordinate"
    assert p["crs"].attrs["grid_mapping_name"] == "azimuthal_equidistant"


@needs_netcdf
def test_the_nearest_index_and_names_are_the_netcdfs(geofield, binary, tmp_path):
    view = dict(lat=(-40, 40), lon=(90, 160), size=(29, 27))
    csv = tmp_path / "ports.csv"
    with open(csv, "w") as f:
        f.write("lat,lon,name\n" + "".join(f"{a},{o},port {k}\n" for k, (a, o) in
                                           enumerate(CENTRES)))
    nc, _ = render_files(binary, tmp_path, view, "--centres", str(csv))
    with xarray.open_dataset(nc, decode_cf=False) as f:
        want = f.load()
    for given in ({"centres": CENTRES}, {"centres": geofield.read_sites(csv)}, {"sites": csv},
                  {"sites": str(csv)}):
        da = geofield.dataarray(**view, **given)
        numpy.testing.assert_array_equal(da.values, want["distance"].values)
        numpy.testing.assert_array_equal(da.nearest_centre.values, want["nearest_centre"].values)
        assert da.nearest_centre.dtype == numpy.int32
        for key in ("long_name", "comment"):
            assert da.nearest_centre.attrs[key] == want["nearest_centre"].attrs[key]
        assert da.attrs["long_name"] == want["distance"].attrs["long_name"]
        names = da.nearest_centre.attrs["site_names"]
        assert names == ([""] * 4 if "centres" in given and isinstance(given["centres"], list)
                         else [f"port {k}" for k in range(4)])
    named = numpy.array(names)[da.nearest_centre.values]
    assert named[0, 0] == f"port {want['nearest_centre'].values[0, 0]}"


def test_rioxarray_writes_the_geotiffs_georeferencing(geofield, binary, tmp_path):
    pytest.importorskip("rioxarray")
    for name in ("latlon", "aeqd", "ortho"):
        view = VIEWS[name]
        _, tif = render_files(binary, tmp_path, view)
        mine = tmp_path / f"{name}_rio.tif"
        geofield.dataarray(**view).rio.to_raster(mine)
        got, want = gdalinfo(mine), gdalinfo(tif)
        assert got["geoTransform"] == want["geoTransform"], name
        assert got["size"] == want["size"], name
        # NaN off a projected map: the nodata value both say (none for latlon).
        nodata = [str(f["bands"][0].get("noDataValue")) for f in (got, want)]
        assert nodata[0] == nodata[1] == ("None" if name == "latlon" else "NaN"), (name, nodata)
        assert same_crs(got["coordinateSystem"]["wkt"], want["coordinateSystem"]["wkt"]), name


def same_crs(a, b):
    """Whether GDAL's OSR takes two WKTs for one CRS (names and citations aside)."""
    from osgeo import osr

    x, y = osr.SpatialReference(), osr.SpatialReference()
    assert x.ImportFromWkt(a) == 0 and y.ImportFromWkt(b) == 0
    return a == b or bool(x.IsSame(y))


def test_refusals(geofield):
    with pytest.raises(TypeError, match="dataarray: index= is dataarray's to set"):
        geofield.dataarray(index=True)
    with pytest.raises(ValueError, match="projection: eqearth is not yet for dataarray"):
        geofield.dataarray(projection="eqearth", size=(9, 5))
    with pytest.raises(ValueError, match=r"^--lat: latitude 95 is outside \[-90, 90\]"):
        geofield.dataarray(lat=(0, 95))
    with pytest.raises(TypeError, match=r"dataarray: bearing= is field\(\)'s only"):
        geofield.dataarray(bearing=True)
    with pytest.raises(ValueError, match=r"^--centres: an array of shape \(n, 2\)"):
        geofield.dataarray(centres=[1, 2, 3])
    with pytest.raises(ValueError, match="^sites: give sites= or centres=, not both"):
        geofield.dataarray(centres=[(1, 2)], sites="@land:110m")


def test_without_xarray_the_error_says_what_to_install(geofield, monkeypatch):
    monkeypatch.setitem(sys.modules, "xarray", None)
    with pytest.raises(ImportError, match="geofield.dataarray needs xarray .*python3-xarray"):
        geofield.dataarray(size=(3, 3))
