#include "gl_path.h"

#include "backends/gl_backend.h"
#include "field_sampling.h"
#include "gl/gl_check.h"

namespace geofield::bench {

std::vector<GlRow> run_gl_path(const FieldParams& view, FieldTexture& texture) {
  texture.ensure_size(view.nx, view.ny);
  GlBackend backend;
  std::vector<GlRow> rows;
  for (Formula f : {Formula::haversine, Formula::seed}) {
    for (Precision prec : {Precision::f32, Precision::f64}) {
      GlRow row;
      row.formula = f;
      row.precision = prec;
      FieldParams p = view;
      p.formula = f;
      p.precision = prec;
      int k = 0;
      row.recompute_wall = time_wall(
          [&] {
            backend.compute(nudged(p, k++), texture);
            GF_GL(glFinish());
          },
          5, 300, 20, 200);
      backend.compute(p, texture);
      row.max_rel_err = sampled_error(p, backend.read_field(texture, Precision::f32));
      rows.push_back(row);
    }
  }
  return rows;
}

}  // namespace geofield::bench
