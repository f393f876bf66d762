// Where points of the sphere fall on a figure's map, as the renderer places the field: a lat/lon
// view's degrees scaled to its pixels, or an aeqd/ortho map's forward projection (the shared
// core/projection.h) scaled from its plane. Lines between points follow the projection within a
// quarter pixel and break where the map has no place for them. No GL, no cairo.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "figure/map_polyline.h"
#include "gl/renderer.h"
#include "view/view_math.h"  // GeoPoint

namespace geofield {

class MapPixels {
 public:
  // The map of style (its view, or its projected map when that is set) drawn w x h pixels.
  MapPixels(const ViewStyle& style, double w, double h);

  bool projected() const { return map_.projected(); }
  double width() const { return w_; }
  double height() const { return h_; }
  // A lat/lon view's west edge reduced to [-180, 180), and the copies of the world (0, or 0
  // and 360 degrees east) that longitudes in [-180, 180] need to cover it.
  double west_deg() const { return west_; }
  std::vector<double> world_copies_deg() const;

  // The pixel of a point, or none where the map has no place for it (ortho's far side, aeqd's
  // antipode). A lat/lon view takes the longitude as it is (no wrapping: add a world copy).
  std::optional<PointPx> at(GeoPoint p) const;

  // The path through points (straight in latitude and longitude between them; longitudes
  // continuous, not wrapped) onto out as map pixels: each step subdivided until its pixels
  // follow the projection, cut where a point has no place (at the limb, found by halving) and
  // where a step jumps across the map (aeqd's rim about the antipode).
  void path(std::span<const GeoPoint> points, PolylineCutter* out) const;

 private:
  void step(GeoPoint a, std::optional<PointPx> pa, GeoPoint b, std::optional<PointPx> pb, int depth,
            PolylineCutter* out) const;
  bool both_off_one_side(PointPx a, PointPx b) const;

  ViewStyle style_;
  MapFrame map_;
  double w_, h_;
  double west_ = 0;
};

}  // namespace geofield
