#include "gl/mask_texture.h"

#include <string>

#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

MaskTexture::~MaskTexture() {
  if (id_ != 0) glDeleteTextures(1, &id_);  // destructors only log; nothing to report here
}

void MaskTexture::upload(int w, int h, std::span<const std::uint8_t> values) {
  if (w <= 0 || h <= 0 || values.size() != std::size_t(w) * std::size_t(h)) {
    GF_FAIL("mask texture: " + std::to_string(values.size()) + " values for " + std::to_string(w) +
            "x" + std::to_string(h));
  }
  if (id_ != 0) GF_GL(glDeleteTextures(1, &id_));
  id_ = 0;
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &id_));
  GF_GL(glTextureStorage2D(id_, 1, GL_R8, w, h));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
  GF_GL(glTextureParameteri(id_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 1));
  GF_GL(glTextureSubImage2D(id_, 0, 0, 0, w, h, GL_RED, GL_UNSIGNED_BYTE, values.data()));
}

}  // namespace geofield
