#include "sites/geo_lines.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "errors.h"
#include "sites/pack_bytes.h"

extern "C" {
extern const unsigned char geofield_line_pack[];  // assets/coastlines/line_pack.S.in
extern const unsigned char geofield_line_pack_end[];
}

namespace geofield {
namespace {

constexpr char kMagic[8] = {'G', 'F', 'L', 'I', 'N', 'E', 'S', '1'};
constexpr std::uint32_t kVersion = 1;
constexpr size_t kHeaderBytes = 16, kLayerBytes = 24;
// Above these spans (degrees, the larger of lon and lat) a coarser scale is enough.
constexpr double kSpan110mDeg = 120, kSpan50mDeg = 20;

[[noreturn]] void bad_pack(const std::string& why) { GF_FAIL("line pack: " + why); }

}  // namespace

std::vector<LineSet> parse_line_pack(std::span<const std::byte> b) {
  if (b.size() < kHeaderBytes || std::memcmp(b.data(), kMagic, 8) != 0) {
    bad_pack("not a geofield line pack (no GFLINES1 header)");
  }
  if (reinterpret_cast<std::uintptr_t>(b.data()) % 4 != 0) bad_pack("not 4-byte aligned");
  if (pack_value_at<std::uint32_t>(b, 8) != kVersion)
    bad_pack("version " + std::to_string(pack_value_at<std::uint32_t>(b, 8)) + ", not 1");
  const std::uint32_t count = pack_value_at<std::uint32_t>(b, 12);
  if (b.size() < kHeaderBytes + size_t(count) * kLayerBytes) bad_pack("truncated layer table");
  std::vector<LineSet> sets;
  for (std::uint32_t i = 0; i < count; ++i) {
    const size_t h = kHeaderBytes + i * kLayerBytes;
    const std::uint32_t kind = pack_value_at<std::uint32_t>(b, h),
                        scale = pack_value_at<std::uint32_t>(b, h + 4);
    const std::uint64_t lines = pack_value_at<std::uint32_t>(b, h + 8),
                        points = pack_value_at<std::uint32_t>(b, h + 12);
    const std::uint64_t starts_at = pack_value_at<std::uint32_t>(b, h + 16),
                        points_at = pack_value_at<std::uint32_t>(b, h + 20);
    const std::string name = "layer " + std::to_string(i);
    if (kind > 2) bad_pack(name + ": unknown kind " + std::to_string(kind));
    if (scale != 110 && scale != 50 && scale != 10) bad_pack(name + ": unknown scale");
    if (starts_at % 4 || points_at % 4 || starts_at + (lines + 1) * 4 > b.size() ||
        points_at + points * 8 > b.size()) {
      bad_pack(name + ": data beyond the end of the pack");
    }
    LineSet s;
    s.kind = static_cast<LineKind>(kind);
    s.scale = static_cast<LineScale>(scale);
    s.starts = {reinterpret_cast<const std::uint32_t*>(b.data() + starts_at), lines + 1};
    s.lonlat = {reinterpret_cast<const float*>(b.data() + points_at), points * 2};
    // Starts must rise by >= 2 (a segment at least) and end at the point count; summed in 64
    // bits, as a start near 2^32 would wrap around (the line_pack fuzz target checks this).
    if (s.starts.front() != 0 || s.starts.back() != points) bad_pack(name + ": bad polyline ends");
    for (size_t k = 1; k < s.starts.size(); ++k) {
      if (s.starts[k] < std::uint64_t{s.starts[k - 1]} + 2) {
        bad_pack(name + ": a polyline of fewer than 2 points");
      }
    }
    for (size_t k = 0; k < s.lonlat.size(); k += 2) {
      if (!(std::fabs(s.lonlat[k]) <= 180.0f) || !(std::fabs(s.lonlat[k + 1]) <= 90.0f)) {
        bad_pack(name + ": a point outside [-180, 180] x [-90, 90]");
      }
    }
    sets.push_back(s);
  }
  return sets;
}

const std::vector<LineSet>& embedded_line_sets() {
  static const std::vector<LineSet> sets =
      parse_line_pack({reinterpret_cast<const std::byte*>(geofield_line_pack),
                       static_cast<size_t>(geofield_line_pack_end - geofield_line_pack)});
  return sets;
}

const LineSet& embedded_lines(LineKind kind, LineScale scale) {
  for (const LineSet& s : embedded_line_sets()) {
    if (s.kind == kind && s.scale == scale) return s;
  }
  GF_FAIL("line pack: no " + std::string(kind == LineKind::coastlines ? "coastlines" : "borders") +
          " at 1:" + std::to_string(static_cast<std::uint32_t>(scale)) + "m");
}

LineScale scale_for_view(double lon_span_deg, double lat_span_deg) {
  const double span = std::max(lon_span_deg, lat_span_deg);
  if (span > kSpan110mDeg) return LineScale::s110m;
  if (span > kSpan50mDeg) return LineScale::s50m;
  return LineScale::s10m;
}

}  // namespace geofield
