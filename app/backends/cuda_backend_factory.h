// The seam between the app and the CUDA backend (backends/cuda_backend.*, over cuda/): the app
// calls this and never sees CUDA.
#pragma once

#include <memory>
#include <string>
#include <thread>

#include "backends/field_backend.h"
#include "compute/cuda_device_field.h"

namespace geofield {

// A CUDA backend for the current GL context (call it with the context current), on the CUDA
// device that runs that context; where the context is on no CUDA device (Mesa) but there is
// one, a backend that hands the field to GL through a pixel buffer. *why_not says, in one
// line, which device and path were chosen, or, with nullptr, why CUDA cannot be used (no CUDA
// in this build, no device, no driver or one too old, ...).
// Defined in cuda/cuda_backend.cpp in CUDA builds, in cuda_backend_unavailable.cpp otherwise.
std::unique_ptr<FieldBackend> try_make_cuda_backend(std::string* why_not);

// CUDA's own start-up (the driver; the primary context too where there is only one device, so
// that no other device gets a context it will not use) on a thread of its own, from
// construction until destruction, which waits for it. Started before the GL context is made,
// it overlaps the two start-ups: the first CUDA field comes sooner. Harmless where there is no
// CUDA: the thread finds none and ends; errors are left for the real start to report.
class CudaWarmUp {
 public:
  CudaWarmUp();
  ~CudaWarmUp();
  CudaWarmUp(const CudaWarmUp&) = delete;
  CudaWarmUp& operator=(const CudaWarmUp&) = delete;

 private:
  std::thread thread_;
};

}  // namespace geofield
