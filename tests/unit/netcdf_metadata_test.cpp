// What a NetCDF export says by CF: UDUNITS names of the output units (nm is UDUNITS' nanometre),
// the place names of titles (hemispheres, -0, shortest digits), the long_name of each formula and
// of many centres, the file's attributes per formula, the grid mappings of projected views and
// the chunk shape.
#include "export/netcdf_metadata.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace geofield {
namespace {

const NetcdfAttribute* find(const NetcdfAttributes& a, const std::string& name) {
  for (const NetcdfAttribute& x : a) {
    if (x.name == name) return &x;
  }
  return nullptr;
}

std::string text_of(const NetcdfAttributes& a, const std::string& name) {
  const NetcdfAttribute* x = find(a, name);
  return x && x->text ? *x->text : "<none>";
}

double number_of(const NetcdfAttributes& a, const std::string& name) {
  const NetcdfAttribute* x = find(a, name);
  EXPECT_TRUE(x && !x->text) << name;
  return x ? x->number : 0;
}

TEST(NetcdfMetadata, UnitsAreUdunitsNames) {
  EXPECT_EQ(cf_units(Units::km), "km");
  EXPECT_EQ(cf_units(Units::m), "m");
  EXPECT_EQ(cf_units(Units::nm), "nautical_mile");  // "nm" would be the nanometre
  EXPECT_EQ(cf_units(Units::mi), "mile");
}

TEST(NetcdfMetadata, PlaceNamesGiveHemispheresAndShortestDigits) {
  EXPECT_EQ(place_name(30, 101), "30N 101E");
  EXPECT_EQ(place_name(-12.5, -0.25), "12.5S 0.25W");
  EXPECT_EQ(place_name(-0.0, 180), "0N 180E");
  EXPECT_EQ(place_name(30.6, 104.1), "30.6N 104.1E");
}

TEST(NetcdfMetadata, LongNamesSayWhatTheValuesAre) {
  FieldParams p;
  EXPECT_EQ(distance_long_name(p, std::nullopt), "great-circle distance from 30N 101E");
  EXPECT_EQ(distance_long_name(p, 4), "great-circle distance to the nearest of 4 sites");
  p.formula = Formula::wgs84;
  EXPECT_EQ(distance_long_name(p, std::nullopt),
            "geodesic distance on the WGS84 ellipsoid from 30N 101E");
  p.formula = Formula::seed;
  EXPECT_EQ(distance_long_name(p, std::nullopt),
            "seed expression (the numba answer's; not a distance) from 30N 101E");
}

TEST(NetcdfMetadata, GlobalAttributesNameTheView) {
  FieldParams p;
  p.units = Units::nm;
  const NetcdfAttributes a =
      global_attributes(p, std::nullopt, "geofield render --netcdf f.nc", "2026-12-01T19:40:31Z");
  EXPECT_EQ(text_of(a, "Conventions"), "CF-1.8");
  EXPECT_EQ(text_of(a, "title"), "geofield: great-circle distance from 30N 101E");
  EXPECT_EQ(text_of(a, "history"), "2026-12-01T19:40:31Z: geofield render --netcdf f.nc");
  EXPECT_EQ(text_of(a, "source"), "geofield 0.1.0");
  EXPECT_EQ(number_of(a, "node_offset"), 0.0);  // GMT: gridline registration
  EXPECT_EQ(number_of(a, "geofield_reference_lat_deg"), 30.0);
  EXPECT_EQ(number_of(a, "geofield_reference_lon_deg"), 101.0);
  EXPECT_EQ(number_of(a, "geofield_radius_km"), kDefaultRadiusKm);
  EXPECT_EQ(text_of(a, "geofield_formula"), "haversine");
  EXPECT_EQ(text_of(a, "geofield_precision"), "float");
  EXPECT_EQ(find(a, "geofield_ellipsoid"), nullptr);

  p.formula = Formula::wgs84;
  p.precision = Precision::f64;
  const NetcdfAttributes w = global_attributes(p, 7, "x", "t");
  EXPECT_EQ(find(w, "geofield_radius_km"), nullptr);          // wgs84 has its ellipsoid instead
  EXPECT_EQ(find(w, "geofield_reference_lat_deg"), nullptr);  // many centres: no one reference
  EXPECT_EQ(number_of(w, "geofield_centres"), 7.0);
  EXPECT_EQ(number_of(w, "geofield_ellipsoid_a_km"), 6378.137);
  EXPECT_EQ(number_of(w, "geofield_ellipsoid_inverse_flattening"), 298.257223563);
  EXPECT_EQ(text_of(w, "geofield_ellipsoid"), "WGS84 (a = 6378.137 km, 1/f = 298.257223563)");
  EXPECT_EQ(text_of(w, "geofield_precision"), "double");
}

TEST(NetcdfMetadata, EveryViewNamesItsGridMapping) {
  FieldParams p;
  EXPECT_EQ(text_of(distance_attributes(p, std::nullopt), "grid_mapping"), "crs");
  EXPECT_EQ(text_of(grid_mapping_attributes(p), "grid_mapping_name"), "latitude_longitude");
  EXPECT_EQ(number_of(grid_mapping_attributes(p), "semi_major_axis"), 6378137.0);  // WGS84
  p.projection = Projection::aeqd;
  p.extent = 1000;
  EXPECT_EQ(text_of(distance_attributes(p, std::nullopt), "grid_mapping"), "crs");
  NetcdfAttributes m = grid_mapping_attributes(p);
  EXPECT_EQ(text_of(m, "grid_mapping_name"), "azimuthal_equidistant");
  EXPECT_EQ(number_of(m, "latitude_of_projection_origin"), 30.0);  // about the reference
  EXPECT_EQ(number_of(m, "longitude_of_projection_origin"), 101.0);
  EXPECT_EQ(number_of(m, "earth_radius"), kDefaultRadiusKm * 1000.0);
  EXPECT_NE(text_of(m, "crs_wkt")
                .find("PROJECTION[\"Azimuthal_Equidistant\"],PARAMETER["
                      "\"latitude_of_center\",30],PARAMETER[\"longitude_of_"
                      "center\",101]"),
            std::string::npos);
  EXPECT_NE(text_of(m, "crs_wkt").find("SPHEROID[\"unnamed\",6371008.8,0]"), std::string::npos);
  p.projection = Projection::ortho;
  p.lat_min_deg = 20, p.lat_max_deg = 60, p.lon_min_deg = 170, p.lon_max_deg = -150;
  m = grid_mapping_attributes(p);
  EXPECT_EQ(text_of(m, "grid_mapping_name"), "orthographic");
  EXPECT_EQ(number_of(m, "latitude_of_projection_origin"), 40.0);  // about the view's centre
  EXPECT_EQ(number_of(m, "longitude_of_projection_origin"), -170.0);
  EXPECT_NE(text_of(m, "crs_wkt")
                .find("PROJECTION[\"Orthographic\"],PARAMETER[\"latitude_of_"
                      "origin\",40],PARAMETER[\"central_meridian\",-170]"),
            std::string::npos);
}

TEST(NetcdfMetadata, TileAttributesGiveItsPlaceInTheGrid) {
  FieldParams p;
  p.nx = 1001, p.ny = 777;
  const TileChoice tile{4, TileLayout{3, 2}};
  const Subgrid w = tile_subgrid(tile.layout, p.nx, p.ny, tile.index);
  const NetcdfAttributes a = tile_global_attributes(p, tile, w);
  EXPECT_EQ(text_of(a, "geofield_tile"), "4/3x2");
  EXPECT_EQ(number_of(a, "geofield_tile_index"), 4);
  EXPECT_EQ(number_of(a, "geofield_tile_count"), 6);
  EXPECT_EQ(number_of(a, "geofield_tiles_x"), 3);
  EXPECT_EQ(number_of(a, "geofield_tiles_y"), 2);
  // Tile 4 of 3 x 2: the second row of tiles (rows 388..776), its middle column (333..666).
  EXPECT_EQ(number_of(a, "geofield_tile_first_row"), 388);
  EXPECT_EQ(number_of(a, "geofield_tile_first_column"), 333);
  EXPECT_EQ(number_of(a, "geofield_tile_rows"), 389);
  EXPECT_EQ(number_of(a, "geofield_tile_columns"), 334);
  EXPECT_EQ(number_of(a, "geofield_grid_rows"), 777);
  EXPECT_EQ(number_of(a, "geofield_grid_columns"), 1001);
  EXPECT_NE(text_of(a, "geofield_grid").find("size=1001x777"), std::string::npos);
}

TEST(NetcdfMetadata, ChunksAre512OrTheWholeAxis) {
  EXPECT_EQ(chunk_side(2), 2u);
  EXPECT_EQ(chunk_side(511), 511u);
  EXPECT_EQ(chunk_side(512), 512u);
  EXPECT_EQ(chunk_side(4096), 512u);
}

}  // namespace
}  // namespace geofield
