// A whole-world projected map (aeqd out to the antipode, an ortho globe) is a disc, not a
// square: where it lies in the figure, how much of a pixel it covers, and its rim's pixels
// given the colours from just inside it (the renderer's nearest-node picture steps there, and
// a ring at the rim leaves a dark fringe). No GL, no cairo.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "field_params.h"
#include "image.h"

namespace geofield {

struct PixelRect;

struct MapDisc {
  double x = 0, y = 0;  // centre, figure pixels (y down)
  double r = 0;         // radius, pixels
  // Whether bearings from the reference point are angles about the centre (aeqd; ortho about
  // the reference): the figure then has an azimuth scale around the rim.
  bool bearings = false;
};

// The disc of a projected view drawn over map, when the whole of it lies in the map (within
// half a pixel): aeqd with its extent at the antipode, ortho with its extent the radius; none
// for latlon or a cut disc.
std::optional<MapDisc> whole_disc(const FieldParams& view, const PixelRect& map);

// How much of the pixel whose top-left is (px, py) the disc covers, 0..1 (the rim smoothed
// over a pixel, as the figure's other discs are).
double disc_cover(const MapDisc& d, double px, double py);

// d in the pixels of a picture whose top-left is at figure pixel (x, y).
inline MapDisc disc_from(const MapDisc& d, double x, double y) { return {d.x - x, d.y - y, d.r}; }

// The colour a figure shows at pixel (x, y) of the map picture, d given in the picture's
// pixels: the pixel's own, or, within a few pixels of the rim or beyond, the picture's colour
// that far inside the rim along the same radius (bilinear). The rim then has the map's colours:
// no stair steps of the page (the picture is a node a pixel) and no ring along it.
std::array<std::uint8_t, 3> disc_map_colour(const Image& map, int x, int y, const MapDisc& d);

}  // namespace geofield
