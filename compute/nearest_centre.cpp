#include "compute/nearest_centre.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "centre_bounds.h"
#include "compute/centre_index.h"
#include "compute/centre_values.h"
#include "compute/row_blocks.h"
#include "errors.h"
#include "site_tiling.h"
#include "tiles.h"

namespace geofield {
void check_centres_view(const FieldParams& p, std::span<const Centre> centres) {
  if (centres.empty()) throw UsageError("--centres: no centres");
  if (centres.size() > kMaxCentres) {
    throw UsageError("--centres: more than " + std::to_string(kMaxCentres) + " centres");
  }
  if (p.formula == Formula::seed) {
    throw UsageError(
        "--centres: the seed formula is not a distance, so no centre is nearest by it; use "
        "--formula haversine or wgs84");
  }
}

namespace {

// The largest angle (radians, on the unit sphere) at which a centre can still win at a node
// whose chord-nearest centre is at angle theta0 and has the value best (output unit). Every
// centre whose value could be at most best lies within it:
// - haversine: each value is within the float path's bound of the true distance, 2e-6 of
//   (max + value), so two values in the order of their true angles can swap only within
//   4e-6 (pi + theta) of each other; 1e-5 (pi + theta0) more covers it (double is far finer).
//   On projected views the true distance is to the node's double point; the float values there
//   are measured within this bound too (tests/unit/nearest_centre_test.cpp).
// - wgs84: the ellipsoid's lengths are within a factor 1 +- delta of the sphere of its mean
//   radius R1 (delta = 2f + f^2: the meridian's and the prime vertical's radii of curvature lie
//   in about [1 - 5f/3, 1 + 4f/3] R1), so a centre whose geodesic is at most best lies within
//   best / ((1 - delta) R1) of the node on the sphere.
// delta of the wgs84 bound below: 2f + f^2.
double stretch_delta(const FieldParams& p) {
  const double f = flattening_of(p.ellipsoid_inv_f);
  return 2 * f + f * f;
}

// haversine: centre_bounds.h's reach (the GPUs' too); wgs84: from the best value itself, which
// bounds tighter than the GPUs' theta-based stretch.
double reach(const FieldParams& p, double theta0, double best) {
  if (p.formula == Formula::wgs84) {
    const double delta = stretch_delta(p);
    return best / ((1 - delta) * radius_in_units(p)) * (1 + 1e-9) + 1e-12;
  }
  return reach_of(ReachBound{}, theta0);
}

double distance2(const UnitVector& a, const UnitVector& b) {  // as CentreIndex computes it
  const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

// The winner among candidates at the row's column j: the smallest value, the lowest index on a
// tie. None (no candidates): NaN and -1.
template <typename T>
void pick(RowValues<T>& row, std::span<const std::int32_t> candidates, int j, T* value,
          std::int32_t* index) {
  T best = std::numeric_limits<T>::infinity();
  std::int32_t best_k = -1;
  for (const std::int32_t k : candidates) {
    const T v = row.value(static_cast<std::size_t>(k), j);
    if (v < best || (v == best && k < best_k)) best = v, best_k = k;
  }
  *value = best_k < 0 ? std::numeric_limits<T>::quiet_NaN() : best;
  *index = best_k;
}

// Everything of one compute that the rows share: the centres' values, their k-d tree and unit
// vectors, and the tiles' width. brute: every centre at every node (the oracle).
class NearestSearch {
 public:
  NearestSearch(const FieldParams& p, std::span<const Centre> centres, bool brute)
      : p_(p), fields_(p, centres), brute_(brute), wgs84_(p.formula == Formula::wgs84) {
    if (brute) {
      all_.resize(centres.size());
      for (std::size_t k = 0; k < all_.size(); ++k) all_[k] = static_cast<std::int32_t>(k);
      return;
    }
    tree_.emplace(centres);
    points_.reserve(centres.size());
    for (const Centre& c : centres) points_.push_back(unit_vector(c.lat_deg, c.lon_deg));
    tile_width_ = cpu_site_run(centres.size(), fields_.node_step_rad());  // site_tiling.h
    tile_chord2_ = chord2_of_angle(tile_width_ * fields_.node_step_rad());
    const double delta = wgs84_ ? stretch_delta(p) : 0.0;
    stretch_ = (1 + delta) / (1 - delta);  // geodesic / sphere, at most
  }

  const CentreFields& fields() const { return fields_; }

  // The current row of `row` (w.nx columns) into values and index.
  template <typename T>
  void fill(RowValues<T>& row, int nx, T* values, std::int32_t* index) const {
    if (brute_) {
      for (int j = 0; j < nx; ++j) {
        if (row.on_map(j)) {
          pick<T>(row, all_, j, &values[j], &index[j]);
        } else {
          values[j] = std::numeric_limits<T>::quiet_NaN(), index[j] = -1;
        }
      }
      return;
    }
    // The last node's nearest, a hint for the next tile's search. Each row starts without one:
    // a thread outlives a compute (the window's worker), and a hint from the last compute's
    // centres is not an index of these.
    std::int32_t hint = -1;
    const std::span<const UnitVector> q = row.points();
    for (int j0 = 0, j1 = 0; j0 < nx; j0 = j1) {
      // Up to tile_width_ nodes, ending early where the next one is farther on the sphere from
      // the tile's first than tile_width_ steps at the map's centre: near ortho's limb a node
      // step is many times that, and a tile of tile_width_ nodes would search a cap holding
      // hundreds of centres. (latlon: never earlier, its nodes are at most that far apart.)
      int first = -1;
      for (j1 = j0; j1 < nx && j1 - j0 < tile_width_; ++j1) {
        if (!row.on_map(j1)) continue;
        if (first < 0) {
          first = j1;
        } else if (distance2(q[j1], q[first]) > tile_chord2_) {
          break;
        }
      }
      hint = fill_tile(row, j0, j1, hint, values, index);
    }
  }

 private:
  // Tiles of up to tile_width_ nodes of a row: the centres that can win anywhere in a tile are
  // found once, about a middle node qc, within R = reach(theta_c + rho) + rho, where rho is the
  // tile's largest angle from qc and theta_c qc's nearest centre's (a node's nearest is within
  // theta_c + rho of it, and its winners within reach of that, by the triangle inequality); each
  // node then takes its own nearest and its own reach among those few. rho is measured from
  // the nodes' own unit vectors, so it holds on any grid: a projected row's tile across the
  // antimeridian or the limb is simply wider on the sphere. Off-map nodes take no part.
  template <typename T>
  std::int32_t fill_tile(RowValues<T>& row, int j0, int j1, std::int32_t hint, T* values,
                         std::int32_t* index) const {
    thread_local std::vector<std::int32_t> tile, mine;
    thread_local std::vector<double> d2;
    const std::span<const UnitVector> q = row.points();
    int mid = -1;  // the on-map node nearest the tile's middle
    const int want = (j0 + j1 - 1) / 2;
    for (int j = j0; j < j1; ++j) {
      if (!row.on_map(j)) {
        values[j] = std::numeric_limits<T>::quiet_NaN(), index[j] = -1;
      } else if (mid < 0 || std::abs(j - want) < std::abs(mid - want)) {
        mid = j;
      }
    }
    if (mid < 0) return hint;
    const UnitVector& qc = q[mid];
    double rho2 = 0;
    for (int j = j0; j < j1; ++j) {
      if (row.on_map(j)) rho2 = std::max(rho2, distance2(q[j], qc));
    }
    const double rho = angle_of_chord2(rho2) * (1 + 1e-12) + 1e-15;
    const double theta_c = angle_of_chord2(tree_->nearest_chord2(qc, hint));
    const double theta0_max = theta_c + rho;
    const double tile_reach =
        wgs84_ ? theta0_max * stretch_ * (1 + 1e-9) + 1e-12 : reach(p_, theta0_max, 0);
    tile.clear();
    tree_->within(qc, chord2_of_angle(tile_reach + rho), &tile);
    d2.resize(tile.size());
    for (int j = j0; j < j1; ++j) {
      if (!row.on_map(j)) continue;
      double best2 = std::numeric_limits<double>::infinity();
      for (std::size_t t = 0; t < tile.size(); ++t) {
        d2[t] = distance2(points_[tile[t]], q[j]);
        best2 = std::min(best2, d2[t]);
      }
      const double theta0 = angle_of_chord2(best2);
      double theta = 0;
      if (wgs84_) {
        // The chord-nearest centre's geodesic bounds how far a winner can be.
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t t = 0; t < tile.size(); ++t) {
          if (d2[t] == best2) best = std::min(best, row.geodesic(tile[t], j));
        }
        theta = reach(p_, theta0, best);
      } else {
        theta = reach(p_, theta0, 0);
      }
      const double r2 = chord2_of_angle(theta);
      mine.clear();
      for (std::size_t t = 0; t < tile.size(); ++t) {
        if (d2[t] <= r2) mine.push_back(tile[t]);
      }
      pick<T>(row, mine, j, &values[j], &index[j]);
      if (index[j] >= 0) hint = index[j];
    }
    return hint;
  }

  FieldParams p_;
  CentreFields fields_;
  bool brute_, wgs84_;
  std::vector<std::int32_t> all_;  // brute: every centre
  std::optional<CentreIndex> tree_;
  std::vector<UnitVector> points_;  // the centres' unit vectors, by index
  int tile_width_ = 1;
  double tile_chord2_ = 0;  // a tile's widest chord from its first node, but for its last
  double stretch_ = 1;
};

// Rows per block: about 4096 nodes, so that every core has blocks even on small subgrids.
int rows_per_block(const Subgrid& w) { return std::max(1, 4096 / w.nx); }

// The subgrid's rows shared out among the cores into values and index (w.nx * w.ny each).
template <typename T>
void fill_subgrid(const NearestSearch& s, const Subgrid& w, T* values, std::int32_t* index) {
  RowBlocks blocks(w.ny, rows_per_block(w));
  run_on_all_cores(blocks, [&] {
    RowValues<T> row(s.fields(), w);
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) {
        row.set_row(w.row0 + i);
        const std::size_t at = static_cast<std::size_t>(i) * w.nx;
        s.fill(row, w.nx, values + at, index + at);
      }
    }
  });
}

}  // namespace

