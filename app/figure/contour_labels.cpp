#include "figure/contour_labels.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "gl/overlay_look.h"
#include "view/ring_labels.h"

namespace geofield {
namespace {

// Where along a line the next candidate is tried after one is refused: a fraction of a label's
// height, so a gap between two labels already placed is found, without trying every pixel.
constexpr double kStepOfTextHeight = 0.5;

// Whether the grid holds a value at (x, y) map pixels: the nearest node's.
bool has_value(const ContourGrid& g, double x, double y) {
  const long j = std::lround((x - g.x0_px) / g.dx_px), i = std::lround((y - g.y0_px) / g.dy_px);
  if (i < 0 || j < 0 || i >= g.ny || j >= g.nx) return false;
  return std::isfinite(g.values[static_cast<std::size_t>(i) * g.nx + j]);
}

// The halo box of t.
PlacedText halo(const PlacedText& t, double pad) {
  return {t.text, t.x - pad, t.y - pad, t.w + 2 * pad, t.h + 2 * pad};
}

// A point at arc length s along a polyline whose cumulative lengths are `at`.
PointPx point_along(const Polyline& line, const std::vector<double>& at, double s) {
  const auto k = static_cast<std::size_t>(std::upper_bound(at.begin(), at.end(), s) -
                                          at.begin());  // the vertex after s
  if (k == 0) return line.front();
  if (k >= line.size()) return line.back();
  const double seg = at[k] - at[k - 1];
  const double f = seg > 0 ? (s - at[k - 1]) / seg : 0;
  return {line[k - 1].x + f * (line[k].x - line[k - 1].x),
          line[k - 1].y + f * (line[k].y - line[k - 1].y)};
}

}  // namespace

std::vector<PlacedText> contour_labels(const ContourGrid& grid, double interval, Units units,
                                       const PixelRect& map, const std::vector<PlacedText>& taken,
                                       const ContourLabelLook& look) {
  std::vector<PlacedText> out;
  if (!(interval > 0) || !look.text_width_px || grid.nx < 2 || grid.ny < 2) return out;
  std::vector<PlacedText> blocked;  // halo boxes
  for (const PlacedText& t : taken) blocked.push_back(halo(t, look.pad_px));
  const double step = std::max(1.0, kStepOfTextHeight * look.text_height_px);
  for (const ContourLevel& level : contour_lines(grid, interval, kDenseHalfFade)) {
    if (level.value == 0) continue;  // the sites themselves, or a signed field's edge
    PlacedText label;
    label.text = ring_label_text(level.value, units);
    label.w = look.text_width_px(label.text);
    label.h = look.text_height_px;
    std::vector<PointPx> of_level;  // the centres placed on this ring
    for (const Polyline& line : level.lines) {
      std::vector<double> at(line.size(), 0);
      for (std::size_t k = 1; k < line.size(); ++k) {
        at[k] = at[k - 1] + std::hypot(line[k].x - line[k - 1].x, line[k].y - line[k - 1].y);
      }
      // A line shorter than its label would be hidden under it: a small island's ring.
      if (at.back() < 2 * (label.w + 2 * look.pad_px)) continue;
      for (double s = 0; s <= at.back(); s += step) {
        const PointPx c = point_along(line, at, s);
        const bool far_from_same = std::all_of(of_level.begin(), of_level.end(), [&](PointPx o) {
          return std::hypot(o.x - c.x, o.y - c.y) >= look.same_ring_apart_px;
        });
        if (!far_from_same) continue;
        PlacedText t = label;
        t.x = map.x + c.x - t.w / 2;
        t.y = map.y + c.y - t.h / 2;
        const PlacedText box = halo(t, look.pad_px);
        if (box.x < map.x || box.y < map.y || box.x + box.w > map.x + map.w ||
            box.y + box.h > map.y + map.h) {
          continue;
        }
        const double x0 = box.x - map.x, y0 = box.y - map.y;
        if (!has_value(grid, x0, y0) || !has_value(grid, x0 + box.w, y0) ||
            !has_value(grid, x0, y0 + box.h) || !has_value(grid, x0 + box.w, y0 + box.h)) {
          continue;
        }
        if (std::any_of(blocked.begin(), blocked.end(),
                        [&](const PlacedText& o) { return boxes_touch(box, o, 0); })) {
          continue;
        }
        out.push_back(t);
        blocked.push_back(box);
        of_level.push_back(c);
      }
    }
  }
  return out;
}

}  // namespace geofield
