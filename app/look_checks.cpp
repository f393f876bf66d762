#include "look_checks.h"

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

std::optional<LookProblem> check_colour_range(double min, double max) {
  if (std::isfinite(min) && std::isfinite(max) && min < max) return std::nullopt;
  return LookProblem{
      "--range: MIN must be below MAX, both finite numbers (got " + num(min) + ":" + num(max) + ")",
      "range min must be below range max, both finite (got " + num(min) + " to " + num(max) + ")"};
}

std::optional<LookProblem> check_contour_interval(double interval, Units units) {
  if (std::isfinite(interval) && interval > 0) return std::nullopt;
  return LookProblem{
      "--contours: INTERVAL must be a finite number above 0 (got " + num(interval) + ")",
      "contour interval must be above 0 " + std::string(to_string(units)) + " (got " +
          num(interval) + ")"};
}

}  // namespace geofield
