// A rectangle of a grid's nodes: the part of the whole grid one computation fills. The math
// always sees the whole grid's node (row0 + i, col0 + j) — its coordinates come from the whole
// grid's geometry, never from bounds re-derived for the part — and the value is stored at
// (i, j) of an nx-wide buffer. So a tile's values are the whole grid's, bit for bit.
// A plain aggregate (no member functions): kernels take it by value; C++17 for nvcc.
#pragma once

namespace geofield {

struct Subgrid {
  int row0 = 0, col0 = 0;  // the subgrid's first row and column in the whole grid
  int nx = 0, ny = 0;      // its columns and rows, >= 1
};

// The whole nx x ny grid as a subgrid.
inline Subgrid whole_grid(int nx, int ny) { return Subgrid{0, 0, nx, ny}; }

inline bool operator==(const Subgrid& a, const Subgrid& b) {
  return a.row0 == b.row0 && a.col0 == b.col0 && a.nx == b.nx && a.ny == b.ny;
}

}  // namespace geofield
