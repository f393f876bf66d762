#include "device_memory.h"

#include <cstdio>
#include <sstream>

#include "cuda_check.h"

namespace geofield {

CudaStream::CudaStream() { GF_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }

CudaStream::~CudaStream() {
  if (stream_ == nullptr) return;
  const cudaError_t e = cudaStreamDestroy(stream_);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "geofield: cudaStreamDestroy failed: %s\n", cuda_error_text(e).c_str());
  }
}

CudaEvent::CudaEvent() { GF_CUDA(cudaEventCreate(&event_)); }

CudaEvent::~CudaEvent() {
  if (event_ == nullptr) return;
  const cudaError_t e = cudaEventDestroy(event_);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "geofield: cudaEventDestroy failed: %s\n", cuda_error_text(e).c_str());
  }
}

bool CudaEvent::done() const {
  const cudaError_t e = cudaEventQuery(event_);
  if (e == cudaErrorNotReady) {
    cudaGetLastError();  // not an error: the work is still running
    return false;
  }
  GF_CUDA(e);
  return true;
}

void DeviceBuffer::ensure(std::size_t bytes, const std::string& what) {
  if (ptr_ != nullptr && bytes <= bytes_) return;
  release();
  check_device_memory(bytes, what);
  GF_CUDA(cudaMalloc(&ptr_, bytes));
  bytes_ = bytes;
}

void DeviceBuffer::release() noexcept {
  if (ptr_ == nullptr) return;
  const cudaError_t e = cudaFree(ptr_);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "geofield: cudaFree failed: %s\n", cuda_error_text(e).c_str());
  }
  ptr_ = nullptr;
  bytes_ = 0;
}

SurfaceArray::SurfaceArray(int nx, int ny) {
  const cudaChannelFormatDesc fmt = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  GF_CUDA(cudaMallocArray(&array_, &fmt, nx, ny, cudaArraySurfaceLoadStore));
  cudaResourceDesc desc{};
  desc.resType = cudaResourceTypeArray;
  desc.res.array.array = array_;
  try {
    GF_CUDA(cudaCreateSurfaceObject(&surface_, &desc));
  } catch (...) {
    cudaFreeArray(array_);
    throw;
  }
}

SurfaceArray::~SurfaceArray() {
  cudaError_t e = cudaDestroySurfaceObject(surface_);
  if (e == cudaSuccess) e = cudaFreeArray(array_);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "geofield: freeing a CUDA array failed: %s\n", cuda_error_text(e).c_str());
  }
}

std::string device_memory_message(std::size_t bytes, std::size_t free_bytes,
                                  std::size_t total_bytes, const std::string& what,
                                  const std::string& device) {
  std::ostringstream m;
  m.precision(3);
  m << "--size: " << what << " needs " << bytes / 1073741824.0 << " GiB of device memory; "
    << device << " has " << free_bytes / 1073741824.0 << " GiB free of "
    << total_bytes / 1073741824.0 << " GiB (cudaMemGetInfo)";
  return m.str();
}

void check_device_memory(std::size_t bytes, const std::string& what) {
  std::size_t free_bytes = 0, total_bytes = 0;
  GF_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
  if (bytes <= free_bytes) return;
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, device));
  throw DeviceMemoryShortage(
      device_memory_message(bytes, free_bytes, total_bytes, what,
                            "CUDA device " + std::to_string(device) + " (" + prop.name + ")"));
}

}  // namespace geofield
