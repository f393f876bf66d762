#include "backends/nearest_centre.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "backends/centre_index.h"
#include "backends/row_blocks.h"
#include "errors.h"

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
  if (p.projection != Projection::latlon) {
    throw UsageError("--centres: the nearest-centre field is computed on latlon grids only");
  }
}

namespace {

// One centre as the reference of p: what the one-centre field of that centre needs, made once:
// its grid geometry (the haversine field's factors; wgs84's columns) and, for wgs84, its
// reference part, the ellipsoid (400 bytes) being every centre's.
class CentreFields {
 public:
  CentreFields(const FieldParams& p, std::span<const Centre> centres)
      : id_(next_id_.fetch_add(1) + 1), wgs84_(p.formula == Formula::wgs84) {
    FieldParams pc = p;
    if (wgs84_) geodesic_ = geodesic_field(p);
    for (const Centre& c : centres) {
      pc.ref_lat_deg = c.lat_deg;
      pc.ref_lon_deg = c.lon_deg;
      if (wgs84_) references_.push_back(geodesic_field(pc).reference);
      grids_.push_back(grid_geometry(pc));
    }
  }

  // Row parts of a few centres' fields, kept while a row is walked: neighbouring nodes mostly
  // ask the same centres.
  template <typename T>
  struct RowCache {
    struct Entry {
      std::uint64_t fields = 0;  // the CentreFields it belongs to (its id: never reused)
      std::size_t k = SIZE_MAX;
      int i = -1;
      RowFactors<T> haversine{};
      GeodesicRow geodesic{};
    };
    Entry entries[4];
    int next = 0;
  };

  // The value at node (i, j) of centre k's field, as that field computes it (field_value and
  // geodesic_field_value, their row part from the cache).
  template <typename T>
  T value(std::size_t k, int i, int j, RowCache<T>* cache) const {
    typename RowCache<T>::Entry* e = nullptr;
    for (auto& c : cache->entries) {
      if (c.fields == id_ && c.k == k && c.i == i) e = &c;
    }
    if (!e) {
      e = &cache->entries[cache->next];
      cache->next = (cache->next + 1) % 4;
      e->fields = id_;
      e->k = k;
      e->i = i;
      if (wgs84_) {
        // geodesic_grid_row with centre k's reference.
        e->geodesic = make_geodesic_row(geodesic_.ellipsoid, references_[k],
                                        geodesic_row_lat_deg(grids_[k], i));
      } else {
        e->haversine = row_factors<T>(grids_[k], i);
      }
    }
    if (wgs84_) {
      return static_cast<T>(  // geodesic_value: it uses the ellipsoid and the unit only
          geodesic_value(geodesic_, e->geodesic, geodesic_grid_column(grids_[k], j)));
    }
    return combine<T>(grids_[k], e->haversine, col_factors<T>(grids_[k], j));
  }

  template <typename T>
  T value(std::size_t k, int i, int j) const {
    RowCache<T> none;
    return value<T>(k, i, j, &none);
  }

 private:
  static inline std::atomic<std::uint64_t> next_id_{0};
  std::uint64_t id_;
  bool wgs84_;
  std::vector<GridGeometry> grids_;
  GeodesicField geodesic_;  // the ellipsoid and the unit (its reference: the first centre's)
  std::vector<GeodesicReference> references_;
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
// delta of the wgs84 bound below: 2f + f^2.
double stretch_delta(const FieldParams& p) {
  const double f = flattening_of(p.ellipsoid_inv_f);
  return 2 * f + f * f;
}

double reach(const FieldParams& p, double theta0, double best) {
  if (p.formula == Formula::wgs84) {
    const double delta = stretch_delta(p);
    return best / ((1 - delta) * radius_in_units(p)) * (1 + 1e-9) + 1e-12;
  }
  return theta0 + 1e-5 * (kPi + theta0) + 1e-12;
}

double angle_of_chord2(double c2) { return 2 * std::asin(std::min(1.0, std::sqrt(c2) / 2)); }

double chord2_of_angle(double theta) {
  const double c = 2 * std::sin(std::min(theta, kPi) / 2);
  return c * c * (1 + 1e-12) + 1e-24;  // the rounding of the chord's own evaluation, and more
}

double distance2(const UnitVector& a, const UnitVector& b) {  // as CentreIndex computes it
  const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

// The winner among candidates at node (i, j): the smallest value, the lowest index on a tie.
template <typename T>
void pick(const CentreFields& fields, std::span<const std::int32_t> candidates, int i, int j,
          T* value, std::int32_t* index) {
  thread_local CentreFields::RowCache<T> cache;
  T best = std::numeric_limits<T>::infinity();
  std::int32_t best_k = -1;
  for (const std::int32_t k : candidates) {
    const T v = fields.template value<T>(static_cast<std::size_t>(k), i, j, &cache);
    if (best_k < 0 || v < best || (v == best && k < best_k)) best = v, best_k = k;
  }
  *value = best;
  *index = best_k;
}

// The grid's rows shared out among the cores; each row's nodes as unit vectors, handed to
// row(i, q, value row, index row).
template <typename T, typename Row>
void for_rows(const FieldParams& p, const Row& row) {
  const GridGeometry g = grid_geometry(p);
  // (cos lat cos lon, cos lat sin lon, sin lat) from a row's and a column's parts.
  std::vector<double> cos_lon(static_cast<size_t>(p.nx)), sin_lon(cos_lon.size());
  for (int j = 0; j < p.nx; ++j) sincos_deg(node_lon_deg(g, j), &sin_lon[j], &cos_lon[j]);
  RowBlocks blocks(p.ny, std::max(1, 4096 / p.nx));
  run_on_all_cores(blocks, [&] {
    std::vector<UnitVector> q(static_cast<size_t>(p.nx));
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) {
        double sin_lat, cos_lat;
        sincos_deg(node_lat_deg(g, i), &sin_lat, &cos_lat);
        for (int j = 0; j < p.nx; ++j) q[j] = {cos_lat * cos_lon[j], cos_lat * sin_lon[j], sin_lat};
        row(i, std::span<const UnitVector>(q));
      }
    }
  });
}

}  // namespace

