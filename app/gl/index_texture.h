// A GL_R32I texture of nearest-centre indices uploaded from host memory: the CPU
// path's index, drawn as the GPU backends' own index textures are (FieldBackend::index_texture).
// Texel row 0 is grid row 0 (north). Move-only owner of the GL name.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <span>

namespace geofield {

// A new GL_R32I texture nx x ny with nearest filtering (integer textures are read with
// texelFetch; nearest keeps them complete): the storage of every backend's index texture.
GLuint make_index_texture(int nx, int ny);

class IndexTexture {
 public:
  IndexTexture() = default;
  ~IndexTexture();
  IndexTexture(const IndexTexture&) = delete;
  IndexTexture& operator=(const IndexTexture&) = delete;

  // Makes the texture nx x ny when it is not, then uploads index (nx * ny values, row 0 north).
  void upload(int nx, int ny, std::span<const std::int32_t> index);
  GLuint id() const { return id_; }

 private:
  GLuint id_ = 0;
  int nx_ = 0, ny_ = 0;
};

}  // namespace geofield
