#include "backends/field_backend.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace geofield {

HostField texture_field_as(GLuint texture, int nx, int ny, Precision as) {
  HostField h;
  h.nx = nx;
  h.ny = ny;
  h.precision = as;
  std::vector<float> f32(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny));
  read_texture_rows(texture, nx, ny, f32.data());
  if (as == Precision::f32) {
    h.f32 = std::move(f32);
  } else {
    h.f64.assign(f32.begin(), f32.end());
  }
  return h;
}

}  // namespace geofield
