// Random valid views for the soak tests (CPU in tests/unit, GPU in tests/gpu): every projection,
// formula, unit and precision; bounds from the whole Earth down to 1e-4 degree, across 180 at
// times; radii 1 to 10,000 km. And what a soak checks a node against.
#pragma once

#include <random>
#include <string>

#include "field_params.h"

namespace geofield::soak {

// A view of nx, ny from min_side to max_side nodes a side.
FieldParams random_view(std::mt19937_64& rng, int min_side, int max_side);

// One line naming every parameter, exact (%.17g), for a failure message.
std::string describe(const FieldParams& p);

// The node's point on the sphere (latitude, longitude), false where a projected node has none.
bool node_point(const FieldParams& p, int i, int j, double* lat, double* lon);

// The process's resident memory, MiB (/proc/self/statm); under AddressSanitizer, the bytes the
// program holds allocated.
double resident_mib();

}  // namespace geofield::soak
