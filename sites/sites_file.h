// Reading sites of every kind (--sites FILE): GeoJSON Point, MultiPoint, LineString,
// MultiLineString, Polygon and MultiPolygon geometries (a FeatureCollection, a Feature or a bare
// geometry; positions [lon, lat] as GeoJSON writes them), or CSV of points as --centres reads
// it. Each Feature is one site feature (its position in the collection is its index; each CSV
// row one too), named by its "name" property when that is a string.
//
// What cannot be a line or a polygon is one UsageError line naming the source, the feature and
// the part: a LineString of fewer than 2 positions; a ring of fewer than 4 positions or whose
// last position is not its first; consecutive positions that are antipodal (no one arc joins
// them); a ring of exactly a hemisphere (its two regions are equal). Repeated positions are
// taken once (a line of one distinct position is a point). Rings are oriented for the search
// (site_shapes.h): an outer ring about the smaller of its two regions, so files wound either
// way read the same, holes the other way. Nothing is taken from a file with a bad feature.
#pragma once

#include <filesystem>
#include <string_view>

#include "site_shapes.h"

namespace geofield {

SiteShapes parse_sites_geojson(std::string_view text, std::string_view source);
// GeoJSON when named_geojson or the text's first character that is not white space (after a
// byte-order mark) is '{', CSV of points otherwise; at least one feature.
SiteShapes parse_sites_text(std::string_view text, std::string_view source, bool named_geojson);
// The regular file at path (at most kMaxCentresFileBytes) read by parse_sites_text, GeoJSON
// when its name ends in .geojson or .json.
SiteShapes read_sites_file(const std::filesystem::path& path);

}  // namespace geofield
