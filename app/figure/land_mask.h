// Where a figure's map shows land: each pixel's share of it (0 to 255), from Natural Earth's
// land rings built into the binary (the `@land` sites), at the scale the coastlines are drawn
// at, for the land and sea tints (`--land-fill`, `--ocean-tint`) that the field shader draws
// under the rings and lines (OverlayLook, ViewStyle::land_mask), in PNG, PDF and SVG alike.
// No GL.
#pragma once

#include <cstdint>
#include <vector>

#include "gl/renderer.h"

namespace geofield {

// A lat/lon grid's coverage by land, w x h cells over bounds (west to east, north row first):
// the rings filled even-odd (a lake is a ring of its own), each ring straight in latitude and
// longitude between its vertices (Natural Earth's are dense), one around a pole closed along
// it; 4 sub-rows a row and the spans' ends by their fraction of a cell: edges antialiased.
std::vector<float> land_cover(const GeoBounds& bounds, int w, int h, LineScale scale);

// The mask of style's map drawn w x h pixels (row 0 at the top): a lat/lon view's pixels are
// such a grid; a projected map's pixels sample one over the part of the sphere it shows, at
// twice the map's resolution, through the inverse projection. Off a projected map: 0.
std::vector<std::uint8_t> land_mask(const ViewStyle& style, int w, int h);

}  // namespace geofield
