#include "figure/azimuth_scale.h"

#include <cmath>
#include <string>

#include "field_constants.h"
#include "figure/figure_layout.h"

namespace geofield {
namespace {

constexpr int kTickStepDeg = 5;
constexpr int kLongTickStepDeg = 10;
constexpr int kLabelStepDeg = 30;

std::string bearing_text(int deg) { return std::to_string(deg) + "°"; }

// The widest label, which sets the scale's reach beside the disc.
double widest_label(const AzimuthLook& look) {
  double w = 0;
  for (int b = 0; b < 360; b += kLabelStepDeg) w = std::max(w, look.text_width_px(bearing_text(b)));
  return w;
}

}  // namespace

AzimuthScale azimuth_scale(const MapDisc& d, const AzimuthLook& look) {
  AzimuthScale s;
  const double start = d.r + look.rim_gap_px;
  for (int b = 0; b < 360; b += kTickStepDeg) {
    const double a = b * kPi / 180, east = std::sin(a), north = std::cos(a);
    const double len = b % kLongTickStepDeg == 0 ? look.tick_px : look.tick_px / 2;
    s.ticks.push_back({{d.x + start * east, d.y - start * north},
                       {d.x + (start + len) * east, d.y - (start + len) * north}});
    if (b % kLabelStepDeg != 0) continue;
    PlacedText t;
    t.text = bearing_text(b);
    t.w = look.text_width_px(t.text);
    t.h = look.text_height_px;
    // The box's centre as far out as its half-extent along the bearing: its nearest side then
    // sits the gap beyond the tick, whatever the angle.
    const double out =
        d.r + look.tick_px + look.gap_px + std::fabs(east) * t.w / 2 + std::fabs(north) * t.h / 2;
    t.x = d.x + out * east - t.w / 2;
    t.y = d.y - out * north - t.h / 2;
    s.labels.push_back(t);
  }
  return s;
}

double azimuth_scale_reach_x(const AzimuthLook& look) {
  return look.rim_gap_px + look.tick_px + look.gap_px + widest_label(look);
}

double azimuth_scale_reach_y(const AzimuthLook& look) {
  return look.rim_gap_px + look.tick_px + look.gap_px + look.text_height_px;
}

}  // namespace geofield
