#include "figure/map_disc.h"

#include <algorithm>
#include <cmath>

#include "field_constants.h"
#include "field_math.h"
#include "figure/figure_layout.h"
#include "gl/map_frame.h"

namespace geofield {
namespace {

// A rim up to half a pixel past the map's edge still counts as inside it.
constexpr double kRimSlackPx = 0.5;
// The rim's pixels take the colours this far inside: past the nearest-node steps and a ring
// drawn at the rim (the 20000 km ring lies a third of a pixel inside it at 800 pixels wide).
constexpr double kRimInsetPx = 3;

// The picture's colour at (x, y) in its pixels (pixel centres at +0.5), bilinear, clamped.
void sample(const Image& img, double x, double y, std::uint8_t out[3]) {
  const double fx = std::clamp(x - 0.5, 0.0, img.width - 1.0);
  const double fy = std::clamp(y - 0.5, 0.0, img.height - 1.0);
  const int x0 = std::min(static_cast<int>(fx), std::max(0, img.width - 2));
  const int y0 = std::min(static_cast<int>(fy), std::max(0, img.height - 2));
  const int x1 = std::min(x0 + 1, img.width - 1), y1 = std::min(y0 + 1, img.height - 1);
  const double tx = fx - x0, ty = fy - y0;
  auto at = [&](int px, int py, int c) {
    return img.rgba[(static_cast<size_t>(py) * img.width + px) * 4 + c];
  };
  for (int c = 0; c < 3; ++c) {
    const double top = at(x0, y0, c) * (1 - tx) + at(x1, y0, c) * tx;
    const double bottom = at(x0, y1, c) * (1 - tx) + at(x1, y1, c) * tx;
    out[c] = static_cast<std::uint8_t>(std::lround(top * (1 - ty) + bottom * ty));
  }
}

}  // namespace

std::optional<MapDisc> whole_disc(const FieldParams& view, const PixelRect& map) {
  const MapFrame f = map_frame_of(view);
  // Equal Earth's world is no disc: its map keeps the frame, the outline the field's edge.
  if (!f.projected() || f.projection == Projection::eqearth) return std::nullopt;
  const double rim = f.projection == Projection::aeqd ? kPi * f.radius : f.radius;
  const double px_per_unit = map.w / (2 * f.half_width);
  MapDisc d;
  d.r = rim * px_per_unit;
  d.x = map.x + map.w / 2.0;
  d.y = map.y + map.h / 2.0;
  if (d.r > map.w / 2.0 + kRimSlackPx || d.r > map.h / 2.0 + kRimSlackPx) return std::nullopt;
  d.bearings = f.projection == Projection::aeqd ||
               (f.centre_lat_deg == view.ref_lat_deg &&
                reduce_deg_180(f.centre_lon_deg - view.ref_lon_deg) == 0);
  return d;
}

double disc_cover(const MapDisc& d, double px, double py) {
  const double dist = std::hypot(px + 0.5 - d.x, py + 0.5 - d.y);
  return std::clamp(d.r - dist + 0.5, 0.0, 1.0);
}

std::array<std::uint8_t, 3> disc_map_colour(const Image& map, int x, int y, const MapDisc& d) {
  const double dx = x + 0.5 - d.x, dy = y + 0.5 - d.y, dist = std::hypot(dx, dy);
  const double keep = d.r - kRimInsetPx;
  std::array<std::uint8_t, 3> c;
  if (dist <= keep || dist == 0) {
    const std::uint8_t* p = &map.rgba[(static_cast<size_t>(y) * map.width + x) * 4];
    return {p[0], p[1], p[2]};
  }
  sample(map, d.x + dx * keep / dist, d.y + dy * keep / dist, c.data());
  return c;
}

}  // namespace geofield
