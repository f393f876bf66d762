#include "backends/centres_backend.h"

#include <algorithm>
#include <utility>

#include "backends/cpu_backend.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

CentresBackend::CentresBackend(CentreList centres) { set_centres(std::move(centres)); }

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
  index_texture_.upload(p.nx, p.ny, index_);
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
