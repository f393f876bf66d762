#include "renderer.h"

#include <cstring>
#include <string>

#include "errors.h"
#include "gl_check.h"
#include "shader_field_frag.h"
#include "shader_field_vert.h"

namespace geofield {
namespace {

GLuint compile(GLenum type, const char* source, const char* name) {
  const GLuint s = glCreateShader(type);
  if (s == 0) GF_FAIL(std::string("glCreateShader failed for ") + name);
  GF_GL(glShaderSource(s, 1, &source, nullptr));
  GF_GL(glCompileShader(s));
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    glDeleteShader(s);
    GF_FAIL(std::string("shader ") + name + " does not compile: " + log);
  }
  return s;
}

GLuint link(const char* vert, const char* frag) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vert, "field.vert");
  const GLuint fs = compile(GL_FRAGMENT_SHADER, frag, "field.frag");
  const GLuint p = glCreateProgram();
  GF_GL(glAttachShader(p, vs));
  GF_GL(glAttachShader(p, fs));
  GF_GL(glLinkProgram(p));
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    glDeleteProgram(p);
    GF_FAIL(std::string("shader program does not link: ") + log);
  }
  return p;
}

// RAII for the offscreen framebuffer of one picture.
struct OffscreenTarget {
  GLuint fbo = 0, color = 0;
  OffscreenTarget(int w, int h) {
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &color));
    GF_GL(glTextureStorage2D(color, 1, GL_RGBA8, w, h));
    GF_GL(glCreateFramebuffers(1, &fbo));
    GF_GL(glNamedFramebufferTexture(fbo, GL_COLOR_ATTACHMENT0, color, 0));
    const GLenum status = glCheckNamedFramebufferStatus(fbo, GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      release();
      GF_FAIL("offscreen framebuffer incomplete (status 0x" + std::to_string(status) + ")");
    }
  }
  ~OffscreenTarget() { release(); }
  void release() noexcept {
    if (fbo) glDeleteFramebuffers(1, &fbo);
    if (color) glDeleteTextures(1, &color);
    fbo = color = 0;
  }
};

}  // namespace

Renderer::Renderer() {
  program_ = link(embedded::shader_field_vert, embedded::shader_field_frag);
  loc_value_min_ = glGetUniformLocation(program_, "u_value_min");
  loc_value_max_ = glGetUniformLocation(program_, "u_value_max");
  loc_reverse_ = glGetUniformLocation(program_, "u_reverse");
  loc_colormap_row_ = glGetUniformLocation(program_, "u_colormap_row");
  GF_GL(glCreateVertexArrays(1, &vertex_array_));

  std::vector<std::uint8_t> rgba(256 * kColormapCount * 4);
  for (int k = 0; k < kColormapCount; ++k) {
    const std::uint8_t* rgb = colormap_rgb(static_cast<Colormap>(k));
    for (int e = 0; e < 256; ++e) {
      std::memcpy(&rgba[(k * 256 + e) * 4], &rgb[e * 3], 3);
      rgba[(k * 256 + e) * 4 + 3] = 255;
    }
  }
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &colormaps_));
  GF_GL(glTextureStorage2D(colormaps_, 1, GL_RGBA8, 256, kColormapCount));
  GF_GL(glTextureSubImage2D(colormaps_, 0, 0, 0, 256, kColormapCount, GL_RGBA, GL_UNSIGNED_BYTE,
                            rgba.data()));
  // Linear along a row blends neighbouring entries; rows are sampled at their centres.
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));

  GF_GL(glUseProgram(program_));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_field"), 0));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_colormaps"), 1));
}

Renderer::~Renderer() {
  glDeleteTextures(1, &colormaps_);
  glDeleteVertexArrays(1, &vertex_array_);
  glDeleteProgram(program_);
}

void Renderer::draw(int x, int y, int width, int height, const ViewStyle& style) {
  if (width <= 0 || height <= 0 || field_.id() == 0) return;  // minimised, or nothing yet
  GF_GL(glViewport(x, y, width, height));
  GF_GL(glUseProgram(program_));
  GF_GL(glUniform1f(loc_value_min_, static_cast<float>(style.value_min)));
  GF_GL(glUniform1f(loc_value_max_, static_cast<float>(style.value_max)));
  GF_GL(glUniform1i(loc_reverse_, style.reverse ? 1 : 0));
  GF_GL(glUniform1i(loc_colormap_row_, static_cast<int>(style.colormap)));
  GF_GL(glBindTextureUnit(0, field_.id()));
  GF_GL(glBindTextureUnit(1, colormaps_));
  GF_GL(glBindVertexArray(vertex_array_));
  GF_GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
}

Image Renderer::render_image(int width, int height, const ViewStyle& style) {
  OffscreenTarget target(width, height);
  GLint previous = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, target.fbo));
  draw(0, 0, width, height, style);
  Image img{width, height, std::vector<std::uint8_t>(static_cast<size_t>(width) * height * 4)};
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
  GF_GL(glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data()));
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous)));
  // GL's row 0 is the bottom; pictures start at the top.
  const size_t stride = static_cast<size_t>(width) * 4;
  std::vector<std::uint8_t> row(stride);
  for (int r = 0; r < height / 2; ++r) {
    std::uint8_t* a = &img.rgba[r * stride];
    std::uint8_t* b = &img.rgba[(height - 1 - r) * stride];
    std::memcpy(row.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, row.data(), stride);
  }
  return img;
}

}  // namespace geofield
