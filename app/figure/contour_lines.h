// Range rings as vectors: where a grid of values crosses each multiple of an interval, found by
// marching squares (linear along each cell's edges, as the shader's bilinear value is there) and
// joined into polylines. No GL, no cairo.
#pragma once

#include <span>
#include <vector>

#include "figure/map_polyline.h"

namespace geofield {

// Values on a grid of nodes, row 0 first (north), node (i, j) at pixel
// (x0_px + j dx_px, y0_px + i dy_px).
struct ContourGrid {
  std::span<const float> values;  // nx x ny
  int nx = 0, ny = 0;
  double dx_px = 1, dy_px = 1;
  double x0_px = 0, y0_px = 0;  // half a cell with pixel registration
};

// The grid of nx x ny nodes over a w x h pixel map: on its edges, or (cells) at the centres of
// nx x ny cells filling it.
ContourGrid contour_grid_over(std::span<const float> values, int nx, int ny, double w, double h,
                              bool cells);

struct ContourLevel {
  double value = 0;             // k x interval
  std::vector<Polyline> lines;  // a closed ring repeats its first point last
};

// The lines at every multiple of interval (> 0) that the values cross (0 too: a signed
// distance's zero is the shapes' edge), by level, the lowest first. Cells within a node of one
// that is not finite (NaN off a projected map) have no line: there the shader inks only the
// ring's side that has values, a dashed fringe along the map's rim, not a ring.
// max_change_per_px > 0: cells where value / interval changes by more than this over a pixel
// (|d/dx| + |d/dy|, the shader's fwidth) are left out, where the shader fades crowded rings.
std::vector<ContourLevel> contour_lines(const ContourGrid& grid, double interval,
                                        double max_change_per_px = 0);

}  // namespace geofield
