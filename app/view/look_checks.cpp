#include "view/look_checks.h"

#include <cmath>
#include <cstdio>

#include "view/number_text.h"

namespace geofield {
namespace {

std::string num(double v) { return number_text(v, 10); }

// A finite range the shader's 32-bit floats cannot carry: beyond kMaxColourRangeMagnitude its
// MAX - MIN overflows (-1e300:1e300 drew the map all in the bottom colour).
std::optional<LookProblem> check_float_range(double min, double max, Units units, RangeEnd edited) {
  if (std::fabs(min) <= kMaxColourRangeMagnitude && std::fabs(max) <= kMaxColourRangeMagnitude) {
    return std::nullopt;
  }
  const std::string bound = num(kMaxColourRangeMagnitude);
  // The window's words name the end typed when it is out of bounds, else the other.
  const bool max_bad = edited == RangeEnd::max ? std::fabs(max) > kMaxColourRangeMagnitude
                                               : !(std::fabs(min) > kMaxColourRangeMagnitude);
  return LookProblem{
      "--range: MIN and MAX must be from -" + bound + " to " + bound +
          ", what the map's 32-bit floats carry (got " + num(min) + ":" + num(max) + ")",
      std::string(max_bad ? "range max" : "range min") + " must be from -" + bound + " to " +
          bound + " " + std::string(to_string(units)) + " (got " + num(max_bad ? max : min) + ")"};
}

}  // namespace

std::optional<LookProblem> check_colour_range(double min, double max, Units units,
                                              RangeEnd edited) {
  if (std::isfinite(min) && std::isfinite(max) && min < max) {
    return check_float_range(min, max, units, edited);
  }
  LookProblem pr;
  pr.cli =
      "--range: MIN must be below MAX, both finite numbers (got " + num(min) + ":" + num(max) + ")";
  const std::string unit(to_string(units));
  // The window's words name the end typed (a not-finite end first), with the other as its bound.
  const bool max_first = edited == RangeEnd::max;
  if (!std::isfinite(max_first ? max : min) || !std::isfinite(max_first ? min : max)) {
    const bool max_bad = max_first ? !std::isfinite(max) : std::isfinite(min);
    pr.ui = std::string(max_bad ? "range max" : "range min") + " must be a finite number (got " +
            num(max_bad ? max : min) + ")";
  } else if (max_first) {
    pr.ui =
        "range max must be above range min, " + num(min) + " " + unit + " (got " + num(max) + ")";
  } else {
    pr.ui =
        "range min must be below range max, " + num(max) + " " + unit + " (got " + num(min) + ")";
  }
  return pr;
}

std::optional<LookProblem> check_contour_interval(double interval, Units units) {
  if (std::isfinite(interval) && interval >= kMinContourInterval &&
      interval <= kMaxContourInterval) {
    return std::nullopt;
  }
  const std::string unit(to_string(units));
  if (!std::isfinite(interval) || !(interval > 0)) {
    return LookProblem{
        "--contours: INTERVAL must be a finite number above 0 (got " + num(interval) + ")",
        "contour interval must be above 0 " + unit + " (got " + num(interval) + ")"};
  }
  const std::string bounds = num(kMinContourInterval) + " to " + num(kMaxContourInterval);
  return LookProblem{
      "--contours: INTERVAL must be from " + bounds + ", what the map's 32-bit floats carry (got " +
          num(interval) + ")",
      "contour interval must be from " + bounds + " " + unit + " (got " + num(interval) + ")"};
}

}  // namespace geofield
