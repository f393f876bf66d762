#include "backends/cpu_backend.h"
#include "backends/cuda_backend_factory.h"
#include "backends/field_backend.h"
#include "backends/gl_backend.h"
#include "compute/nearest_centre.h"
#include "errors.h"

namespace geofield {

std::unique_ptr<FieldBackend> make_backend(BackendChoice choice, std::string* reason) {
  if (choice == BackendChoice::cpu) {
    *reason = "backend cpu (asked for)";
    return std::make_unique<CpuBackend>();
  }
  if (choice == BackendChoice::gl) {
    try {
      std::unique_ptr<FieldBackend> gl = std::make_unique<GlBackend>();
      *reason = "backend gl (asked for): compute shaders in this GL context";
      return gl;
    } catch (const RuntimeFailure& e) {
      throw UsageError(std::string("--backend gl: this GL cannot build the compute shaders: ") +
                       e.what());
    }
  }
  // On success `why` says which CUDA device and path; on failure, why CUDA cannot be used.
  std::string why;
  std::unique_ptr<FieldBackend> cuda = try_make_cuda_backend(&why);
  if (cuda) {
    *reason = "backend cuda" + std::string(choice == BackendChoice::cuda ? " (asked for)" : "") +
              ": " + why;
    return cuda;
  }
  if (choice == BackendChoice::cuda) throw UsageError("--backend cuda: " + why);
  *reason = "backend cpu: " + why;
  return std::make_unique<CpuBackend>();
}

std::unique_ptr<FieldBackend> make_backend_for(BackendChoice choice, const FieldRequest& r,
                                               std::string* reason) {
  check_sites(r);
  return make_backend_for(choice, r.params, reason);
}

std::unique_ptr<FieldBackend> make_backend_for(BackendChoice choice, const FieldParams& p,
                                               std::string* reason) {
  if (p.formula == Formula::wgs84 && choice == BackendChoice::gl) {
    throw UsageError("--backend gl: " + std::string(kGlNoWgs84));
  }
  return make_backend(choice, reason);  // automatic: CUDA, else the CPU; both compute wgs84
}

}  // namespace geofield
