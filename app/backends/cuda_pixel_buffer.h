// The CUDA backend's pixel-buffer path (the GL context on no CUDA device: Mesa, some hybrid
// laptops): what the kernels wrote into device memory copied into a GL pixel-buffer object and
// from there into a texture. One copy per texture per compute.
#pragma once

#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <cstddef>

namespace geofield {

class PixelBufferUpload {
 public:
  PixelBufferUpload() = default;
  ~PixelBufferUpload() { release(); }
  PixelBufferUpload(const PixelBufferUpload&) = delete;
  PixelBufferUpload& operator=(const PixelBufferUpload&) = delete;

  // Copies `bytes` of device memory `from` (after the work queued on `stream`, which this waits
  // for) into level 0 of `texture`, nx x ny texels of (format, type), row 0 first.
  void upload(const void* from, std::size_t bytes, cudaStream_t stream, GLuint texture, int nx,
              int ny, GLenum format, GLenum type);
  void release() noexcept;

 private:
  GLuint buffer_ = 0;  // GL_PIXEL_UNPACK_BUFFER
  std::size_t bytes_ = 0;
};

}  // namespace geofield
