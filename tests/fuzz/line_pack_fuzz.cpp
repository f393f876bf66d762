// Fuzz target: the line-pack decoder (parse_line_pack, sites/geo_lines.h) on arbitrary bytes.
// The bytes are copied to a heap buffer of exactly their size (4-byte aligned, as the embedded
// pack is), so a sanitized build sees any read past the end. What must hold: a malformed pack
// is refused with RuntimeFailure and a one-line "line pack: ..." message, never anything else;
// an accepted pack's layers keep the promises LineSet documents (every polyline at least 2
// points inside the layer, points within [-180, 180] x [-90, 90]), checked by touching them
// as the line layer does.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>

#include "errors.h"
#include "sites/geo_lines.h"

#define check(cond) \
  ((cond) ? void(0) : (std::fprintf(stderr, "line_pack_fuzz: %s fails\n", #cond), std::abort()))

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // operator new's alignment (16) covers the pack's 4; exactly `size` bytes are addressable.
  const std::unique_ptr<std::byte[]> buf(new std::byte[size == 0 ? 1 : size]);
  if (size > 0) std::memcpy(buf.get(), data, size);
  try {
    const auto sets = geofield::parse_line_pack({buf.get(), size});
    for (const geofield::LineSet& s : sets) {
      check(s.kind == geofield::LineKind::coastlines || s.kind == geofield::LineKind::borders ||
            s.kind == geofield::LineKind::land);
      check(!s.starts.empty() && s.starts.front() == 0 && s.starts.back() == s.points());
      for (std::size_t k = 0; k < s.polylines(); ++k) {
        const std::uint32_t first = s.starts[k], end = s.starts[k + 1];
        check(first < end && end - first >= 2 && end <= s.points());
        for (std::uint32_t p = first; p < end; ++p) {
          const float lon = s.lonlat[2 * size_t(p)], lat = s.lonlat[2 * size_t(p) + 1];
          check(std::fabs(lon) <= 180.0f && std::fabs(lat) <= 90.0f);
        }
      }
    }
  } catch (const geofield::RuntimeFailure& e) {
    const std::string_view what = e.what();
    check(what.rfind("line pack: ", 0) == 0);
    check(what.find('\n') == std::string_view::npos);
  }
  return 0;
}
