#include "sites/builtin_sites.h"

#include <cmath>
#include <string>

#include "errors.h"
#include "sites/geo_lines.h"
#include "sites/ring_cleaning.h"

namespace geofield {
namespace {

constexpr const char* kKnown = "@coastline, @borders or @land, each optionally :10m, :50m or :110m";

SiteShapes shapes_of(const LineSet& set) {
  SiteShapes s;
  const bool rings = set.kind == LineKind::land;
  for (std::size_t k = 0; k < set.polylines(); ++k) {
    std::vector<SiteVertex> v;
    for (std::uint32_t p = set.starts[k]; p < set.starts[k + 1]; ++p) {
      const SiteVertex x{set.lonlat[2 * p + 1], set.lonlat[2 * p]};
      if (v.empty() || !same_place(v.back(), x)) v.push_back(x);
    }
    if (rings) v = cleaned_ring(std::move(v));
    const std::uint32_t first = static_cast<std::uint32_t>(s.vertices.size());
    const std::uint32_t count = static_cast<std::uint32_t>(v.size());
    if (count < (rings ? 3u : 2u)) continue;  // no length or no area once repeats are gone
    s.vertices.insert(s.vertices.end(), v.begin(), v.end());
    s.features.push_back({rings ? FeatureKind::polygon : FeatureKind::line,
                          static_cast<std::uint32_t>(s.parts.size()),
                          1,
                          {}});
    s.parts.push_back({rings ? PartKind::ring : PartKind::line, first, count});
  }
  return s;
}

}  // namespace

SiteShapes builtin_sites(std::string_view name) {
  const std::string text(name);
  const std::size_t colon = text.find(':');
  const std::string base = text.substr(0, colon);
  const std::string scale = colon == std::string::npos ? "10m" : text.substr(colon + 1);
  LineKind kind;
  if (base == "@coastline") {
    kind = LineKind::coastlines;
  } else if (base == "@borders") {
    kind = LineKind::borders;
  } else if (base == "@land") {
    kind = LineKind::land;
  } else {
    throw UsageError("--sites: " + quoted_excerpt(text) + " is not a built-in set (" + kKnown +
                     ")");
  }
  LineScale s;
  if (scale == "10m") {
    s = LineScale::s10m;
  } else if (scale == "50m") {
    s = LineScale::s50m;
  } else if (scale == "110m") {
    s = LineScale::s110m;
  } else {
    throw UsageError("--sites: " + quoted_excerpt(text) + ": the scale is 10m, 50m or 110m (got " +
                     quoted_excerpt(scale) + ")");
  }
  return shapes_of(embedded_lines(kind, s));
}

}  // namespace geofield