template <typename T>
void nearest_centre_field_on_cpu(const FieldParams& p, std::span<const Centre> centres, T* values,
                                 std::int32_t* index) {
  nearest_centre_subgrid_on_cpu<T>(p, centres, whole_grid(p.nx, p.ny), values, index);
}

template <typename T>
void nearest_centre_subgrid_on_cpu(const FieldParams& p, std::span<const Centre> centres,
                                   const Subgrid& w, T* values, std::int32_t* index) {
  check_centres_view(p, centres);  // at least one centre: the tiles' spacing is finite
  check_subgrid(p, w);
  fill_subgrid<T>(NearestSearch(p, centres, false), w, values, index);
}

template <typename T>
void nearest_centre_subgrid_blocks_on_cpu(const FieldParams& p, std::span<const Centre> centres,
                                          const Subgrid& w, const EmitNearestRows<T>& emit) {
  check_centres_view(p, centres);
  check_subgrid(p, w);
  const NearestSearch s(p, centres, false);
  RowBlocks blocks(w.ny, rows_per_block(w));
  run_on_all_cores(blocks, [&] {
    RowValues<T> row(s.fields(), w);
    const std::size_t n = static_cast<std::size_t>(rows_per_block(w)) * w.nx;
    std::vector<T> values(n);
    std::vector<std::int32_t> index(n);
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) {
        row.set_row(w.row0 + i);
        const std::size_t at = static_cast<std::size_t>(i - first) * w.nx;
        s.fill(row, w.nx, values.data() + at, index.data() + at);
      }
      const std::size_t filled = static_cast<std::size_t>(last - first) * w.nx;
      emit(first, std::span<const T>(values.data(), filled),
           std::span<const std::int32_t>(index.data(), filled));
    }
  });
}

