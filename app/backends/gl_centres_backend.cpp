#include "backends/gl_centres_backend.h"

#include "errors.h"

namespace geofield {

std::unique_ptr<CentresFieldBackend> make_gl_centres_backend(CentreList) {
  throw UsageError(
      "--backend gl: the nearest-centre field has no compute shader yet: use --backend cpu or "
      "auto");
}

}  // namespace geofield
