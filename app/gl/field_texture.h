// The GL_R32F texture that holds the field: nx x ny texels, texel row 0 is grid row 0 (north).
// Move-only owner of the GL name. The CUDA interop wrapper registers it; a reallocation makes a
// new texture object (immutable storage), and generation() tells registrations to follow.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <functional>

namespace geofield {

class FieldTexture {
 public:
  FieldTexture() = default;
  ~FieldTexture();
  FieldTexture(const FieldTexture&) = delete;
  FieldTexture& operator=(const FieldTexture&) = delete;

  // Makes the texture nx x ny, keeping it when the size is already that. Sizes are checked
  // against GL_MAX_TEXTURE_SIZE by the caller (check_texture_size in memory_limits.h).
  void ensure_size(int nx, int ny);

  GLuint id() const { return id_; }
  int nx() const { return nx_; }
  int ny() const { return ny_; }
  std::uint64_t generation() const { return generation_; }

  // Called once, just before this GL texture object is deleted (reallocation or destruction),
  // so that a CUDA registration of it is released first, as the interop rules require.
  // One hook at a time; set nullptr to remove it.
  void set_release_hook(std::function<void()> hook) { release_hook_ = std::move(hook); }

 private:
  void release() noexcept;
  GLuint id_ = 0;
  int nx_ = 0, ny_ = 0;
  std::uint64_t generation_ = 0;
  std::function<void()> release_hook_;
};

// Reads rows [0, ny) of an R32F texture nx wide into out (nx * ny floats), in bands of at most
// 1 GiB (GLsizei is 32-bit).
void read_texture_rows(GLuint texture, int nx, int ny, float* out);

}  // namespace geofield
