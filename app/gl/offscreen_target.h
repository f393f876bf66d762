// An offscreen framebuffer with one RGBA8 colour texture: what pictures, benchmarks and GL tests
// draw into when there is no window. Move-free RAII owner of both GL names.
#pragma once

#include <glad/gl.h>

namespace geofield {

struct OffscreenTarget {
  // Throws RuntimeFailure when GL cannot make a complete framebuffer of that size.
  OffscreenTarget(int width, int height);
  ~OffscreenTarget() { release(); }
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;
  void release() noexcept;

  GLuint fbo = 0, color = 0;
};

}  // namespace geofield
