// Ticks of a colorbar: values at a "nice" step (1, 2, 5 x 10^k), each with its label and place
// along the bar, chosen so no two labels overlap. Pure: the caller measures text.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace geofield {

struct ColorbarTick {
  double value = 0;    // output unit, in [lo, hi]
  double x_px = 0;     // where the value sits along the bar, from its left end
  double label_x = 0;  // left edge of the label, kept inside [0, bar_width_px]
  double label_w = 0;  // the label's width in pixels
  std::string label;   // the value with as many decimals as the step needs
};

// The step of the ticks (1, 2, 5 x 10^k) and the ticks themselves: the smallest step whose
// labels, centred on their ticks (shifted inside the bar at the ends), keep min_gap_px apart.
// lo < hi, finite; bar_width_px > 0; text_width_px(label) gives a label's width in pixels.
// Empty when no step fits (a bar too narrow even for one label) or the range is not valid.
struct ColorbarTicks {
  double step = 0;
  std::vector<ColorbarTick> ticks;
};
ColorbarTicks colorbar_ticks(double lo, double hi, double bar_width_px,
                             const std::function<double(std::string_view)>& text_width_px,
                             double min_gap_px);

// The value written with the decimals a step of `step` needs (0 for steps of 1 and more).
std::string tick_label(double value, double step);

}  // namespace geofield
