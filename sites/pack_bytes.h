// Values read out of the packs built into the binary (coastlines, places): each at a byte
// offset, in the host's byte order (the packs' converters write little-endian, as x86-64 and
// arm64 read it), copied out since an offset need not be aligned for T.
#pragma once

#include <cstddef>
#include <cstring>
#include <span>

namespace geofield {

template <typename T>
T pack_value_at(std::span<const std::byte> b, std::size_t offset) {
  T v;
  std::memcpy(&v, b.data() + offset, sizeof v);
  return v;
}

}  // namespace geofield