template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres,
                                const Subgrid& w, T* values, std::int32_t* index) {
  check_centres_view(p, centres);
  check_subgrid(p, w);
  fill_subgrid<T>(NearestSearch(p, centres, true), w, values, index);
}

template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres, T* values,
                                std::int32_t* index) {
  nearest_centre_brute_force<T>(p, centres, whole_grid(p.nx, p.ny), values, index);
}

#define GF_NEAREST_CENTRE(T)                                                                    \
  template void nearest_centre_field_on_cpu<T>(const FieldParams&, std::span<const Centre>, T*, \
                                               std::int32_t*);                                  \
  template void nearest_centre_subgrid_on_cpu<T>(const FieldParams&, std::span<const Centre>,   \
                                                 const Subgrid&, T*, std::int32_t*);            \
  template void nearest_centre_subgrid_blocks_on_cpu<T>(                                        \
      const FieldParams&, std::span<const Centre>, const Subgrid&, const EmitNearestRows<T>&);  \
  template void nearest_centre_brute_force<T>(const FieldParams&, std::span<const Centre>,      \
                                              const Subgrid&, T*, std::int32_t*);               \
  template void nearest_centre_brute_force<T>(const FieldParams&, std::span<const Centre>, T*,  \
                                              std::int32_t*);
GF_NEAREST_CENTRE(float)
GF_NEAREST_CENTRE(double)
#undef GF_NEAREST_CENTRE

}  // namespace geofield
