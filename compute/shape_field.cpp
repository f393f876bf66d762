#include "compute/shape_field.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "compute/row_blocks.h"
#include "compute/shape_trees.h"
#include "errors.h"
#include "projected_grid.h"

namespace geofield {
namespace {

constexpr float kNaNf = std::numeric_limits<float>::quiet_NaN();

struct NodeResult {
  double value;
  std::int32_t feature;
  float bearing;
};

// The two trees (the rings', which decide the inside, and the points' and lines') and what
// turns their answer into a node's value (core/arc_tree.h's shape_node).
class ShapeSearch {
 public:
  ShapeSearch(const ShapeTrees& t, const ShapeFieldOptions& o, double radius, bool brute)
      : rings_(t.rings), others_(t.others), o_(o), radius_(radius), brute_(brute) {}

  struct Hints {
    std::int32_t ring = -1, other = -1;
  };

  // want_bearing: the azimuth is computed (an atan2 and more a node) only when asked.
  NodeResult at(const UnitVec& p, double lat_deg, double lon_deg, Hints* h,
                bool want_bearing = true) const {
    const ArcTreeView rv = rings_.view(), ov = others_.view();
    const NearestArc r = brute_ ? nearest_arc_by_brute_force(rv, p) : nearest_arc(rv, p, h->ring);
    const NearestArc l = brute_ ? nearest_arc_by_brute_force(ov, p) : nearest_arc(ov, p, h->other);
    h->ring = r.arc;
    h->other = l.arc;
    const ShapeNode n = shape_node(rv, ov, p, o_.signed_inside, r, l);
    const TreeArc& a = (n.from_rings ? rv : ov).arcs[n.arc];
    const float bearing =
        n.zero || !want_bearing
            ? kNaNf
            : azimuth_float(azimuth_toward_deg(lat_deg, lon_deg, nearest_on_arc(p, a.arc)));
    return {radius_ * n.angle, n.feature, bearing};
  }

