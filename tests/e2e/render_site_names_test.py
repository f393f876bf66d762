"""The sites' names carried by the index outputs (issue 31): the NetCDF file holds the sites'
table on a `site` dimension (read by ncdump, netCDF4 and xarray; equal in every tile, so that the
tiles still combine), and the index GeoTIFF carries a raster attribute table in its .aux.xml that
GDAL reads (gdalinfo lists the names; GDAL's Python binding looks a pixel's name up)."""

import json
import os
import subprocess
import unittest

import numpy as np

from geofield_e2e import GdalReads, RenderTestCase, import_xarray

GRID = ["--lat", "-10:10", "--lon", "170:-170", "--size", "41x21", "--backend", "cpu"]
# Names with what XML and CSV must escape, and one with none.
CENTRES = [(10.0, 175.0, "West & <co>"), (-5.0, -172.0, "East, \"south\""),
           (0.0, 180.0, "Tromsø"), (8.0, -178.0, "")]
# Lines and a polygon (GeoJSON): the table says their kinds, not places.
SHAPES = {"type": "FeatureCollection", "features": [
    {"type": "Feature", "properties": {"name": "Reef"},
     "geometry": {"type": "Polygon",
                  "coordinates": [[[172, -8], [176, -8], [176, -4], [172, -4], [172, -8]]]}},
    {"type": "Feature", "properties": {"name": "Cable"},
     "geometry": {"type": "LineString", "coordinates": [[-178, 5], [-172, 9]]}},
    {"type": "Feature", "properties": {},
     "geometry": {"type": "Point", "coordinates": [180, 0]}}]}


def csv_text(centres):
    rows = ["lat,lon,name"]
    for lat, lon, name in centres:
        rows.append(f'{lat!r},{lon!r},"{name.replace(chr(34), chr(34) * 2)}"')
    return "\n".join(rows) + "\n"


