// Sites of every GeoJSON kind: points, lines and polygons, as features made of
// parts made of vertices. A feature is what the nearest-site index names (a Feature of a
// FeatureCollection, a row of a CSV); its parts are what its geometry holds:
//   point: one vertex (a Point, each point of a MultiPoint);
//   line : two or more distinct vertices, each consecutive pair the minor great-circle arc
//          between them (a LineString, each line of a MultiLineString);
//   ring : three or more distinct vertices, closed from the last back to the first, oriented
//          so that the polygon's inside is on the left (outer rings about the smaller of the two
//          regions they bound, holes the other way: core/polygon_side.h says why).
// Plain values, read by sites/sites_file.*; the distance search takes them as segments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace geofield {

struct SiteVertex {
  double lat_deg = 0;
  double lon_deg = 0;
  bool operator==(const SiteVertex&) const = default;
};

enum class PartKind : std::uint8_t { point, line, ring };
enum class FeatureKind : std::uint8_t { point, line, polygon };

struct SitePart {
  PartKind kind = PartKind::point;
  std::uint32_t first = 0;  // its vertices are vertices[first, first + count)
  std::uint32_t count = 0;
  bool operator==(const SitePart&) const = default;
};

struct SiteFeature {
  FeatureKind kind = FeatureKind::point;
  std::uint32_t first_part = 0;  // its parts are parts[first_part, first_part + part_count)
  std::uint32_t part_count = 0;
  std::string name;  // the "name" property, or empty
  bool operator==(const SiteFeature&) const = default;
};

struct SiteShapes {
  std::vector<SiteVertex> vertices;
  std::vector<SitePart> parts;
  std::vector<SiteFeature> features;

  // The arcs a search measures to: a line's count - 1, a ring's count, a point's one (of length
  // zero).
  std::size_t segment_count() const {
    std::size_t n = 0;
    for (const SitePart& p : parts) {
      n += p.kind == PartKind::line ? p.count - 1 : p.kind == PartKind::ring ? p.count : 1;
    }
    return n;
  }
  bool has(FeatureKind k) const {
    for (const SiteFeature& f : features)
      if (f.kind == k) return true;
    return false;
  }
  bool operator==(const SiteShapes&) const = default;
};

// More vertices than this are refused: Natural Earth's 1:10m coastline has about 410,000, and
// each vertex's arc costs about 130 bytes in a search.
inline constexpr std::size_t kMaxSiteVertices = 20'000'000;

}  // namespace geofield
