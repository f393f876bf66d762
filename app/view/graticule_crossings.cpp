#include "view/graticule_crossings.h"

#include <cmath>
#include <optional>

namespace geofield {
namespace {

constexpr int kMaxCrossings = 400;  // per edge: beyond this the lines are a smear anyway

// Walks one edge from (x0, y0) by (dx, dy) a pixel at a time, n steps; `key` gives the line
// index below the point (floor(angle / step)) and its angle; a change of index between two
// neighbours is a crossing, placed between them.
template <typename Key>
void walk_edge(const FieldParams& p, const MapRect& r, double x0, double y0, double dx, double dy,
               int n, bool latitude, double step, double min_apart_px, Key key,
               std::vector<GraticuleCrossing>* out) {
  std::optional<double> last;  // the previous sample's angle (unwrapped for longitudes)
  double last_x = 0, last_y = 0, kept_at = -1e300;
  int kept = 0;
  for (int k = 0; k <= n && kept < kMaxCrossings; ++k) {
    const double x = x0 + k * dx, y = y0 + k * dy;
    const std::optional<GeoPoint> g = point_under(p, r, x, y);
    if (!g) {
      last.reset();
      continue;
    }
    const double angle = key(*g, last);
    if (last) {
      const double a = std::floor(*last / step), b = std::floor(angle / step);
      if (a != b) {
        const double line = std::max(a, b) * step;
        const double t = (line - *last) / (angle - *last);  // between the two samples
        const double cx = last_x + t * (x - last_x), cy = last_y + t * (y - last_y);
        const double along = dx != 0 ? cx : cy;
        if (std::fabs(along - kept_at) >= min_apart_px) {
          out->push_back({latitude ? line : reduce_deg_180(line), latitude, cx, cy});
          kept_at = along;
          ++kept;
        }
      }
    }
    last = angle;
    last_x = x;
    last_y = y;
  }
}

}  // namespace

std::vector<GraticuleCrossing> graticule_crossings(const FieldParams& p, const MapRect& r,
                                                   double lat_step_deg, double lon_step_deg,
                                                   double min_apart_px) {
  std::vector<GraticuleCrossing> out;
  if (!(lat_step_deg > 0) || !(lon_step_deg > 0) || p.projection == Projection::latlon) {
    return out;
  }
  const int rows = static_cast<int>(std::floor(r.h)), cols = static_cast<int>(std::floor(r.w));
  // West edge, top to bottom: latitudes.
  walk_edge(
      p, r, r.x + 0.5, r.y + 0.5, 0, 1, rows - 1, true, lat_step_deg, min_apart_px,
      [](GeoPoint g, const std::optional<double>&) { return g.lat_deg; }, &out);
  // South edge, west to east: longitudes, unwrapped from the last sample so 180 is a line like
  // any other.
  walk_edge(
      p, r, r.x + 0.5, r.y + r.h - 0.5, 1, 0, cols - 1, false, lon_step_deg, min_apart_px,
      [](GeoPoint g, const std::optional<double>& last) {
        return last ? *last + reduce_deg_180(g.lon_deg - *last) : g.lon_deg;
      },
      &out);
  return out;
}

}  // namespace geofield
