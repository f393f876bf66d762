// The tile's list of arcs (core/arc_cap_list.h, the CUDA kernel's search): for every node of
// tiles of 8 x 8 nodes the list gives the brute force's nearest arc and angle bit for bit, on
// the hard shapes (lines over the antimeridian and a pole, holes, repeated vertices, features
// that tie) over latlon, aeqd and ortho grids, and on Natural Earth's coastline at the 8192²
// regional view's spacing; a list that overflows its capacity (or is compacted on the way)
// still gives the right arc; the lists are short where tiles are small.
#include "arc_cap_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "arc_distance.h"
#include "compute/segment_tree.h"
#include "field_params.h"
#include "projected_grid.h"
#include "shape_sets.h"
#include "sites/builtin_sites.h"
#include "test_grids.h"

namespace geofield {
namespace {

constexpr int kTile = 8;

// The node's unit vector as the kernels compute it; false off a projected map.
bool node_vector(const FieldParams& p, int i, int j, UnitVec* x) {
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    *x = unit_vec_of_deg(node_lat_deg(g, i), node_lon_deg(g, j));
    return true;
  }
  const SpherePoint<double> q = projected_node_point<double>(projected_grid(p), i, j);
  if (!q.valid) return false;
  *x = unit_vec_of_deg(q.lat_deg, q.lon_deg);
  return true;
}

struct Stats {
  long nodes = 0, tiles = 0, overflowed = 0, listed = 0;
};

// Every node of every kTile x kTile tile of p: the list's nearest equals the brute force's (or,
// over Natural Earth's hundred thousand arcs, the tree walk's, which the shape field's tests
// hold to the brute force).
void expect_lists_exact(const FieldParams& p, const SegmentTree& tree, int capacity, Stats* s,
                        bool walk = false) {
  const ArcTreeView t = tree.view();
  std::vector<std::int32_t> ids(capacity);
  std::vector<float> lower(capacity);
  for (int i0 = 0; i0 < p.ny; i0 += kTile) {
    for (int j0 = 0; j0 < p.nx; j0 += kTile) {
      std::vector<UnitVec> nodes;
      double sx = 0, sy = 0, sz = 0;
      for (int i = i0; i < std::min(i0 + kTile, p.ny); ++i) {
        for (int j = j0; j < std::min(j0 + kTile, p.nx); ++j) {
          UnitVec x;
          if (!node_vector(p, i, j, &x)) continue;
          nodes.push_back(x);
          sx += x.x, sy += x.y, sz += x.z;
        }
      }
      if (nodes.empty()) continue;
      const double len = std::sqrt(sx * sx + sy * sy + sz * sz);
      const UnitVec q{sx / len, sy / len, sz / len};
      double c2 = 0;
      for (const UnitVec& x : nodes) c2 = std::max(c2, chord2(q, x));
      CapArcList list;
      list.ids = ids.data();
      list.lower = lower.data();
      list_arcs_for_cap(t, q, cap_angle(c2), capacity, &list);
      ++s->tiles;
      if (list.count < 0) {
        ++s->overflowed;
      } else {
        s->listed += list.count;
      }
      for (const UnitVec& x : nodes) {
        const NearestArc got = nearest_arc_in_list(t, x, list);
        const NearestArc want = walk ? nearest_arc(t, x, -1) : nearest_arc_by_brute_force(t, x);
        ASSERT_EQ(got.arc, want.arc) << "tile " << i0 << "," << j0;
        ASSERT_EQ(got.angle, want.angle) << "tile " << i0 << "," << j0;
        ++s->nodes;
      }
    }
  }
}

struct ListCase {
  const char* name;
  Projection projection;
};

class ArcCapList : public ::testing::TestWithParam<ListCase> {};

TEST_P(ArcCapList, EveryNodeOfEveryTileGetsTheBruteForcesArc) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 181, 91, 20, 10);
  if (GetParam().projection != Projection::latlon) {
    p = test::make_params(-60, 60, -100, 100, 121, 121, 20, 10);
    p.projection = GetParam().projection;
    p.extent = p.projection == Projection::aeqd ? 20015 : 6371;
    if (p.projection == Projection::eqearth) p.extent = max_extent(p);  // the world
  }
  const SiteShapes shapes = test::hard_shapes(40, 7);
  for (bool rings : {true, false}) {
    const SegmentTree tree(shape_arcs(shapes, rings));
    Stats roomy, tight;
    expect_lists_exact(p, tree, 256, &roomy);
    // Four entries: most lists are compacted on the way or overflow into the walk.
    expect_lists_exact(p, tree, 4, &tight);
    EXPECT_GT(roomy.nodes, 0);
    EXPECT_GT(tight.overflowed, 0) << "the overflow path was not taken";
    EXPECT_LT(roomy.overflowed, roomy.tiles / 10);
  }
}

INSTANTIATE_TEST_SUITE_P(Views, ArcCapList,
                         ::testing::Values(ListCase{"latlon", Projection::latlon},
                                           ListCase{"aeqd", Projection::aeqd},
                                           ListCase{"ortho", Projection::ortho},
                                           ListCase{"eqearth", Projection::eqearth}),
                         [](const ::testing::TestParamInfo<ListCase>& i) {
                           return std::string(i.param.name);
                         });

// The 8192² regional view's spacing (30..60 N, 10 W..40 E) over 1:50m coasts and land, in
// windows at the coast, inland and at sea: exact, and the lists short (the kernel's capacity).
TEST(ArcCapList, NaturalEarthAtARegionalViewsSpacing) {
  const double dlat = 30.0 / 8191, dlon = 50.0 / 8191;
  struct Window {
    double lat, lon;  // south-west corner
  };
  for (const char* sites : {"@coastline:50m", "@land:50m"}) {
    const SiteShapes shapes = builtin_sites(sites);
    for (bool rings : {true, false}) {
      const SegmentTree tree(shape_arcs(shapes, rings));
      if (tree.empty()) continue;
      Stats s;
      // Brittany's coast, the Alps, the Bay of Biscay, Ukraine's steppe.
      for (const Window w :
           {Window{48.3, -5.0}, Window{46.0, 8.0}, Window{45.0, -5.0}, Window{49.0, 32.0}}) {
        const FieldParams p =
            test::make_params(w.lat, w.lat + 63 * dlat, w.lon, w.lon + 63 * dlon, 64, 64, 0, 0);
        expect_lists_exact(p, tree, 128, &s, true);
      }
      EXPECT_EQ(s.overflowed, 0) << sites;
      EXPECT_LT(static_cast<double>(s.listed) / s.tiles, 64) << sites;
      std::printf("%s %s: %ld tiles, %.1f arcs listed a tile\n", sites, rings ? "rings" : "lines",
                  s.tiles, static_cast<double>(s.listed) / s.tiles);
    }
  }
}

}  // namespace
}  // namespace geofield
