// The smallest and largest field value over the grid's nodes, found on the host in
// O(nx + ny) from the shared math, so the colour range needs no read-back of the field.
#pragma once

#include "field_params.h"

namespace geofield {

struct ValueRange {
  double min = 0, max = 0;
};

// Exact over the nodes (in double): for a fixed row the value grows with the column's angle
// from the reference (s/k for haversine, s for seed), so each row's extremes sit at the same
// two columns.
ValueRange field_range(const FieldParams& p);

}  // namespace geofield
