// Owners of a CUDA stream, an event, linear device memory and a float CUDA array with its surface.
// Not copyable; destructors only log.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace geofield {

class CudaStream {
 public:
  CudaStream();  // a non-blocking stream on the current device
  ~CudaStream();
  CudaStream(const CudaStream&) = delete;
  CudaStream& operator=(const CudaStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

class CudaEvent {
 public:
  CudaEvent();  // timing enabled
  ~CudaEvent();
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  cudaEvent_t get() const { return event_; }
  // Whether the work before its last record has finished (never waits).
  bool done() const;

 private:
  cudaEvent_t event_ = nullptr;
};

class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer() { release(); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // Holds at least `bytes`, reallocating when smaller. Before allocating, checks the device's
  // free memory and throws DeviceMemoryShortage naming `what`, the size and the limit when it
  // cannot fit.
  void ensure(std::size_t bytes, const std::string& what);
  void release() noexcept;
  void* get() const { return ptr_; }
  std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

// An nx x ny float32 CUDA array with a surface object on it: the kernels' target where no GL
// texture is wanted (tests, probes).
class SurfaceArray {
 public:
  SurfaceArray(int nx, int ny);
  ~SurfaceArray();
  SurfaceArray(const SurfaceArray&) = delete;
  SurfaceArray& operator=(const SurfaceArray&) = delete;
  cudaArray_t array() const { return array_; }
  cudaSurfaceObject_t surface() const { return surface_; }

 private:
  cudaArray_t array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
};

// Throws DeviceMemoryShortage (cuda_check.h) when `bytes` more do not fit in the current device's
// free memory (cudaMemGetInfo), naming what needs them, the amount and the device's limit.
void check_device_memory(std::size_t bytes, const std::string& what);

// The message check_device_memory throws, for the given numbers (tested without a GPU).
std::string device_memory_message(std::size_t bytes, std::size_t free_bytes,
                                  std::size_t total_bytes, const std::string& what,
                                  const std::string& device);

}  // namespace geofield
