#include "view/ring_labels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "field_math.h"
#include "field_range.h"
#include "view/field_measures.h"
#include "view/projected_view.h"

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

// Whether the whole box lies on the sphere's part of a projected map: ortho's disc of the near
// side, aeqd's disc within the antipode. Both are discs, so the box's corners decide. A box
// whose centre is on the ring but which reaches past the limb sat half off the globe, on the
// page (ortho figures).
bool on_globe(const FieldParams& p, const MapRect& m, const RingLabel& l) {
  if (p.projection == Projection::latlon) return true;
  for (const double x : {l.x, l.x + l.w}) {
    for (const double y : {l.y, l.y + l.h}) {
      if (!projected_screen_to_geo(p, m, x, y)) return false;
    }
  }
  return true;
}

// The field's range for choosing which rings to label, every frame. ortho has no shortcut
// (field_range visits every node) and wgs84 costs a geodesic a node (field_range visits O(nx +
// ny) of them on latlon grids, some 20 000 on projected ones): a coarse grid of the same view
// stands for them (65 nodes wide, wgs84 33), widened by a coarse node's step of distance, so a
// ring's end may be labelled that is just off the view (only rings seen get labels).
ValueRange label_range(const FieldParams& p) {
  const bool wgs84 = p.formula == Formula::wgs84;
  // eqearth's field_range visits every node too.
  if ((p.projection == Projection::latlon || p.projection == Projection::aeqd) && !wgs84) {
    return field_range(p);
  }
  const int n = wgs84 ? 32 : 64;  // coarse steps across
  FieldParams coarse = p;
  coarse.registration = Registration::node;  // nodes on the view's edges: the whole of it
  coarse.nx = n + 1;
  coarse.ny = std::max(2, int(std::lround(double(n) * (p.ny - 1) / std::max(1, p.nx - 1))) + 1);
  ValueRange r = field_range(coarse);
  // The distance changes at most as fast as the map's (projected) or the arc's (latlon) step;
  // on an ellipsoid up to 1/(1 - f) as fast (a meridian degree at the pole): 1.03 covers f
  // up to 1/50.
  // eqearth's ground per map unit is 1.16 on the equator and grows toward the pole lines
  // (meridians are shortened there to keep areas): 2 covers all but the last degrees, and only
  // which rings are labelled depends on it.
  const double slack = wgs84 ? 1.03 : (p.projection == Projection::eqearth ? 2.0 : 1.0);
  double step = 2 * p.extent / n;  // map units
  if (p.projection == Projection::latlon) {
    const double deg = std::max((p.lat_max_deg - p.lat_min_deg) / (coarse.ny - 1),
                                lon_span_deg(p.lon_min_deg, p.lon_max_deg) / n);
    step = deg * kRadPerDeg * radius_in_units(p);
  }
  r.min = std::max(0.0, r.min - slack * step);
  r.max += slack * step;
  return r;
}

// The point of the ring `value` (output unit) on the great circle that leaves the reference at
// azimuth_deg, or none. haversine: the spherical direct problem. wgs84: the field's ring lies
// where the geodesic distance is `value`; along the great circle on the view's sphere the arc is
// scaled by value / distance until they agree (the ratio is within f of 1 and varies slowly
// along the arc: each step gains about the factor f), to 1e-9 of value; near the antipode,
// where the distance need not grow along the arc, a candidate that does not converge is dropped.
std::optional<GeoPoint> ring_point(const FieldParams& p, double azimuth_deg, double value) {
  const double radius = radius_in_units(p);
  GeoPoint g = spherical_direct(p.ref_lat_deg, p.ref_lon_deg, azimuth_deg, value, radius);
  if (p.formula != Formula::wgs84) return g;
  const GeoPoint ref{p.ref_lat_deg, p.ref_lon_deg};
  double arc = value;
  for (int step = 0; step < 8; ++step) {
    const double d = distance_between(p, ref, g);
    if (std::fabs(d - value) <= 1e-9 * value) return g;
    if (!(d > 0)) return std::nullopt;
    arc = std::min(arc * value / d, kPi * radius);
    g = spherical_direct(p.ref_lat_deg, p.ref_lon_deg, azimuth_deg, arc, radius);
  }
  return std::nullopt;
}

// The fewest decimals (up to 6) that write v.
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

}  // namespace

std::string ring_label_text(double value, Units units) {
  return short_decimal(value) + " " + std::string(to_string(units));
}

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
  if (p.formula == Formula::seed || !(interval > 0) || !look.text_width_px) return out;
  const ValueRange range = label_range(p);
  const double k0 = std::max(1.0, std::ceil(range.min / interval));
  const double k1 = std::floor(range.max / interval);
  // Counted in integers: beyond 2^53 rings ++k on a double no longer moves, and a count that
  // is NaN (an interval so small that both ends overflow) must stop here, not loop.
  const double count = k1 - k0 + 1;
  if (!(count >= 1 && count <= kMaxRings)) return out;
  for (int n = 0; n < static_cast<int>(count); ++n) {
    const double value = (k0 + n) * interval;
    RingLabel l;
    l.value = value;
    l.text = ring_label_text(value, p.units);
    l.w = look.text_width_px(l.text) + 2 * look.pad_px;
    l.h = look.text_height_px + 2 * look.pad_px;
    const std::size_t first_of_ring = out.size();
    for (double a = 0; a < 360; a += kAzimuthStepDeg) {
      const std::optional<GeoPoint> g = ring_point(p, kFirstAzimuthDeg + a, value);
      double px = 0, py = 0;
      if (!g || !screen_of(p, map, *g, &px, &py)) continue;  // ortho's far side
      l.x = px - l.w / 2;
      l.y = py - l.h / 2;
      if (!inside(l, map) || !on_globe(p, map, l)) continue;
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
