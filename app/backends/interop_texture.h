// The CUDA registration of the field texture: the only code that calls cudaGraphics*.
//
// Registers a GL texture (a name and the generation of its storage: a reallocated texture is
// registered again) and unregisters it on release() or destruction. Its owner calls release()
// before the GL texture is deleted, as the interop rules require. A Mapping scopes CUDA's access to
// one compute: mapping orders the CUDA work after all GL work issued before it, unmapping
// orders GL work issued after it behind the CUDA work (the CUDA runtime's documented
// guarantees). The texture is never left mapped while GL may use it: that is undefined.
#pragma once

#include <glad/gl.h>
// cuda_gl_interop.h wants the GL types; glad's header has defined them.
#include <cuda_gl_interop.h>

#include <cstdint>

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

  // Registers the GL_TEXTURE_2D `texture` when it is not the one registered (another name, or
  // another `generation` of its storage); throws CudaFailure with the CUDA error when CUDA
  // cannot register it.
  void follow(GLuint texture, std::uint64_t generation);
  bool registered() const { return resource_ != nullptr; }
  // Ends the registration (waiting for the last compute's work on it); logs failures.
  void release() noexcept { unregister(); }

  // CUDA's access to the texture for one compute, on one stream.
  class Mapping {
   public:
    Mapping(InteropTexture& owner, cudaStream_t stream);
    ~Mapping();  // unmaps when unmap() was not called; logs a failure
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;

    // A surface object over the mapped texture, valid until unmap.
    cudaSurfaceObject_t surface() const { return surface_; }
    // Hands the texture back to GL; throws CudaFailure when CUDA reports an error.
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
  cudaStream_t last_stream_ = nullptr;  // work on the texture may still be queued there
  // The mapped array is the same from map to map unless the driver moves it; its surface
  // object is kept and made again only when the array changes.
  cudaArray_t array_ = nullptr;
  cudaSurfaceObject_t surface_ = 0;
};

}  // namespace geofield
