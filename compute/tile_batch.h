// The tile batch engine (`render --tile all/N`): every tile of a grid in one process, on the
// CPU or spread over CUDA devices, a few workers each, each worker computing tile k + 1 while
// it writes tile k (compute/tile_files.h) into the output folders as tile-K-of-N.*. The
// command line (app/cli/render_tiles.cpp) checks the options, makes the folders and picks the
// workers.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "compute/tile_files.h"
#include "field_params.h"
#include "sites.h"
#include "tiles.h"

namespace geofield {

constexpr int kCpu = -1;  // a worker on the CPU rather than a device

// One batch: the field (its params in the precision computed), what its tiles are of, the
// layout, the values' type, each output's folder (made) and the NetCDF history, and the
// workers, each a CUDA device or kCpu.
struct TileBatch {
  FieldRequest field;
  TileSites sites;
  TileLayout layout;
  Precision stored = Precision::f32;
  TileFiles folders;
  std::vector<int> workers;
};

// Computes and writes every tile; says what it did on stderr. Throws what a tile threw first
// (UsageError for a device that cannot be used, RuntimeFailure, ...), the others stopped.
int run_tile_batch(TileBatch batch);

// Tiles differ by a node at most a side: the largest is the rounded-up share.
struct TileSides {
  int nx = 0, ny = 0;
  std::size_t values() const { return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny); }
};
TileSides largest_tile(const FieldParams& p, const TileLayout& layout);

}  // namespace geofield
