#include "render_command.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdio>

#include "atomic_file.h"
#include "errors.h"
#include "field_range.h"
#include "headless_gl_context.h"
#include "memory_limits.h"
#include "npy_export.h"
#include "png_export.h"
#include "renderer.h"
#include "window/view_math.h"

namespace geofield {

int run_render(const RenderRequest& request) {
  if (!request.png && !request.npy) {
    throw UsageError("render: nothing to write: give --png FILE and/or --npy FILE");
  }
  // Fail fast on unwritable paths, before any work.
  if (request.png) check_writable(*request.png, "--png");
  if (request.npy) check_writable(*request.npy, "--npy");

  FieldParams params = request.view.params;
  if (request.npy_f64) params.precision = Precision::f64;

  HeadlessGlContext gl;
  GLint max_texture = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture);
  check_size_fits(params, max_texture, request.png.has_value());

  std::string reason;
  Renderer renderer;
  std::unique_ptr<FieldBackend> backend = make_backend(request.view.backend, &reason);
  std::fprintf(stderr, "geofield: %s; %s\n", reason.c_str(), gl.description().c_str());

  renderer.field().ensure_size(params.nx, params.ny);
  backend->compute(params, renderer.field());

  if (request.png) {
    ViewStyle style;
    style.colormap = request.view.colormap;
    style.reverse = request.view.reverse;
    if (request.view.fixed_range) {
      style.value_min = request.view.fixed_range->first;
      style.value_max = request.view.fixed_range->second;
    } else {
      const ValueRange r = field_range(params);
      style.value_min = r.min;
      style.value_max = r.max;
    }
    if (request.contour_interval > 0 || request.graticule || request.marker) {
      style.view = style.field = {params.lat_min_deg, params.lat_max_deg, params.lon_min_deg,
                                  lon_span_of(params)};
      style.field_nx = params.nx;
      style.field_ny = params.ny;
      style.contour_interval = request.contour_interval;
      if (request.graticule) {
        constexpr double kSpacingPx = 140;  // as in the window
        style.graticule_lat_step_deg = nice_step_deg(params.lat_max_deg - params.lat_min_deg,
                                                     std::max(1, int(params.ny / kSpacingPx)));
        style.graticule_lon_step_deg =
            nice_step_deg(lon_span_of(params), std::max(1, int(params.nx / kSpacingPx)));
      }
      style.marker = request.marker;
      style.marker_lat_deg = params.ref_lat_deg;
      style.marker_lon_deg = params.ref_lon_deg;
    }
    write_png(*request.png, renderer.render_image(params.nx, params.ny, style));
    std::fprintf(stderr, "geofield: wrote %s (%dx%d)\n", request.png->c_str(), params.nx, params.ny);
  }
  if (request.npy) {
    write_npy(*request.npy,
              backend->read_field(renderer.field(), request.npy_f64 ? Precision::f64 : Precision::f32));
    std::fprintf(stderr, "geofield: wrote %s (%s, shape %d x %d)\n", request.npy->c_str(),
                 request.npy_f64 ? "float64" : "float32", params.ny, params.nx);
  }
  return 0;
}

}  // namespace geofield
