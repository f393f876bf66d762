// The nearest-site field by the GL backend's compute shaders (app/backends/gl_backend.h, its
// nearest-site passes in gl_backend_sites.cpp): the pruned
// field equal, bit for bit in value and index, to the same node shader evaluating every centre
// (the brute force), on grids full of exact ties, with thousands of random centres, with a
// cluster of centres far from the grid (every list falls back) and with a pool too small for
// the lists; float and double, km and nm; against the CPU oracle (nearest_centre_brute_force)
// within the float path's bound; and the float formula's error against double, the bound the
// reach assumes. On whatever GL the machine has: llvmpipe here and in CI.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/gl_backend.h"
#include "centre_sets.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "field_checks.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "test_grids.h"

namespace geofield {
namespace {

using namespace field_checks;

struct GlField {
  std::vector<float> texture;
  std::vector<double> f64;  // the float64 export
  std::vector<std::int32_t> index;
};

CentreList shared(std::vector<Centre> c) {
  return std::make_shared<const std::vector<Centre>>(std::move(c));
}

// The GL backend and the sites it measures to.
struct SitesOnGl {
  explicit SitesOnGl(std::vector<Centre> c) : sites(shared(std::move(c))) {
    gl.set_one_point_fast_path(false);  // one site through the nearest-site passes too
  }
  void compute(const FieldParams& p, FieldTexture& target) {
    gl.compute(FieldRequest{p, SiteSet::points(sites)}, target);
  }
  GlBackend gl;
  CentreList sites;
};

GlField compute(SitesOnGl& s, const FieldParams& p, bool brute) {
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  poison(texture);
  s.gl.set_brute_force(brute);
  s.compute(p, texture);
  GlField f;
  f.texture = texture_values(texture);
  f.f64 = s.gl.read_field(texture, Precision::f64).f64;
  f.index = s.gl.read_index();
  return f;
}

// Pruned against brute force, node for node and bit for bit (memcmp: NaN or -0 would differ
// too). The pruned one last, so that tile_stats() are its. Returns the number of nodes compared.
size_t expect_pruned_is_brute_force(SitesOnGl& backend, const FieldParams& p,
                                    const std::string& what) {
  const GlField slow = compute(backend, p, true);
  const GlField fast = compute(backend, p, false);
  const size_t n = fast.texture.size();
  size_t differ = 0;
  for (size_t k = 0; k < n; ++k) {
    if (std::memcmp(&fast.texture[k], &slow.texture[k], sizeof(float)) != 0 ||
        std::memcmp(&fast.f64[k], &slow.f64[k], sizeof(double)) != 0 ||
        fast.index[k] != slow.index[k] ||
        (fast.index[k] < 0) != std::isnan(fast.texture[k])) {  // no site off the map only
      if (differ++ < 5) {
        ADD_FAILURE() << what << ": node " << k << " pruned " << fast.f64[k] << " (centre "
                      << fast.index[k] << "), brute force " << slow.f64[k] << " (centre "
                      << slow.index[k] << ")";
      }
    }
  }
  EXPECT_EQ(differ, 0u) << what;
  return n;
}

const FieldParams kTieViews[] = {
    test::make_params(-90, 90, -180, 180, 181, 91, 0, 0),
    test::make_params(29, 31, 99, 101, 120, 80, 30, 101),
    test::make_params(-60, 70, 150, -120, 150, 90, 0, 0),  // across 180
    test::make_params(89, 90, -180, 180, 97, 33, 0, 0),    // the pole's cap
};

TEST(GlCentres, PrunedIsBruteForceOnTieHeavyGrids) {
  GF_REQUIRE_GL();
  int v = 0;
  for (FieldParams p : kTieViews) {
    SitesOnGl backend(test::tie_heavy_centres(p, 300, 7 + v));
    const std::string what = "view " + std::to_string(v++);
    for (Units u : {Units::km, Units::nm}) {
      for (Precision pr : kBothPrecisions) {
        p.units = u;
        p.precision = pr;
        expect_pruned_is_brute_force(backend, p, what + " " + label({"", p}, p));
      }
    }
  }
}

TEST(GlCentres, PrunedIsBruteForceWithThousandsOfRandomCentres) {
  GF_REQUIRE_GL();
  struct Run {
    FieldParams p;
    int count;
  } runs[] = {{test::make_params(-90, 90, -180, 180, 361, 181, 0, 0), 2000},
              {test::make_params(-90, 90, -180, 180, 181, 91, 0, 0), 10000},
              {test::make_params(20, 50, -130, -60, 256, 128, 0, 0), 10000}};
  for (Run& r : runs) {
    SitesOnGl backend(test::random_centres(r.count, 23));
    for (Precision pr : kBothPrecisions) {
      r.p.precision = pr;
      r.p.units = pr == Precision::f32 ? Units::km : Units::nm;
      expect_pruned_is_brute_force(backend, r.p,
                                   std::to_string(r.count) + " random, " + label({"", r.p}, r.p));
      const GlBackend::TileStats& s = backend.gl.tile_stats();
      // It pruned: lists of a few hundred centres at most on average, none short of room.
      EXPECT_EQ(s.lists_without_room, 0);
      EXPECT_GT(s.pool_used, 0);
      EXPECT_LT(s.pool_used, r.count / 10 * (s.fine_tiles + s.coarse_tiles));
      std::printf(
          "%d centres, %dx%d %s: tiles %d and %d, pool %lld of %lld ints, %d tile "
          "pass(es)\n",
          r.count, r.p.nx, r.p.ny, std::string(to_string(pr)).c_str(), s.coarse_tile, s.fine_tile,
          s.pool_used, s.pool_capacity, s.tile_passes);
    }
  }
}

// Every centre far from the grid, in a tight cluster: every centre is a candidate at every node
// and the coarse lists fall back to all the centres; and a pool too small for any list.
TEST(GlCentres, PrunedIsBruteForceInTheWorstCases) {
  GF_REQUIRE_GL();
  FieldParams p = test::make_params(30, 60, -10, 40, 200, 150, 0, 0);
  SitesOnGl far(test::clustered_centres(-45, 170, 0.01, 500, 5));
  expect_pruned_is_brute_force(far, p, "clustered at the antipode");
  EXPECT_EQ(far.gl.tile_stats().pool_used, 0) << "every list should be every centre";
  SitesOnGl small(test::random_centres(3000, 9));
  small.gl.set_pool_limit_bytes(4096);
  expect_pruned_is_brute_force(small, p, "pool of 1024 ints");
  EXPECT_EQ(small.gl.tile_stats().pool_capacity, 1024);
  EXPECT_GT(small.gl.tile_stats().lists_without_room, 0) << "the lists should not all fit";
  // Grown: with room again, the small pool grows to what the lists asked and the tiles run
  // again; the lists then all fit, as in a backend that never lacked room.
  small.gl.set_pool_limit_bytes(GLsizeiptr{512} << 20);
  expect_pruned_is_brute_force(small, p, "pool grown");
  EXPECT_GE(small.gl.tile_stats().tile_passes, 2);
  EXPECT_EQ(small.gl.tile_stats().lists_without_room, 0);
  SitesOnGl roomy(test::random_centres(3000, 9));
  expect_pruned_is_brute_force(roomy, p, "roomy pool");
  EXPECT_EQ(roomy.gl.tile_stats().tile_passes, 1);
  EXPECT_EQ(small.gl.tile_stats().pool_used, roomy.gl.tile_stats().pool_used);
  // The tile passes in chunks of one tile row, the counter clamped between them (what a set
  // whose lists could sum past 2^32 ints takes): the same lists' room, short of it or not.
  SitesOnGl chunked(test::random_centres(3000, 9));
  chunked.gl.set_max_chunk_rows(1);
  expect_pruned_is_brute_force(chunked, p, "chunks of one tile row");
  EXPECT_EQ(chunked.gl.tile_stats().pool_used, roomy.gl.tile_stats().pool_used);
  chunked.gl.set_pool_limit_bytes(4096);
  expect_pruned_is_brute_force(chunked, p, "chunks of one tile row, pool of 1024 ints");
  EXPECT_GT(chunked.gl.tile_stats().lists_without_room, 0);
}

// Few centres: tiles of 128 nodes spanning more than 180 degrees of longitude (rho measured at
// every node, not the corners), one centre, antipodal pairs, and the smallest grid.
TEST(GlCentres, PrunedIsBruteForceWithFewCentres) {
  GF_REQUIRE_GL();
  const std::vector<Centre> sets[] = {
      {{10, 20, ""}},
      {{0, 0, ""}, {0, 180, "antipode"}, {90, 0, ""}, {-90, 0, "antipode"}},
      {{45, -100, ""}, {-45, 80, "antipode"}, {45, -100, "duplicate"}}};
  const FieldParams views[] = {test::make_params(-90, 90, -180, 180, 200, 100, 0, 0),
                               test::make_params(-90, 90, 0, 360, 361, 181, 0, 0),
                               test::make_params(-1, 1, 179, -179, 2, 2, 0, 0)};
  int s = 0;
  for (const std::vector<Centre>& centres : sets) {
    SitesOnGl backend(centres);
    // Coarse tiles of 128 nodes: 230 degrees of longitude on the first view.
    backend.gl.set_tiles(GpuSiteTiles{16, 128});
    int v = 0;
    for (FieldParams p : views) {
      for (Precision pr : kBothPrecisions) {
        p.precision = pr;
        expect_pruned_is_brute_force(backend, p,
                                     "set " + std::to_string(s) + " view " + std::to_string(v) +
                                         " " + std::string(to_string(pr)));
      }
      if (v == 0) {
        EXPECT_EQ(backend.gl.tile_stats().coarse_tile, 128);  // 230 degrees of longitude
      }
      ++v;
    }
    ++s;
  }
}

// Against the CPU oracle: values within the float path's bound (each within 2e-6 (pi R + value)
// of the true distance, so two within twice that) or 1e-12 relative in double; the index the
// same except where the CPU's value of the GL's centre ties the CPU's within that bound.
TEST(GlCentres, MatchesTheCpuOracle) {
  GF_REQUIRE_GL();
  double worst = 0;
  size_t swapped = 0;
  int v = 0;
  for (FieldParams p : kTieViews) {
    const std::vector<Centre> centres = test::tie_heavy_centres(p, 300, 31 + v++);
    SitesOnGl backend(centres);
    for (Precision pr : kBothPrecisions) {
      p.precision = pr;
      p.units = pr == Precision::f32 ? Units::nm : Units::km;
      const GlField gl = compute(backend, p, false);
      const size_t n = gl.index.size();
      std::vector<double> cpu(n);
      std::vector<std::int32_t> cpu_k(n);
      nearest_centre_brute_force<double>(p, centres, cpu.data(), cpu_k.data());
      const double max_distance = kPi * grid_geometry(p).radius;
      for (size_t k = 0; k < n; ++k) {
        const double bound =
            pr == Precision::f32 ? 4e-6 * (max_distance + cpu[k]) : 1e-12 * (max_distance + cpu[k]);
        const double err = std::abs(gl.f64[k] - cpu[k]);
        worst = std::max(worst, err / bound);
        EXPECT_LE(err, bound) << label({"", p}, p) << " node " << k;
        if (gl.index[k] != cpu_k[k]) {
          ++swapped;
          FieldParams pc = p;
          pc.ref_lat_deg = centres[gl.index[k]].lat_deg;
          pc.ref_lon_deg = centres[gl.index[k]].lon_deg;
          const int i = static_cast<int>(k) / p.nx, j = static_cast<int>(k) % p.nx;
          EXPECT_LE(field_value<double>(grid_geometry(pc), i, j) - cpu[k], bound)
              << label({"", p}, p) << " node " << k << ": gl's centre " << gl.index[k]
              << ", the cpu's " << cpu_k[k];
        }
      }
    }
  }
  std::printf(
      "gl vs cpu oracle: worst error/bound %.3f, %zu nodes won by another centre that "
      "ties within the bound\n",
      worst, swapped);
}

// The reach (centres_bounds.glsl) assumes every float value within 2e-6 (pi R + value) of the
// true distance: the GLSL float formula measured against the CPU double one, one centre at a
// time, on every node of a globe and of small boxes (tiny distances) and a polar cap.
TEST(GlCentres, FloatFormulaIsWithinTheReachsBound) {
  GF_REQUIRE_GL();
  const FieldParams views[] = {test::make_params(-90, 90, -180, 180, 361, 181, 0, 0),
                               test::make_params(29, 31, 99, 101, 200, 200, 0, 0),
                               test::make_params(85, 90, -180, 180, 360, 50, 0, 0)};
  double worst = 0;
  size_t nodes = 0;
  SitesOnGl backend(test::random_centres(1, 1));
  int seed = 0;
  for (FieldParams p : views) {
    std::vector<Centre> centres = test::random_centres(12, 40 + seed++);
    centres.push_back({30.0001, 100.0003, "inside the box"});
    centres.push_back({89.99, 45, "near the pole"});
    for (const Centre& c : centres) {
      backend.sites = shared({c});
      p.precision = Precision::f32;
      const GlField gl = compute(backend, p, false);
      FieldParams pc = p;
      pc.ref_lat_deg = c.lat_deg;
      pc.ref_lon_deg = c.lon_deg;
      const GridGeometry g = grid_geometry(pc);
      const double max_distance = kPi * g.radius;
      for (int i = 0; i < p.ny; ++i) {
        for (int j = 0; j < p.nx; ++j) {
          const double truth = field_value<double>(g, i, j);
          const double err = std::abs(gl.texture[static_cast<size_t>(i) * p.nx + j] - truth);
          worst = std::max(worst, err / (max_distance + truth));
          ++nodes;
        }
      }
    }
  }
  std::printf(
      "GLSL float formula: worst |error| / (pi R + value) = %.3g over %zu nodes "
      "(the reach assumes 2e-6)\n",
      worst, nodes);
  EXPECT_LE(worst, 2e-6 / 4) << "the reach's margin should be four times the measured error";
}

TEST(GlCentres, IndexTextureIsTheReadIndex) {
  GF_REQUIRE_GL();
  const FieldParams p = test::make_params(-90, 90, -180, 180, 100, 50, 0, 0);
  SitesOnGl backend(test::random_centres(50, 3));
  EXPECT_EQ(backend.gl.index_texture(), 0u);
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  backend.compute(p, texture);
  const GLuint t = backend.gl.index_texture();
  GLint format = 0, w = 0, h = 0;
  GF_GL(glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_INTERNAL_FORMAT, &format));
  GF_GL(glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_WIDTH, &w));
  GF_GL(glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_HEIGHT, &h));
  EXPECT_EQ(format, GL_R32I);
  EXPECT_EQ(w, p.nx);
  EXPECT_EQ(h, p.ny);
  std::vector<std::int32_t> texels(static_cast<size_t>(p.nx) * p.ny, -7);
  GF_GL(glGetTextureImage(t, 0, GL_RED_INTEGER, GL_INT,
                          static_cast<GLsizei>(texels.size() * sizeof(std::int32_t)),
                          texels.data()));
  const std::vector<std::int32_t> index = backend.gl.read_index();
  EXPECT_EQ(index, texels);
  GF_GL(glFinish());
  const std::optional<double> ms = backend.gl.last_compute_device_ms();
  ASSERT_TRUE(ms.has_value()) << "the GL timestamps should be in once the GL has finished";
  EXPECT_GT(*ms, 0.0);
  // Every one of the 50 centres wins somewhere on a 100 x 50 globe.
  std::vector<bool> seen(50, false);
  for (std::int32_t k : index) {
    ASSERT_GE(k, 0);
    ASSERT_LT(k, 50);
    seen[k] = true;
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 50);
}

