// The one-point field's rows on the CPU, into host memory with no GL: all cores fill rows with
// the shared math, in the grid's row order or a block of rows at a time. The CPU backend uploads
// what this computes; cpu_field.h computes a request's field through it (one point) or through
// the nearest-site search (several sites).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "field_params.h"
#include "subgrid.h"

namespace geofield {

// Fills out (p.nx * p.ny values, row 0 north) with the field of p in precision T, on all cores.
template <typename T>
void compute_field_on_cpu(const FieldParams& p, T* out);

// The same for a subgrid of p's grid (subgrid.h): out holds w.nx * w.ny values, local node
// (i, j) the whole grid's node (w.row0 + i, w.col0 + j), bit for bit the value the whole field
// has there. Throws RuntimeFailure when w is not inside the grid.
template <typename T>
void compute_subgrid_on_cpu(const FieldParams& p, const Subgrid& w, T* out);

// Receives rows first_row, first_row + 1, ... of a field: values holds whole rows, nx each.
template <typename T>
using EmitRows = std::function<void(int first_row, std::span<const T> values)>;

// The same field a block of rows at a time, each block handed to emit as soon as it is filled,
// from all cores at once and in no particular order (emit must allow that). Each thread reuses
// one small buffer, so the whole field is never in memory: an export writes each block at its
// place in the file. The first exception from emit stops the others and is rethrown here.
template <typename T>
void compute_field_blocks_on_cpu(const FieldParams& p, const EmitRows<T>& emit);
// The host memory compute_field_blocks_on_cpu<T> holds over a grid nx wide (what a .npy written
// a block at a time needs besides its file): a block of rows a core, with `copy_bytes` more a
// value when the caller copies each block (narrowed to float, say), and the columns' table.
template <typename T>
std::uint64_t field_blocks_bytes(int nx, std::size_t copy_bytes = 0);
// The same for a subgrid (first_row counted in the subgrid, rows w.nx wide).
template <typename T>
void compute_subgrid_blocks_on_cpu(const FieldParams& p, const Subgrid& w, const EmitRows<T>& emit);

}  // namespace geofield
