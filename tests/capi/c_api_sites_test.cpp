// libgeofield's sites= (issue 28), signed_inside and the bearing output on the CPU backend: a
// GeoJSON line and a polygon with a hole, from text and from a file, equal the program's CPU
// shape field (compute/shape_field.h) bit for bit, values, index and bearing; a built-in name;
// the bearing toward a point against the spherical azimuth formula; the context's cache of the
// last sites read, refreshed when the file changes; and the refusals, each naming its field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "compute/shape_field.h"
#include "geofield.h"
#include "sites/builtin_sites.h"
#include "sites/sites_file.h"

namespace {

using geofield::FieldParams;

// A line from (29.2, 99.2) to (30.8, 99.6), and a polygon (29.4..30.6, 100..100.8) with a hole
// (29.8..30.2, 100.2..100.5), wound either way (the reader orients them).
constexpr const char* kLineAndPolygon = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "road"},
   "geometry": {"type": "LineString", "coordinates": [[99.2, 29.2], [99.6, 30.8]]}},
  {"type": "Feature", "properties": {"name": "park"},
   "geometry": {"type": "Polygon", "coordinates": [
     [[100, 29.4], [100.8, 29.4], [100.8, 30.6], [100, 30.6], [100, 29.4]],
     [[100.2, 29.8], [100.2, 30.2], [100.5, 30.2], [100.5, 29.8], [100.2, 29.8]]]}}]})";

struct Context {
  geofield_context* c = nullptr;
  explicit Context(const char* backend) { status = geofield_context_create(backend, 0, &c); }
  ~Context() { geofield_context_destroy(c); }
  geofield_status status;
};

constexpr int kNx = 61, kNy = 47;

geofield_params params(const char* sites) {
  geofield_params p;
  geofield_params_init(&p);
  p.nx = kNx;
  p.ny = kNy;
  p.sites = sites;
  return p;
}

FieldParams program_params(const geofield_params& c) {
  FieldParams q;
  q.lat_min_deg = c.lat_min, q.lat_max_deg = c.lat_max;
  q.lon_min_deg = c.lon_min, q.lon_max_deg = c.lon_max;
  q.ref_lat_deg = c.ref_lat, q.ref_lon_deg = c.ref_lon;
  q.nx = c.nx, q.ny = c.ny;
  q.precision = static_cast<geofield::Precision>(c.precision);
  q.projection = static_cast<geofield::Projection>(c.projection);
  if (q.projection != geofield::Projection::latlon) q.extent = geofield::default_extent(q);
  return q;
}

// What geofield_compute writes, and the output struct pointing at it.
template <typename T>
struct Outputs {
  std::vector<T> values = std::vector<T>(kNx * kNy, T(-7));
  std::vector<std::int32_t> index = std::vector<std::int32_t>(kNx * kNy, -7);
  std::vector<float> bearing = std::vector<float>(kNx * kNy, -7.0f);
  geofield_output o{};

  Outputs() {
    geofield_output_init(&o);
    o.dtype = sizeof(T) == sizeof(double) ? GEOFIELD_FLOAT64 : GEOFIELD_FLOAT32;
    o.values = values.data();
    o.values_bytes = values.size() * sizeof(T);
    o.index = index.data();
    o.index_bytes = index.size() * sizeof(std::int32_t);
    o.bearing = bearing.data();
    o.bearing_bytes = bearing.size() * sizeof(float);
  }
};

template <typename T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// The program's own CPU shape field of shapes for the C params c.
template <typename T>
Outputs<T> program_field(const geofield_params& c, const geofield::SiteShapes& shapes) {
  Outputs<T> want;
  geofield::shape_field_on_cpu<T>(program_params(c), shapes, {c.signed_inside != 0},
                                  geofield::whole_grid(c.nx, c.ny), want.values.data(),
                                  want.index.data(), want.bearing.data());
  return want;
}

template <typename T>
void expect_program_field(geofield_context* ctx, const geofield_params& p,
                          const geofield::SiteShapes& shapes) {
  Outputs<T> got;
  ASSERT_EQ(geofield_compute(ctx, &p, &got.o), GEOFIELD_OK) << geofield_last_error();
  const Outputs<T> want = program_field<T>(p, shapes);
  EXPECT_TRUE(same_bits(got.values, want.values));
  EXPECT_EQ(got.index, want.index);
  EXPECT_TRUE(same_bits(got.bearing, want.bearing));
}

std::string compute_error(geofield_context* c, const geofield_params& p, const geofield_output& o) {
  EXPECT_EQ(geofield_compute(c, &p, &o), GEOFIELD_INVALID_ARGUMENT);
  return geofield_last_error();
}

