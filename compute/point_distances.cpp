#include "compute/point_distances.h"

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "compute/centre_index.h"
#include "compute/cpu_field.h"
#include "compute/row_blocks.h"
#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "errors.h"

namespace geofield {
namespace {

constexpr int kPointsPerBlock = 4096;

// f(k) for every point k, blocks of points shared out among the cores.
template <typename F>
void for_each_point(std::size_t n, const F& f) {
  const std::size_t count = (n + kPointsPerBlock - 1) / kPointsPerBlock;
  RowBlocks blocks(static_cast<int>(count), 1);
  run_on_all_cores(blocks, [&] {
    for (int first, last; blocks.next(&first, &last);) {
      const std::size_t end = std::min(n, std::size_t(last) * kPointsPerBlock);
      for (std::size_t k = std::size_t(first) * kPointsPerBlock; k < end; ++k) f(k);
    }
  });
}

// The winner among candidates at q: the smallest value, the lowest index on a tie.
template <typename T, typename Candidates>
void pick(const PointFormula& f, const std::vector<PointPlace>& sites, const Candidates& candidates,
          const PointPlace& q, T* value, std::int32_t* index) {
  T best = std::numeric_limits<T>::infinity();
  std::int32_t best_k = -1;
  for (const std::int32_t k : candidates) {
    const T v = point_value<T>(f, sites[static_cast<std::size_t>(k)], q);
    if (v < best || (v == best && k < best_k)) best = v, best_k = k;
  }
  *value = best;
  *index = best_k;
}

template <typename T>
void nearest_points(const FieldRequest& r, PointList pts, T* values, std::int32_t* index,
                    bool brute) {
  const PointFormula f = point_formula(r.params);
  const std::span<const Centre> centres(*r.sites.points());
  const std::vector<PointPlace> sites = site_places(f, centres);
  if (brute) {
    std::vector<std::int32_t> all(sites.size());
    for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<std::int32_t>(k);
    for_each_point(pts.count, [&](std::size_t k) {
      std::int32_t at;
      pick<T>(f, sites, all, make_point_place(f, pts.lat_deg[k], pts.lon_deg[k], false), &values[k],
              &at);
      if (index) index[k] = at;
    });
    return;
  }
  const CentreIndex tree(centres);
  const ReachBound bound = point_reach_bound(r.params);
  for_each_point(pts.count, [&](std::size_t k) {
    thread_local std::vector<std::int32_t> candidates;
    const double lat = pts.lat_deg[k], lon = pts.lon_deg[k];
    const UnitVector u = unit_vector(lat, lon);
    const double theta0 = angle_of_chord2(tree.nearest_chord2(u));
    candidates.clear();
    tree.within(u, chord2_of_angle(reach_of(bound, theta0)), &candidates);
    std::int32_t at;
    pick<T>(f, sites, candidates, make_point_place(f, lat, lon, false), &values[k], &at);
    if (index) index[k] = at;
  });
}

template <typename T>
void compute_points(const FieldRequest& r, PointList pts, T* values, std::int32_t* index,
                    bool brute) {
  check_sites(r);
  check_points(pts);
  if (pts.count == 0) return;
  if (r.sites.is_one_point()) {
    const PointFormula f = point_formula(r.params);
    const Centre& c = r.sites.point(0);
    const PointPlace site = make_point_place(f, c.lat_deg, c.lon_deg, true);
    for_each_point(pts.count, [&](std::size_t k) {
      values[k] =
          point_value<T>(f, site, make_point_place(f, pts.lat_deg[k], pts.lon_deg[k], false));
      if (index) index[k] = 0;
    });
    return;
  }
  if (r.sites.has_shapes()) {
    if (brute) GF_FAIL("distances_at_points_brute_force: shapes have no brute force here");
    shape_points_on_cpu<T>(r.params, *shape_trees_of(r.sites.shapes()), {r.signed_inside},
                           pts.lat_deg, pts.lon_deg, pts.count, values, index);
    return;
  }
  nearest_points<T>(r, pts, values, index, brute);
}

}  // namespace

PointFormula point_formula(const FieldParams& p) {
  PointFormula f;
  f.formula = p.formula;
  f.radius = radius_in_units(p);
  f.metres_per_unit = metres_per_unit(p.units);
  if (p.formula == Formula::wgs84) f.ellipsoid = geodesic_field(p).ellipsoid;
  return f;
}

std::vector<PointPlace> site_places(const PointFormula& f, std::span<const Centre> sites) {
  std::vector<PointPlace> s;
  s.reserve(sites.size());
  for (const Centre& c : sites) s.push_back(make_point_place(f, c.lat_deg, c.lon_deg, true));
  return s;
}

// How far from a point a site can still win when the chord-nearest is at angle theta0: the
// grids' bound, wgs84's by the sphere's stretch (delta = 2f + f^2, as the GPUs' grids take it).
ReachBound point_reach_bound(const FieldParams& p) {
  if (p.formula != Formula::wgs84) return {};
  const double fl = flattening_of(p.ellipsoid_inv_f);
  const double delta = 2 * fl + fl * fl;
  return {true, (1 + delta) / (1 - delta)};
}

void check_points(PointList pts, const char* what, std::size_t first) {
  for (std::size_t k = 0; k < pts.count; ++k) {
    const std::string problem = centre_problem({pts.lat_deg[k], pts.lon_deg[k], {}});
    if (!problem.empty()) {
      throw UsageError(std::string(what) + " " + std::to_string(first + k) + ": " + problem);
    }
  }
}

template <typename T>
void distances_at_points_on_cpu(const FieldRequest& r, PointList pts, T* values,
                                std::int32_t* index) {
  compute_points<T>(r, pts, values, index, false);
}

template <typename T>
void distances_at_points_brute_force(const FieldRequest& r, PointList pts, T* values,
                                     std::int32_t* index) {
  compute_points<T>(r, pts, values, index, true);
}

template void distances_at_points_on_cpu<float>(const FieldRequest&, PointList, float*,
                                                std::int32_t*);
template void distances_at_points_on_cpu<double>(const FieldRequest&, PointList, double*,
                                                 std::int32_t*);
template void distances_at_points_brute_force<float>(const FieldRequest&, PointList, float*,
                                                     std::int32_t*);
template void distances_at_points_brute_force<double>(const FieldRequest&, PointList, double*,
                                                      std::int32_t*);

}  // namespace geofield
