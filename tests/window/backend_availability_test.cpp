// The window greys out "use cuda" when cuda_device_usable says no, with its reason; the answer
// must agree with what asking for the CUDA backend really does. Runs on CPU machines (no device:
// both say no, with the same reason) and on the GPU machine (both say yes).
#include <gtest/gtest.h>

#include <string>

#include "backends/cuda_backend_factory.h"
#include "backends/field_backend.h"
#include "errors.h"
#include "gl/headless_gl_context.h"

namespace geofield {
namespace {

TEST(BackendAvailability, CudaDeviceUsableAgreesWithMakingTheCudaBackend) {
  HeadlessGlContext gl;  // the backend is made for the current GL context
  std::string why_not;
  const bool usable = cuda_device_usable(&why_not);
  std::string reason;
  if (usable) {
    EXPECT_NE(make_backend(BackendChoice::cuda, &reason), nullptr);
    EXPECT_NE(reason.find("cuda"), std::string::npos) << reason;
  } else {
    EXPECT_FALSE(why_not.empty());
    try {
      make_backend(BackendChoice::cuda, &reason);
      ADD_FAILURE() << "the CUDA backend was made where cuda_device_usable said: " << why_not;
    } catch (const UsageError& e) {
      // The same reason in both places: what the tooltip says is what --backend cuda says.
      EXPECT_NE(std::string(e.what()).find(why_not), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace geofield
