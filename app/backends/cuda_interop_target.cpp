#include "backends/cuda_interop_target.h"

#include "backends/test_fault.h"
#include "cuda_check.h"
#include "gl/gl_check.h"
#include "gl/index_texture.h"

namespace geofield {

CudaInteropTarget::~CudaInteropTarget() {
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  delete_index_texture();
}

void CudaInteropTarget::follow(FieldTexture& target) {
  if (test_fault("interop") && !field_.registered()) {
    throw_cuda_failure("cudaGraphicsGLRegisterImage (forced: GEOFIELD_TEST_FAULT=interop)",
                       cudaErrorNotSupported, __FILE__, __LINE__);
  }
  field_.follow(target.id(), target.generation());
  if (hooked_ == &target) return;
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  target.set_release_hook([this] {
    field_.release();
    hooked_ = nullptr;
  });
  hooked_ = &target;
}

// The registration ends before GL deletes the texture.
void CudaInteropTarget::delete_index_texture() noexcept {
  index_.release();
  if (index_texture_ != 0) glDeleteTextures(1, &index_texture_);  // nothing to report here
  index_texture_ = 0;
  index_nx_ = index_ny_ = 0;
}

void CudaInteropTarget::ensure_index(int nx, int ny, bool registered) {
  if (index_texture_ == 0 || index_nx_ != nx || index_ny_ != ny) {
    delete_index_texture();
    index_texture_ = make_index_texture(nx, ny);
    index_nx_ = nx, index_ny_ = ny;
    ++index_generation_;
  }
  if (registered) index_.follow(index_texture_, index_generation_);
}

std::vector<std::int32_t> CudaInteropTarget::read_index() const {
  std::vector<std::int32_t> out(static_cast<std::size_t>(index_nx_) *
                                static_cast<std::size_t>(index_ny_));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(index_texture_, 0, GL_RED_INTEGER, GL_INT,
                          static_cast<GLsizei>(out.size() * sizeof(std::int32_t)), out.data()));
  return out;
}

}  // namespace geofield
