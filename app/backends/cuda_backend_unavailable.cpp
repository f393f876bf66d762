// Linked in builds made without a CUDA compiler.
#include "backends/cuda_backend_factory.h"

namespace geofield {

namespace {
const char* const kNoCuda =
    "this build has no CUDA backend (no CUDA compiler was found when it was built)";
}

std::unique_ptr<FieldBackend> try_make_cuda_backend(std::string* why_not) {
  *why_not = kNoCuda;
  return nullptr;
}

CudaWarmUp::CudaWarmUp() = default;  // nothing to start
CudaWarmUp::~CudaWarmUp() = default;

}  // namespace geofield
