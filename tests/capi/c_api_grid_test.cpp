// geofield_grid_describe (API 1.2, issue 31): the coordinates and CF attributes `render --netcdf`
// writes, as JSON: the grid contract's nodes, the grid mapping of latlon and projected views,
// the index's attributes with sites, the length-then-text protocol, and the refusals. (Python's
// test_dataarray.py holds them to a written NetCDF bit for bit.)
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geofield.h"

namespace {

using nlohmann::json;

json describe(const geofield_params& p, int64_t sites) {
  size_t length = 7;
  EXPECT_EQ(geofield_grid_describe(&p, sites, nullptr, 0, &length), GEOFIELD_OK)
      << geofield_last_error();
  std::string text(length + 1, '#');
  size_t again = 0;
  EXPECT_EQ(geofield_grid_describe(&p, sites, text.data(), text.size(), &again), GEOFIELD_OK);
  EXPECT_EQ(again, length);
  EXPECT_EQ(text[length], '\0');
  text.resize(length);
  return json::parse(text);
}

geofield_params params() {
  geofield_params p;
  geofield_params_init(&p);
  p.nx = 3;
  p.ny = 5;
  return p;
}

TEST(CApiGrid, ALatLonGridIsItsNodesInDegreesOnWgs84) {
  geofield_params p = params();
  p.sites = "/no/such/file.csv";  // not read: the caller counts its sites
  const json j = describe(p, 0);
  EXPECT_EQ(j["y"]["name"], "lat");
  EXPECT_EQ(j["x"]["name"], "lon");
  EXPECT_EQ(j["y"]["values"], json({31.0, 30.5, 30.0, 29.5, 29.0}));  // row 0 north
  EXPECT_EQ(j["x"]["values"], json({99.0, 100.0, 101.0}));
  EXPECT_EQ(j["y"]["attributes"]["standard_name"], "latitude");
  EXPECT_EQ(j["x"]["attributes"]["units"], "degrees_east");
  EXPECT_EQ(j["grid_mapping"]["grid_mapping_name"], "latitude_longitude");
  EXPECT_NE(j["grid_mapping"]["crs_wkt"].get<std::string>().find("AUTHORITY[\"EPSG\",\"4326\"]]"),
            std::string::npos);
  EXPECT_EQ(j["values"]["units"], "km");
  EXPECT_EQ(j["values"]["long_name"], "great-circle distance from 30N 101E");
  EXPECT_EQ(j["global"]["geofield_reference_lat_deg"], 30.0);
  EXPECT_FALSE(j["global"].contains("history"));
  EXPECT_FALSE(j.contains("index"));
}

TEST(CApiGrid, AProjectedGridIsInMetresWithItsSitesIndex) {
  geofield_params p = params();
  p.projection = GEOFIELD_AEQD;
  p.extent = 1000;
  p.units = GEOFIELD_NM;
  const json j = describe(p, 4);
  EXPECT_EQ(j["x"]["name"], "x");
  // Half-width 1000 nm in metres, whatever the output unit; rows as far apart as columns.
  const std::vector<double> x = j["x"]["values"], y = j["y"]["values"];
  ASSERT_EQ(x.size(), 3u);
  ASSERT_EQ(y.size(), 5u);
  EXPECT_NEAR(x[0], -1852000.0, 1e-6);
  EXPECT_EQ(x[1], 0.0);
  EXPECT_NEAR(x[2], 1852000.0, 1e-6);
  EXPECT_NEAR(y[0], 2 * 1852000.0, 1e-6);  // row 0 north
  EXPECT_EQ(y[2], 0.0);
  EXPECT_EQ(j["grid_mapping"]["grid_mapping_name"], "azimuthal_equidistant");
  EXPECT_EQ(j["values"]["units"], "nautical_mile");
  EXPECT_EQ(j["index"]["long_name"], "index of the nearest of 4 sites by the haversine distance");
  EXPECT_EQ(j["global"]["geofield_centres"], 4.0);
}

TEST(CApiGrid, RefusalsAndATooSmallBuffer) {
  geofield_params p = params();
  size_t length = 0;
  char small[8] = "keep";
  EXPECT_EQ(geofield_grid_describe(&p, 0, small, sizeof small, &length), GEOFIELD_OK);
  EXPECT_GT(length, sizeof small);
  EXPECT_STREQ(small, "keep");  // untouched: the caller learns the length
  EXPECT_EQ(geofield_grid_describe(&p, -1, nullptr, 0, &length), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "geofield_grid_describe: site_count -1 is negative");
  EXPECT_EQ(geofield_grid_describe(&p, 0, nullptr, 0, nullptr), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(geofield_grid_describe(nullptr, 0, nullptr, 0, &length), GEOFIELD_INVALID_ARGUMENT);
  p.lat_max = 95;
  EXPECT_EQ(geofield_grid_describe(&p, 0, nullptr, 0, &length), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "--lat: latitude 95 is outside [-90, 90]");
  p = params();
  p.projection = GEOFIELD_EQEARTH;
  EXPECT_EQ(geofield_grid_describe(&p, 0, nullptr, 0, &length), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_NE(std::string(geofield_last_error()).find("not yet eqearth"), std::string::npos);
}

}  // namespace
