#include "backends/centres_backend.h"

#include <algorithm>
#include <utility>

#include "backends/cpu_backend.h"
#include "backends/nearest_centre.h"
#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

CentresBackend::CentresBackend(CentreList centres) { set_centres(std::move(centres)); }

CentresBackend::~CentresBackend() {
  if (index_texture_ != 0) glDeleteTextures(1, &index_texture_);  // no GL error to report here
}

void CentresBackend::set_centres(CentreList centres) {
  if (!centres || centres->empty()) throw UsageError("--centres: no centres");
  centres_ = std::move(centres);
}

void CentresBackend::compute_host(const FieldParams& p) {
  const size_t n = static_cast<size_t>(p.nx) * static_cast<size_t>(p.ny);
  index_.resize(n);
  f32_.resize(n);
  if (p.precision == Precision::f64) {
    f64_.resize(n);
    nearest_centre_field_on_cpu<double>(p, *centres_, f64_.data(), index_.data());
    std::transform(f64_.begin(), f64_.end(), f32_.begin(),
                   [](double v) { return static_cast<float>(v); });
  } else {
    f64_.clear();
    nearest_centre_field_on_cpu<float>(p, *centres_, f32_.data(), index_.data());
  }
  last_ = p;
}

void CentresBackend::compute(const FieldParams& p, FieldTexture& target) {
  compute_host(p);
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(target.id(), 0, 0, 0, p.nx, p.ny, GL_RED, GL_FLOAT, f32_.data()));
  upload_index(p.nx, p.ny);
}

void CentresBackend::upload_index(int nx, int ny) {
  if (index_texture_ == 0 || index_nx_ != nx || index_ny_ != ny) {
    if (index_texture_ != 0) GF_GL(glDeleteTextures(1, &index_texture_));
    index_texture_ = 0;
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &index_texture_));
    GF_GL(glTextureStorage2D(index_texture_, 1, GL_R32I, nx, ny));
    // Integer textures are read with texelFetch; nearest filtering keeps them complete.
    GF_GL(glTextureParameteri(index_texture_, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GF_GL(glTextureParameteri(index_texture_, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    index_nx_ = nx, index_ny_ = ny;
  }
  GF_GL(
      glTextureSubImage2D(index_texture_, 0, 0, 0, nx, ny, GL_RED_INTEGER, GL_INT, index_.data()));
}

HostField CentresBackend::read_field(const FieldTexture&, Precision as) { return host_field(as); }

HostField CentresBackend::host_field(Precision as) const {
  return host_field_as(last_.nx, last_.ny, f32_, f64_, as);
}

HostField CentresBackend::take_host_field(Precision as) {
  HostField f;
  if (as == Precision::f64 && !f64_.empty()) {
    f = {last_.nx, last_.ny, Precision::f64, {}, std::move(f64_)};
  } else if (as == Precision::f32) {
    f = {last_.nx, last_.ny, Precision::f32, std::move(f32_), {}};
  } else {
    f = host_field(as);
  }
  f32_.clear();
  f64_.clear();
  return f;
}

ValueRange CentresBackend::range() const {
  ValueRange r;
  if (!f64_.empty()) {
    const auto [lo, hi] = std::minmax_element(f64_.begin(), f64_.end());
    r.min = *lo, r.max = *hi;
  } else if (!f32_.empty()) {
    const auto [lo, hi] = std::minmax_element(f32_.begin(), f32_.end());
    r.min = *lo, r.max = *hi;
  }
  return r;
}

}  // namespace geofield
