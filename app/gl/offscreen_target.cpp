#include "gl/offscreen_target.h"

#include <string>

#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

OffscreenTarget::OffscreenTarget(int width, int height) {
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &color));
  GF_GL(glTextureStorage2D(color, 1, GL_RGBA8, width, height));
  GF_GL(glCreateFramebuffers(1, &fbo));
  GF_GL(glNamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, color, 0));
  const GLenum status = glCheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    release();
    GF_FAIL("offscreen framebuffer incomplete (status 0x" + std::to_string(status) + ")");
  }
}

void OffscreenTarget::release() noexcept {
  if (fbo) glDeleteFramebuffers(1, &fbo);
  if (color) glDeleteTextures(1, &color);
  fbo = color = 0;
}

}  // namespace geofield
