// The Maidenhead locator's fields over a figure's map (`render --figure --maidenhead`): the
// 18 x 18 fields of 20° of longitude by 10° of latitude as lines (the graticule's lines at those
// steps, so they follow the projection as it does), and each field's name (AA at 180°W 90°S to
// RR) on a box at its centre, where the box stays on the map and touches no other label.
#pragma once

#include "figure/figure_layout.h"

namespace geofield {

// Adds the grid's lines (L->maidenhead_lines, in the map's pixels) and the fields' names
// (L->maidenhead_labels) to a laid-out figure, clear of its ring labels, site names and
// markers, and a disc's graticule labels.
void add_maidenhead_grid(FigureLayout* L);

}  // namespace geofield
