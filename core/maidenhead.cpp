#include "maidenhead.h"

#include <algorithm>
#include <cmath>

namespace geofield {
namespace {

// Per pair (field, square, subsquare, extended square): the symbols' count and the size of one
// step in degrees of longitude; latitude steps are half as large.
constexpr int kPairs = 4;
constexpr int kDivisions[kPairs] = {18, 10, 24, 10};
constexpr double kLonStepDeg[kPairs] = {20.0, 2.0, 2.0 / 24, 2.0 / 240};

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int letter_index(char c) { return (c >= 'a' ? c - 'a' : c - 'A'); }

}  // namespace

bool looks_like_maidenhead(std::string_view t) {
  if (t.size() == 2) {
    return is_letter(t[0]) && is_letter(t[1]) && letter_index(t[0]) < kDivisions[0] &&
           letter_index(t[1]) < kDivisions[0];
  }
  if (t.size() < 3 || t.size() > 10 || !is_letter(t[0]) || !is_letter(t[1])) return false;
  const bool alnum =
      std::all_of(t.begin(), t.end(), [](char c) { return is_letter(c) || is_digit(c); });
  return alnum && std::any_of(t.begin(), t.end(), is_digit);
}

std::optional<MaidenheadSquare> maidenhead_square(std::string_view t) {
  if (t.empty() || t.size() > 2 * kPairs || t.size() % 2 != 0) return std::nullopt;
  double lon = -180.0, lat = -90.0;
  const int pairs = static_cast<int>(t.size() / 2);
  for (int p = 0; p < pairs; ++p) {
    int idx[2];
    for (int k = 0; k < 2; ++k) {
      const char c = t[2 * p + k];
      const bool letters = p % 2 == 0;  // fields and subsquares are letters, the others digits
      if (letters ? !is_letter(c) : !is_digit(c)) return std::nullopt;
      idx[k] = letters ? letter_index(c) : c - '0';
      if (idx[k] >= kDivisions[p]) return std::nullopt;
    }
    lon += idx[0] * kLonStepDeg[p];
    lat += idx[1] * kLonStepDeg[p] / 2;
  }
  MaidenheadSquare s;
  s.lon_half_deg = kLonStepDeg[pairs - 1] / 2;
  s.lat_half_deg = kLonStepDeg[pairs - 1] / 4;
  s.lon_deg = lon + s.lon_half_deg;
  s.lat_deg = lat + s.lat_half_deg;
  return s;
}

std::string maidenhead_locator(double lat_deg, double lon_deg, int pairs) {
  pairs = std::clamp(pairs, 1, kPairs);
  // Offsets from the grid's south-west corner, east and north, in degrees.
  double x = std::fmod(lon_deg + 180.0, 360.0);
  if (x < 0) x += 360.0;
  double y = std::clamp(lat_deg + 90.0, 0.0, 180.0);
  std::string out;
  for (int p = 0; p < pairs; ++p) {
    const double step_x = kLonStepDeg[p], step_y = kLonStepDeg[p] / 2;
    // At the far edge (x = 360 by rounding, y = 180: the north pole) the last step is taken.
    const int i = std::min(static_cast<int>(x / step_x), kDivisions[p] - 1);
    const int j = std::min(static_cast<int>(y / step_y), kDivisions[p] - 1);
    x -= i * step_x;
    y -= j * step_y;
    const char base = p == 0 ? 'A' : p == 2 ? 'a' : '0';
    out += static_cast<char>(base + i);
    out += static_cast<char>(base + j);
  }
  return out;
}

}  // namespace geofield
