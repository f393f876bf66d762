#include "cli/value_parsers.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "errors.h"

namespace geofield {
namespace {

[[noreturn]] void bad(const char* option, std::string_view s, const char* expected) {
  throw UsageError(std::string(option) + ": " + quoted_excerpt(s) + " is not " + expected);
}

std::pair<std::string_view, std::string_view> split_once(std::string_view s, char sep,
                                                         const char* option, const char* expected) {
  const size_t at = s.find(sep);
  if (at == std::string_view::npos || s.find(sep, at + 1) != std::string_view::npos) {
    bad(option, s, expected);
  }
  return {s.substr(0, at), s.substr(at + 1)};
}

}  // namespace

double parse_number(std::string_view s, const char* option) {
  double v = 0;
  std::string_view t = s;
  // from_chars takes no '+': drop one, unless a '-' follows ("+-5" is not a number).
  if (t.size() > 1 && t.front() == '+' && t[1] != '-') t.remove_prefix(1);
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || end != t.data() + t.size() || ec == std::errc::invalid_argument) {
    bad(option, s, "a number");
  }
  auto not_finite = [&] {
    return UsageError(std::string(option) + ": must be a finite number, not " + quoted_excerpt(s));
  };
  if (ec == std::errc::result_out_of_range) {
    // Too small for a double (1e-400) reads as zero, keeping its sign, as strtod does;
    // too large (1e400) is refused like inf.
    const size_t e = t.find_first_of("eE");
    const bool underflow = e != std::string_view::npos && e + 1 < t.size() && t[e + 1] == '-';
    if (!underflow) throw not_finite();
    return t.front() == '-' ? -0.0 : 0.0;
  }
  if (!std::isfinite(v)) throw not_finite();
  return v;
}

std::pair<double, double> parse_range(std::string_view s, const char* option) {
  const auto [a, b] = split_once(s, ':', option, "of the form MIN:MAX (e.g. -10:10)");
  return {parse_number(a, option), parse_number(b, option)};
}

std::pair<int, int> parse_size(std::string_view s, const char* option, int min_side, int max_side) {
  const char* expected = std::string_view(option) == "--window"
                             ? "of the form WxH (e.g. 1280x800) with whole numbers"
                             : "of the form NXxNY (e.g. 1000x1000) with whole numbers";
  // Digits only, then the range: a side too large for any integer is refused like one just
  // above the limit, and the message quotes the text typed, never a clamped number.
  auto whole = [&](std::string_view t) {
    if (t.empty() ||
        !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      const bool negative =
          t.size() > 1 && t.front() == '-' &&
          std::all_of(t.begin() + 1, t.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!negative) bad(option, s, expected);
      return -1LL;  // below any minimum
    }
    long long v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) return static_cast<long long>(max_side) + 1;
    return v;
  };
  long long nx = 0, ny = 0;
  const size_t x = s.find_first_of("xX");
  if (x == std::string_view::npos) {
    nx = ny = whole(s);
  } else {
    const auto [a, b] = split_once(s, s[x], option, expected);
    nx = whole(a);
    ny = whole(b);
  }
  if (nx < min_side || ny < min_side || nx > max_side || ny > max_side) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(s) + ": each side must be from " +
                     std::to_string(min_side) + " to " + std::to_string(max_side));
  }
  return {static_cast<int>(nx), static_cast<int>(ny)};
}

std::pair<double, double> parse_point(std::string_view s, const char* option) {
  const auto [a, b] = split_once(s, ',', option, "of the form LAT,LON (e.g. 30,101)");
  return {parse_number(a, option), parse_number(b, option)};
}

std::pair<double, double> parse_ellipsoid(std::string_view s, const char* option) {
  const auto [a, b] =
      split_once(s, ',', option, "of the form A_KM,INV_F (e.g. 6378.137,298.257223563)");
  return {parse_number(a, option), parse_number(b, option)};
}

int parse_whole(std::string_view s, const char* option, int min, int max) {
  const std::string expected =
      "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    bad(option, s, expected.c_str());
  }
  long long v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range || v < min || v > max) bad(option, s, expected.c_str());
  return static_cast<int>(v);
}

}  // namespace geofield
