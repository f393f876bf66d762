// The CUDA nearest-site path on every view (issue 27): latlon, aeqd and ortho, haversine and
// wgs84, float and double, one site and many (the same cases). For each:
//   - the kernels' pruned passes equal their brute force (every site at every node) bit for
//     bit, values and indices, off-map nodes NaN and -1 in both;
//   - the kernels against the CPU's brute force (nearest_centre_brute_force, the same value
//     function on the host) within the float path's bound (double: far finer; wgs84: the
//     geodesic's 5e-8 m), off-map nodes the same, indices equal except where the two values tie
//     within that bound;
//   - through the backend: the interop path's textures, the pixel-buffer path's and the kernels'
//     buffers hold the same values and indices, and the f64 exports agree;
//   - libgeofield's device computer: subgrids (tiles) equal the whole field, values and index.
#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda_backend.h"
#include "case_names.h"
#include "centre_sets.h"
#include "compute/cuda_device_field.h"
#include "compute/cuda_sites.h"
#include "compute/nearest_centre.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "gl/field_texture.h"
#include "gpu_test_support.h"
#include "nearest_centres.h"
#include "same_bits.h"
#include "test_grids.h"
#include "tiles.h"

namespace geofield {
namespace {

using test::same_bits;

struct ViewCase {
  std::string name;
  FieldParams p;
};

std::vector<ViewCase> views() {
  const double r = kDefaultRadiusKm, half = kPi * r;
  FieldParams wgs84_latlon = test::make_params(-90, 90, -180, 180, 73, 37, 0, 0);
  wgs84_latlon.formula = Formula::wgs84;
  return {
      {"latlon across 180", test::make_params(-60, 70, 150, -120, 150, 90, 0, 0)},
      {"latlon wgs84 globe", wgs84_latlon},
      {"aeqd whole sphere",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101, half, 161, 121)},
      {"aeqd north pole",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 90, 0, half / 2, 101, 101)},
      {"aeqd a city",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, -33.9, 18.4, 50, 81, 61)},
      {"ortho globe",
       test::make_map_params(Projection::ortho, -10, 10, -10, 10, 0, 0, r, 141, 121)},
      {"ortho across 180",
       test::make_map_params(Projection::ortho, 50, 89, 170, -170, 0, 0, r, 101, 111)},
      {"ortho 500 km", test::make_map_params(Projection::ortho, 40, 50, 0, 10, 0, 0, 500, 81, 61)},
      {"eqearth world", test::make_map_params(Projection::eqearth, 29, 31, 99, 101, 30, 101,
                                              kEqEarthMaxX * r, 161, eqearth_world_ny(161))},
      {"eqearth across 180",
       test::make_map_params(Projection::eqearth, 29, 31, 99, 101, -20, 180, 2000, 81, 61)},
      {"aeqd wgs84", test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 45, -120, half, 81,
                                           61, Formula::wgs84)},
      {"ortho wgs84", test::make_map_params(Projection::ortho, -60, -20, -80, -40, 0, 0, r, 81, 81,
                                            Formula::wgs84)},
  };
}

// The sites of a case: one (off an aeqd map's centre, so that the nearest-site kernels compute
// it: on the map's centre it is the one-point field), or many built to tie (test::
// tie_heavy_centres on latlon; on a map its centre twice, its antipode, the poles, pairs
// mirrored about its central meridian, sites on nodes' points) and random ones.
std::vector<Centre> sites_of(const FieldParams& p, int count) {
  if (p.projection == Projection::latlon) {
    if (count == 1) return {{12.5, -171.25, "one"}};
    return test::tie_heavy_centres(p, count, 7);
  }
  const ProjectedGrid g = projected_grid(p);
  const double lat0 = g.centre.lat_deg, lon0 = g.centre.lon_deg;
  if (count == 1) return {{lat0 - 0.3, lon0 + 0.2, "near the map's centre"}};
  std::vector<Centre> c{{lat0, lon0, "map centre"},
                        {lat0, lon0, "map centre again"},
                        {-lat0, lon0 + 180, "antipode"},
                        {90, 0, "north pole"},
                        {-90, 0, "south pole"}};
  for (int k = 1; k <= 20; ++k) {
    const double a = -80 + 7.75 * k, b = 0.25 * k;  // exact offsets: the pair mirrors exactly
    c.push_back({a, lon0 - b, "west"});
    c.push_back({a, lon0 + b, "east"});
  }
  for (int k = 0; k < 16; ++k) {
    const SpherePoint<double> q =
        projected_node_point<double>(g, (k * 37) % p.ny, (k * 53 + 11) % p.nx);
    if (q.valid) c.push_back({q.lat_deg, q.lon_deg, "on a node"});
  }
  const std::vector<Centre> spread = test::random_centres(count - static_cast<int>(c.size()), 41);
  c.insert(c.end(), spread.begin(), spread.end());
  return c;
}

