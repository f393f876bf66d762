// The nearest of many centres, on the CPU: for every node of a grid (latlon, aeqd or
// ortho), or of a subgrid of it, the smallest value over the centres of the view's formula with
// that centre as the reference, and the index of that centre (the lowest of those that tie).
// Each value is the shared math's value of that centre at that node (centre_values.h says
// which, per view), so the result equals a brute-force evaluation of every centre at every node,
// bit for bit; a k-d tree over the centres' unit vectors (centre_index.h) picks the few that can
// win. A projected node with no point on the sphere gets NaN and index -1.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "centres.h"
#include "field_params.h"
#include "subgrid.h"

namespace geofield {

// Throws UsageError, naming --centres, for what no backend computes: no centres, too many, the
// seed formula (not a distance). Every backend checks it; callers check it first to refuse
// before any work.
void check_centres_view(const FieldParams& p, std::span<const Centre> centres);

// values and index hold p.nx * p.ny elements, row 0 north. p's own reference is not used,
// except as the centre of an aeqd map. Throws UsageError as check_centres_view.
template <typename T>
void nearest_centre_field_on_cpu(const FieldParams& p, std::span<const Centre> centres, T* values,
                                 std::int32_t* index);

// The same for a subgrid of p's grid (subgrid.h): values and index hold w.nx * w.ny
// elements, local node (i, j) the whole grid's node (w.row0 + i, w.col0 + j), each bit for bit
// what the whole field has there (so tiles mosaic into the whole render exactly). Throws
// RuntimeFailure when w is not inside the grid.
template <typename T>
void nearest_centre_subgrid_on_cpu(const FieldParams& p, std::span<const Centre> centres,
                                   const Subgrid& w, T* values, std::int32_t* index);

// Receives subgrid rows first_row, first_row + 1, ...: values and index hold whole rows, w.nx each.
template <typename T>
using EmitNearestRows = std::function<void(int first_row, std::span<const T> values,
                                           std::span<const std::int32_t> index)>;

// The same subgrid a block of rows at a time, as compute_subgrid_blocks_on_cpu: each block handed
// to emit as soon as it is filled, from all cores at once and in no particular order; each
// thread reuses one small buffer, so the whole field is never in memory. The first exception
// from emit stops the others and is rethrown here.
template <typename T>
void nearest_centre_subgrid_blocks_on_cpu(const FieldParams& p, std::span<const Centre> centres,
                                          const Subgrid& w, const EmitNearestRows<T>& emit);

// The same by evaluating every centre at every node (the same value function): the tests'
// oracle and the benchmark's baseline.
template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres,
                                const Subgrid& w, T* values, std::int32_t* index);
template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres, T* values,
                                std::int32_t* index);

}  // namespace geofield
