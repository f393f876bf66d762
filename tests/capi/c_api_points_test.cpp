// geofield_compute_points (API 1.2, issue 31) on the CPU backend: the values at a grid's nodes
// equal geofield_compute's there (double: to 1e-9 km; sites: bit for bit, the index too), float32
// and float64 stores, centres with the index; the refusals, each naming its field.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "geofield.h"

namespace {

struct Context {
  geofield_context* c = nullptr;
  geofield_status status;
  explicit Context(const char* backend) { status = geofield_context_create(backend, 0, &c); }
  ~Context() { geofield_context_destroy(c); }
};

constexpr int kNx = 23, kNy = 17;

geofield_params grid() {
  geofield_params p;
  geofield_params_init(&p);
  p.lat_min = -50, p.lat_max = 70, p.lon_min = 160, p.lon_max = -150;
  p.nx = kNx, p.ny = kNy;
  p.precision = GEOFIELD_PRECISION_DOUBLE;
  return p;
}

// The grid's nodes as the grid contract places them (the step first, then times the count).
void nodes(const geofield_params& p, std::vector<double>* lat, std::vector<double>* lon) {
  const double dlat = (p.lat_max - p.lat_min) / (p.ny - 1);
  double span = std::fmod(p.lon_max - p.lon_min, 360.0);
  if (span <= 0) span += 360;
  const double dlon = span / (p.nx - 1);
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j)
      lat->push_back(p.lat_max - i * dlat), lon->push_back(p.lon_min + j * dlon);
  }
}

struct Both {
  std::vector<double> grid, points;
  std::vector<std::int32_t> grid_index, points_index;
};

Both compute(geofield_context* c, const geofield_params& p, bool index) {
  const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
  Both b{std::vector<double>(n), std::vector<double>(n), std::vector<std::int32_t>(n),
         std::vector<std::int32_t>(n)};
  geofield_output o;
  geofield_output_init(&o);
  o.dtype = GEOFIELD_FLOAT64;
  o.values = b.grid.data(), o.values_bytes = n * 8;
  if (index) o.index = b.grid_index.data(), o.index_bytes = n * 4;
  EXPECT_EQ(geofield_compute(c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  std::vector<double> lat, lon;
  nodes(p, &lat, &lon);
  geofield_points q;
  geofield_points_init(&q);
  q.count = static_cast<std::int64_t>(n);
  q.lat = lat.data(), q.lon = lon.data();
  q.dtype = GEOFIELD_FLOAT64;
  q.values = b.points.data(), q.values_bytes = n * 8;
  if (index) q.index = b.points_index.data(), q.index_bytes = n * 4;
  EXPECT_EQ(geofield_compute_points(c, &p, &q), GEOFIELD_OK) << geofield_last_error();
  return b;
}

TEST(CApiPoints, EqualTheGridAtItsNodes) {
  Context cpu("cpu");
  ASSERT_EQ(cpu.status, GEOFIELD_OK);
  geofield_params p = grid();
  for (int formula : {GEOFIELD_HAVERSINE, GEOFIELD_WGS84}) {
    p.formula = formula;
    const Both b = compute(cpu.c, p, false);
    for (std::size_t k = 0; k < b.grid.size(); ++k) ASSERT_NEAR(b.points[k], b.grid[k], 1e-9) << k;
  }
  const double centre_lat[] = {10, -20, 45.5, 60}, centre_lon[] = {170, -160, 179.9, -170};
  p.formula = GEOFIELD_HAVERSINE;
  p.centre_count = 4, p.centre_lat = centre_lat, p.centre_lon = centre_lon;
  const Both c = compute(cpu.c, p, true);
  for (std::size_t k = 0; k < c.grid.size(); ++k) {
    ASSERT_NEAR(c.points[k], c.grid[k], 1e-9) << k;
    ASSERT_EQ(c.points_index[k], c.grid_index[k]) << k;
  }
  p.centre_count = 0;
  p.sites = R"({"type": "LineString", "coordinates": [[165, 0], [-160, 30]]})";
  const Both s = compute(cpu.c, p, true);
  EXPECT_EQ(s.points, s.grid);
  EXPECT_EQ(s.points_index, s.grid_index);
}

TEST(CApiPoints, FloatStoreAndRefusals) {
  Context cpu("cpu");
  geofield_params p = grid();
  const double lat[] = {0, 95}, lon[] = {0, 0};
  float v[2];
  geofield_points q;
  geofield_points_init(&q);
  q.count = 1, q.lat = lat, q.lon = lon, q.values = v, q.values_bytes = sizeof v;
  p.ref_lat = 0, p.ref_lon = 1;
  ASSERT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_OK) << geofield_last_error();
  EXPECT_NEAR(v[0], 6371.0088 * M_PI / 180, 1e-4);
  q.count = 2;
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "point 1: latitude 95 is outside [-90, 90]");
  q.values_bytes = 4;
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(geofield_last_error()).rfind("geofield_points.values_bytes: ", 0), 0u);
  q.count = -1;
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "geofield_points.count: -1 is negative");
  q.count = 1, q.struct_size = 8;
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
  q.struct_size = sizeof q, q.memory = GEOFIELD_MEMORY_CUDA, q.values_bytes = sizeof v;
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(geofield_last_error()).rfind("geofield_points.memory: CUDA memory", 0), 0u);
  EXPECT_EQ(geofield_compute_points(cpu.c, &p, nullptr), GEOFIELD_INVALID_ARGUMENT);
}

}  // namespace