struct SitesCase {
  ViewCase view;
  int sites;  // 1 or many
};

void PrintTo(const SitesCase& c, std::ostream* os) { *os << c.view.name << ", " << c.sites; }

std::vector<SitesCase> cases() {
  std::vector<SitesCase> out;
  for (const ViewCase& v : views()) {
    for (int n : {1, 400}) out.push_back({v, n});
  }
  return out;
}

// wgs84 is computed in double either way; float stores it rounded.
constexpr Precision kPrecisions[] = {Precision::f32, Precision::f64};

struct Result {
  std::vector<double> values;  // as stored (float or double), widened
  std::vector<std::int32_t> index;
};

template <typename Out>
Result run(NearestCentres& k, const FieldParams& p, CentresTuning t, cudaStream_t stream) {
  const size_t n = static_cast<size_t>(node_count(p));
  DeviceBuffer values, index;
  values.ensure(n * sizeof(Out), "test values");
  index.ensure(n * sizeof(std::int32_t), "test index");
  GF_CUDA(cudaMemsetAsync(values.get(), 0x5a, n * sizeof(Out), stream));
  GF_CUDA(cudaMemsetAsync(index.get(), 0x5a, n * sizeof(std::int32_t), stream));
  k.compute_to_buffers<Out>(centres_view(p), static_cast<Out*>(values.get()),
                            static_cast<std::int32_t*>(index.get()), stream, t);
  std::vector<Out> v(n);
  Result r{std::vector<double>(n), std::vector<std::int32_t>(n)};
  GF_CUDA(cudaMemcpyAsync(v.data(), values.get(), n * sizeof(Out), cudaMemcpyDeviceToHost, stream));
  GF_CUDA(cudaMemcpyAsync(r.index.data(), index.get(), n * sizeof(std::int32_t),
                          cudaMemcpyDeviceToHost, stream));
  GF_CUDA(cudaStreamSynchronize(stream));
  for (size_t q = 0; q < n; ++q) r.values[q] = v[q];
  return r;
}

// Node for node, bit for bit (NaN equal to NaN); an index is a site's, or -1 exactly where the
// value is NaN (off the map).
size_t count_differences(const Result& a, const Result& b, const std::string& what) {
  size_t differ = 0;
  for (size_t q = 0; q < a.values.size(); ++q) {
    const bool off = std::isnan(a.values[q]);
    const bool same = same_bits(a.values[q], b.values[q]) && a.index[q] == b.index[q] &&
                      (off ? a.index[q] == -1 : a.index[q] >= 0);
    if (!same && differ++ < 5) {
      ADD_FAILURE() << what << ": node " << q << ": " << a.values[q] << " (site " << a.index[q]
                    << ") vs " << b.values[q] << " (site " << b.index[q] << ")";
    }
  }
  return differ;
}

double bound_of(const FieldParams& p, double value) {
  if (p.formula == Formula::wgs84) return 5e-8 / metres_per_unit(p.units);
  return 2e-6 * (kPi * radius_in_units(p) + value);  // the float path's (field_checks.h)
}

