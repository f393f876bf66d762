#include "backends/centres_backend.h"
#include "backends/centres_field_backend.h"
#include "errors.h"

namespace geofield {

std::unique_ptr<CentresFieldBackend> make_centres_backend(BackendChoice choice,
                                                          const FieldParams& p, CentreList centres,
                                                          std::string* reason) {
  (void)p;
  if (choice == BackendChoice::cuda || choice == BackendChoice::gl) {
    throw UsageError(
        "--centres: the nearest-centre field is computed on the CPU for now (its GPU kernels "
        "are not written yet): use --backend cpu or auto");
  }
  *reason = choice == BackendChoice::cpu
                ? "backend cpu (asked for): the nearest centre on every core"
                : "backend cpu: the nearest centre on every core (no GPU kernel yet)";
  return std::make_unique<CentresBackend>(std::move(centres));
}

}  // namespace geofield
