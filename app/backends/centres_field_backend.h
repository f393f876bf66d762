// The nearest of many centres (issue 16) as a backend, one interface for the cpu, cuda and gl
// implementations: compute() writes the distance to the nearest centre into the field texture
// (p's own reference is not used) and keeps, beside it, the index of that centre (the lowest of
// those that tie). Each node's value and index equal a brute-force evaluation of the view's
// formula at every centre by the same backend (docs/centres.md says how that is kept while
// only the few centres that can win are evaluated).
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/field_backend.h"
#include "centres.h"

namespace geofield {

using CentreList = std::shared_ptr<const std::vector<Centre>>;

class CentresFieldBackend : public FieldBackend {
 public:
  // The centres the next compute() measures to: not empty, each checked (centres_file.h). A GPU
  // backend uploads them here, once, not at every compute: the window's Shift+click calls this,
  // then compute().
  virtual void set_centres(CentreList centres) = 0;
  virtual const CentreList& centres() const = 0;

  // The last compute's nearest-centre index, p.nx * p.ny values, row 0 north: an explicit
  // export (a GPU backend reads it back).
  virtual std::vector<std::int32_t> read_index() = 0;

  // The last compute's index as a GL_R32I texture of the field's size (texel row 0 is grid row
  // 0, north), owned by the backend, for drawing (the window colours by nearest centre, the
  // hover names it); 0 before the first compute. Valid until the next compute or destruction.
  virtual GLuint index_texture() const = 0;
};

// Makes the nearest-centre backend asked for, in the current GL context: cpu, cuda or gl as
// asked; `automatic` takes CUDA when a CUDA device runs this GL context (as make_backend), the
// CPU otherwise. *reason says which and why in one line. Throws UsageError naming --backend
// when the backend asked for cannot compute the view p with centres (a formula, projection or
// device it lacks).
std::unique_ptr<CentresFieldBackend> make_centres_backend(BackendChoice choice,
                                                          const FieldParams& p, CentreList centres,
                                                          std::string* reason);

}  // namespace geofield
