// What the GPU tests share: finding out whether this machine can run them (a CUDA device, an
// EGL display whose GL runs on it) and skipping cleanly when not; with field_checks.h (the
// reference, the tolerances, the checks), which the GL backend's tests share too.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda_backend.h"
#include "field_checks.h"
#include "field_params.h"
#include "gl/headless_gl_context.h"

namespace geofield::gpu_test {

using namespace field_checks;  // gpu_test::kFloatPath and the rest, as the tests name them

// Empty when a CUDA device is usable; otherwise why not (no driver, no device, ...).
const std::string& cuda_unavailable();

// Empty when the current GL context runs on a CUDA device (interop possible); otherwise why.
std::string gl_not_on_cuda();

// The window-source tests' view: lat -60:70 across the antimeridian (lon 150:-120), the
// reference at ref_lat, 179.5.
FieldParams antimeridian_view(int nx, int ny, double ref_lat, Precision precision = Precision::f32);

// The texture has p's size and holds p's field within the tolerance of p's precision.
void expect_texture_holds(const FieldTexture& texture, const FieldParams& p,
                          const std::string& what);

// A CUDA backend on the current device taking `path`, handed to check; an interop backend
// must still be on interop after it (not fallen back to the pixel buffer).
void check_cuda_backend(CudaBackend::Path path, const std::function<void(CudaBackend&)>& check);

}  // namespace geofield::gpu_test

// Skip the test (reported as skipped, never failed) where the machine cannot run it.
#define GF_REQUIRE_CUDA()                                                      \
  do {                                                                         \
    if (!::geofield::gpu_test::cuda_unavailable().empty())                     \
      GTEST_SKIP() << "no CUDA: " << ::geofield::gpu_test::cuda_unavailable(); \
  } while (0)

#define GF_REQUIRE_GL_ON_CUDA()                                \
  do {                                                         \
    GF_REQUIRE_CUDA();                                         \
    std::string gf_why_;                                       \
    if (::geofield::gpu_test::gl_context(&gf_why_) == nullptr) \
      GTEST_SKIP() << "no EGL display: " << gf_why_;           \
    gf_why_ = ::geofield::gpu_test::gl_not_on_cuda();          \
    if (!gf_why_.empty()) GTEST_SKIP() << gf_why_;             \
  } while (0)
