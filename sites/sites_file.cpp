#include "sites/sites_file.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "errors.h"
#include "polygon_side.h"
#include "sites.h"
#include "sites/centres_file.h"
#include "sites/ring_cleaning.h"

namespace geofield {
namespace {

using json = nlohmann::json;

// Where a problem is: "FILE, feature 3: " and, inside a geometry, the part.
struct Where {
  std::string feature;  // "FILE, feature 3: " or "FILE: "
  std::string part;     // "a Polygon's ring 1: " or empty
  std::string operator()() const { return feature + part; }
};

// The kinds of geometry and what each holds.
struct GeometryKind {
  const char* type;
  FeatureKind feature;
  PartKind part;
  int depth;  // the nesting of its coordinates: 1 a position, 2 a list of them, ...
  bool multi;
};
constexpr GeometryKind kKinds[] = {
    {"Point", FeatureKind::point, PartKind::point, 1, false},
    {"MultiPoint", FeatureKind::point, PartKind::point, 1, true},
    {"LineString", FeatureKind::line, PartKind::line, 2, false},
    {"MultiLineString", FeatureKind::line, PartKind::line, 2, true},
    {"Polygon", FeatureKind::polygon, PartKind::ring, 3, false},
    {"MultiPolygon", FeatureKind::polygon, PartKind::ring, 3, true},
};

SiteVertex vertex_of(const json& position, const Where& where) {
  if (!position.is_array() || position.size() < 2 || !position[0].is_number() ||
      !position[1].is_number()) {
    throw UsageError(where() + "a position is [lon, lat] (got " + quoted_excerpt(position.dump()) +
                     ")");
  }
  const Centre c{position[1].get<double>(), position[0].get<double>(), {}};
  if (const std::string problem = centre_problem(c); !problem.empty()) {
    throw UsageError(where() + problem);
  }
  return {c.lat_deg, c.lon_deg};
}

// The positions of a line or a ring, repeated ones taken once.
std::vector<SiteVertex> distinct_positions(const json& list, const Where& where) {
  if (!list.is_array()) {
    throw UsageError(where() + "positions come as an array (got " + quoted_excerpt(list.dump()) +
                     ")");
  }
  std::vector<SiteVertex> out;
  for (const json& p : list) {
    const SiteVertex v = vertex_of(p, where);
    if (out.empty() || !(v == out.back())) out.push_back(v);
  }
  return out;
}

void check_arcs(const std::vector<SiteVertex>& v, bool closed, const Where& where) {
  const std::size_t n = v.size(), arcs = closed ? n : n - 1;
  for (std::size_t k = 0; k < arcs; ++k) {
    const SiteVertex &a = v[k], &b = v[(k + 1) % n];
    if (!arc_is_defined(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg)) {
      throw UsageError(where() + "positions " + std::to_string(k) + " and " +
                       std::to_string((k + 1) % n) +
                       " are antipodal: no one great-circle arc joins them (add a position "
                       "between them)");
    }
  }
}

// A ring as it is stored: distinct vertices, the closing one dropped, oriented so that the
// polygon's inside is on its left (an outer ring about its smaller region, a hole the other way).
std::vector<SiteVertex> ring_of(const json& positions, bool hole, const Where& where) {
  if (!positions.is_array() || positions.size() < 4) {
    throw UsageError(where() + "a ring has at least 4 positions, the first repeated last (got " +
                     (positions.is_array() ? std::to_string(positions.size()) : "no list") + ")");
  }
  if (!(vertex_of(positions.front(), where) == vertex_of(positions.back(), where))) {
    throw UsageError(where() + "the ring is not closed: its last position " +
                     quoted_excerpt(positions.back().dump()) + " is not its first " +
                     quoted_excerpt(positions.front().dump()));
  }
  std::vector<SiteVertex> v = cleaned_ring(distinct_positions(positions, where));
  if (v.size() < 3) {
    throw UsageError(where() +
                     "a ring has at least 3 distinct positions that are not a spike's (got " +
                     std::to_string(v.size()) + "): it has no area");
  }
  check_arcs(v, true, where);
  const double area = ring_signed_area(v);
  if (std::fabs(std::fabs(area) - 2 * kPi) <= 1e-9) {
    throw UsageError(where() +
                     "the ring is a great circle's half: its two regions are equal, so neither "
                     "is its inside (split the polygon)");
  }
  const bool left_is_smaller = area > 0;
  if (left_is_smaller == hole) std::reverse(v.begin(), v.end());
  return v;
}

class Reader {
 public:
  explicit Reader(std::string_view source) : source_(source) {}

  void add_feature(const json& feature, std::size_t index) {
    const Where where{source_ + ", feature " + std::to_string(index) + ": ", ""};
    if (!feature.is_object() || feature.value("type", json()) != "Feature") {
      throw UsageError(where() + "not a GeoJSON Feature");
    }
    std::string name;
    if (const auto props = feature.find("properties");
        props != feature.end() && props->is_object()) {
      if (const auto n = props->find("name"); n != props->end() && n->is_string()) {
        name = n->get<std::string>();
        if (name.size() > kMaxCentreNameBytes) {
          throw UsageError(where() + "a name is at most " + std::to_string(kMaxCentreNameBytes) +
                           " bytes (got " + std::to_string(name.size()) + ")");
        }
      }
    }
    const auto geometry = feature.find("geometry");
    if (geometry == feature.end() || geometry->is_null()) {
      throw UsageError(where() + "a Feature without a geometry");
    }
    add_geometry(*geometry, std::move(name), where);
  }