TEST(GlCentres, RefusesWgs84SeedAndTooManySites) {
  GF_REQUIRE_GL();
  SitesOnGl backend(test::random_centres(5, 3));
  FieldParams p = test::make_params(-90, 90, -180, 180, 10, 10, 0, 0);
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  p.formula = Formula::wgs84;
  EXPECT_THROW(backend.compute(p, texture), RuntimeFailure);
  p.formula = Formula::seed;
  EXPECT_THROW(backend.compute(p, texture), UsageError);
  p.formula = Formula::haversine;
  // More centres than a storage block holds at 32 bytes each (where the GL's block is that
  // small): refused, and the backend computes the next set.
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  std::printf("GL_MAX_SHADER_STORAGE_BLOCK_SIZE %lld\n", static_cast<long long>(max_block));
  if (max_block / 32 < static_cast<GLint64>(kMaxCentres)) {
    const CentreList five = backend.sites;
    backend.sites = shared(std::vector<Centre>(static_cast<std::size_t>(max_block / 32) + 1));
    EXPECT_THROW(backend.compute(p, texture), UsageError);
    backend.sites = five;
    EXPECT_NO_THROW(backend.compute(p, texture));
  }
}

// One site and many on every kind of view, float and double: pruned equal to brute force bit
// for bit (NaN and index -1 off the map), and the GL equal to the CPU oracle (the same views'
// nearest_centre_brute_force in double) within the float path's bound, or 1e-10 in double
// (the double inverse projection is the port of the header's to the last bits), NaN at the same
// nodes; the index the same except where the CPU's value of the GL's site ties the CPU's within
// that bound. Float nodes in ortho's rim (kOrthoFloatRim) or within kFloatEdgeBand of a map's
// edge are held to having the CPU's NaN-ness only where the CPU's point is not at the edge.
struct ViewCase {
  std::string name;
  FieldParams p;
  int sites = 1;
};

