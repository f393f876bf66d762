// The GL backend: the field computed by compute shaders in the GL context that draws it
// (shaders/field_factors.comp, field_combine.comp, field_math.glsl: the shared math of
// core/field_math.h in GLSL; projected views by field_projected.comp and projection.glsl, the
// port of core/projection.h). No second context, so no switch between contexts: a recompute at
// 8192² takes 0.12 ms this way against 0.41 ms for CUDA handing its texture to GL
// (docs/interop.md). Float and double, both formulas; a float64 export computes the double
// field again into a buffer, a block of rows at a time. Opt-in (--backend gl): the default stays
// CUDA, and its GLSL is a port of the shared header, kept equal by tests (field_math.glsl says
// more).
#pragma once

#include <glad/gl.h>

#include <map>
#include <optional>
#include <tuple>

#include "backends/fast_path_backend.h"

namespace geofield {

// One point: the field's compute shaders; several sites: GlCentresBackend in the same context.
class GlBackend final : public FastPathBackend {
 public:
  // A float64 export is computed into a buffer of at most this many bytes, a block of rows at
  // a time (and at most what GL_MAX_SHADER_STORAGE_BLOCK_SIZE allows).
  static constexpr GLsizeiptr kExportBlockBytes = GLsizeiptr{128} << 20;

  // Needs the current GL context (4.5 core: compute shaders, doubles); throws RuntimeFailure
  // with the compiler's log if its shaders do not build there.
  explicit GlBackend(GLsizeiptr export_block_bytes = kExportBlockBytes);
  ~GlBackend() override;
  GlBackend(const GlBackend&) = delete;
  GlBackend& operator=(const GlBackend&) = delete;

  std::string_view name() const override { return "gl"; }
  bool measures_device_time() const override { return true; }

 private:
  void compute_one_point(const FieldParams& p, FieldTexture& target) override;
  HostField read_one_point_field(const FieldTexture& target, Precision as) override;
  std::optional<double> one_point_device_ms() override;
  std::unique_ptr<CentresFieldBackend> make_sites_part(CentreList sites) override;

  struct Programs {
    GLuint factors = 0, combine = 0, combine_f64 = 0;  // combine_f64: double only
  };
  // A projected view's (aeqd, ortho): one pass, node by node; f64: double only.
  struct ProjectedPrograms {
    GLuint field = 0, f64 = 0;
  };
  const Programs& programs(Precision precision, Formula formula);
  const ProjectedPrograms& projected_programs(Precision precision, Formula formula);
  void ensure_buffer(GLuint* buffer, GLsizeiptr bytes, GLsizeiptr* size, const char* what);
  void dispatch_factors(const FieldParams& p);
  // Rows [row0, row0 + rows) into the texture, or into values_ (combine_f64).
  void dispatch_combine(GLuint program, const FieldParams& p, int row0, int rows);
  // The same for a projected view (field_projected.comp), from p alone.
  void dispatch_projected(GLuint program, const FieldParams& p, int row0, int rows);

  std::map<std::tuple<Precision, Formula>, Programs> programs_;
  std::map<std::tuple<Precision, Formula>, ProjectedPrograms> projected_programs_;
  GLuint rows_ = 0, cols_ = 0, values_ = 0;
  GLuint timestamps_[2] = {};  // GL_TIMESTAMP queries before and after the last compute
  GLsizeiptr rows_size_ = 0, cols_size_ = 0, values_size_ = 0;
  GLsizeiptr export_block_bytes_;
  FieldParams last_{};
  bool computed_ = false;
};

}  // namespace geofield
