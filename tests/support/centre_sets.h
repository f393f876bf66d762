// Sets of centres for the nearest-centre tests (issue 16): ones built to tie on a grid, random
// ones over the sphere, and a cluster far from the grid (every centre a candidate everywhere).
#pragma once

#include <vector>

#include "centres.h"
#include "field_params.h"

namespace geofield::test {

// Centres placed to tie at p's nodes: on nodes, mirrored about nodes (every node of that
// meridian is equidistant), duplicated (the lower index must win), at both poles, on both sides
// of the antimeridian; then random_count uniform over the sphere.
std::vector<Centre> tie_heavy_centres(const FieldParams& p, int random_count, unsigned seed);

// count centres uniform over the sphere.
std::vector<Centre> random_centres(int count, unsigned seed);

// count centres within radius_deg (in latitude and longitude) of (lat, lon).
std::vector<Centre> clustered_centres(int count, double lat_deg, double lon_deg, double radius_deg,
                                      unsigned seed);

}  // namespace geofield::test
