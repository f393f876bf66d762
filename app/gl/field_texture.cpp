#include "gl/field_texture.h"

#include <algorithm>
#include <cstddef>

#include "gl/gl_check.h"

namespace geofield {

FieldTexture::~FieldTexture() { release(); }

void FieldTexture::release() noexcept {
  if (release_hook_) {
    // Taken out first: the hook may clear itself through set_release_hook.
    std::function<void()> hook = std::move(release_hook_);
    release_hook_ = nullptr;
    hook();
  }
  if (id_ != 0) glDeleteTextures(1, &id_);
  id_ = 0;
}

void FieldTexture::ensure_size(int nx, int ny) {
  if (id_ != 0 && nx == nx_ && ny == ny_) return;
  release();
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &id_));
  GF_GL(glTextureStorage2D(id_, 1, GL_R32F, nx, ny));
  // Nearest: the picture shows node values, never blends two nodes of the field.
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
  nx_ = nx;
  ny_ = ny;
  ++generation_;
}

void read_texture_rows(GLuint texture, int nx, int ny, float* out) {
  GF_GL(glBindBuffer(GL_PIXEL_PACK_BUFFER, 0));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  const std::size_t row_bytes = static_cast<std::size_t>(nx) * sizeof(float);
  const int band = static_cast<int>(std::max<std::size_t>(1, (std::size_t{1} << 30) / row_bytes));
  for (int y = 0; y < ny; y += band) {
    const int rows = std::min(band, ny - y);
    GF_GL(glGetTextureSubImage(texture, 0, 0, y, 0, nx, rows, 1, GL_RED, GL_FLOAT,
                               static_cast<GLsizei>(row_bytes * rows),
                               out + static_cast<std::size_t>(y) * nx));
  }
}

}  // namespace geofield