// Whether node (i, j) of a projected view lies within 1e-12 of the map's edge (aeqd: pi R;
// ortho: R), where the device's and the host's roundings of hypot(x, y) may disagree on whether
// it has a point.
bool at_the_rim(const FieldParams& p, int i, int j) {
  if (p.projection == Projection::latlon) return false;
  const ProjectedGrid g = projected_grid(p);
  const double x = projected_node_x<double>(g, j), y = projected_node_y<double>(g, i);
  if (p.projection == Projection::eqearth) {  // either side of the outline within 1e-12
    const ProjectionCentre<double> c = g.centre;
    return eqearth_inverse(c, x * (1 - 1e-12), y * (1 - 1e-12), g.radius).valid !=
           eqearth_inverse(c, x * (1 + 1e-12), y * (1 + 1e-12), g.radius).valid;
  }
  const double rho = std::hypot(x, y);
  const double edge = (p.projection == Projection::aeqd ? kPi : 1.0) * g.radius;
  return std::fabs(rho - edge) <= 1e-12 * edge;
}

// The kernels' field against the CPU's brute force in T; returns the worst error / bound.
template <typename T>
double expect_close_to_cpu(const FieldParams& p, const std::vector<Centre>& sites,
                           const Result& gpu, const std::string& what) {
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<T> cpu(n);
  std::vector<std::int32_t> cpu_k(n);
  nearest_centre_brute_force<T>(p, sites, cpu.data(), cpu_k.data());
  double worst = 0;
  size_t failures = 0, index_differs = 0, off = 0, rim = 0;
  for (size_t q = 0; q < n; ++q) {
    const double c = static_cast<double>(cpu[q]);
    if (std::isnan(c) || std::isnan(gpu.values[q])) {
      off += std::isnan(c);
      const bool both = std::isnan(c) && std::isnan(gpu.values[q]);
      const int i = static_cast<int>(q / p.nx), j = static_cast<int>(q % p.nx);
      if (!both && at_the_rim(p, i, j)) {
        ++rim;
        continue;
      }
      if (!(both && cpu_k[q] == -1 && gpu.index[q] == -1) && failures++ < 5) {
        ADD_FAILURE() << what << ": node " << q << " off the map on one side only: GPU "
                      << gpu.values[q] << " (" << gpu.index[q] << "), CPU " << c << " (" << cpu_k[q]
                      << ")";
      }
      continue;
    }
    const double b = bound_of(p, c), err = std::fabs(gpu.values[q] - c);
    worst = std::max(worst, err / b);
    if (!(err <= b) && failures++ < 5) {
      ADD_FAILURE() << what << ": node " << q << ": GPU " << gpu.values[q] << ", CPU " << c;
    }
    if (gpu.index[q] != cpu_k[q]) {
      ++index_differs;
      // The CPU's own value of the GPU's site at that node: a tie within the bound, or a failure.
      const Subgrid at{static_cast<int>(q / p.nx), static_cast<int>(q % p.nx), 1, 1};
      T theirs = 0;
      std::int32_t k = 0;
      const Centre& s = sites.at(static_cast<size_t>(gpu.index[q]));
      nearest_centre_brute_force<T>(p, {&s, 1}, at, &theirs, &k);
      if (!(std::fabs(static_cast<double>(theirs) - c) <= 2 * b) && failures++ < 5) {
        ADD_FAILURE() << what << ": node " << q << ": GPU site " << gpu.index[q] << " (" << theirs
                      << " on the CPU), CPU site " << cpu_k[q] << " (" << c
                      << "): not a tie within the bound";
      }
    }
  }
  EXPECT_EQ(failures, 0u) << what;
  std::printf(
      "%s: worst error/bound %.3g, %zu nodes off the map (%zu on the rim on one side only), "
      "index differs at %zu of %zu (ties within the bound)\n",
      what.c_str(), worst, off, rim, index_differs, n);
  return worst;
}

class NearestSiteViews : public testing::TestWithParam<SitesCase> {
 protected:
  void SetUp() override { GF_REQUIRE_CUDA(); }
};

