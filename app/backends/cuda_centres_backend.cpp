#include "backends/cuda_centres_backend.h"

#include <string>
#include <utility>

#include "backends/cuda_backend_factory.h"
#include "compute/cuda_backend_support.h"
#include "compute/nearest_centre.h"
#include "cuda_check.h"
#include "errors.h"
#include "gl/gl_check.h"
#include "gl/index_texture.h"
#include "memory_limits.h"

namespace geofield {

CudaCentresBackend::CudaCentresBackend(int device, CentreList centres) try
    : device_(make_current(device)) {
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_));
  with_app_errors([&] { set_centres(std::move(centres)); });
} catch (const CudaFailure& e) {
  throw RuntimeFailure(e.what());
}

CudaCentresBackend::~CudaCentresBackend() {
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  delete_index_texture();
}

void CudaCentresBackend::set_centres(CentreList centres) {
  if (!centres || centres->empty()) throw UsageError("--centres: no centres");
  std::vector<double> lat(centres->size()), lon(centres->size());
  for (std::size_t k = 0; k < lat.size(); ++k) {
    lat[k] = (*centres)[k].lat_deg;
    lon[k] = (*centres)[k].lon_deg;
  }
  with_app_errors([&] { kernels_.set_centres(lat.data(), lon.data(), lat.size(), stream_.get()); });
  centres_ = std::move(centres);
}

void CudaCentresBackend::let_go_of_target() {
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  hooked_ = nullptr;
  field_interop_.release();
}

void CudaCentresBackend::follow(FieldTexture& target) {
  field_interop_.follow(target.id(), target.generation());
  if (hooked_ == &target) return;
  if (hooked_ != nullptr) hooked_->set_release_hook(nullptr);
  target.set_release_hook([this] {
    field_interop_.release();
    hooked_ = nullptr;
  });
  hooked_ = &target;
}

// The registration ends before GL deletes the texture, as the interop rules require.
void CudaCentresBackend::delete_index_texture() noexcept {
  index_interop_.release();
  if (index_texture_ != 0) glDeleteTextures(1, &index_texture_);  // nothing to report here
  index_texture_ = 0;
  index_nx_ = index_ny_ = 0;
}

void CudaCentresBackend::ensure_index_texture(int nx, int ny) {
  if (index_texture_ == 0 || index_nx_ != nx || index_ny_ != ny) {
    delete_index_texture();
    index_texture_ = make_index_texture(nx, ny);
    index_nx_ = nx, index_ny_ = ny;
    ++index_generation_;
  }
  index_interop_.follow(index_texture_, index_generation_);
}

void CudaCentresBackend::compute(const FieldParams& p, FieldTexture& target) {
  with_app_errors([&] { compute_checked(p, target); });
}

void CudaCentresBackend::compute_checked(const FieldParams& p, FieldTexture& target) {
  check_centres_view(p, *centres_);
  check_sites_on_latlon_only(p, "cuda");  // the CPU computes projected views (issue 27)
  check_texture_size(p, max_texture_size_);
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("CudaCentresBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + std::to_string(p.nx) + "x" +
            std::to_string(p.ny));
  }
  follow(target);
  ensure_index_texture(p.nx, p.ny);
  GF_CUDA(cudaEventRecord(compute_start_.get(), stream_.get()));
  {
    InteropTexture::Mapping field(field_interop_, stream_.get());
    InteropTexture::Mapping index(index_interop_, stream_.get());
    kernels_.compute_to_surfaces(centres_view(p), field.surface(), index.surface(), stream_.get());
    index.unmap();
    field.unmap();
  }
  GF_CUDA(cudaEventRecord(compute_end_.get(), stream_.get()));
  last_ = p;
  computed_ = true;
}

std::optional<double> CudaCentresBackend::last_compute_device_ms() {
  return with_app_errors([&]() -> std::optional<double> {
    if (!computed_ || !compute_end_.done()) return std::nullopt;
    float ms = 0;
    GF_CUDA(cudaEventElapsedTime(&ms, compute_start_.get(), compute_end_.get()));
    return ms;
  });
}

HostField CudaCentresBackend::read_field(const FieldTexture& target, Precision as) {
  return with_app_errors([&] { return read_field_checked(target, as); });
}

HostField CudaCentresBackend::read_field_checked(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("CudaCentresBackend::read_field: nothing was computed yet");
  if (as == Precision::f32 || last_.precision == Precision::f32) {
    return texture_field_as(target.id(), last_.nx, last_.ny, as);
  }
  const std::size_t n = static_cast<std::size_t>(node_count(last_));
  const std::string what = "the double export of the " + std::to_string(last_.nx) + "x" +
                           std::to_string(last_.ny) + " nearest-centre field";
  DeviceBuffer values, index;
  values.ensure(n * sizeof(double), what);
  index.ensure(n * sizeof(std::int32_t), what + "'s index");
  kernels_.compute_to_buffers<double>(centres_view(last_), static_cast<double*>(values.get()),
                                      static_cast<std::int32_t*>(index.get()), stream_.get());
  HostField h{last_.nx, last_.ny, Precision::f64, {}, std::vector<double>(n)};
  GF_CUDA(cudaMemcpyAsync(h.f64.data(), values.get(), n * sizeof(double), cudaMemcpyDeviceToHost,
                          stream_.get()));
  GF_CUDA(cudaStreamSynchronize(stream_.get()));
  return h;
}

std::vector<std::int32_t> CudaCentresBackend::read_index() {
  if (!computed_ || index_texture_ == 0) {
    throw RuntimeFailure("CudaCentresBackend::read_index: nothing was computed yet");
  }
  std::vector<std::int32_t> out(static_cast<std::size_t>(index_nx_) * index_ny_);
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(index_texture_, 0, GL_RED_INTEGER, GL_INT,
                          static_cast<GLsizei>(out.size() * sizeof(std::int32_t)), out.data()));
  return out;
}

}  // namespace geofield
