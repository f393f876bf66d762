// The nearest of several sites on a GPU, as the cuda and gl backends compute it beside their
// one-point kernels (field_backend.h is the one interface callers see; this is the part of a
// backend that measures to several sites, made by the backend when a request first has them).
// compute() writes the distance to the nearest site into the field texture (p's own reference
// is not used) and keeps, beside it, the index of that site (the lowest of those that tie).
// Each node's value and index equal a brute-force evaluation of the view's formula at every
// site by the same backend (docs/centres.md says how that is kept while only the few sites
// that can win are evaluated).
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "centres.h"
#include "field_params.h"
#include "gl/field_texture.h"
#include "host_field.h"

namespace geofield {

class CentresFieldBackend {
 public:
  virtual ~CentresFieldBackend() = default;
  virtual std::string_view name() const = 0;
  virtual void compute(const FieldParams& p, FieldTexture& target) = 0;
  virtual HostField read_field(const FieldTexture& target, Precision as) = 0;
  virtual std::optional<double> last_compute_device_ms() { return std::nullopt; }

  // The centres the next compute() measures to: not empty, each checked (centres_file.h). A GPU
  // backend uploads them here, once, not at every compute.
  virtual void set_centres(CentreList centres) = 0;
  virtual const CentreList& centres() const = 0;

  // The last compute's nearest-centre index, p.nx * p.ny values, row 0 north (read back).
  virtual std::vector<std::int32_t> read_index() = 0;
  // The same as a GL_R32I texture of the field's size, owned here (0 before the first compute).
  virtual GLuint index_texture() const = 0;

  // Lets go of what this part holds of the field texture (CUDA's registration of it), because
  // the backend's one-point kernels write it next: one registration of a texture at a time.
  virtual void let_go_of_target() {}
};

}  // namespace geofield
