// What a centre's value at a node is, for the nearest-centre field (nearest_centre.cpp): the
// one thing the pruned search and the brute force must share exactly, so that they agree bit
// for bit. Internal to nearest_centre.cpp.
//   latlon: the one-centre field of that centre (field_value; geodesic_field_value for wgs84),
//           its row part cached while a row is walked.
//   aeqd, ortho: the map is the view's (aeqd about p's reference point, ortho about the middle
//           of its bounds, as projected_grid(p)); each node's point is the double inverse
//           projection's (projected_node_point<double>), and a centre's value is the shared
//           math's distance from that centre to that point: projected_point_value (haversine)
//           or projected_geodesic_point_value (wgs84) with the centre as the reference. In
//           double and for wgs84 that is the one-centre CPU field of the centre wherever that
//           field's map is this one: ortho (its map does not move with the reference), and
//           aeqd for a centre at the map's centre. The float haversine one-centre field is the
//           separable path (projected_chord.h), so the float value is that path's wherever it
//           has one — ortho on the disc, aeqd for a centre at the map's centre (hypot(x, y)) —
//           and the float haversine of the node's point rounded to float elsewhere (aeqd about
//           another point, whose one-centre field is another map; a rim node where the float
//           path says "off the map" and the double projection does not).
// A node the double inverse projection has no point for is off the map: NaN, index -1. On the
// map no value is NaN.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "centres.h"
#include "compute/centre_index.h"
#include "field_params.h"
#include "projected_chord.h"
#include "subgrid.h"

namespace geofield {

// Every centre as the reference of the view, made once a compute and shared by the threads.
class CentreFields {
 public:
  CentreFields(const FieldParams& p, std::span<const Centre> centres)
      : wgs84_(p.formula == Formula::wgs84), projection_(p.projection) {
    if (wgs84_) geodesic_ = geodesic_field(p);
    if (projection_ == Projection::latlon) {
      grid_ = grid_geometry(p);
    } else {
      map_ = projected_grid(p);
      map_chord_ = chord_constants<float>(map_, kNaN);
    }
    FieldParams pc = p;
    for (const Centre& c : centres) {
      pc.ref_lat_deg = c.lat_deg;
      pc.ref_lon_deg = c.lon_deg;
      if (wgs84_) references_.push_back(geodesic_field(pc).reference);
      if (projection_ == Projection::latlon) {
        grids_.push_back(grid_geometry(pc));
        continue;
      }
      // The view's map, the centre as the reference (for ortho this is projected_grid(pc)).
      const ProjectedGrid g =
          make_projected_grid(p.projection, p.nx, p.ny, p.extent, map_.centre.lat_deg,
                              map_.centre.lon_deg, c.lat_deg, c.lon_deg, p.formula, p.units,
                              sphere_radius_km(p), p.registration == Registration::pixel);
      maps_.push_back(g);
      chords_.push_back(chord_constants<float>(g, kNaN));
      at_map_centre_.push_back(p.projection == Projection::aeqd &&
                               c.lat_deg == map_.centre.lat_deg &&
                               wrap_lon_deg(c.lon_deg) == wrap_lon_deg(map_.centre.lon_deg));
    }
  }

  bool projected() const { return projection_ != Projection::latlon; }
  bool wgs84() const { return wgs84_; }
  // Node spacing in radians on the sphere (latlon: along the equator; projected: at the map's
  // centre): the tiles' width is chosen from it.
  double node_step_rad() const {
    return projected() ? map_.step / map_.radius : grid_.lon_step_deg * kPi / 180;
  }

 private:
  template <typename T>
  friend class RowValues;
  static constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

  bool wgs84_;
  Projection projection_;
  GeodesicField geodesic_;  // the ellipsoid and the unit (its reference: p's)
  std::vector<GeodesicReference> references_;
  // latlon
  GridGeometry grid_;                // the view's nodes
  std::vector<GridGeometry> grids_;  // by centre
  // aeqd, ortho
  ProjectedGrid map_;                  // the view's nodes
  ChordConstants<float> map_chord_{};  // aeqd's disc
  std::vector<ProjectedGrid> maps_;    // by centre: the view's map, the centre the reference
  std::vector<ChordConstants<float>> chords_;  // by centre: ortho's float path
  std::vector<bool> at_map_centre_;            // by centre: aeqd's float path is hypot(x, y)
};

// One thread's current row of a subgrid: its nodes' unit vectors, which are on the map, and
// every centre's value at them. Made per thread and compute; set_row before each row.
template <typename T>
class RowValues {
 public:
  RowValues(const CentreFields& f, const Subgrid& w)
      : f_(f), w_(w), q_(static_cast<size_t>(w.nx)), on_(q_.size(), 1), geodesic_(f.geodesic_) {
    if (!f.projected()) {
      cos_lon_.resize(q_.size());
      sin_lon_.resize(q_.size());
      for (int j = 0; j < w.nx; ++j) {
        sincos_deg(node_lon_deg(f.grid_, w.col0 + j), &sin_lon_[j], &cos_lon_[j]);
      }
      return;
    }
    points_.resize(q_.size());
    for (int j = 0; j < w.nx; ++j) map_cols_.push_back(chord_col_terms<float>(f.map_, w.col0 + j));
  }

