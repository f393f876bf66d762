#include "backends/nearest_centre.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "backends/centre_index.h"
#include "backends/row_blocks.h"
#include "errors.h"

namespace geofield {
namespace {

void check_supported(const FieldParams& p, std::span<const Centre> centres) {
  if (centres.empty()) throw UsageError("--centres: no centres");
  if (centres.size() > kMaxCentres) {
    throw UsageError("--centres: more than " + std::to_string(kMaxCentres) + " centres");
  }
  if (p.formula == Formula::seed) {
    throw UsageError(
        "--centres: the seed formula is not a distance, so no centre is nearest by it; use "
        "--formula haversine or wgs84");
  }
  if (p.projection != Projection::latlon) {
    throw UsageError("--centres: the nearest-centre field is computed on latlon grids only");
  }
}

// One centre as the reference of p: what the one-centre field of that centre needs, made once.
// The haversine field's grid geometry, or the wgs84 field's ellipsoid and reference.
class CentreFields {
 public:
  CentreFields(const FieldParams& p, std::span<const Centre> centres)
      : wgs84_(p.formula == Formula::wgs84) {
    FieldParams pc = p;
    for (const Centre& c : centres) {
      pc.ref_lat_deg = c.lat_deg;
      pc.ref_lon_deg = c.lon_deg;
      if (wgs84_) {
        geodesic_.push_back(geodesic_field(pc));
      }
      grids_.push_back(grid_geometry(pc));
    }
  }

  // The value at node (i, j) of centre k's field, as that field computes it.
  template <typename T>
  T value(std::size_t k, int i, int j) const {
    if (wgs84_) return static_cast<T>(geodesic_field_value(geodesic_[k], grids_[k], i, j));
    return field_value<T>(grids_[k], i, j);
  }

 private:
  bool wgs84_;
  std::vector<GridGeometry> grids_;
  std::vector<GeodesicField> geodesic_;
};

// The largest angle (radians, on the unit sphere) at which a centre can still win at a node
// whose chord-nearest centre is at angle theta0 and has the value best (output unit). Every
// centre whose value could be at most best lies within it:
// - haversine: each value is within the float path's bound of the true distance, 2e-6 of
//   (max + value), so two values in the order of their true angles can swap only within
//   4e-6 (pi + theta) of each other; 1e-5 (pi + theta0) more covers it (double is far finer).
// - wgs84: the ellipsoid's lengths are within a factor 1 +- delta of the sphere of its mean
//   radius R1 (delta = 2f + f^2: the meridian's and the prime vertical's radii of curvature lie
//   in about [1 - 5f/3, 1 + 4f/3] R1), so a centre whose geodesic is at most best lies within
//   best / ((1 - delta) R1) of the node on the sphere.
double reach(const FieldParams& p, double theta0, double best) {
  if (p.formula == Formula::wgs84) {
    const double f = flattening_of(p.ellipsoid_inv_f);
    const double delta = 2 * f + f * f;
    return best / ((1 - delta) * radius_in_units(p)) * (1 + 1e-9) + 1e-12;
  }
  return theta0 + 1e-5 * (kPi + theta0) + 1e-12;
}

template <typename T, typename Nearest>
void fill(const FieldParams& p, std::span<const Centre> centres, T* values, std::int32_t* index,
          const Nearest& nearest) {
  check_supported(p, centres);
  const GridGeometry g = grid_geometry(p);
  const CentreFields fields(p, centres);
  RowBlocks blocks(p.ny, std::max(1, 4096 / p.nx));
  run_on_all_cores(blocks, [&] {
    std::vector<std::int32_t> candidates;
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) {
        const double lat = node_lat_deg(g, i);
        for (int j = 0; j < p.nx; ++j) {
          const std::size_t n = static_cast<std::size_t>(i) * p.nx + j;
          nearest(fields, unit_vector(lat, node_lon_deg(g, j)), i, j, &candidates);
          T best = std::numeric_limits<T>::infinity();
          std::int32_t best_k = -1;
          for (const std::int32_t k : candidates) {
            const T v = fields.template value<T>(static_cast<std::size_t>(k), i, j);
            if (v < best || (v == best && k < best_k) || best_k < 0) best = v, best_k = k;
          }
          values[n] = best;
          index[n] = best_k;
        }
      }
    }
  });
}

}  // namespace

template <typename T>
void nearest_centre_field_on_cpu(const FieldParams& p, std::span<const Centre> centres, T* values,
                                 std::int32_t* index) {
  check_supported(p, centres);
  const CentreIndex tree(centres);
  fill<T>(p, centres, values, index,
          [&](const CentreFields& fields, const UnitVector& q, int i, int j,
              std::vector<std::int32_t>* candidates) {
            const double c2 = tree.nearest_chord2(q);
            const double theta0 = 2 * std::asin(std::min(1.0, std::sqrt(c2) / 2));
            double theta = theta0;
            if (p.formula == Formula::wgs84) {
              // The chord-nearest centre's geodesic bounds how far a winner can be.
              candidates->clear();
              tree.within(q, c2, candidates);
              double best = std::numeric_limits<double>::infinity();
              for (const std::int32_t k : *candidates) {
                best = std::min(best, fields.value<double>(static_cast<std::size_t>(k), i, j));
              }
              theta = reach(p, theta0, best);
            } else {
              theta = reach(p, theta0, 0);
            }
            const double r = 2 * std::sin(std::min(theta, kPi) / 2);
            candidates->clear();
            tree.within(q, r * r * (1 + 1e-12) + 1e-24, candidates);
          });
}

template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres, T* values,
                                std::int32_t* index) {
  std::vector<std::int32_t> all(centres.size());
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<std::int32_t>(k);
  fill<T>(p, centres, values, index,
          [&](const CentreFields&, const UnitVector&, int, int,
              std::vector<std::int32_t>* candidates) { *candidates = all; });
}

template void nearest_centre_field_on_cpu<float>(const FieldParams&, std::span<const Centre>,
                                                 float*, std::int32_t*);
template void nearest_centre_field_on_cpu<double>(const FieldParams&, std::span<const Centre>,
                                                  double*, std::int32_t*);
template void nearest_centre_brute_force<float>(const FieldParams&, std::span<const Centre>, float*,
                                                std::int32_t*);
template void nearest_centre_brute_force<double>(const FieldParams&, std::span<const Centre>,
                                                 double*, std::int32_t*);

}  // namespace geofield
