#include "backends/cuda_backend_factory.h"

namespace geofield {

std::unique_ptr<CentresFieldBackend> try_make_cuda_centres_backend(const CentreList&,
                                                                   std::string* why_not) {
  *why_not = "the nearest-centre field has no CUDA kernel yet";
  return nullptr;
}

}  // namespace geofield
