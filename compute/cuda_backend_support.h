// What the CUDA backends (one-centre and nearest-centre) share on the app's side of the seam:
// cuda/'s errors turned into the app's, and the device they run on.
#pragma once

#include <string>

#include "cuda_check.h"
#include "device_memory.h"
#include "errors.h"

namespace geofield {

// cuda/ throws its own types; callers of a backend see the app's.
template <typename F>
auto with_app_errors(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const DeviceMemoryShortage& e) {
    throw MemoryShortage(e.what());
  } catch (const CudaFailure& e) {
    throw RuntimeFailure(e.what());
  }
}

inline std::string device_name(int device) {
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, device));
  return prop.name;
}

// Makes device current and returns it (for a member initialiser).
inline int make_current(int device) {
  GF_CUDA(cudaSetDevice(device));
  return device;
}

}  // namespace geofield
