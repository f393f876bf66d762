// The sites built into the binary: Natural Earth's coastlines, borders and land at
// 1:10m (the default), 1:50m or 1:110m, from the line pack (gl/geo_lines.h, assets/coastlines):
//   @coastline[:SCALE]  each coastline polyline a line feature;
//   @borders[:SCALE]    each border polyline a line feature;
//   @land[:SCALE]       each land ring a polygon feature (holes such as the Caspian their own),
//                       the land on the rings' left as the pack stores them: --signed gives
//                       the distance to the coast negative on land and positive at sea.
// SCALE is 10m, 50m or 110m. The data's cuts along the antimeridian and at the poles are not
// in them (the converter drops or stitches them), so they never count as coast.
#pragma once

#include <string_view>

#include "site_shapes.h"

namespace geofield {

// Whether the text names built-in sites (starts with '@'), as --sites tells them from a path.
inline bool names_builtin_sites(std::string_view text) { return !text.empty() && text[0] == '@'; }

// The built-in sites `name` names; UsageError naming --sites and the names it knows otherwise.
SiteShapes builtin_sites(std::string_view name);

}  // namespace geofield
