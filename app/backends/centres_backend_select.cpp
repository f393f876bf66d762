#include "backends/centres_backend.h"
#include "backends/centres_field_backend.h"
#include "backends/cuda_backend_factory.h"
#include "backends/gl_centres_backend.h"
#include "errors.h"

namespace geofield {

std::unique_ptr<CentresFieldBackend> make_centres_backend(BackendChoice choice,
                                                          const FieldParams& p, CentreList centres,
                                                          std::string* reason) {
  if (choice == BackendChoice::cpu) {
    *reason = "backend cpu (asked for): the nearest centre on every core";
    return std::make_unique<CentresBackend>(std::move(centres));
  }
  if (choice == BackendChoice::gl) {
    if (p.formula == Formula::wgs84) throw UsageError("--backend gl: " + std::string(kGlNoWgs84));
    *reason = "backend gl (asked for): compute shaders in this GL context";
    return make_gl_centres_backend(std::move(centres));
  }
  std::string why;
  std::unique_ptr<CentresFieldBackend> cuda = try_make_cuda_centres_backend(centres, &why);
  if (cuda) {
    *reason = "backend cuda" + std::string(choice == BackendChoice::cuda ? " (asked for)" : "") +
              ": " + why;
    return cuda;
  }
  if (choice == BackendChoice::cuda) throw UsageError("--backend cuda: " + why);
  *reason = "backend cpu: " + why;
  return std::make_unique<CentresBackend>(std::move(centres));
}

}  // namespace geofield
