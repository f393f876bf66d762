// A site's value on a projected view as the CUDA nearest-site kernels compute it
// (core/projected_sites.h: each site's own map made from the view's by set_projected_reference,
// then projected_site_value), run here on the host: bit for bit the CPU's value of that site at
// that node (nearest_centre_brute_force with the one site), on aeqd and ortho views, about
// their centres and elsewhere, float and double, km and nm, haversine and wgs84. The device
// runs the same functions; tests/gpu/nearest_site_views_test.cpp compares the device's field
// with the CPU's within the float path's bound.
#include "projected_sites.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "case_names.h"
#include "centre_sets.h"
#include "compute/nearest_centre.h"
#include "same_bits.h"
#include "test_grids.h"

namespace geofield {
namespace {

struct MapCase {
  std::string name;
  FieldParams p;
};

void PrintTo(const MapCase& c, std::ostream* os) { *os << c.name; }

std::vector<MapCase> map_cases() {
  const double r = kDefaultRadiusKm, half = kPi * r;
  return {
      {"aeqd whole sphere",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101, half, 41, 31)},
      {"aeqd a city",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, -33.9, 18.4, 50, 21, 17)},
      {"ortho globe", test::make_map_params(Projection::ortho, -10, 10, -10, 10, 0, 0, r, 41, 41)},
      {"ortho across 180",
       test::make_map_params(Projection::ortho, 50, 89, 170, -170, 0, 0, r, 31, 37)},
      {"aeqd wgs84", test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 45, -120, half, 21,
                                           17, Formula::wgs84)},
      {"ortho wgs84", test::make_map_params(Projection::ortho, -60, -20, -80, -40, 0, 0, r, 21, 21,
                                            Formula::wgs84)},
  };
}

class ProjectedSites : public testing::TestWithParam<MapCase> {};

template <typename T>
void expect_cpu_values(const FieldParams& p, const std::vector<Centre>& sites,
                       const std::string& what) {
  const ProjectedGrid view = projected_grid(p);
  const ChordConstants<float> view_chord =
      chord_constants<float>(view, std::numeric_limits<float>::quiet_NaN());
  const GeodesicField f = p.formula == Formula::wgs84 ? geodesic_field(p) : GeodesicField{};
  std::size_t compared = 0, differ = 0;
  for (const Centre& c : sites) {
    const ProjectedSite s =
        make_projected_site(view, c.lat_deg, c.lon_deg, f.ellipsoid, p.formula == Formula::wgs84,
                            std::numeric_limits<float>::quiet_NaN());
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const SpherePoint<double> d = projected_node_point<double>(view, i, j);
        T cpu = 0;
        std::int32_t k = 0;
        nearest_centre_brute_force<T>(p, {&c, 1}, Subgrid{i, j, 1, 1}, &cpu, &k);
        if (!d.valid) {
          EXPECT_EQ(k, -1) << what;
          continue;
        }
        const T mine = projected_site_value<T>(s, view, view_chord, f, i, j, d);
        ++compared;
        if (!test::same_bits(mine, cpu) && differ++ < 5) {
          ADD_FAILURE() << what << ", site (" << c.lat_deg << ", " << c.lon_deg << "), node (" << i
                        << ", " << j << "): " << mine << " vs the CPU's " << cpu;
        }
      }
    }
  }
  EXPECT_EQ(differ, 0u) << what;
  EXPECT_GT(compared, sites.size() * 10) << what << ": the maps have nodes";
}

TEST_P(ProjectedSites, EachSitesValueIsTheCpus) {
  const MapCase& c = GetParam();
  const ProjectedGrid view = projected_grid(c.p);
  std::vector<Centre> sites = test::random_centres(12, 5);
  sites.push_back({view.centre.lat_deg, view.centre.lon_deg, "the map's centre"});
  sites.push_back({-view.centre.lat_deg, view.centre.lon_deg + 180, "its antipode"});
  sites.push_back({90, 0, "north pole"});
  for (const Units u : {Units::km, Units::nm}) {
    FieldParams p = c.p;
    p.units = u;
    if (u == Units::nm) p.extent /= 1.852;  // the same map in nautical miles
    p.precision = Precision::f32;
    expect_cpu_values<float>(p, sites, c.name + " f32 " + std::string(to_string(u)));
    p.precision = Precision::f64;
    expect_cpu_values<double>(p, sites, c.name + " f64 " + std::string(to_string(u)));
  }
}

INSTANTIATE_TEST_SUITE_P(Maps, ProjectedSites, testing::ValuesIn(map_cases()),
                         [](const testing::TestParamInfo<MapCase>& info) {
                           return test::gtest_case_name(info.param.name);
                         });

}  // namespace
}  // namespace geofield