class SiteNamesTest(RenderTestCase, GdalReads):
    def write_centres(self):
        with open(self.path("c.csv"), "w", encoding="utf-8") as f:
            f.write(csv_text(CENTRES))

    def write_shapes(self):
        with open(self.path("s.geojson"), "w", encoding="utf-8") as f:
            json.dump(SHAPES, f)

    def ncdump(self, name):
        return subprocess.run(["ncdump", self.path(name)], capture_output=True, text=True,
                              check=True).stdout

    def test_netcdf_holds_the_sites_table_on_a_site_dimension(self):
        self.write_centres()
        self.render_ok("--centres", "c.csv", *GRID, "--netcdf", "c.nc", "--index", "i.npy")
        dump = self.ncdump("c.nc")
        for line in ("site = 4 ;", "string site_name(site) ;", "double site_lat(site) ;",
                     "double site_lon(site) ;", 'site_lat:units = "degrees_north" ;',
                     'nearest_centre:site_variables = "site_name site_lat site_lon" ;',
                     ':coordinates = "site_name site_lat site_lon" ;',
                     # "" is NetCDF's default fill of a string, which ncdump prints as _.
                     'site_name = "West & <co>", "East, \\"south\\"", "Tromsø", _ ;',
                     "site_lat = 10, -5, 0, 8 ;", "site_lon = 175, -172, 180, -178 ;"):
            self.assertIn(line, dump)
        xr = import_xarray()
        if xr is None:
            self.skipTest("xarray with netCDF4 is not installed")
        with xr.open_dataset(self.path("c.nc")) as ds:
            # The table as coordinates; the index looks a node's name up.
            self.assertEqual(list(ds.coords["site_name"].values),
                             [name for _, _, name in CENTRES])
            self.assertEqual(list(ds.coords["site_lat"].values), [c[0] for c in CENTRES])
            names = ds.site_name.isel(site=ds.nearest_centre)
            self.assertEqual(names.dims, ("lat", "lon"))
            index = np.load(self.path("i.npy"))
            np.testing.assert_array_equal(ds.nearest_centre.values, index)
            expected = np.array([CENTRES[k][2] for k in index.ravel()]).reshape(index.shape)
            np.testing.assert_array_equal(names.values.astype(str), expected)
            self.assertEqual(names.sel(lat=10, lon=175).item(), "West & <co>")

    def test_netcdf_of_shapes_names_their_kinds(self):
        self.write_shapes()
        self.render_ok("--sites", "s.geojson", *GRID, "--netcdf", "s.nc")
        dump = self.ncdump("s.nc")
        for line in ("site = 3 ;", "string site_kind(site) ;",
                     'site_name = "Reef", "Cable", _ ;',
                     'site_kind = "polygon", "line", "point" ;',
                     'nearest_centre:site_variables = "site_name site_kind" ;'):
            self.assertIn(line, dump)
        self.assertNotIn("site_lat", dump)

    def test_one_point_netcdf_has_no_table(self):
        self.render_ok("--ref", "0,180", *GRID, "--netcdf", "p.nc")
        self.assertNotIn("site", self.ncdump("p.nc"))

    def test_index_geotiff_carries_a_raster_attribute_table_gdal_reads(self):
        self.write_centres()
        r = self.render_ok("--centres", "c.csv", *GRID, "--index-geotiff", "i.tif",
                           "--index", "i.npy")
        self.assertEqual(sorted(f for f in self.files() if f.startswith("i.")),
                         ["i.npy", "i.tif", "i.tif.aux.xml"])
        self.assertIn("wrote i.tif.aux.xml (GDAL raster attribute table of the 4 sites' names)",
                      r.stderr)
        text = subprocess.run(["gdalinfo", self.path("i.tif")], capture_output=True, text=True,
                              check=True).stdout
        self.assertIn('<GDALRasterAttributeTable tableType="thematic">', text)
        self.assertIn("<F>Tromsø</F>", text)
        self.assertIn("<F>West &amp; &lt;co&gt;</F>", text)
        rat = self.gdalinfo("i.tif")["rat"]  # GDAL 3.6's JSON has band 1's table at the top
        self.assertEqual([(f["name"], f["type"], f["usage"]) for f in rat["fieldDefn"]],
                         [("Value", 0, 5), ("name", 2, 2), ("lat", 1, 0), ("lon", 1, 0)])
        self.assertEqual([row["f"] for row in rat["row"]],
                         [[k, name, lat, lon] for k, (lat, lon, name) in enumerate(CENTRES)])
        try:
            from osgeo import gdal
        except ImportError:
            return
        ds = gdal.Open(self.path("i.tif"))
        band = ds.GetRasterBand(1)
        table = band.GetDefaultRAT()
        self.assertEqual(table.GetRowCount(), 4)
        index = band.ReadAsArray()
        np.testing.assert_array_equal(index, np.load(self.path("i.npy")))
        name_column = table.GetColOfUsage(gdal.GFU_Name)
        self.assertEqual(table.GetValueAsString(int(index[0, 10]), name_column), "West & <co>")

    def test_index_geotiff_of_shapes_and_its_tiles_carry_the_kinds(self):
        self.write_shapes()
        self.render_ok("--sites", "s.geojson", *GRID, "--tile", "all/2", "--index-geotiff",
                       "idx")
        self.assertEqual(sorted(os.listdir(self.path("idx"))),
                         ["tile-0-of-2.index.tif", "tile-0-of-2.index.tif.aux.xml",
                          "tile-1-of-2.index.tif", "tile-1-of-2.index.tif.aux.xml"])
        for k in (0, 1):
            rat = self.gdalinfo(f"idx/tile-{k}-of-2.index.tif")["rat"]
            self.assertEqual([f["name"] for f in rat["fieldDefn"]], ["Value", "name", "kind"])
            self.assertEqual([row["f"] for row in rat["row"]],
                             [[0, "Reef", "polygon"], [1, "Cable", "line"], [2, "", "point"]])

    def test_the_mosaic_of_index_tiles_carries_their_table(self):
        self.write_centres()
        self.render_ok("--centres", "c.csv", *GRID, "--tile", "all/3", "--index-geotiff", "idx")
        r = self.run_geofield("mosaic", "idx", "--output", "idx.vrt")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("names", r.stderr)
        rat = self.gdalinfo("idx.vrt")["rat"]
        self.assertEqual([row["f"][1] for row in rat["row"]], [c[2] for c in CENTRES])
        # Tiles whose names differ (the run's identity leaves names out): said, and none carried.
        aux = self.path("idx/tile-1-of-3.index.tif.aux.xml")
        with open(aux, encoding="utf-8") as f:
            text = f.read()
        with open(aux, "w", encoding="utf-8") as f:
            f.write(text.replace("Tromsø", "Tromso"))
        r = self.run_geofield("mosaic", "idx", "--output", "other.vrt")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("the index tiles' names (FILE.aux.xml) differ or some have none: the VRT "
                      "carries none", r.stderr)
        self.assertNotIn("rat", self.gdalinfo("other.vrt"))

    def test_netcdf_tiles_keep_the_table_and_combine_as_the_docs_print(self):
        xr = import_xarray()
        if xr is None:
            self.skipTest("xarray with netCDF4 is not installed")
        self.write_centres()
        self.render_ok("--centres", "c.csv", *GRID, "--tile", "all/2x2", "--netcdf", "tiles")
        self.render_ok("--centres", "c.csv", *GRID, "--netcdf", "whole.nc")
        from glob import glob
        here = os.getcwd()
        os.chdir(self.dir)
        try:
            # The README's recipe (docs_recipes_test.py runs it as printed).
            combined = xr.combine_by_coords(
                [xr.open_dataset(f) for f in sorted(glob("tiles/*.nc"))],
                data_vars="minimal", combine_attrs="drop_conflicts")
        finally:
            os.chdir(here)
        with xr.open_dataset(self.path("whole.nc")) as whole:
            self.assertEqual(combined["site_name"].dims, ("site",))
            self.assertEqual(list(combined["site_name"].values), list(whole["site_name"].values))
            np.testing.assert_array_equal(combined["nearest_centre"].values,
                                          whole["nearest_centre"].values)


if __name__ == "__main__":
    unittest.main()
