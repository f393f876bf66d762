#include "api_sites_table.h"

#include <cstddef>

#include "errors.h"

namespace geofield::api {
namespace {

// API 1.2's struct ends at lon; a later caller's larger struct keeps the fields this library
// does not know.
constexpr std::size_t kTableV1_2 = offsetof(geofield_sites_table, lon) + sizeof(const double*);

std::int32_t kind_of(FeatureKind k) {
  switch (k) {
    case FeatureKind::point: return GEOFIELD_FEATURE_POINT;
    case FeatureKind::line: return GEOFIELD_FEATURE_LINE;
    case FeatureKind::polygon: return GEOFIELD_FEATURE_POLYGON;
  }
  return -1;
}

std::int32_t kind_of(PartKind k) {
  switch (k) {
    case PartKind::point: return GEOFIELD_PART_POINT;
    case PartKind::line: return GEOFIELD_PART_LINE;
    case PartKind::ring: return GEOFIELD_PART_RING;
  }
  return -1;
}

}  // namespace

SitesTable sites_table(const SiteShapes& shapes) {
  SitesTable t;
  t.feature_kind.reserve(shapes.features.size());
  t.feature_part.reserve(shapes.features.size() + 1);
  t.name_offset.reserve(shapes.features.size() + 1);
  t.name_offset.push_back(0);
  for (const SiteFeature& f : shapes.features) {
    t.feature_kind.push_back(kind_of(f.kind));
    t.feature_part.push_back(f.first_part);
    t.names += f.name;
    t.name_offset.push_back(static_cast<std::int64_t>(t.names.size()));
  }
  t.feature_part.push_back(static_cast<std::int64_t>(shapes.parts.size()));
  t.part_kind.reserve(shapes.parts.size());
  t.part_vertex.reserve(shapes.parts.size() + 1);
  for (const SitePart& p : shapes.parts) {
    t.part_kind.push_back(kind_of(p.kind));
    t.part_vertex.push_back(p.first);
  }
  t.part_vertex.push_back(static_cast<std::int64_t>(shapes.vertices.size()));
  t.lat.reserve(shapes.vertices.size());
  t.lon.reserve(shapes.vertices.size());
  for (const SiteVertex& v : shapes.vertices) {
    t.lat.push_back(v.lat_deg);
    t.lon.push_back(v.lon_deg);
  }
  return t;
}

void fill_table(const SitesTable& t, geofield_sites_table* out) {
  if (out->struct_size < kTableV1_2) {
    throw UsageError("geofield_sites_table.struct_size: " + std::to_string(out->struct_size) +
                     " is less than the table's " + std::to_string(kTableV1_2) +
                     " bytes (set it to sizeof(geofield_sites_table))");
  }
  out->feature_count = static_cast<std::int64_t>(t.feature_kind.size());
  out->part_count = static_cast<std::int64_t>(t.part_kind.size());
  out->vertex_count = static_cast<std::int64_t>(t.lat.size());
  out->feature_kind = t.feature_kind.data();
  out->feature_part = t.feature_part.data();
  out->names = t.names.data();
  out->name_offset = t.name_offset.data();
  out->part_kind = t.part_kind.data();
  out->part_vertex = t.part_vertex.data();
  out->lat = t.lat.data();
  out->lon = t.lon.data();
}

}  // namespace geofield::api
