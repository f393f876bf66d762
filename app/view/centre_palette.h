// Colours for colouring by nearest centre: a categorical palette of clearly distinct
// colours, given to the centres so that centres near each other, whose cells are likely to
// touch, get different ones (each centre's few nearest are its neighbours; greedy colouring).
// Pure: the renderer takes the colours (Renderer::set_centre_colours), the markers too.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "centres.h"
#include "site_shapes.h"

namespace geofield {

// The palette, 0xRRGGBB: Tableau 10's colours and two more, none close to another.
std::span<const std::uint32_t> centre_palette();

// A colour (0xRRGGBB from centre_palette) for each centre, centre k at k: no two centres of
// which one is among the other's kPaletteNeighbours nearest (by great circle) share a colour,
// while the palette lasts (with more such neighbours than colours, the least used among them).
// Deterministic: the same list gives the same colours.
inline constexpr int kPaletteNeighbours = 6;
std::vector<std::uint32_t> centre_colours(std::span<const Centre> centres);

}  // namespace geofield

namespace geofield {

// The same for the features of a set of sites, each placed at the middle of its
// vertices on the sphere (its first vertex where they balance out), so that features near each
// other, whose cells are likely to touch, get different colours.
std::vector<std::uint32_t> feature_colours(const SiteShapes& shapes);

}  // namespace geofield