TEST_P(NearestSiteViews, PrunedEqualsBruteForceAndTheCpu) {
  const SitesCase& c = GetParam();
  const std::vector<Centre> sites = sites_of(c.view.p, c.sites);
  const CudaStream stream;
  NearestCentres kernels;
  std::vector<double> lat, lon;
  for (const Centre& s : sites) lat.push_back(s.lat_deg), lon.push_back(s.lon_deg);
  kernels.set_centres(lat.data(), lon.data(), sites.size(), stream.get());
  const CentresTuning tilings[] = {{0, false, 0}, {8, false, 16}, {16, false, 32}, {8, false, 256}};
  for (const Precision pr : kPrecisions) {
    FieldParams p = c.view.p;
    p.precision = pr;
    const bool f32 = pr == Precision::f32;
    const std::string what =
        c.view.name + ", " + std::to_string(sites.size()) + " sites, " + (f32 ? "f32" : "f64");
    const Result slow = f32 ? run<float>(kernels, p, {0, true}, stream.get())
                            : run<double>(kernels, p, {0, true}, stream.get());
    for (const CentresTuning& t : tilings) {
      for (int attempt = 0; attempt < 2; ++attempt) {
        const Result fast = f32 ? run<float>(kernels, p, t, stream.get())
                                : run<double>(kernels, p, t, stream.get());
        EXPECT_EQ(count_differences(fast, slow,
                                    what + ", tiles " + std::to_string(kernels.last_fine_tile()) +
                                        " in " + std::to_string(kernels.last_coarse_tile())),
                  0u);
        if (!kernels.last_pool_overflowed()) break;
      }
    }
    const double worst = f32 ? expect_close_to_cpu<float>(p, sites, slow, what)
                             : expect_close_to_cpu<double>(p, sites, slow, what);
    if (!f32 && p.formula == Formula::haversine) {
      EXPECT_LE(worst, 1e-6) << what << ": double is far finer than the float bound";
    }
  }
}

// The backend: interop and pixel buffer hold the same field and index, the kernels' (a request
// the one-point fast path takes is checked against that path's own field, index 0 and no index
// texture); the f64 exports agree.
TEST_P(NearestSiteViews, InteropEqualsPixelBufferEqualsTheKernels) {
  GF_REQUIRE_GL_ON_CUDA();
  const SitesCase& c = GetParam();
  auto sites = std::make_shared<const std::vector<Centre>>(sites_of(c.view.p, c.sites));
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  CudaBackend interop(device, CudaBackend::Path::interop);
  CudaBackend pixels(device, CudaBackend::Path::pixel_buffer);
  const CudaStream stream;
  NearestCentres kernels;
  std::vector<double> lat, lon;
  for (const Centre& s : *sites) lat.push_back(s.lat_deg), lon.push_back(s.lon_deg);
  kernels.set_centres(lat.data(), lon.data(), sites->size(), stream.get());
  for (const Precision pr : kPrecisions) {
    FieldParams p = c.view.p;
    p.precision = pr;
    const FieldRequest r{p, SiteSet::points(sites)};
    const std::string what = c.view.name + ", " + std::to_string(sites->size()) + " sites, " +
                             std::string(to_string(pr)) +
                             (r.one_point() ? " (one-point path)" : "");
    const size_t n = static_cast<size_t>(node_count(p));
    FieldTexture ta, tb;
    ta.ensure_size(p.nx, p.ny);
    tb.ensure_size(p.nx, p.ny);
    interop.compute(r, ta);
    pixels.compute(r, tb);
    EXPECT_EQ(interop.path(), CudaBackend::Path::interop) << what;
    std::vector<float> a(n), b(n);
    read_texture_rows(ta.id(), p.nx, p.ny, a.data());
    read_texture_rows(tb.id(), p.nx, p.ny, b.data());
    const Result from_interop{std::vector<double>(a.begin(), a.end()), interop.read_index()};
    const Result from_pixels{std::vector<double>(b.begin(), b.end()), pixels.read_index()};
    if (r.one_point()) {
      EXPECT_EQ(interop.index_texture(), 0u) << what;
      for (std::int32_t k : from_interop.index) ASSERT_EQ(k, 0) << what;
    } else {
      EXPECT_NE(interop.index_texture(), 0u) << what;
      EXPECT_NE(pixels.index_texture(), 0u) << what;
      EXPECT_EQ(count_differences(from_interop, run<float>(kernels, p, {}, stream.get()),
                                  what + ": interop vs the kernels"),
                0u);
    }
    size_t differ = 0;
    for (size_t q = 0; q < n; ++q) {
      differ += !same_bits(a[q], b[q]) || from_interop.index[q] != from_pixels.index[q];
    }
    EXPECT_EQ(differ, 0u) << what << ": interop vs pixel buffer";
    if (pr == Precision::f64) {
      const HostField ea = interop.read_field(ta, Precision::f64);
      const HostField eb = pixels.read_field(tb, Precision::f64);
      ASSERT_EQ(ea.f64.size(), n);
      ASSERT_EQ(eb.f64.size(), n);
      // The one-point path's texture holds the double path's values prepared for float (within
      // 1.2e-12 of the double value, README "Formulas and accuracy"), so at a rounding boundary
      // it may be the other float neighbour of the export's rounding: one ulp. The nearest-site
      // kernels round the double value itself.
      size_t export_differ = 0;
      for (size_t q = 0; q < n; ++q) {
        const float rounded = static_cast<float>(ea.f64[q]);
        const bool texture_ok =
            r.one_point() ? (same_bits(rounded, a[q]) || std::nextafter(rounded, a[q]) == a[q])
                          : same_bits(rounded, a[q]);
        export_differ += !same_bits(ea.f64[q], eb.f64[q]) || !texture_ok;
      }
      EXPECT_EQ(export_differ, 0u) << what << ": the f64 exports, and the texture their rounding";
    }
  }
}

