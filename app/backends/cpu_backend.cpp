#include "backends/cpu_backend.h"

#include "backends/centres_backend.h"
#include "gl/gl_check.h"

namespace geofield {

void CpuBackend::compute_one_point(const FieldParams& p, FieldTexture& target) {
  compute_host_field(p, &f32_, &f64_);
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(target.id(), 0, 0, 0, p.nx, p.ny, GL_RED, GL_FLOAT, f32_.data()));
  last_ = p;
}

HostField CpuBackend::read_one_point_field(const FieldTexture&, Precision as) {
  return host_field_as(last_.nx, last_.ny, f32_, f64_, as);
}

std::unique_ptr<CentresFieldBackend> CpuBackend::make_sites_part(CentreList sites) {
  return std::make_unique<CentresBackend>(std::move(sites));
}

}  // namespace geofield
