// The nearest of many centres (issue 16), on the CPU: for every node of a latlon grid, the
// smallest value over the centres of the view's formula with that centre as the reference, and
// the index of that centre (the lowest of those that tie). Each value is the shared math's value
// of that centre's field at that node (field_value for haversine, geodesic_field_value for
// wgs84), so the result equals a brute-force evaluation of every centre at every node, bit for
// bit; a k-d tree over the centres' unit vectors (centre_index.h) picks the few that can win.
#pragma once

#include <cstdint>
#include <span>

#include "centres.h"
#include "field_params.h"

namespace geofield {

// Throws UsageError, naming --centres, for what no backend computes: no centres, too many, the
// seed formula (not a distance), a projected view. Every backend checks it; callers check it
// first to refuse before any work.
void check_centres_view(const FieldParams& p, std::span<const Centre> centres);

// values and index hold p.nx * p.ny elements, row 0 north. p's own reference is not used.
// Throws UsageError for what it does not compute: no centres, the seed formula (not a
// distance), a projected view.
template <typename T>
void nearest_centre_field_on_cpu(const FieldParams& p, std::span<const Centre> centres, T* values,
                                 std::int32_t* index);

// The same by evaluating every centre at every node: the tests' oracle and the benchmark's
// baseline.
template <typename T>
void nearest_centre_brute_force(const FieldParams& p, std::span<const Centre> centres, T* values,
                                std::int32_t* index);

}  // namespace geofield
