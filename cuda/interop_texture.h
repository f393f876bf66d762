// The CUDA registration of the field texture: the only code that calls cudaGraphics*.
//
// Registers the GL texture on first use and again when the texture was reallocated
// (FieldTexture::generation()), unregisters on destruction. A Mapping scopes CUDA's access to
// one compute: mapping orders the CUDA work after all GL work issued before it, unmapping
// orders GL work issued after it behind the CUDA work (the CUDA runtime's documented
// guarantees). The texture is never left mapped while GL may use it: that is undefined.
#pragma once

#include <glad/gl.h>
// cuda_gl_interop.h wants the GL types; glad's header has defined them.
#include <cuda_gl_interop.h>

#include <cstdint>

#include "field_texture.h"

namespace geofield {

class InteropTexture {
 public:
  struct Options {
    // Tell CUDA it overwrites every texel and never reads: nothing to preserve on map.
    bool write_discard = true;
  };

  InteropTexture() : InteropTexture(Options{}) {}
  explicit InteropTexture(Options options) : options_(options) {}
  ~InteropTexture();  // unregisters; a failure is logged, never thrown
  InteropTexture(const InteropTexture&) = delete;
  InteropTexture& operator=(const InteropTexture&) = delete;

  // Registers target when it is not the registered texture object (new name or generation),
  // and hooks target's release so the registration ends before the GL texture is deleted.
  // Throws RuntimeFailure with the CUDA error when CUDA cannot register it.
  void follow(FieldTexture& target);
  bool registered() const { return resource_ != nullptr; }

  // CUDA's access to the texture for one compute, on one stream.
  class Mapping {
   public:
    Mapping(InteropTexture& owner, cudaStream_t stream);
    ~Mapping();  // unmaps when unmap() was not called; logs a failure
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;

    // A surface object over the mapped texture, valid until unmap.
    cudaSurfaceObject_t surface() const { return surface_; }
    // Hands the texture back to GL; throws RuntimeFailure when CUDA reports an error.
    void unmap();

   private:
    InteropTexture& owner_;
    cudaStream_t stream_;
    cudaSurfaceObject_t surface_ = 0;
    bool mapped_ = false;
  };

 private:
  cudaSurfaceObject_t surface_for(cudaArray_t array);
  void unregister() noexcept;

  Options options_;
  cudaGraphicsResource_t resource_ = nullptr;
  GLuint texture_ = 0;
  std::uint64_t generation_ = 0;
  FieldTexture* hooked_ = nullptr;  // the texture whose release hook points at us
  cudaStream_t last_stream_ = nullptr;  // work on the texture may still be queued there
  // The mapped array is the same from map to map unless the driver moves it; its surface
  // object is kept and made again only when the array changes.
  cudaArray_t array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
};

}  // namespace geofield
