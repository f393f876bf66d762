// A GL_R8 texture of a share per pixel (0 to 255) uploaded from host memory: the land mask the
// field shader tints by (ViewStyle::land_mask). Row 0 first (the top of the picture). Move-only
// owner of the GL name.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <span>

namespace geofield {

class MaskTexture {
 public:
  MaskTexture() = default;
  ~MaskTexture();
  MaskTexture(const MaskTexture&) = delete;
  MaskTexture& operator=(const MaskTexture&) = delete;

  // Makes the texture w x h (linear filtering: the mask is a pixel's share, smooth between),
  // then uploads values (w * h bytes, row 0 first).
  void upload(int w, int h, std::span<const std::uint8_t> values);
  GLuint id() const { return id_; }

 private:
  GLuint id_ = 0;
};

}  // namespace geofield