 private:
  const SegmentTree& rings_;
  const SegmentTree& others_;
  ShapeFieldOptions o_;
  double radius_;
  bool brute_;
};

template <typename T>
void compute(const FieldParams& p, const ShapeTrees& trees, const ShapeFieldOptions& o,
             const Subgrid& w, T* values, std::int32_t* index, float* bearing, bool brute) {
  check_shapes_formula(p);
  if (w.row0 < 0 || w.col0 < 0 || w.nx < 1 || w.ny < 1 || w.row0 + w.ny > p.ny ||
      w.col0 + w.nx > p.nx) {
    GF_FAIL("shape_field_on_cpu: the subgrid is not inside the grid");
  }
  const ShapeSearch search(trees, o, radius_in_units(p), brute);
  const bool projected = p.projection != Projection::latlon;
  const GridGeometry g = projected ? GridGeometry{} : grid_geometry(p);
  const ProjectedGrid map = projected ? projected_grid(p) : ProjectedGrid{};
  RowBlocks blocks(w.ny, 8);
  run_on_all_cores(blocks, [&] {
    int first, last;
    ShapeSearch::Hints hints;  // the last node's nearest arcs: a neighbour's are usually near
    while (blocks.next(&first, &last)) {
      for (int i = first; i < last; ++i) {
        for (int j = 0; j < w.nx; ++j) {
          const std::size_t at = static_cast<std::size_t>(i) * w.nx + j;
          double lat, lon;
          if (projected) {
            const SpherePoint<double> q = projected_node_point<double>(map, w.row0 + i, w.col0 + j);
            if (!q.valid) {
              values[at] = std::numeric_limits<T>::quiet_NaN();
              if (index) index[at] = -1;
              if (bearing) bearing[at] = kNaNf;
              continue;
            }
            lat = q.lat_deg;
            lon = q.lon_deg;
          } else {
            lat = node_lat_deg(g, w.row0 + i);
            lon = node_lon_deg(g, w.col0 + j);
          }
          const NodeResult r =
              search.at(unit_vec_of_deg(lat, lon), lat, lon, &hints, bearing != nullptr);
          values[at] = static_cast<T>(r.value);
          if (index) index[at] = r.feature;
          if (bearing) bearing[at] = r.bearing;
        }
      }
    }
  });
}

// Points per block handed to a core: enough to amortise the hand-out, few enough for balance.
constexpr int kPointsPerBlock = 2048;

}  // namespace

template <typename T>
void shape_points_on_cpu(const FieldParams& p, const ShapeTrees& trees, const ShapeFieldOptions& o,
                         const double* lat_deg, const double* lon_deg, std::size_t n, T* values,
                         std::int32_t* index) {
  check_shapes_formula(p);
  const ShapeSearch search(trees, o, radius_in_units(p), false);
  const std::size_t blocks_needed = (n + kPointsPerBlock - 1) / kPointsPerBlock;
  RowBlocks blocks(static_cast<int>(blocks_needed), 1);
  run_on_all_cores(blocks, [&] {
    int first, last;
    ShapeSearch::Hints hints;  // the last point's arcs: points given in order are often near
    while (blocks.next(&first, &last)) {
      const std::size_t end = std::min(n, std::size_t(last) * kPointsPerBlock);
      for (std::size_t k = std::size_t(first) * kPointsPerBlock; k < end; ++k) {
        const double lat = lat_deg[k], lon = lon_deg[k];
        const NodeResult r = search.at(unit_vec_of_deg(lat, lon), lat, lon, &hints, false);
        values[k] = static_cast<T>(r.value);
        if (index) index[k] = r.feature;
      }
    }
  });
}

void check_shapes_view(const FieldParams& p, const SiteShapes& shapes) {
  if (shapes.features.empty()) throw UsageError("--sites: no sites");
  check_shapes_formula(p);
}

void check_shapes_formula(const FieldParams& p) {
  if (p.formula == Formula::wgs84) {
    throw UsageError(
        "--sites: lines and polygons are measured on the sphere (haversine); the wgs84 formula's "
        "distance to a geodesic segment is not computed yet");
  }
  if (p.formula == Formula::seed) {
    throw UsageError("--sites: the seed formula is not a distance, so no site is nearest by it");
  }
}

template <typename T>
void shape_field_on_cpu(const FieldParams& p, const SiteShapes& shapes, const ShapeFieldOptions& o,
                        const Subgrid& w, T* values, std::int32_t* index, float* bearing) {
  check_shapes_view(p, shapes);
  compute(p, ShapeTrees(shapes), o, w, values, index, bearing, false);
}

template <typename T>
void shape_field_on_cpu(const FieldParams& p, const ShapeTrees& trees, const ShapeFieldOptions& o,
                        const Subgrid& w, T* values, std::int32_t* index, float* bearing) {
  compute(p, trees, o, w, values, index, bearing, false);
}

template <typename T>
void shape_field_brute_force(const FieldParams& p, const SiteShapes& shapes,
                             const ShapeFieldOptions& o, const Subgrid& w, T* values,
                             std::int32_t* index, float* bearing) {
  check_shapes_view(p, shapes);
  compute(p, ShapeTrees(shapes), o, w, values, index, bearing, true);
}

#define GF_SHAPE_FIELD(T)                                                                          \
  template void shape_field_on_cpu<T>(const FieldParams&, const SiteShapes&,                       \
                                      const ShapeFieldOptions&, const Subgrid&, T*, std::int32_t*, \
                                      float*);                                                     \
  template void shape_field_on_cpu<T>(const FieldParams&, const ShapeTrees&,                       \
                                      const ShapeFieldOptions&, const Subgrid&, T*, std::int32_t*, \
                                      float*);                                                     \
  template void shape_points_on_cpu<T>(const FieldParams&, const ShapeTrees&,                      \
                                       const ShapeFieldOptions&, const double*, const double*,     \
                                       std::size_t, T*, std::int32_t*);                            \
  template void shape_field_brute_force<T>(const FieldParams&, const SiteShapes&,                  \
                                           const ShapeFieldOptions&, const Subgrid&, T*,           \
                                           std::int32_t*, float*);
GF_SHAPE_FIELD(float)
GF_SHAPE_FIELD(double)
#undef GF_SHAPE_FIELD

}  // namespace geofield
