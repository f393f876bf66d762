#include "backends/cpu_backend.h"

#include "gl/gl_check.h"

namespace geofield {

void upload_cpu_field(const CpuField& f, FieldTexture& target, IndexTexture& index) {
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(target.id(), 0, 0, 0, f.nx(), f.ny(), GL_RED, GL_FLOAT, f.f32.data()));
  if (!f.index.empty()) index.upload(f.nx(), f.ny(), f.index);
}

void CpuBackend::compute(const FieldRequest& r, FieldTexture& target) {
  compute_cpu_field(r, &field_);
  upload_cpu_field(field_, target, index_texture_);
}

HostField CpuBackend::read_field(const FieldTexture&, Precision as) { return field_.as(as); }

GLuint CpuBackend::index_texture() const { return field_.index.empty() ? 0 : index_texture_.id(); }

}  // namespace geofield
