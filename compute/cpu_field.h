// Fields on the CPU into host memory: all cores fill rows with the shared math, in the grid's
// row order or a block of rows at a time. No GL: the CPU backend uploads what this computes.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "field_params.h"
#include "host_field.h"
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
// The same for a subgrid (first_row counted in the subgrid, rows w.nx wide).
template <typename T>
void compute_subgrid_blocks_on_cpu(const FieldParams& p, const Subgrid& w, const EmitRows<T>& emit);

// The field of p in host memory, computed in p.precision: *f32 always (what the texture holds),
// *f64 too when the precision is f64 (emptied otherwise).
void compute_host_field(const FieldParams& p, std::vector<float>* f32, std::vector<double>* f64);

// An export of a host field (nx x ny, f64 possibly empty) as float32 or float64.
HostField host_field_as(int nx, int ny, const std::vector<float>& f32,
                        const std::vector<double>& f64, Precision as);

}  // namespace geofield
