#include "centre_sets.h"

#include <cmath>
#include <random>

#include "field_math.h"

namespace geofield::test {

std::vector<Centre> random_centres(int count, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> z(-1, 1), lon(-180, 180);
  std::vector<Centre> c;
  c.reserve(static_cast<std::size_t>(count));
  for (int k = 0; k < count; ++k) c.push_back({std::asin(z(rng)) * 180 / kPi, lon(rng), ""});
  return c;
}

std::vector<Centre> tie_heavy_centres(const FieldParams& p, int random_count, unsigned seed) {
  const GridGeometry g = grid_geometry(p);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> row(0, p.ny - 1), col(0, p.nx - 1);
  std::vector<Centre> c;
  for (int k = 0; k < 40; ++k) {
    const int i = row(rng), j = col(rng);
    const double lat = node_lat_deg(g, i), lon = node_lon_deg(g, j);
    c.push_back({lat, lon, "on a node"});
    const double d = 0.5 * g.lon_step_deg * (1 + k % 3);
    c.push_back({lat, lon - d, "west"});
    c.push_back({lat, lon + d, "east"});
    if (k % 5 == 0) c.push_back({lat, lon, "duplicate"});
  }
  c.push_back({90, 0, "north pole"});
  c.push_back({90, 123, "north pole again"});
  c.push_back({-90, 0, "south pole"});
  c.push_back({10, 179.999999, "east of 180"});
  c.push_back({10, -179.999999, "west of 180"});
  for (Centre& r : random_centres(random_count, seed + 1)) c.push_back(r);
  return c;
}

std::vector<Centre> clustered_centres(int count, double lat_deg, double lon_deg, double radius_deg,
                                      unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-radius_deg, radius_deg);
  std::vector<Centre> c;
  for (int k = 0; k < count; ++k) {
    const double lat = std::fmax(-90.0, std::fmin(90.0, lat_deg + u(rng)));
    c.push_back({lat, lon_deg + u(rng), ""});
  }
  return c;
}

}  // namespace geofield::test
