#include "render_command.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdio>

#include "atomic_file.h"
#include "cpu_backend.h"
#include "errors.h"
#include "field_range.h"
#include "gl_check.h"
#include "headless_gl_context.h"
#include "memory_limits.h"
#include "npy_export.h"
#include "png_export.h"
#include "renderer.h"
#include "window/view_math.h"

namespace geofield {
namespace {

// The raw field alone from the CPU backend needs no GL at all: compute straight into the
// buffer that is written (no texture, no copy, no zero-fill), which is most of the run time
// of a .npy-only render.
void write_npy_from_cpu(const FieldParams& params, Precision stored,
                        const std::filesystem::path& path) {
  const size_t n = static_cast<size_t>(node_count(params));
  if (params.precision == Precision::f32) {
    std::unique_ptr<float[]> values(new float[n]);  // left uninitialised: every node is written
    compute_field_on_cpu<float>(params, values.get());
    write_npy(path, params.nx, params.ny, Precision::f32, values.get());
    return;
  }
  std::unique_ptr<double[]> values(new double[n]);
  compute_field_on_cpu<double>(params, values.get());
  if (stored == Precision::f64) {
    write_npy(path, params.nx, params.ny, Precision::f64, values.get());
    return;
  }
  std::unique_ptr<float[]> narrowed(new float[n]);
  std::transform(values.get(), values.get() + n, narrowed.get(),
                 [](double v) { return static_cast<float>(v); });
  write_npy(path, params.nx, params.ny, Precision::f32, narrowed.get());
}

}  // namespace

int run_render(const RenderRequest& request) {
  if (!request.png && !request.npy) {
    throw UsageError("render: nothing to write: give --png FILE and/or --npy FILE");
  }
  // Fail fast on unwritable paths, before any work.
  if (request.png) check_writable(*request.png, "--png");
  if (request.npy) check_writable(*request.npy, "--npy");

  FieldParams params = request.view.params;
  if (request.npy_f64) params.precision = Precision::f64;

  if (!request.png && request.view.backend == BackendChoice::cpu) {
    check_size_fits(params, kMaxGridSide, false);
    std::fprintf(stderr, "geofield: backend cpu (asked for); .npy only: no GL needed\n");
    write_npy_from_cpu(params, request.npy_f64 ? Precision::f64 : Precision::f32, *request.npy);
    std::fprintf(stderr, "geofield: wrote %s (%s, shape %d x %d)\n", request.npy->c_str(),
                 request.npy_f64 ? "float64" : "float32", params.ny, params.nx);
    return 0;
  }

  HeadlessGlContext gl;
  GLint max_texture = 0;
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture));
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