std::string view_case_name(const testing::TestParamInfo<ViewCase>& info) {
  return info.param.name + "_" + std::to_string(info.param.sites);
}

std::vector<ViewCase> view_cases() {
  const double r = kDefaultRadiusKm;
  FieldParams ortho = test::make_projected(Projection::ortho, 30, 101, 1.05 * r, 121, 101);
  ortho.lat_min_deg = 20, ortho.lat_max_deg = 60, ortho.lon_min_deg = 170, ortho.lon_max_deg = -150;
  const std::pair<std::string, FieldParams> views[] = {
      {"latlon", test::make_params(-90, 90, -180, 180, 121, 61, 0, 0)},
      {"latlon_box", test::make_params(20, 50, -130, -60, 96, 64, 30, -100)},
      {"aeqd_whole", test::make_projected(Projection::aeqd, 30, 101, kPi * r * 1.02, 131, 111)},
      {"aeqd_antimeridian", test::make_projected(Projection::aeqd, -15, 179.9, 500, 100, 80)},
      {"ortho_globe", ortho}};
  std::vector<ViewCase> cases;
  for (const auto& [name, p] : views) {
    for (int n : {1, 300}) cases.push_back({name, p, n});
  }
  return cases;
}

class SitesOnViews : public testing::TestWithParam<ViewCase> {};

