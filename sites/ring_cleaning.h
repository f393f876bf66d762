// Rings as the distance search needs them: the side of a node comes from the turn of
// the boundary at a vertex (polygon_side.h), which is +-pi either way where a ring goes to a
// point and straight back (a spike: quantised coasts and hand-drawn files have them), so such
// vertices go, as do repeated positions; a ring left with fewer than 3 positions has no area.
#pragma once

#include <vector>

#include "site_shapes.h"

namespace geofield {

// One place on the sphere: equal, or both on the antimeridian (-180 and 180) at one latitude,
// or both at one pole.
bool same_place(const SiteVertex& a, const SiteVertex& b);

// The ring (its closing repeat of the first position, if any, dropped) without repeated
// positions and without spikes (a vertex where the ring turns back within 1e-9 radians of its
// way in), until none is left.
std::vector<SiteVertex> cleaned_ring(std::vector<SiteVertex> ring);

// The ring's signed area (steradians, in (-2 pi, 2 pi]): the area of the region to its left
// when that is the smaller of the two it bounds, minus the other's when not. From the fan of
// spherical triangles from a fixed point (Van Oosterom and Strackee's solid angle), taken
// modulo 4 pi: a spike adds nothing and a ring that crosses itself adds its lobes' difference,
// where the sum of the turns at its vertices would be off by a multiple of 2 pi.
double ring_signed_area(const std::vector<SiteVertex>& ring);

}  // namespace geofield
