#include "view/colorbar_ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace geofield {
namespace {

constexpr int kMaxTicks = 200;  // a bound on the candidates, far above what fits on a bar

// Left edges of the labels, centred on their ticks and kept inside the bar; false when two
// neighbours come closer than the gap.
bool place(std::vector<ColorbarTick>* ticks, double bar_width_px, double min_gap_px) {
  double right_of_last = -1e300;
  for (ColorbarTick& t : *ticks) {
    t.label_x = std::clamp(t.x_px - t.label_w / 2, 0.0, std::max(0.0, bar_width_px - t.label_w));
    if (t.label_w > bar_width_px) return false;
    if (t.label_x < right_of_last + min_gap_px) return false;
    right_of_last = t.label_x + t.label_w;
  }
  return true;
}

}  // namespace

std::string tick_label(double value, double step) {
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 12);
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string s = text;
  if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);  // no "-0"
  return s;
}

ColorbarTicks colorbar_ticks(double lo, double hi, double bar_width_px,
                             const std::function<double(std::string_view)>& text_width_px,
                             double min_gap_px) {
  if (!(lo < hi) || !std::isfinite(lo) || !std::isfinite(hi) || !(bar_width_px > 0)) return {};
  const double span = hi - lo;
  // From the step that gives kMaxTicks up through the 1, 2, 5 sequence.
  double mag = std::pow(10.0, std::floor(std::log10(span / kMaxTicks)));
  for (int tries = 0; tries < 60; ++tries, mag *= 10) {
    for (double m : {1.0, 2.0, 5.0}) {
      const double step = m * mag;
      const double k0 = std::ceil(lo / step - 1e-9), k1 = std::floor(hi / step + 1e-9);
      if (k1 - k0 + 1 > kMaxTicks) continue;
      ColorbarTicks out{step, {}};
      for (double k = k0; k <= k1; ++k) {
        ColorbarTick t;
        t.value = k * step;
        t.x_px = std::clamp((t.value - lo) / span, 0.0, 1.0) * bar_width_px;
        t.label = tick_label(t.value, step);
        t.label_w = text_width_px(t.label);
        out.ticks.push_back(std::move(t));
      }
      if (out.ticks.empty()) continue;  // a step longer than the range: try no further ones
      if (place(&out.ticks, bar_width_px, min_gap_px)) return out;
    }
  }
  return {};
}

}  // namespace geofield
