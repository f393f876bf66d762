#include "window/framebuffer_capture.h"

#include <cstring>

#include "gl/gl_check.h"

namespace geofield {

Image capture_framebuffer(int x, int y, int width, int height) {
  Image img{width, height, std::vector<std::uint8_t>(static_cast<size_t>(width) * height * 4)};
  GF_GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, 0));
  GF_GL(glReadBuffer(GL_BACK));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
  GF_GL(glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data()));
  const size_t stride = static_cast<size_t>(width) * 4;
  std::vector<std::uint8_t> row(stride);
  for (int r = 0; r < height / 2; ++r) {  // GL's row 0 is the bottom
    std::uint8_t* a = &img.rgba[r * stride];
    std::uint8_t* b = &img.rgba[(height - 1 - r) * stride];
    std::memcpy(row.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, row.data(), stride);
  }
  for (size_t k = 3; k < img.rgba.size(); k += 4) img.rgba[k] = 255;  // the window is opaque
  return img;
}

}  // namespace geofield