// A file in the test's temporary folder, removed at the end.
struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("geofield_c_api_sites_" + std::to_string(::getpid()) + "_" + name)) {}
  ~TempFile() { std::filesystem::remove(path); }
  void write(const std::string& text) const { std::ofstream(path) << text; }
};

TEST(CApiSites, LineAndPolygonWithHoleAreTheProgramsShapeFieldBitForBit) {
  Context ctx("cpu");
  ASSERT_EQ(ctx.status, GEOFIELD_OK) << geofield_last_error();
  const geofield::SiteShapes shapes = geofield::parse_sites_geojson(kLineAndPolygon, "test");
  for (int projection : {GEOFIELD_LATLON, GEOFIELD_AEQD}) {
    for (int signed_inside : {0, 1}) {
      SCOPED_TRACE("projection " + std::to_string(projection) + ", signed " +
                   std::to_string(signed_inside));
      geofield_params p = params(kLineAndPolygon);
      p.projection = projection;
      p.signed_inside = signed_inside;
      expect_program_field<float>(ctx.c, p, shapes);
      p.precision = GEOFIELD_PRECISION_DOUBLE;
      expect_program_field<double>(ctx.c, p, shapes);
    }
  }
  // Real values: both features are nearest somewhere, the hole's inside is outside the polygon
  // (positive), the polygon's inside negative when signed, 0 (no bearing) when not.
  geofield_params p = params(kLineAndPolygon);
  p.signed_inside = 1;
  Outputs<float> got;
  ASSERT_EQ(geofield_compute(ctx.c, &p, &got.o), GEOFIELD_OK) << geofield_last_error();
  const auto at = [](double lat, double lon) {  // the node at (lat, lon) of the default view
    const int i = static_cast<int>(std::lround((31 - lat) / 2 * (kNy - 1)));
    const int j = static_cast<int>(std::lround((lon - 99) / 2 * (kNx - 1)));
    return static_cast<std::size_t>(i) * kNx + j;
  };
  EXPECT_EQ(got.index[at(30, 99.4)], 0);
  EXPECT_EQ(got.index[at(29.5, 100.4)], 1);
  EXPECT_LT(got.values[at(29.5, 100.4)], 0);  // inside, south of the hole
  EXPECT_GT(got.values[at(30, 100.35)], 0);   // inside the hole
  p.signed_inside = 0;
  ASSERT_EQ(geofield_compute(ctx.c, &p, &got.o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(got.values[at(29.5, 100.4)], 0.0f);
  EXPECT_TRUE(std::isnan(got.bearing[at(29.5, 100.4)]));

  // The same from a file, whose name says GeoJSON.
  TempFile file("line_and_polygon.geojson");
  file.write(kLineAndPolygon);
  const std::string path = file.path.string();
  expect_program_field<float>(ctx.c, params(path.c_str()), shapes);
}

TEST(CApiSites, BuiltInNamesAreTheBuiltInSets) {
  Context ctx("cpu");
  geofield_params p = params("@coastline:110m");
  p.lat_min = -60, p.lat_max = 60, p.lon_min = -30, p.lon_max = 60;
  expect_program_field<float>(ctx.c, p, geofield::builtin_sites("@coastline:110m"));
  p.sites = "@land:110m";
  p.signed_inside = 1;
  expect_program_field<float>(ctx.c, p, geofield::builtin_sites("@land:110m"));
}

// The initial azimuth from (lat1, lon1) toward (lat2, lon2) on the sphere, degrees in [0, 360).
double azimuth_deg(double lat1, double lon1, double lat2, double lon2) {
  const double r = M_PI / 180, dl = (lon2 - lon1) * r;
  const double a = std::atan2(std::sin(dl) * std::cos(lat2 * r),
                              std::cos(lat1 * r) * std::sin(lat2 * r) -
                                  std::sin(lat1 * r) * std::cos(lat2 * r) * std::cos(dl));
  return std::fmod(a / r + 360, 360);
}

// Whether two azimuths are within 1e-4 degrees of each other, around the circle (due north may
// come out as 359.99999).
::testing::AssertionResult same_direction(double a, double b) {
  if (std::fabs(std::remainder(a - b, 360.0)) < 1e-4) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << a << " is not " << b;
}

TEST(CApiSites, TheBearingPointsTowardTheReferencePointAndTheNearestCentre) {
  Context ctx("cpu");
  geofield_params p = params(nullptr);
  p.nx = 3, p.ny = 3;  // latitudes 31, 30, 29; longitudes 99, 100, 101; the reference (30, 101)
  std::vector<float> v(9), bearing(9, -7.0f);
  geofield_output o;
  geofield_output_init(&o);
  o.values = v.data();
  o.values_bytes = v.size() * sizeof(float);
  o.bearing = bearing.data();
  o.bearing_bytes = bearing.size() * sizeof(float);
  for (int formula : {GEOFIELD_HAVERSINE, GEOFIELD_SEED}) {  // the seed's point's direction too
    p.formula = formula;
    ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
    EXPECT_TRUE(same_direction(bearing[2], 180));                           // (31, 101): due south
    EXPECT_TRUE(std::isnan(bearing[5]));                                    // on the point
    EXPECT_TRUE(same_direction(bearing[8], 0));                             // (29, 101): due north
    EXPECT_TRUE(same_direction(bearing[3], azimuth_deg(30, 99, 30, 101)));  // east, a bit north
    EXPECT_TRUE(same_direction(bearing[6], azimuth_deg(29, 99, 30, 101)));
  }
  // Two centres: toward the nearer.
  const double lat[] = {31.5, 28.5}, lon[] = {99, 101};
  p.formula = GEOFIELD_HAVERSINE;
  p.centre_count = 2;
  p.centre_lat = lat;
  p.centre_lon = lon;
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_TRUE(same_direction(bearing[0], 0));    // (31, 99) below (31.5, 99)
  EXPECT_TRUE(same_direction(bearing[8], 180));  // (29, 101) above (28.5, 101)
  EXPECT_TRUE(same_direction(bearing[5], 180));  // (30, 101): toward (28.5, 101)
  EXPECT_TRUE(same_direction(bearing[1], azimuth_deg(31, 100, 31.5, 99)));
  EXPECT_TRUE(same_direction(bearing[3], 0));  // (30, 99): toward (31.5, 99)
}

TEST(CApiSites, TheLastSitesReadAreKeptUntilTheFileChanges) {
  Context ctx("cpu");
  TempFile file("points.csv");
  file.write("lat,lon\n30,100\n");
  const std::string path = file.path.string();
  geofield_params p = params(path.c_str());
  Outputs<float> a, b;
  ASSERT_EQ(geofield_compute(ctx.c, &p, &a.o), GEOFIELD_OK) << geofield_last_error();
  ASSERT_EQ(geofield_compute(ctx.c, &p, &b.o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_TRUE(same_bits(a.values, b.values));
  EXPECT_EQ(a.values[(kNy / 2) * kNx + kNx / 2], 0.0f);  // the node on the point
  // Another point (another size): read again.
  file.write("lat,lon\n30.5,100\n29.5,100\n");
  ASSERT_EQ(geofield_compute(ctx.c, &p, &b.o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_GT(b.values[(kNy / 2) * kNx + kNx / 2], 50.0f);
  EXPECT_EQ(b.index[0], 0);
  EXPECT_EQ(b.index[b.index.size() - 1], 1);
}

TEST(CApiSites, RefusalsNameTheField) {
  Context ctx("cpu");
  Outputs<float> out;
  // A polygon whose ring is not closed: the reader's line, naming the feature.
  const std::string open_ring = R"({"type": "FeatureCollection", "features": [
    {"type": "Feature", "geometry": {"type": "Point", "coordinates": [100, 30]}},
    {"type": "Feature", "geometry": {"type": "Polygon", "coordinates":
      [[[100, 29], [101, 29], [101, 30], [100, 30]]]}}]})";
  geofield_params p = params(open_ring.c_str());
  std::string e = compute_error(ctx.c, p, out.o);
  EXPECT_EQ(e.rfind("sites: GeoJSON text, feature 1: ", 0), 0u) << e;
  EXPECT_NE(e.find("not closed"), std::string::npos) << e;
  EXPECT_EQ(out.values[0], -7.0f);  // nothing written
  EXPECT_EQ(geofield_params_check(&p), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(geofield_last_error(), e);

  // signed_inside without polygons: a line, the reference point.
  p = params(R"({"type": "LineString", "coordinates": [[99, 29], [101, 31]]})");
  p.signed_inside = 1;
  e = compute_error(ctx.c, p, out.o);
  EXPECT_EQ(e.rfind("signed_inside: signs the inside of polygons, and these sites have none", 0),
            0u)
      << e;
  p.sites = nullptr;
  out.o.index = nullptr;
  EXPECT_EQ(compute_error(ctx.c, p, out.o).rfind("signed_inside: ", 0), 0u);

  // Sites and centres: one or the other.
  const double lat[] = {30}, lon[] = {100};
  p = params("@land");
  p.centre_count = 1;
  p.centre_lat = lat;
  p.centre_lon = lon;
  EXPECT_EQ(compute_error(ctx.c, p, out.o),
            "sites: give sites or centres (centre_count 1), not both: they are two ways to say "
            "what the distance is measured to");

  // wgs84: the sites' refusal, and the bearing's (for the reference point too).
  p = params(kLineAndPolygon);
  p.formula = GEOFIELD_WGS84;
  EXPECT_EQ(compute_error(ctx.c, p, out.o)
                .rfind("sites: lines and polygons are measured on the "
                       "sphere",
                       0),
            0u)
      << geofield_last_error();
  p.sites = nullptr;
  EXPECT_EQ(compute_error(ctx.c, p, out.o),
            "geofield_output.bearing: the azimuth toward the nearest site is the sphere's "
            "(haversine); the wgs84 formula's, a geodesic's on the ellipsoid, is not computed yet");

  // Names, paths and text that are not sites.
  p = params("@nowhere");
  EXPECT_EQ(compute_error(ctx.c, p, out.o).rfind("sites: '@nowhere' is not a built-in set", 0), 0u)
      << geofield_last_error();
  p.sites = "/nonexistent/sites.geojson";
  e = compute_error(ctx.c, p, out.o);
  EXPECT_EQ(e.rfind("sites: ", 0), 0u) << e;
  EXPECT_NE(e.find("/nonexistent/sites.geojson"), std::string::npos) << e;
  p.sites = "";
  EXPECT_EQ(compute_error(ctx.c, p, out.o).rfind("sites: empty; give a GeoJSON or CSV file's", 0),
            0u);
  p.sites = "{not json";
  EXPECT_EQ(compute_error(ctx.c, p, out.o).rfind("sites: GeoJSON text: ", 0), 0u)
      << geofield_last_error();

  // The bearing: host memory of the field's size.
  p = params("@coastline:110m");
  Outputs<float> small;
  small.o.bearing_bytes -= 1;
  EXPECT_EQ(compute_error(ctx.c, p, small.o).rfind("geofield_output.bearing_bytes: ", 0), 0u);
  small.o.bearing_bytes += 1;
  small.o.memory = GEOFIELD_MEMORY_CUDA;
  EXPECT_EQ(compute_error(ctx.c, p, small.o)
                .rfind("geofield_output.bearing: the bearing is "
                       "computed on the CPU",
                       0),
            0u);
  EXPECT_EQ(small.values[0], -7.0f);
}

TEST(CApiSites, CallersOfTheFirstVersionNeitherGiveSitesNorGetABearing) {
  Context ctx("cpu");
  geofield_params p = params("@nowhere");  // would be refused if read
  p.signed_inside = 1;
  p.struct_size = offsetof(geofield_params, sites);
  Outputs<float> out;
  out.o.index = nullptr;
  out.o.struct_size = offsetof(geofield_output, bearing);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &out.o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(out.bearing[0], -7.0f);  // not theirs to write
  EXPECT_GT(out.values[0], 0.0f);
}

// The gl context computes lines and polygons by its shaders: the program's CPU field within
// 1e-12 relative in double (float: the double value's rounding), the index and the bearing
// (the CPU's, as for points) equal; signed or not.
TEST(CApiSites, TheGlContextComputesLinesAndPolygonsAsTheProgramsCpuField) {
  Context gl("gl");
  if (gl.status != GEOFIELD_OK) GTEST_SKIP() << geofield_last_error();
  const geofield::SiteShapes shapes = geofield::parse_sites_geojson(kLineAndPolygon, "test");
  for (const int signed_inside : {0, 1}) {
    geofield_params p = params(kLineAndPolygon);
    p.signed_inside = signed_inside;
    p.precision = GEOFIELD_PRECISION_DOUBLE;
    Outputs<double> got;
    ASSERT_EQ(geofield_compute(gl.c, &p, &got.o), GEOFIELD_OK) << geofield_last_error();
    const Outputs<double> want = program_field<double>(p, shapes);
    for (std::size_t k = 0; k < want.values.size(); ++k) {
      ASSERT_NEAR(got.values[k], want.values[k], 1e-12 * std::fabs(want.values[k]) + 1e-9)
          << "node " << k << (signed_inside ? ", signed" : "");
    }
    EXPECT_EQ(got.index, want.index);
    EXPECT_TRUE(same_bits(got.bearing, want.bearing));
    if (signed_inside) {
      EXPECT_LT(*std::min_element(got.values.begin(), got.values.end()), 0.0);
    }
  }
}

}  // namespace
