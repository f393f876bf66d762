// What the coastline and border lines cost a frame: the renderer at the window's default size
// in a headless GL context (Mesa's llvmpipe on the CPU machines), four views, lines off and on.
// Prints the median of repeated frames (glFinish each); the README's Look-panel numbers.
//
// Usage: geofield_line_frame_time [frames]   (default 20 frames a view after one warm-up)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl/line_layer.h"
#include "gl/map_frame.h"
#include "gl/offscreen_target.h"
#include "gl/renderer.h"

namespace geofield {
namespace {

constexpr int kWidth = 1280, kHeight = 800;  // the window's default size

double median_frame_ms(Renderer& r, const ViewStyle& style, int frames) {
  r.draw(0, 0, kWidth, kHeight, style);  // first use: shaders, upload
  GF_GL(glFinish());
  std::vector<double> ms;
  for (int k = 0; k < frames; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    r.draw(0, 0, kWidth, kHeight, style);
    GF_GL(glFinish());
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int run(int frames) {
  HeadlessGlContext gl;
  const OffscreenTarget target(kWidth, kHeight);
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, target.fbo));
  GF_GL(glViewport(0, 0, kWidth, kHeight));
  std::printf("%s, %dx%d, median of %d frames\n", gl.description().c_str(), kWidth, kHeight,
              frames);
  struct View {
    const char* name;
    GeoBounds bounds;
  } views[] = {{"whole Earth (1:110m)", {-90, 90, -180, 360}},
               {"Europe 50x30 deg (1:50m)", {35, 65, -10, 40}},
               {"Norway 12x10 deg (1:10m)", {58, 68, 3, 15}},
               {"Lisbon 2x2 deg (1:10m)", {38, 40, -10, 2}}};
  Renderer r;
  r.field().ensure_size(kWidth, kHeight);
  // One view's two medians: the field alone, then with coastlines and borders.
  const auto time_view = [&](const char* name, ViewStyle style) {
    style.field_nx = kWidth;
    style.field_ny = kHeight;
    const double bare = median_frame_ms(r, style, frames);
    style.lines.coastlines = style.lines.borders = true;
    const double lined = median_frame_ms(r, style, frames);
    std::printf("%-26s field only %7.2f ms   with coastlines and borders %7.2f ms\n", name, bare,
                lined);
  };
  for (const View& v : views) {
    ViewStyle style;
    style.view = style.field = v.bounds;
    time_view(v.name, style);
  }
  // Projected maps (square pixels: half-height = half-width x 800/1280, or the reverse for the
  // whole disc and globe, which fit the height): every segment goes through the forward
  // projection in lines.vert.
  struct Frame {
    const char* name;
    MapFrame frame;
  } frames_projected[] = {
      {"aeqd whole disc (1:110m)", {Projection::aeqd, 30, 101, 32024, 20015, 6371.0088}},
      {"aeqd 1500 km (1:50m)", {Projection::aeqd, 48.85, 2.35, 1500, 937.5, 6371.0088}},
      {"ortho globe (1:110m)", {Projection::ortho, 35, 105, 10194, 6371.0088, 6371.0088}},
      {"aeqd 150 km (1:10m)", {Projection::aeqd, 60, 5, 150, 93.75, 6371.0088}}};
  for (const Frame& f : frames_projected) {
    ViewStyle style;
    style.map = style.field_map = f.frame;
    time_view(f.name, style);
  }
  return 0;
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 20;
  if (frames < 1 || frames > 100000) {
    std::fprintf(stderr, "geofield_line_frame_time: frames must be in [1, 100000]\n");
    return 2;
  }
  try {
    return geofield::run(frames);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield_line_frame_time: %s\n", e.what());
    return 1;
  }
}
