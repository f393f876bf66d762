// `render --figure --places`: the names of the larger places of the built-in gazetteer
// (sites/place_pack.h) on a figure's map, each a dot and its name on a box beside it, placed
// as site names are (site_names.h) clear of every label, marker and dot already on the map
// (map_label_boxes.h). The most populous first, until the map holds about one name per square
// kPlaceCellFonts text heights a side: the density suits the map's scale (a continent shows its
// capitals, a county its towns). No GL.
#pragma once

#include <cstddef>
#include <span>

#include "figure/figure_layout.h"
#include "sites/place_pack.h"

namespace geofield {

// A name per square this many figure text heights a side, at most (about 30 on a 1600-pixel
// figure of Europe).
constexpr double kPlaceCellFonts = 13;
// The dot's radius in figure text heights.
constexpr double kPlaceDotFonts = 0.22;

// How many names L's map holds: its area (a disc's, when it is one) over a cell's, at least 1.
std::size_t place_label_count(const FigureLayout& L);

// Adds the places' dots (L->place_dots, figure pixels) and names (L->place_labels) to a laid-out
// figure of view. places: most populous first (the gazetteer's order); only those the map
// shows (not ortho's far side, not beyond the map or its disc) whose dot touches nothing taken
// and whose name finds a place beside it are named, the first place_label_count() of them.
void add_place_labels(FigureLayout* L, const FieldParams& view, std::span<const Place> places);

}  // namespace geofield