  void add_geometry(const json& geometry, std::string name, Where where) {
    if (!geometry.is_object()) {
      throw UsageError(where() + "the geometry is not an object (got " +
                       quoted_excerpt(geometry.dump()) + ")");
    }
    const auto type = geometry.find("type");
    const std::string t =
        type != geometry.end() && type->is_string() ? type->get<std::string>() : "";
    const GeometryKind* kind = nullptr;
    for (const GeometryKind& k : kKinds)
      if (t == k.type) kind = &k;
    if (kind == nullptr) {
      throw UsageError(where() +
                       "sites are Point, MultiPoint, LineString, MultiLineString, Polygon or "
                       "MultiPolygon geometries (got " +
                       (t.empty() ? std::string("no type") : quoted_excerpt(t)) + ")");
    }
    const auto coords = geometry.find("coordinates");
    if (coords == geometry.end() || !coords->is_array()) {
      throw UsageError(where() + "a " + t + "'s coordinates are an array");
    }
    SiteFeature f;
    f.kind = kind->feature;
    f.name = std::move(name);
    f.first_part = static_cast<std::uint32_t>(out_.parts.size());
    if (!kind->multi) {
      add_parts(*kind, *coords, where, "");
    } else {
      for (std::size_t k = 0; k < coords->size(); ++k) {
        add_parts(*kind, (*coords)[k], where,
                  std::string(kind->type + 5) + " " + std::to_string(k));
      }
    }
    f.part_count = static_cast<std::uint32_t>(out_.parts.size()) - f.first_part;
    if (f.part_count == 0) throw UsageError(where() + "an empty " + t);
    out_.features.push_back(std::move(f));
  }

  SiteShapes take() { return std::move(out_); }

 private:
  // One member of a geometry: a point, a line, or a polygon's rings. `member` names it within a
  // Multi* geometry ("Polygon 2"), empty otherwise.
  void add_parts(const GeometryKind& kind, const json& coords, Where where,
                 const std::string& member) {
    const std::string in = member.empty() ? std::string("a ") + kind.type : member;
    switch (kind.part) {
      case PartKind::point:
        where.part = member.empty() ? "" : member + ": ";
        add_part(PartKind::point, {vertex_of(coords, where)});
        break;
      case PartKind::line: {
        where.part = in + ": ";
        std::vector<SiteVertex> v = distinct_positions(coords, where);
        if (coords.size() < 2) {
          throw UsageError(where() + "a line has at least 2 positions (got " +
                           std::to_string(coords.size()) + ")");
        }
        if (v.size() == 1) {
          add_part(PartKind::point, std::move(v));
        } else {
          check_arcs(v, false, where);
          add_part(PartKind::line, std::move(v));
        }
        break;
      }
      case PartKind::ring: {
        if (!coords.is_array() || coords.empty()) {
          where.part = in + ": ";
          throw UsageError(where() + "a polygon has at least its outer ring");
        }
        for (std::size_t r = 0; r < coords.size(); ++r) {
          where.part = in + "'s ring " + std::to_string(r) + ": ";
          add_part(PartKind::ring, ring_of(coords[r], r > 0, where));
        }
        break;
      }
    }
  }

  void add_part(PartKind kind, std::vector<SiteVertex> v) {
    if (out_.vertices.size() + v.size() > kMaxSiteVertices) {
      throw UsageError(source_ + ": more than " + std::to_string(kMaxSiteVertices) +
                       " positions (the most sites a search takes)");
    }
    out_.parts.push_back({kind, static_cast<std::uint32_t>(out_.vertices.size()),
                          static_cast<std::uint32_t>(v.size())});
    out_.vertices.insert(out_.vertices.end(), v.begin(), v.end());
  }

  std::string source_;
  SiteShapes out_;
};

}  // namespace

SiteShapes parse_sites_geojson(std::string_view text, std::string_view source) {
  check_utf8_text(text, source, "a sites file");
  Reader reader(source);
  walk_geojson(
      text, source, [&](const json& f, std::size_t k) { reader.add_feature(f, k); },
      [&](const json& g) {
        reader.add_geometry(g, "", Where{std::string(source) + ": ", ""});
      });
  return reader.take();
}

SiteShapes parse_sites_text(std::string_view text, std::string_view source, bool named_geojson) {
  const bool geojson = is_geojson_text(text, named_geojson);
  SiteShapes shapes =
      geojson ? parse_sites_geojson(text, source) : point_features(parse_centres_csv(text, source));
  if (shapes.features.empty()) {
    throw UsageError(std::string(source) + ": no sites in it (" +
                     (geojson ? "no features" : "no lat,lon lines") + ")");
  }
  return shapes;
}

SiteShapes read_sites_file(const std::filesystem::path& path) {
  const SitesFileText t = read_sites_file_text(path, "a sites file");
  return parse_sites_text(t.text, t.source, t.named_geojson);
}

}  // namespace geofield