  // Row i of the whole grid becomes current.
  void set_row(int i) {
    i_ = i;
    for (Entry& e : cache_) e.k = SIZE_MAX;
    if (!f_.projected()) {
      // (cos lat cos lon, cos lat sin lon, sin lat) from the row's and the columns' parts.
      double sin_lat, cos_lat;
      sincos_deg(node_lat_deg(f_.grid_, i), &sin_lat, &cos_lat);
      for (size_t j = 0; j < q_.size(); ++j) {
        q_[j] = {cos_lat * cos_lon_[j], cos_lat * sin_lon_[j], sin_lat};
      }
      return;
    }
    map_row_ = chord_row_terms<float>(f_.map_, i);
    for (int j = 0; j < w_.nx; ++j) {
      points_[j] = projected_node_point<double>(f_.map_, i, w_.col0 + j);
      on_[j] = points_[j].valid;
      if (on_[j]) q_[j] = unit_vector(points_[j].lat_deg, points_[j].lon_deg);
    }
  }

  std::span<const UnitVector> points() const { return q_; }
  // Whether the subgrid's column j of the row has a point (latlon: always).
  bool on_map(int j) const { return on_[j] != 0; }

  // Centre k's value at the subgrid's column j of the current row (on the map).
  T value(std::size_t k, int j) {
    if (f_.wgs84_) return static_cast<T>(geodesic(k, j));
    const int col = w_.col0 + j;
    if (!f_.projected()) {
      const GridGeometry& g = f_.grids_[k];
      return combine<T>(g, entry(k).haversine, col_factors<T>(g, col));
    }
    const ProjectedGrid& g = f_.maps_[k];
    if constexpr (std::is_same_v<T, float>) {
      // The one-centre float field's own arithmetic (cpu_rows.cpp's ChordRows) where it
      // gives a value.
      if (g.projection == Projection::ortho) {
        float a, b;
        if (ortho_haversines(entry(k).chord_row, chord_col_terms<float>(g, col), f_.chords_[k], &a,
                             &b)) {
          return 2.0f * static_cast<float>(g.radius) * haversine_half_angle(a, b);
        }
      } else if (f_.at_map_centre_[k]) {
        const float v = aeqd_radius_value(map_row_, map_cols_[j], f_.map_chord_);
        if (!std::isnan(v)) return v;
      }
      const SpherePoint<double>& d = points_[j];
      const SpherePoint<float> q{float(d.lat_deg),  float(d.lon_deg), float(d.dlat_deg),
                                 float(d.dlon_deg), float(d.cos_lat), d.valid};
      return projected_point_value<float>(g, q);
    } else {
      return projected_point_value<double>(g, points_[j]);
    }
  }

  // wgs84: centre k's geodesic distance (output unit, double) to the subgrid's column j.
  double geodesic(std::size_t k, int j) {
    if (f_.projected()) {
      geodesic_.reference = f_.references_[k];
      return projected_geodesic_point_value(geodesic_, f_.maps_[k], points_[j]);
    }
    const GridGeometry& g = f_.grids_[k];
    return geodesic_value(f_.geodesic_, entry(k).geodesic, geodesic_grid_column(g, w_.col0 + j));
  }

 private:
  // A centre's row part, kept while a row is walked: neighbouring nodes mostly ask the same
  // few centres.
  struct Entry {
    std::size_t k = SIZE_MAX;
    RowFactors<T> haversine{};
    GeodesicRow geodesic{};
    AxisTerms<float> chord_row{};
  };
  Entry& entry(std::size_t k) {
    for (Entry& e : cache_) {
      if (e.k == k) return e;
    }
    Entry& e = cache_[next_];
    next_ = (next_ + 1) % 4;
    e.k = k;
    if (f_.projected()) {
      e.chord_row = chord_row_terms<float>(f_.maps_[k], i_);
    } else if (f_.wgs84_) {
      // geodesic_grid_row with centre k's reference.
      e.geodesic = make_geodesic_row(f_.geodesic_.ellipsoid, f_.references_[k],
                                     geodesic_row_lat_deg(f_.grids_[k], i_));
    } else {
      e.haversine = row_factors<T>(f_.grids_[k], i_);
    }
    return e;
  }

  const CentreFields& f_;
  Subgrid w_;
  int i_ = -1;
  std::vector<UnitVector> q_;
  std::vector<char> on_;
  std::vector<double> cos_lon_, sin_lon_;    // latlon, by subgrid column
  std::vector<SpherePoint<double>> points_;  // projected: the row's nodes' points
  std::vector<AxisTerms<float>> map_cols_;   // projected: the map's column terms
  AxisTerms<float> map_row_{};               // and the current row's
  GeodesicField geodesic_;                   // wgs84 projected: its reference set per centre
  Entry cache_[4];
  int next_ = 0;
};

}  // namespace geofield
