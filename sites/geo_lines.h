// Coastlines, borders and land: the Natural Earth data built into the binary (assets/coastlines),
// read in place, and the scale a view needs. No GL here: the line layer draws the lines; the
// land rings are the `@land` sites.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace geofield {

enum class LineKind : std::uint32_t { coastlines = 0, borders = 1, land = 2 };
// Natural Earth's scales, 1:N million: 110 coarse, 10 finest.
enum class LineScale : std::uint32_t { s110m = 110, s50m = 50, s10m = 10 };

// One layer: polyline k is points [starts[k], starts[k + 1]) of lonlat, as (lon, lat) pairs in
// degrees, lon in [-180, 180]. Coastlines and borders: no segment crosses the antimeridian (the
// data's cuts there and at the poles are dropped). Land: each polyline a closed ring (its first
// point repeated last) of great-circle arcs with the land on its left, the data's cuts removed,
// so a ring may cross the antimeridian and Antarctica's encircles the south pole.
struct LineSet {
  LineKind kind = LineKind::coastlines;
  LineScale scale = LineScale::s110m;
  std::span<const std::uint32_t> starts;  // polyline count + 1 entries, the last = point count
  std::span<const float> lonlat;          // 2 x point count
  size_t polylines() const { return starts.empty() ? 0 : starts.size() - 1; }
  size_t points() const { return lonlat.size() / 2; }
};

// The layers of a pack, viewing its bytes (which must outlive them and be 4-byte aligned).
// Throws RuntimeFailure saying what is wrong with a malformed pack.
std::vector<LineSet> parse_line_pack(std::span<const std::byte> pack);

// The pack built into this binary, parsed once; throws RuntimeFailure when it is malformed.
const std::vector<LineSet>& embedded_line_sets();

// The layer of that kind and scale; throws RuntimeFailure when the pack lacks it.
const LineSet& embedded_lines(LineKind kind, LineScale scale);

// The scale for a view spanning these degrees: coarse for the whole Earth, finest below ~20°.
LineScale scale_for_view(double lon_span_deg, double lat_span_deg);

}  // namespace geofield