TEST_P(SitesOnViews, PrunedIsBruteForceAndMatchesTheCpu) {
  GF_REQUIRE_GL();
  const ViewCase& c = GetParam();
  std::vector<Centre> centres = test::random_centres(c.sites, 77 + c.sites);
  if (c.p.projection == Projection::aeqd && c.sites > 1) {
    centres[0] = {c.p.ref_lat_deg, c.p.ref_lon_deg, "the map's centre"};
  }
  SitesOnGl backend(centres);
  size_t swapped = 0;
  double worst = 0;
  for (Precision pr : kBothPrecisions) {
    FieldParams p = c.p;
    p.precision = pr;
    expect_pruned_is_brute_force(backend, p, c.name + " " + label({"", p}, p));
    if (c.sites > 1) {  // it pruned: some lists shorter than their parent's, none short of room
      EXPECT_GT(backend.gl.tile_stats().pool_used, 0) << c.name;
      EXPECT_EQ(backend.gl.tile_stats().lists_without_room, 0) << c.name;
    }
    const GlField gl = compute(backend, p, false);
    const size_t n = gl.index.size();
    std::vector<double> cpu(n);
    std::vector<std::int32_t> cpu_k(n);
    nearest_centre_brute_force<double>(p, centres, cpu.data(), cpu_k.data());
    const bool projected = p.projection != Projection::latlon;
    const ProjectedGrid m = projected ? projected_grid(p) : ProjectedGrid{};
    const double radius = projected ? m.radius : grid_geometry(p).radius;
    const double max_distance = kPi * radius;
    for (size_t k = 0; k < n; ++k) {
      const int i = static_cast<int>(k) / p.nx, j = static_cast<int>(k) % p.nx;
      if (projected && pr == Precision::f32) {  // the float point's own rim and edge
        const double x = (j - 0.5 * (p.nx - 1)) * m.step, y = (0.5 * (p.ny - 1) - i) * m.step;
        const double rr = std::hypot(x, y);
        const double edge = p.projection == Projection::ortho ? radius : kPi * radius;
        if (std::fabs(rr / edge - 1) < kFloatEdgeBand) continue;
        if (p.projection == Projection::ortho && rr > kOrthoFloatRim * radius) {
          EXPECT_EQ(std::isnan(gl.f64[k]), std::isnan(cpu[k])) << c.name << " node " << k;
          continue;
        }
      }
      if (std::isnan(cpu[k])) {
        EXPECT_TRUE(std::isnan(gl.f64[k])) << c.name << " node " << k;
        EXPECT_EQ(gl.index[k], -1) << c.name << " node " << k;
        continue;
      }
      const double bound =
          pr == Precision::f32 ? 4e-6 * (max_distance + cpu[k]) : 1e-10 * (max_distance + cpu[k]);
      const double err = std::abs(gl.f64[k] - cpu[k]);
      worst = std::max(worst, err / bound);
      EXPECT_LE(err, bound) << c.name << " " << label({"", p}, p) << " node " << k;
      ASSERT_GE(gl.index[k], 0) << c.name << " node " << k;
      if (gl.index[k] != cpu_k[k]) {
        ++swapped;
        std::vector<double> one(n);
        std::vector<std::int32_t> one_k(n);
        const Centre won = centres[static_cast<size_t>(gl.index[k])];
        nearest_centre_brute_force<double>(p, std::vector<Centre>{won}, one.data(), one_k.data());
        EXPECT_LE(one[k] - cpu[k], bound) << c.name << " node " << k << ": gl's site "
                                          << gl.index[k] << ", the cpu's " << cpu_k[k];
      }
    }
  }
  std::printf("%s, %d site(s): gl vs cpu worst error/bound %.3f, %zu nodes won by a tie\n",
              c.name.c_str(), c.sites, worst, swapped);
}

