// The CUDA backend when CUDA cannot register the GL texture (issue 14's forced faults): on the
// GPU machine the registration works, so this binary forces its failure with the test hook
// GEOFIELD_TEST_FAULT=interop, set by its own main() before anything reads it (the hook is read
// once). The backend must fall back to the pixel-buffer copy with one notice, and every field
// after must be right: in the window's field source (a change of view, of size) and in render.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "backends/field_backend.h"
#include "backends/test_fault.h"
#include "cli/render_command.h"
#include "gpu_test_support.h"
#include "window/field_source.h"

namespace geofield {
namespace {

using namespace std::chrono_literals;

TEST(InteropFault, TheHookIsSet) {
  ASSERT_TRUE(test_fault("interop")) << "GEOFIELD_TEST_FAULT=interop was not seen";
  EXPECT_FALSE(test_fault("inter"));
}

TEST(InteropFault, TheWindowsSourceFallsBackOnceAndKeepsShowingRightFields) {
  GF_REQUIRE_GL_ON_CUDA();
  std::string reason;
  std::unique_ptr<FieldSource> source =
      make_field_source(make_backend(BackendChoice::cuda, &reason), [] {});
  ASSERT_EQ(source->backend_name(), "cuda");
  ASSERT_NE(reason.find("writes the texture directly"), std::string::npos)
      << "the interop path was not chosen, so its failure cannot be forced: " << reason;
  FieldTexture texture;
  const FieldParams fields[] = {
      gpu_test::antimeridian_view(300, 200, 10), gpu_test::antimeridian_view(300, 200, -35),
      gpu_test::antimeridian_view(517, 129, -35)};  // a new view, then a new size
  int notices = 0;
  for (const FieldParams& p : fields) {
    texture.ensure_size(p.nx, p.ny);
    gpu_test::poison(texture);
    ASSERT_TRUE(source->update(p, texture));
    if (std::optional<std::string> n = source->take_notice()) {
      ++notices;
      EXPECT_NE(n->find("CUDA cannot register the GL texture"), std::string::npos) << *n;
      EXPECT_NE(n->find("GEOFIELD_TEST_FAULT=interop"), std::string::npos) << *n;
      EXPECT_NE(n->find("pixel-buffer copy"), std::string::npos) << *n;
    }
    gpu_test::expect_texture_holds(texture, p, "after the forced registration failure");
    EXPECT_FALSE(source->update(p, texture)) << "no change, no recompute";
  }
  EXPECT_EQ(notices, 1) << "the fallback is said once";
}

TEST(InteropFault, RenderSaysItOnceAndDrawsTheCpuPicture) {
  GF_REQUIRE_GL_ON_CUDA();
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("geofield-interop-fault-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  RenderRequest request;  // the default view
  request.view.backend = BackendChoice::cuda;
  request.outputs[OutputId::png] = dir / "cuda.png";
  testing::internal::CaptureStderr();
  const int status = run_render(request);
  const std::string said = testing::internal::GetCapturedStderr();
  ASSERT_EQ(status, 0) << said;
  std::size_t lines = 0;
  for (std::size_t at = 0; (at = said.find("CUDA cannot register", at)) != std::string::npos; ++at)
    ++lines;
  EXPECT_EQ(lines, 1u) << said;
  request.view.backend = BackendChoice::cpu;
  request.outputs[OutputId::png] = dir / "cpu.png";
  ASSERT_EQ(run_render(request), 0);
  int w[2] = {}, h[2] = {}, c = 0;
  unsigned char* a = stbi_load((dir / "cuda.png").c_str(), &w[0], &h[0], &c, 4);
  unsigned char* b = stbi_load((dir / "cpu.png").c_str(), &w[1], &h[1], &c, 4);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(w[0], w[1]);
  ASSERT_EQ(h[0], h[1]);
  long differing = 0;
  for (long k = 0; k < 4L * w[0] * h[0]; ++k) differing += std::abs(a[k] - b[k]) > 1;
  stbi_image_free(a);
  stbi_image_free(b);
  EXPECT_LE(differing, 4L * w[0] * h[0] / 1000) << "the fallback's picture is not the CPU's";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  // Before any test, so the once-read hook sees it.
  ::setenv("GEOFIELD_TEST_FAULT", "interop", 1);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
