#include "render_command.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "atomic_file.h"
#include "cpu_backend.h"
#include "cuda_backend_factory.h"
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

std::span<const std::uint8_t> bytes_of(const void* data, size_t size) {
  return {static_cast<const std::uint8_t*>(data), size};
}

// The raw field alone from the CPU backend needs no GL at all, and no buffer of the whole
// field either: each thread computes a block of rows into a small buffer of its own and writes
// it at its place in the (temporary, then renamed) file. Most of such a run was the kernel's
// work on memory: faulting in a 64 MB buffer for a 4096² float field, then copying it cold into
// the file. Now only the file's own pages are new, and the copy reads from the cache.
template <typename T, typename Stored>
void write_npy_blocks_from_cpu(const FieldParams& params, const std::filesystem::path& path) {
  constexpr Precision stored = std::is_same_v<Stored, double> ? Precision::f64 : Precision::f32;
  HostField shape;  // the header needs only the shape and the type
  shape.nx = params.nx;
  shape.ny = params.ny;
  shape.precision = stored;
  const std::string header = npy_header(shape);
  const size_t row_bytes = static_cast<size_t>(params.nx) * sizeof(Stored);

  AtomicFile file(path);
  file.write_at(0, bytes_of(header.data(), header.size()));
  compute_field_blocks_on_cpu<T>(params, [&](int first_row, std::span<const T> values) {
    const std::uint64_t offset = header.size() + static_cast<std::uint64_t>(first_row) * row_bytes;
    if constexpr (std::is_same_v<T, Stored>) {
      file.write_at(offset, bytes_of(values.data(), values.size_bytes()));
    } else {
      thread_local std::vector<Stored> narrowed;  // one per thread, reused block after block
      narrowed.assign(values.begin(), values.end());
      file.write_at(offset, bytes_of(narrowed.data(), narrowed.size() * sizeof(Stored)));
    }
  });
  file.commit();
}

void write_npy_from_cpu(const FieldParams& params, Precision stored,
                        const std::filesystem::path& path) {
  if (params.precision == Precision::f32) {
    write_npy_blocks_from_cpu<float, float>(params, path);
  } else if (stored == Precision::f64) {
    write_npy_blocks_from_cpu<double, double>(params, path);
  } else {
    write_npy_blocks_from_cpu<double, float>(params, path);
  }
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

  // CUDA starts on another thread while EGL and GL start here (render --backend cpu skips it).
  std::optional<CudaWarmUp> cuda_warm_up;
  if (request.view.backend != BackendChoice::cpu) cuda_warm_up.emplace();
  HeadlessGlContext gl;
  GLint max_texture = 0;
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture));
  check_size_fits(params, max_texture, request.png.has_value());

  std::string reason;
  Renderer renderer;
  cuda_warm_up.reset();  // CUDA's start-up is done (or found nothing) before the backend is made
  std::unique_ptr<FieldBackend> backend = make_backend(request.view.backend, &reason);
  std::fprintf(stderr, "geofield: %s; %s\n", reason.c_str(), gl.description().c_str());

  renderer.field().ensure_size(params.nx, params.ny);
  backend->compute(params, renderer.field());

  // Both outputs are written whole and flushed before either is renamed into place: a failure
  // while writing (a full disk, a file-size limit) leaves neither file, as a bad path does.
  std::optional<AtomicFile> png_file, npy_file;
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
    const std::vector<std::uint8_t> png =
        encode_png(renderer.render_image(params.nx, params.ny, style));
    png_file.emplace(*request.png);
    png_file->write_at(0, png);
    png_file->finish();
  }
  if (request.npy) {
    npy_file.emplace(*request.npy);
    write_npy_into(*npy_file, backend->read_field(renderer.field(), request.npy_f64
                                                                        ? Precision::f64
                                                                        : Precision::f32));
    npy_file->finish();
  }
  if (png_file) {
    png_file->commit();
    std::fprintf(stderr, "geofield: wrote %s (%dx%d)\n", request.png->c_str(), params.nx, params.ny);
  }
  if (npy_file) {
    npy_file->commit();
    std::fprintf(stderr, "geofield: wrote %s (%s, shape %d x %d)\n", request.npy->c_str(),
                 request.npy_f64 ? "float64" : "float32", params.ny, params.nx);
  }
  return 0;
}

}  // namespace geofield
