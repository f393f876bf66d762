// Centre sets for the nearest-centre tests (issue 16): sets built to tie and sets built to be
// hard to prune, shared by the CPU, GL and CUDA tests.
#pragma once

#include <vector>

#include "centres.h"
#include "field_params.h"

namespace geofield::test {

// Centres placed to tie on p's grid: on nodes, mirrored about nodes (equal distance on both
// sides of a meridian), duplicated (the lower index must win), at both poles, on both sides of
// the antimeridian, then random_count spread uniformly over the sphere.
std::vector<Centre> tie_heavy_centres(const FieldParams& p, int random_count, unsigned seed);

// count centres uniformly over the sphere.
std::vector<Centre> random_centres(int count, unsigned seed);

// count centres within radius_deg of (lat, lon) in latitude and longitude, every tenth one a
// duplicate of the one before it.
std::vector<Centre> clustered_centres(double lat_deg, double lon_deg, double radius_deg, int count,
                                      unsigned seed);

}  // namespace geofield::test
