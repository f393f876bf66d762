#include "export/band_statistics.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>

namespace geofield {
namespace {

template <typename T>
std::optional<BandStatistics> statistics_of(std::span<const T> v) {
  // Sums of the offsets from the first value, in double: the mean and the spread of a field of
  // large values (metres) keep their digits, where E[x^2] - E[x]^2 would cancel.
  double shift = std::numeric_limits<double>::quiet_NaN();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0, sum2 = 0;
  std::uint64_t n = 0;
  for (const T x : v) {
    if (std::isnan(x)) continue;
    const double d = static_cast<double>(x);
    if (n == 0) shift = d;
    const double e = d - shift;
    sum += e;
    sum2 += e * e;
    lo = d < lo ? d : lo;
    hi = d > hi ? d : hi;
    ++n;
  }
  if (n == 0) return std::nullopt;
  const double mean_offset = sum / double(n);
  const double variance = sum2 / double(n) - mean_offset * mean_offset;
  return BandStatistics{lo, hi, shift + mean_offset, std::sqrt(variance > 0 ? variance : 0),
                        100.0 * double(n) / double(v.size())};
}

}  // namespace

std::optional<BandStatistics> band_statistics(const HostField& field) {
  return field.precision == Precision::f64 ? statistics_of(std::span<const double>(field.f64))
                                           : statistics_of(std::span<const float>(field.f32));
}

}  // namespace geofield