// libgeofield's device computer: tiles of the grid equal the whole field there, values and
// index (the index zero for a one-point request).
TEST_P(NearestSiteViews, SubgridsEqualTheWholeField) {
  const SitesCase& c = GetParam();
  std::string why;
  std::unique_ptr<DeviceFieldComputer> device = try_make_device_field_computer(0, &why);
  ASSERT_NE(device, nullptr) << why;
  auto sites = std::make_shared<const std::vector<Centre>>(sites_of(c.view.p, c.sites));
  for (const Precision pr : kPrecisions) {
    FieldParams p = c.view.p;
    p.precision = pr;
    const FieldRequest r{p, SiteSet::points(sites)};
    const std::string what = c.view.name + ", " + std::to_string(sites->size()) + " sites, " +
                             std::string(to_string(pr));
    const size_t n = static_cast<size_t>(node_count(p));
    std::vector<double> whole(n);
    std::vector<std::int32_t> whole_k(n, -7);
    device->compute_to_host(r, whole.data(), Precision::f64, whole_k.data());
    std::vector<Subgrid> windows = {Subgrid{1, 37, p.nx - 38, p.ny - 2},
                                    Subgrid{p.ny - 1, p.nx - 1, 1, 1}, Subgrid{3, 5, 19, 23}};
    for (const TileLayout layout : {TileLayout{3, 2}, TileLayout{4, 5}}) {
      for (int k = 0; k < layout.count(); ++k) {
        windows.push_back(tile_subgrid(layout, p.nx, p.ny, k));
      }
    }
    for (const Subgrid& w : windows) {
      const size_t m = static_cast<size_t>(w.nx) * w.ny;
      std::vector<double> part(m);
      std::vector<std::int32_t> part_k(m, -9);
      device->compute_subgrid_to_host(r, w, part.data(), Precision::f64, part_k.data());
      size_t differ = 0;
      for (int i = 0; i < w.ny; ++i) {
        for (int j = 0; j < w.nx; ++j) {
          const size_t at = static_cast<size_t>(i) * w.nx + j;
          const size_t in_whole = static_cast<size_t>(w.row0 + i) * p.nx + w.col0 + j;
          differ += !same_bits(part[at], whole[in_whole]) || part_k[at] != whole_k[in_whole];
        }
      }
      EXPECT_EQ(differ, 0u) << what << ": the subgrid at (" << w.row0 << ", " << w.col0 << ") "
                            << w.nx << " x " << w.ny;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Views, NearestSiteViews, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<SitesCase>& info) {
                           return test::gtest_case_name(info.param.view.name + " " +
                                                        std::to_string(info.param.sites));
                         });

}  // namespace
}  // namespace geofield
