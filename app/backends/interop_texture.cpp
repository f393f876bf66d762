#include "backends/interop_texture.h"

#include <cstdio>

#include "cuda_check.h"

namespace geofield {
namespace {

void log_cuda_failure(const char* call, cudaError_t e) {
  std::fprintf(stderr, "geofield: %s failed: %s\n", call, cuda_error_text(e).c_str());
}

}  // namespace

InteropTexture::~InteropTexture() { unregister(); }

void InteropTexture::unregister() noexcept {
  if (resource_ == nullptr) return;
  // The last compute's kernel may still use the surface object.
  if (last_stream_ != nullptr || surface_ != 0) {
    const cudaError_t e = cudaStreamSynchronize(last_stream_);
    if (e != cudaSuccess) log_cuda_failure("cudaStreamSynchronize", e);
  }
  if (surface_ != 0) {
    const cudaError_t e = cudaDestroySurfaceObject(surface_);
    if (e != cudaSuccess) log_cuda_failure("cudaDestroySurfaceObject", e);
  }
  const cudaError_t e = cudaGraphicsUnregisterResource(resource_);
  if (e != cudaSuccess) log_cuda_failure("cudaGraphicsUnregisterResource", e);
  resource_ = nullptr;
  surface_ = 0;
  array_ = nullptr;
  texture_ = 0;
  generation_ = 0;
}

void InteropTexture::follow(GLuint texture, std::uint64_t generation) {
  if (resource_ != nullptr && texture == texture_ && generation == generation_) return;
  unregister();
  unsigned flags = cudaGraphicsRegisterFlagsSurfaceLoadStore;
  if (options_.write_discard) flags |= cudaGraphicsRegisterFlagsWriteDiscard;
  GF_CUDA(cudaGraphicsGLRegisterImage(&resource_, texture, GL_TEXTURE_2D, flags));
  texture_ = texture;
  generation_ = generation;
}

cudaSurfaceObject_t InteropTexture::surface_for(cudaArray_t array) {
  if (array == array_ && surface_ != 0) return surface_;
  if (surface_ != 0) {
    GF_CUDA(cudaStreamSynchronize(last_stream_));
    GF_CUDA(cudaDestroySurfaceObject(surface_));
    surface_ = 0;
  }
  cudaResourceDesc desc{};
  desc.resType = cudaResourceTypeArray;
  desc.res.array.array = array;
  GF_CUDA(cudaCreateSurfaceObject(&surface_, &desc));
  array_ = array;
  return surface_;
}

InteropTexture::Mapping::Mapping(InteropTexture& owner, cudaStream_t stream)
    : owner_(owner), stream_(stream) {
  if (owner_.resource_ == nullptr)
    GF_CUDA_MISUSE("InteropTexture::Mapping: no texture is registered");
  GF_CUDA(cudaGraphicsMapResources(1, &owner_.resource_, stream_));
  mapped_ = true;
  owner_.last_stream_ = stream_;
  try {
    cudaArray_t array = nullptr;
    GF_CUDA(cudaGraphicsSubResourceGetMappedArray(&array, owner_.resource_, 0, 0));
    surface_ = owner_.surface_for(array);
  } catch (...) {
    unmap();
    throw;
  }
}

void InteropTexture::Mapping::unmap() {
  if (!mapped_) return;
  mapped_ = false;
  GF_CUDA(cudaGraphicsUnmapResources(1, &owner_.resource_, stream_));
}

InteropTexture::Mapping::~Mapping() {
  if (!mapped_) return;
  mapped_ = false;
  const cudaError_t e = cudaGraphicsUnmapResources(1, &owner_.resource_, stream_);
  if (e != cudaSuccess) log_cuda_failure("cudaGraphicsUnmapResources", e);
}

}  // namespace geofield