// Tiles of up to kMaxTile nodes of a row: the centres that can win anywhere in a tile are found
// once, about the tile's middle node qc, within R = reach(theta_c + rho) + rho, where rho is the
// tile's largest angle from qc and theta_c qc's nearest centre's (a node's nearest is within
// theta_c + rho of it, and its winners within reach of that, by the triangle inequality); each node
// then takes its own nearest and its own reach among those few.
template <typename T>
void nearest_centre_field_on_cpu(const FieldParams& p, std::span<const Centre> centres, T* values,
                                 std::int32_t* index) {
  // A tile about twice as wide as the centres' typical spacing (sqrt(4 pi / N) radians): wider, its
  // shared set would hold many centres each node must look at (a million centres: thousands);
  // narrower, the search is repeated for little.
  constexpr int kMaxTile = 32;
  check_centres_view(p, centres);  // at least one centre: the spacing below is finite
  const double spacing_rad = std::sqrt(4 * kPi / static_cast<double>(centres.size()));
  const double node_step_rad = grid_geometry(p).lon_step_deg * kPi / 180;
  // Clamped as a double, then converted: the ratio may be beyond an int.
  const int tile_width =
      static_cast<int>(std::clamp(2 * spacing_rad / node_step_rad, 1.0, double(kMaxTile)));
  const CentreIndex tree(centres);
  const CentreFields fields(p, centres);
  std::vector<UnitVector> points;
  points.reserve(centres.size());
  for (const Centre& c : centres) points.push_back(unit_vector(c.lat_deg, c.lon_deg));
  const bool wgs84 = p.formula == Formula::wgs84;
  const double delta = wgs84 ? stretch_delta(p) : 0.0;
  const double stretch = (1 + delta) / (1 - delta);  // geodesic / sphere, at most
  for_rows<T>(p, [&](int i, std::span<const UnitVector> q) {
    thread_local std::vector<std::int32_t> tile, mine;
    thread_local std::vector<double> d2;
    // The last node's nearest, a hint for the next tile's search. Each row starts without one:
    // a thread outlives a compute (the window's worker), and a hint from the last compute's
    // centres is not an index of these.
    std::int32_t hint = -1;
    for (int j0 = 0; j0 < p.nx; j0 += tile_width) {
      const int j1 = std::min(p.nx, j0 + tile_width);
      const UnitVector& qc = q[(j0 + j1 - 1) / 2];
      double rho2 = 0;
      for (int j = j0; j < j1; ++j) rho2 = std::max(rho2, distance2(q[j], qc));
      const double rho = angle_of_chord2(rho2) * (1 + 1e-12) + 1e-15;
      const double theta_c = angle_of_chord2(tree.nearest_chord2(qc, hint));
      const double theta0_max = theta_c + rho;
      const double tile_reach =
          wgs84 ? theta0_max * stretch * (1 + 1e-9) + 1e-12 : reach(p, theta0_max, 0);
      tile.clear();
      tree.within(qc, chord2_of_angle(tile_reach + rho), &tile);
      d2.resize(tile.size());
      for (int j = j0; j < j1; ++j) {
        double best2 = std::numeric_limits<double>::infinity();
        for (std::size_t t = 0; t < tile.size(); ++t) {
          d2[t] = distance2(points[tile[t]], q[j]);
          best2 = std::min(best2, d2[t]);
        }
        const double theta0 = angle_of_chord2(best2);
        double theta = 0;
        if (wgs84) {
          // The chord-nearest centre's geodesic bounds how far a winner can be.
          double best = std::numeric_limits<double>::infinity();
          for (std::size_t t = 0; t < tile.size(); ++t) {
            if (d2[t] == best2) best = std::min(best, fields.value<double>(tile[t], i, j));
          }
          theta = reach(p, theta0, best);
        } else {
          theta = reach(p, theta0, 0);
        }
        const double r2 = chord2_of_angle(theta);
        mine.clear();
        for (std::size_t t = 0; t < tile.size(); ++t) {
          if (d2[t] <= r2) mine.push_back(tile[t]);
        }
        const std::size_t n = static_cast<std::size_t>(i) * p.nx + j;
        pick<T>(fields, mine, i, j, &values[n], &index[n]);
        hint = index[n];
      }
    }
  });
}

template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres, T* values,
                                std::int32_t* index) {
  check_centres_view(p, centres);
  const CentreFields fields(p, centres);
  std::vector<std::int32_t> all(centres.size());
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<std::int32_t>(k);
  for_rows<T>(p, [&](int i, std::span<const UnitVector>) {
    for (int j = 0; j < p.nx; ++j) {
      const std::size_t n = static_cast<std::size_t>(i) * p.nx + j;
      pick<T>(fields, all, i, j, &values[n], &index[n]);
    }
  });
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
