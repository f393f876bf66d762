#include "gl/overlay_look.h"

#include <cstdio>

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
  return s;
}

}  // namespace geofield
