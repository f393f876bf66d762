// Linked in builds made without a CUDA compiler.
#include "cuda_backend_factory.h"

namespace geofield {

std::unique_ptr<FieldBackend> try_make_cuda_backend(std::string* why_not) {
  *why_not = "this build has no CUDA backend (no CUDA compiler was found when it was built)";
  return nullptr;
}

}  // namespace geofield
