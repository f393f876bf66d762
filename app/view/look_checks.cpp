#include "view/look_checks.h"

#include <cmath>
#include <cstdio>

namespace geofield {
namespace {

std::string num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

std::optional<LookProblem> check_colour_range(double min, double max, Units units,
                                              RangeEnd edited) {
  if (std::isfinite(min) && std::isfinite(max) && min < max) return std::nullopt;
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
  if (std::isfinite(interval) && interval > 0) return std::nullopt;
  return LookProblem{
      "--contours: INTERVAL must be a finite number above 0 (got " + num(interval) + ")",
      "contour interval must be above 0 " + std::string(to_string(units)) + " (got " +
          num(interval) + ")"};
}

}  // namespace geofield
