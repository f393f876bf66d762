#include "cuda_check.h"

#include <string>

namespace geofield {
namespace {

// "what (file.cu:42)": the app's RuntimeFailure says where in the same form.
std::string located(const std::string& what, const char* file, int line) {
  std::string name(file);
  const std::size_t slash = name.find_last_of('/');
  if (slash != std::string::npos) name.erase(0, slash + 1);
  return what + " (" + name + ":" + std::to_string(line) + ")";
}

}  // namespace

void throw_cuda_failure(const char* call, cudaError_t error, const char* file, int line) {
  throw CudaFailure(located(
      std::string(call) + " failed: " + cudaGetErrorName(error) + ": " + cudaGetErrorString(error),
      file, line));
}

void throw_cuda_misuse(const std::string& what, const char* file, int line) {
  throw CudaFailure(located(what, file, line));
}

void check_launch(const char* what, const char* file, int line) {
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess)
    throw_cuda_failure((std::string("launch of ") + what).c_str(), e, file, line);
}

std::string cuda_error_text(cudaError_t error) {
  return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

}  // namespace geofield
