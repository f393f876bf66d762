// The smallest and largest field value over the grid's nodes, found on the host in
// O(nx + ny) from the shared math (projected views: see below), so the colour range needs no
// read-back of the field.
#pragma once

#include <span>

#include "field_params.h"

namespace geofield {

struct ValueRange {
  double min = 0, max = 0;
};

// Exact over the nodes (in double): for a fixed row the value grows with the column's angle
// from the reference (s/k for haversine, s for seed), so each row's extremes sit at the same
// two columns. Projected views skip the nodes with no value (NaN): aeqd haversine in O(ny)
// (the value is the node's radius), ortho and seed by visiting every node (O(nx * ny)).
// wgs84: exact on latlon grids in O(nx + ny) geodesics (the distance grows along a parallel with
// the longitude difference); on projected grids from the nodes about the reference and its
// antipode, the edge of the nodes with a value and a lattice of at most 129 x 129 nodes, not
// exact (field_range.cpp says by how much).
ValueRange field_range(const FieldParams& p);

// The smallest and largest of values already computed, NaN (a node with no value) left out;
// {0, 0} when there is none: the range of a field with no closed form (several sites).
ValueRange values_range(std::span<const float> values);
ValueRange values_range(std::span<const double> values);

}  // namespace geofield
