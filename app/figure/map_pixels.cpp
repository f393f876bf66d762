#include "figure/map_pixels.h"

#include <cmath>

#include "field_math.h"
#include "projection.h"

namespace geofield {
namespace {

constexpr double kFollowPx = 0.25;  // a subdivided step's middle within this of its chord
constexpr int kMaxDepth = 16;       // halvings of one step: 1/65536 of it
constexpr double kOffMarginPx = 8;  // steps wholly this far off one side are not subdivided

GeoPoint middle(GeoPoint a, GeoPoint b) {
  return {(a.lat_deg + b.lat_deg) / 2, (a.lon_deg + b.lon_deg) / 2};
}

}  // namespace

MapPixels::MapPixels(const ViewStyle& style, double w, double h)
    : style_(style), map_(style.map), w_(w), h_(h) {
  if (!map_.projected()) west_ = reduce_deg_180(style.view.lon_min_deg);
}

std::vector<double> MapPixels::world_copies_deg() const {
  if (projected() || west_ + style_.view.lon_span_deg <= 180.0) return {0.0};
  return {0.0, 360.0};
}

std::optional<PointPx> MapPixels::at(GeoPoint p) const {
  if (!projected()) {
    const GeoBounds& v = style_.view;
    return PointPx{(p.lon_deg - west_) / v.lon_span_deg * w_,
                   (v.lat_max_deg - p.lat_deg) / (v.lat_max_deg - v.lat_min_deg) * h_};
  }
  const MapPoint<double> m = project<double>(
      map_.projection, make_projection_centre(map_.centre_lat_deg, map_.centre_lon_deg), p.lat_deg,
      p.lon_deg, map_.radius);
  if (!m.valid) return std::nullopt;
  return PointPx{(m.x / map_.half_width + 1) / 2 * w_, (1 - m.y / map_.half_height) / 2 * h_};
}

bool MapPixels::both_off_one_side(PointPx a, PointPx b) const {
  const double m = kOffMarginPx;
  return (a.x < -m && b.x < -m) || (a.y < -m && b.y < -m) || (a.x > w_ + m && b.x > w_ + m) ||
         (a.y > h_ + m && b.y > h_ + m);
}

void MapPixels::path(std::span<const GeoPoint> points, PolylineCutter* out) const {
  out->cut();
  if (points.empty()) return;
  std::optional<PointPx> prev = at(points[0]);
  if (prev) out->point(*prev);
  for (std::size_t k = 1; k < points.size(); ++k) {
    const std::optional<PointPx> here = at(points[k]);
    step(points[k - 1], prev, points[k], here, 0, out);
    prev = here;
  }
  out->cut();
}

// a is on out already (when it has a place); adds what follows up to b.
void MapPixels::step(GeoPoint a, std::optional<PointPx> pa, GeoPoint b, std::optional<PointPx> pb,
                     int depth, PolylineCutter* out) const {
  if (!pa && !pb) {
    out->cut();
    return;
  }
  if (pa && pb) {
    const double len = std::hypot(pb->x - pa->x, pb->y - pa->y);
    if (!projected() || len <= 1.0 || both_off_one_side(*pa, *pb)) {
      out->point(*pb);
      return;
    }
  }
  const GeoPoint m = middle(a, b);
  const std::optional<PointPx> pm = at(m);
  if (pa && pb && pm) {
    const double off = std::hypot(pm->x - (pa->x + pb->x) / 2, pm->y - (pa->y + pb->y) / 2);
    const double len = std::hypot(pb->x - pa->x, pb->y - pa->y);
    if (off <= kFollowPx) {
      out->point(*pb);
      return;
    }
    if (depth >= kMaxDepth) {
      // Still not straight after all the halving: a jump across the map (the line shader's
      // rule), not a curve.
      if (off > 0.25 * len + 2.0) out->cut();
      out->point(*pb);
      return;
    }
  } else if (depth >= kMaxDepth) {
    // The limb (or the antipode) found to within the halvings: the line ends or starts here.
    out->cut();
    if (pb) out->point(*pb);
    return;
  }
  step(a, pa, m, pm, depth + 1, out);
  step(m, pm, b, pb, depth + 1, out);
}

}  // namespace geofield