INSTANTIATE_TEST_SUITE_P(Views, SitesOnViews, testing::ValuesIn(view_cases()), view_case_name);

// One backend for both: a set of one point takes the one-point shaders (no index texture, the
// index 0 everywhere), and several sites after it are computed as before it.
TEST(GlCentres, OnePointAndSeveralSitesInOneBackend) {
  GF_REQUIRE_GL();
  const FieldParams p = test::make_params(-90, 90, -180, 180, 120, 60, 0, 0);
  GlBackend gl;
  const CentreList sites = shared(test::random_centres(40, 8));
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  gl.compute(FieldRequest{p, SiteSet::points(sites)}, texture);
  const std::vector<float> first = texture_values(texture);
  const std::vector<std::int32_t> first_index = gl.read_index();
  EXPECT_NE(gl.index_texture(), 0u);
  gl.compute(FieldRequest{p, SiteSet::one_point(10, 20)}, texture);
  EXPECT_EQ(gl.index_texture(), 0u);
  EXPECT_EQ(gl.read_index(), std::vector<std::int32_t>(first_index.size(), 0));
  FieldParams one = p;
  one.ref_lat_deg = 10, one.ref_lon_deg = 20;
  const std::vector<double> ref = cpu_reference(one);
  expect_close_to_reference(texture_values(texture), ref, p.nx, "one point",
                            tolerance_for(Precision::f32, Precision::f32));
  gl.compute(FieldRequest{p, SiteSet::points(sites)}, texture);
  EXPECT_EQ(texture_values(texture), first);
  EXPECT_EQ(gl.read_index(), first_index);
}

