// Tiles of a grid: the split of `render --tile K/N` into TX x TY near-equal rectangles of
// nodes, so that N independent processes make the whole grid (docs/guide/tiles.md).
#pragma once

#include <optional>
#include <string>

#include "field_params.h"
#include "subgrid.h"

namespace geofield {

// TX columns x TY rows of tiles over a grid; tile K is row K / TX, column K % TX (row-major
// from the north-west, as the grid's nodes).
struct TileLayout {
  int tiles_x = 1, tiles_y = 1;
  int count() const { return tiles_x * tiles_y; }
  bool operator==(const TileLayout&) const = default;
};

// The layout of n tiles over an nx x ny grid whose tiles are the most nearly square in nodes:
// among TX x TY = n with TX <= nx and TY <= ny, the least |log((nx/TX) / (ny/TY))|, the fewer
// columns on a tie. None when no such pair exists (n above nx * ny, or prime and above both).
std::optional<TileLayout> near_square_layout(int n, int nx, int ny);

// The nodes of tile k (0 <= k < layout.count()) of an nx x ny grid: column c's columns are
// [floor(c nx / TX), floor((c + 1) nx / TX)), rows alike, so tiles differ by a node at most and
// together cover every node once. layout.tiles_x <= nx and tiles_y <= ny.
Subgrid tile_subgrid(const TileLayout& layout, int nx, int ny, int k);

// A tile as asked for on the command line: index k of a layout.
struct TileChoice {
  int index = 0;
  TileLayout layout;
};

// Parses "K/N" (the layout chosen by near_square_layout for the grid) or "K/TXxTY" for an
// nx x ny grid; throws UsageError naming `option`, quoting the text and giving the range.
TileChoice parse_tile(const std::string& text, const char* option, int nx, int ny);

// Throws RuntimeFailure unless w is a non-empty subgrid inside p's grid.
void check_subgrid(const FieldParams& p, const Subgrid& w);

// "rows 0..258, columns 0..333 of 1001 x 777 nodes" (inclusive ranges).
std::string describe_subgrid(const Subgrid& w, int nx, int ny);

}  // namespace geofield
