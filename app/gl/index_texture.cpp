#include "gl/index_texture.h"

#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

GLuint make_index_texture(int nx, int ny) {
  GLuint id = 0;
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &id));
  GF_GL(glTextureStorage2D(id, 1, GL_R32I, nx, ny));
  GF_GL(glTextureParameteri(id, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
  GF_GL(glTextureParameteri(id, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
  return id;
}

IndexTexture::~IndexTexture() {
  if (id_ != 0) glDeleteTextures(1, &id_);  // destructors only log; nothing to report here
}

void IndexTexture::upload(int nx, int ny, std::span<const std::int32_t> index) {
  if (index.size() != std::size_t(nx) * std::size_t(ny)) {
    GF_FAIL("index texture: " + std::to_string(index.size()) + " values for " + std::to_string(nx) +
            "x" + std::to_string(ny));
  }
  if (id_ == 0 || nx_ != nx || ny_ != ny) {
    if (id_ != 0) GF_GL(glDeleteTextures(1, &id_));
    id_ = 0;
    id_ = make_index_texture(nx, ny);
    nx_ = nx, ny_ = ny;
  }
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(id_, 0, 0, 0, nx, ny, GL_RED_INTEGER, GL_INT, index.data()));
}

}  // namespace geofield
