// A field in host memory, for explicit exports only: what a backend reads back and the writers
// (.npy, GeoTIFF) take. Row 0 north, row-major, nx values per row.
#pragma once

#include <vector>

#include "field_params.h"

namespace geofield {

struct HostField {
  int nx = 0, ny = 0;
  Precision precision = Precision::f32;
  std::vector<float> f32;   // filled when precision == f32
  std::vector<double> f64;  // filled when precision == f64
};

}  // namespace geofield
