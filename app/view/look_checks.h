// The one check of the Look values outside FieldParams, shared by the command line (--range,
// --contours), the saved view and the window's Look panel: the fixed colour range and the
// contour interval. Worded twice, as check() words FieldParams: for the option and for the
// control, both giving the accepted range.
#pragma once

#include <optional>
#include <string>

#include "field_params.h"

namespace geofield {

struct LookProblem {
  std::string cli;  // "--range: MIN must be below MAX, both finite numbers (got 5:5)"
  std::string ui;   // "range min must be below range max, 5 km (got 5)"
};

// The end of the colour range just typed, which the window's message is worded for.
enum class RangeEnd { min, max };

// The largest magnitude of a fixed colour range's ends: the map is drawn with the range in 32-bit
// floats, whose MAX - MIN must stay finite (FLT_MAX is 3.4e38).
constexpr double kMaxColourRangeMagnitude = 1e38;

// A fixed colour range in the output unit: both ends finite, min < max, both within
// +-kMaxColourRangeMagnitude. (An automatic range has no fixed one to check: the field's own
// min:max is used.)
std::optional<LookProblem> check_colour_range(double min, double max, Units units,
                                              RangeEnd edited = RangeEnd::min);

// The contour interval's bounds: the map draws rings from the interval as a 32-bit float, in
// which anything below FLT_MIN (1.17549435e-38) is subnormal and flushed to zero on GPUs; the
// rings' count (distance / interval) must stay finite in doubles too (a subnormal interval made
// the figure's ring labelling loop forever).
constexpr double kMinContourInterval = 1.17549435082228751e-38;  // FLT_MIN
constexpr double kMaxContourInterval = kMaxColourRangeMagnitude;

// Range rings every `interval` of the output unit: finite, within [kMinContourInterval,
// kMaxContourInterval]. The command line, the window, saved views and the C API all check here.
std::optional<LookProblem> check_contour_interval(double interval, Units units);

}  // namespace geofield
