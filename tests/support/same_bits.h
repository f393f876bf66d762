// Two values equal bit for bit, NaN equal to NaN (nodes with no value: off a projected map).
#pragma once

#include <cmath>
#include <cstring>

namespace geofield::test {

template <typename T>
bool same_bits(T a, T b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

}  // namespace geofield::test
