#include "cuda_check.h"

#include <string>

#include "errors.h"

namespace geofield {

void throw_cuda_failure(const char* call, cudaError_t error, const char* file, int line) {
  throw_failure(file, line,
                std::string(call) + " failed: " + cudaGetErrorName(error) + ": " +
                    cudaGetErrorString(error));
}

void check_launch(const char* what, const char* file, int line) {
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) throw_cuda_failure((std::string("launch of ") + what).c_str(), e, file, line);
}

std::string cuda_error_text(cudaError_t error) {
  return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

}  // namespace geofield
