// `render --backend cuda` against `render --backend cpu`, default view: the same picture up to
// float rounding (the CUDA float path and the CPU float path evaluate the same math with
// different sin/atan2 implementations; a value near a colormap step may land one level over).
#include <stb_image.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "cli/render_command.h"
#include "gpu_test_support.h"

namespace geofield {
namespace {

struct Picture {
  int width = 0, height = 0;
  std::unique_ptr<unsigned char, decltype(&stbi_image_free)> rgba{nullptr, stbi_image_free};
};

Picture load_png(const std::filesystem::path& path) {
  Picture p;
  int channels = 0;
  p.rgba.reset(stbi_load(path.c_str(), &p.width, &p.height, &channels, 4));
  return p;
}

TEST(RenderCommand, CudaPictureEqualsCpuPicture) {
  GF_REQUIRE_GL_ON_CUDA();
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("geofield-gpu-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  RenderRequest request;  // the default view
  request.view.backend = BackendChoice::cuda;
  request.outputs[OutputId::png] = dir / "cuda.png";
  ASSERT_EQ(run_render(request), 0);
  request.view.backend = BackendChoice::cpu;
  request.outputs[OutputId::png] = dir / "cpu.png";
  ASSERT_EQ(run_render(request), 0);

  const Picture a = load_png(dir / "cuda.png"), b = load_png(dir / "cpu.png");
  ASSERT_TRUE(a.rgba && b.rgba) << "cannot read the pictures back";
  ASSERT_EQ(a.width, b.width);
  ASSERT_EQ(a.height, b.height);
  const long pixels = static_cast<long>(a.width) * a.height;
  long differing = 0;
  int max_diff = 0;
  for (long k = 0; k < pixels; ++k) {
    int d = 0;
    for (int c = 0; c < 4; ++c)
      d = std::max(d, std::abs(a.rgba.get()[4 * k + c] - b.rgba.get()[4 * k + c]));
    if (d > 0) ++differing;
    max_diff = std::max(max_diff, d);
  }
  const double fraction = static_cast<double>(differing) / pixels;
  std::printf("render: %dx%d, %ld pixels differ (%.5f%%), largest channel difference %d\n", a.width,
              a.height, differing, 100 * fraction, max_diff);
  EXPECT_LE(max_diff, 1) << "a difference beyond float rounding";
  EXPECT_LE(fraction, 1e-3) << "too many pixels differ for float rounding";
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace geofield
