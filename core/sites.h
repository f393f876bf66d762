// The field's source: the value at a node is the distance to the nearest of a set of
// sites, and beside it, on request, which site that is. One reference point (`--ref`) is a set
// of one; `--centres FILE`, the window's list, the C API's centres and Python's `centres=` are
// sets of many. Every backend, output and front end takes a SiteSet, so nothing is built twice
// for "one point" and "many"; a set of one point is a fast path inside each backend, not a
// second pipeline.
//
// Sites have a kind. A set holds points (a CSV's rows, `--ref`, the window's list: the
// nearest-site search of docs/centres.md) or shapes (site_shapes.h: features of points, lines
// and polygons from GeoJSON or a built-in name: the arc trees' search), so callers
// that pass a SiteSet through need no change. A file of single points is a set of points, so
// `--sites ports.geojson` is what `--centres ports.csv` is. A site's index is its feature's
// position in the set (a file's row or Feature), 0 first.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "centres.h"
#include "field_params.h"
#include "site_shapes.h"

namespace geofield {

// Points as point features, one a point, names kept: how the shapes' search (and a CSV read as
// sites) takes a list of points.
inline SiteShapes point_features(std::span<const Centre> points) {
  SiteShapes s;
  s.vertices.reserve(points.size());
  s.parts.reserve(points.size());
  s.features.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto at = static_cast<std::uint32_t>(k);
    s.vertices.push_back({points[k].lat_deg, points[k].lon_deg});
    s.parts.push_back({PartKind::point, at, 1});
    s.features.push_back({FeatureKind::point, at, 1, points[k].name});
  }
  return s;
}

enum class SiteKind { points, shapes };

using ShapesPtr = std::shared_ptr<const SiteShapes>;

class SiteSet {
 public:
  SiteSet() = default;  // no sites: not a field's source (a request needs at least one)

  // The one point (lat_deg, lon_deg): the field of `--ref`.
  static SiteSet one_point(double lat_deg, double lon_deg) {
    return points(std::make_shared<const std::vector<Centre>>(1, Centre{lat_deg, lon_deg, {}}));
  }
  // Points, shared and never changed in place (a copy of the set costs a pointer, and a backend
  // that uploaded them can tell an unchanged set by it). Null or empty: no sites.
  static SiteSet points(CentreList list) {
    SiteSet s;
    if (list && !list->empty()) s.points_ = std::move(list);
    return s;
  }
  static SiteSet points(std::vector<Centre> list) {
    return points(std::make_shared<const std::vector<Centre>>(std::move(list)));
  }

  // Features of every kind, shared and never changed in place. Features that are each one
  // point (a Point, or a MultiPoint of one) make a set of points, their names kept; null or no
  // features: no sites.
  static SiteSet shapes(ShapesPtr s) {
    if (!s || s->features.empty()) return {};
    if (all_single_points(*s)) return points(points_of(*s));
    SiteSet set;
    set.shapes_ = std::move(s);
    return set;
  }

  bool empty() const { return !points_ && !shapes_; }
  // The number of sites (features): the index of the nearest is in [0, size()).
  std::size_t size() const {
    return points_ ? points_->size() : shapes_ ? shapes_->features.size() : 0;
  }
  // One point: each backend's fast path, whose field is that point's own.
  bool is_one_point() const { return points_ && points_->size() == 1; }
  SiteKind kind() const { return shapes_ ? SiteKind::shapes : SiteKind::points; }
  bool has_shapes() const { return shapes_ != nullptr; }
  // Whether any site is a polygon (what --signed signs the inside of).
  bool has_polygons() const { return shapes_ && shapes_->has(FeatureKind::polygon); }

  // The point sites (null when the set is empty or of shapes).
  const CentreList& points() const { return points_; }
  const Centre& point(std::size_t k) const { return (*points_)[k]; }
  // The shapes (null when the set is empty or of points).
  const ShapesPtr& shapes() const { return shapes_; }
  // Feature k's name (a point's, a GeoJSON feature's "name"), or empty.
  const std::string& name(std::size_t k) const {
    return points_ ? (*points_)[k].name : shapes_->features[k].name;
  }

  // Equal sets: the same lists, or lists of equal sites.
  bool operator==(const SiteSet& o) const {
    const bool same_points =
        points_ == o.points_ || (points_ && o.points_ && *points_ == *o.points_);
    const bool same_shapes =
        shapes_ == o.shapes_ || (shapes_ && o.shapes_ && *shapes_ == *o.shapes_);
    return same_points && same_shapes;
  }

 private:
  static bool all_single_points(const SiteShapes& s) {
    for (const SiteFeature& f : s.features) {
      if (f.kind != FeatureKind::point || f.part_count != 1) return false;
    }
    return true;
  }
  static std::vector<Centre> points_of(const SiteShapes& s) {
    std::vector<Centre> list;
    list.reserve(s.features.size());
    for (const SiteFeature& f : s.features) {
      const SiteVertex& v = s.vertices[s.parts[f.first_part].first];
      list.push_back(Centre{v.lat_deg, v.lon_deg, f.name});
    }
    return list;
  }

  CentreList points_;  // null, or at least one
  ShapesPtr shapes_;   // null, or at least one feature (never both set)
};

// What a backend computes: the grid, formula, units, precision and projection of `params`, the
// distance measured to `sites`. params' reference point is the view's (the centre of an aeqd
// map, the window's marker); it is the one site of a one-point request.
struct FieldRequest {
  FieldParams params;
  SiteSet sites;
  // --signed: inside a polygon, minus the distance to its boundary instead of 0.
  bool signed_inside = false;

  // The field of params' own reference point.
  static FieldRequest of_reference(const FieldParams& p) {
    return {p, SiteSet::one_point(p.ref_lat_deg, p.ref_lon_deg)};
  }
  // Whether each backend's one-point kernels compute this request: one site, on a view whose
  // grid does not move with the reference (latlon, ortho) or is centred on that site (an aeqd
  // grid is centred on the reference: about another point it is another map, whose distance
  // to the site is the nearest-site path's to compute; eqearth's central meridian is the
  // reference's: the site must share that meridian).
  bool one_point() const {
    if (!sites.is_one_point()) return false;
    const Centre& c = sites.point(0);
    if (params.projection == Projection::eqearth) {
      return wrap_lon_deg(c.lon_deg) == wrap_lon_deg(params.ref_lon_deg);
    }
    if (params.projection != Projection::aeqd) return true;
    return c.lat_deg == params.ref_lat_deg && c.lon_deg == params.ref_lon_deg;
  }
  // The parameters the one-point fast path computes with: params, its reference the one site.
  FieldParams one_point_params() const {
    FieldParams q = params;
    q.ref_lat_deg = sites.point(0).lat_deg;
    q.ref_lon_deg = sites.point(0).lon_deg;
    return q;
  }

  bool operator==(const FieldRequest&) const = default;
};

}  // namespace geofield