// The measurement of docs/centres.md ("GPU (GL compute)") and bench/RESULTS.md, by hand
// (minutes on llvmpipe):
//   GEOFIELD_TIMES_FROM=2048 GEOFIELD_TIMES_TO=8192 build/tests/gl/geofield_gl_centres_tests
//   --gtest_also_run_disabled_tests --gtest_filter='*DeviceTimes*'
// Device time (GL timestamps) of a compute, pruned (best of 5, with each pass's share) and brute
// force (once, the smaller grids only), 10,000 centres uniform over the sphere, whole-globe
// grids, float and double.
TEST(GlCentres, DISABLED_DeviceTimes) {
  GF_REQUIRE_GL();
  SitesOnGl backend(test::random_centres(10000, 20261201));
  // GEOFIELD_TIMES_FROM and _TO: the smallest and largest side (default 256 to 4096).
  const char* from = std::getenv("GEOFIELD_TIMES_FROM");
  const char* to = std::getenv("GEOFIELD_TIMES_TO");
  std::printf("GL: %s, %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  for (int side : {256, 512, 1024, 2048, 4096, 8192}) {
    if (side < (from ? std::atoi(from) : 256) || side > (to ? std::atoi(to) : 4096)) continue;
    for (int v = 0; v < 2 * 2; ++v) {
      const Precision pr = kBothPrecisions[v % 2];
      // The latlon globe, then the aeqd map of the whole sphere (about 30, 101).
      FieldParams p = v < 2 ? test::make_params(-90, 90, -180, 180, side, side, 0, 0)
                            : test::make_projected(Projection::aeqd, 30, 101,
                                                   kPi * kDefaultRadiusKm, side, side);
      p.precision = pr;
      FieldTexture texture;
      texture.ensure_size(p.nx, p.ny);
      auto time = [&](bool brute) {
        backend.gl.set_brute_force(brute);
        backend.compute(p, texture);
        return backend.gl.pass_times();
      };
      time(false);  // the pool grown, the programs built
      GlBackend::PassTimes best;
      for (int k = 0; k < 5; ++k) {
        const GlBackend::PassTimes t = time(false);
        if (best.total < 0 || t.total < best.total) best = t;
      }
      const GlBackend::TileStats s = backend.gl.tile_stats();
      const double brute = side <= 512 ? time(true).total : -1;
      std::printf(
          "%s %dx%d, 10000 centres, %s: pruned %.3f ms = prep %.3f + coarse %.3f + fine %.3f + "
          "counter read %.3f (host wait %.3f) + nodes %.3f (tiles %d and %d, pool %lld ints), "
          "brute force %.1f ms\n",
          v < 2 ? "latlon" : "aeqd", side, side, std::string(to_string(pr)).c_str(), best.total,
          best.prep, best.coarse, best.fine, best.readback, best.readback_wall, best.nodes,
          s.coarse_tile, s.fine_tile, s.pool_used, brute);
      if (brute > 0) {
        EXPECT_LT(best.total * 10, brute);
      }
    }
  }
}

}  // namespace
}  // namespace geofield
