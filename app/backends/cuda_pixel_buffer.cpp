#include "backends/cuda_pixel_buffer.h"

#include "cuda_check.h"
#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

void PixelBufferUpload::release() noexcept {
  if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
  buffer_ = 0;
  bytes_ = 0;
}

void PixelBufferUpload::upload(const void* from, std::size_t bytes, cudaStream_t stream,
                               GLuint texture, int nx, int ny, GLenum format, GLenum type) {
  if (buffer_ == 0 || bytes_ != bytes) {
    release();
    GF_GL(glCreateBuffers(1, &buffer_));
    GF_GL(glNamedBufferStorage(buffer_, static_cast<GLsizeiptr>(bytes), nullptr, GL_MAP_WRITE_BIT));
    bytes_ = bytes;
  }
  void* mapped = nullptr;
  GF_GL(mapped = glMapNamedBufferRange(buffer_, 0, static_cast<GLsizeiptr>(bytes),
                                       GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
  if (mapped == nullptr) GF_FAIL("glMapNamedBufferRange returned no pointer");
  try {
    GF_CUDA(cudaMemcpyAsync(mapped, from, bytes, cudaMemcpyDeviceToHost, stream));
    GF_CUDA(cudaStreamSynchronize(stream));
  } catch (...) {
    glUnmapNamedBuffer(buffer_);
    throw;
  }
  GLboolean intact = GL_FALSE;
  GF_GL(intact = glUnmapNamedBuffer(buffer_));
  if (intact != GL_TRUE) GF_FAIL("glUnmapNamedBuffer: the pixel buffer's contents were lost");
  GF_GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer_));
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(texture, 0, 0, 0, nx, ny, format, type, nullptr));
  GF_GL(glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0));
}

}  // namespace geofield
