#include "gl/overlay_look.h"

#include <cmath>
#include <cstdio>
#include <numbers>

namespace geofield {

std::string overlay_look_glsl() {
  std::string s;
  auto add = [&s](const char* name, double v) {
    char line[96];
    std::snprintf(line, sizeof line, "const float %s = %.17g;\n", name, v);
    s += line;
  };
  add("kOverlayCoreHalfPx", kOverlayCoreHalfPx);
  add("kOverlayEdgeHalfPx", kOverlayEdgeHalfPx);
  add("kRingDarken", kRingDarken);
  add("kGraticuleLighten", kGraticuleLighten);
  add("kDenseFadeStart", kDenseFadeStart);
  add("kDenseFadeRate", kDenseFadeRate);
  add("kMarkerDarkWidthPx", kMarkerDarkWidthPx);
  add("kMarkerWhiteWidthPx", kMarkerWhiteWidthPx);
  add("kMarkerDotRadiusPx", kMarkerDotRadiusPx);
  add("kStarInnerRatio", kStarInnerRatio);
  return s;
}

std::vector<std::array<double, 2>> marker_outline(MarkerShape shape, double r) {
  std::vector<std::array<double, 2>> p;
  if (shape == MarkerShape::cross) return {{-r, 0}, {r, 0}, {0, -r}, {0, r}};
  if (shape != MarkerShape::star) return p;
  for (int k = 0; k <= 10; ++k) {  // outer corners at even k, from the top, clockwise
    const double a = -std::numbers::pi / 2 + (k % 10) * std::numbers::pi / 5;
    const double rk = k % 2 == 0 ? r : r * kStarInnerRatio;
    p.push_back({rk * std::cos(a), rk * std::sin(a)});
  }
  return p;
}

}  // namespace geofield
