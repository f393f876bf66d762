#include "view/ring_labels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "field_math.h"
#include "field_range.h"

namespace geofield {
namespace {

constexpr int kMaxRings = 200;          // more rings than this are not labelled (unreadable)
constexpr double kAzimuthStepDeg = 10;  // candidate places along a ring
constexpr double kFirstAzimuthDeg = 45;

bool overlaps(const RingLabel& a, const RingLabel& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const RingLabel& l, const MapRect& m) {
  return l.x >= m.x && l.y >= m.y && l.x + l.w <= m.x + m.w && l.y + l.h <= m.y + m.h;
}

// The fewest decimals (up to 6) that write v: intervals are typed, not only 1, 2, 5 x 10^k
// (12.5 nm rings read "12.5", 0.1 x 3 reads "0.3").
std::string short_decimal(double v) {
  char text[64];
  for (int d = 0; d <= 6; ++d) {
    const double scale = std::pow(10.0, d);
    if (std::fabs(std::round(v * scale) / scale - v) <= 1e-9 * std::max(1.0, std::fabs(v))) {
      std::snprintf(text, sizeof text, "%.*f", d, v);
      return text;
    }
  }
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

// The field's range for choosing which rings to label. ortho has no shortcut (field_range visits
// every node, too slow for every frame): a 65-node-wide grid of the same map stands for it,
// which may miss a ring's end by a node's step; labels are placed only where the ring is seen.
ValueRange label_range(const FieldParams& p) {
  if (p.projection != Projection::ortho) return field_range(p);
  FieldParams coarse = p;
  coarse.nx = 65;
  coarse.ny = std::max(2, int(std::lround(64.0 * (p.ny - 1) / std::max(1, p.nx - 1))) + 1);
  ValueRange r = field_range(coarse);
  const double step = 2 * p.extent / 64;  // map units; the distance changes at least as fast
  r.min = std::max(0.0, r.min - step);
  r.max += step;
  return r;
}

}  // namespace

GeoPoint spherical_direct(double lat1_deg, double lon1_deg, double azimuth_deg, double distance,
                          double radius) {
  double s1 = 0, c1 = 0, sa = 0, ca = 0;
  sincos_deg(lat1_deg, &s1, &c1);
  sincos_deg(azimuth_deg, &sa, &ca);
  const double sigma = distance / radius;  // the arc, radians
  const double ss = std::sin(sigma), cs = std::cos(sigma);
  // The destination in the frame of the start: up, north and east components.
  const double north = c1 * cs - s1 * ss * ca;  // towards the pole along the start's meridian
  const double east = sa * ss;
  const double up = s1 * cs + c1 * ss * ca;  // sin of the latitude reached
  GeoPoint g;
  g.lat_deg = std::atan2(up, std::hypot(north, east)) / kRadPerDeg;
  g.lon_deg = reduce_deg_180(lon1_deg + std::atan2(east, north) / kRadPerDeg);
  return g;
}

std::vector<RingLabel> ring_labels(const FieldParams& p, const MapRect& map, double interval,
                                   const RingLabelLook& look) {
  std::vector<RingLabel> out;
  if (p.formula != Formula::haversine || !(interval > 0) || !look.text_width_px) return out;
  const ValueRange range = label_range(p);
  const double k0 = std::max(1.0, std::ceil(range.min / interval));
  const double k1 = std::floor(range.max / interval);
  if (!(k1 >= k0) || k1 - k0 + 1 > kMaxRings) return out;
  const double radius = p.radius_km * units_per_km(p.units);
  const std::string unit(to_string(p.units));
  for (double k = k0; k <= k1; ++k) {
    const double value = k * interval;
    RingLabel l;
    l.value = value;
    l.text = short_decimal(value) + " " + unit;
    l.w = look.text_width_px(l.text) + 2 * look.pad_px;
    l.h = look.text_height_px + 2 * look.pad_px;
    const std::size_t first_of_ring = out.size();
    for (double a = 0; a < 360; a += kAzimuthStepDeg) {
      const GeoPoint g =
          spherical_direct(p.ref_lat_deg, p.ref_lon_deg, kFirstAzimuthDeg + a, value, radius);
      double px = 0, py = 0;
      if (!screen_of(p, map, g, &px, &py)) continue;  // ortho's far side
      l.x = px - l.w / 2;
      l.y = py - l.h / 2;
      if (!inside(l, map)) continue;
      bool free = true;
      for (std::size_t n = 0; n < out.size() && free; ++n) {
        free = !overlaps(l, out[n]);
        if (free && n >= first_of_ring) {
          free = std::hypot(out[n].x - l.x, out[n].y - l.y) >= look.same_ring_apart_px;
        }
      }
      if (free) out.push_back(l);
    }
  }
  return out;
}

}  // namespace geofield
