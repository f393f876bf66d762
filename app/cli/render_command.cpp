#include "cli/render_command.h"

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "backends/centres_backend.h"
#include "backends/cpu_backend.h"
#include "backends/cuda_backend_factory.h"
#include "cli/distinct_outputs.h"
#include "cli/render_tile.h"
#include "cli/render_tiles.h"
#include "compute/nearest_centre.h"
#include "compute/subgrid_field.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "export/npy_export.h"
#include "export/png_export.h"
#include "field_range.h"
#include "figure/figure_job.h"
#include "figure/figure_paint.h"
#include "figure/site_names.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl/renderer.h"
#include "memory_limits.h"
#include "view/centre_palette.h"
#include "view/centres_file.h"
#include "view/projected_view.h"
#include "view/view_math.h"

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

void say_wrote_npy(const RenderRequest& request, const FieldParams& params) {
  std::fprintf(stderr, "geofield: wrote %s (%s, shape %d x %d)\n",
               escaped_text(request.npy->string()).c_str(), request.f64 ? "float64" : "float32",
               params.ny, params.nx);
}

// The raw-field outputs of one render, written into their temporaries and finished (flushed)
// but not yet renamed: the caller commits them with the picture, so that all appear or none.
struct RawOutputs {
  std::optional<AtomicFile> npy, geotiff, netcdf;

  // centres: the field is the distance to the nearest of that many centres (its description),
  // and index each node's nearest (the NetCDF file holds it too).
  void write(const RenderRequest& request, const FieldParams& params, const HostField& field,
             std::optional<std::size_t> centres = std::nullopt,
             std::span<const std::int32_t> index = {}) {
    if (request.npy) {
      npy.emplace(*request.npy);
      write_npy_into(*npy, field);
      npy->finish();
    }
    if (request.geotiff) {
      geotiff.emplace(*request.geotiff);
      GeotiffOptions layout;
      layout.cog = request.cog;
      layout.centres = centres;
      write_geotiff_into(*geotiff, field, params, layout);
      geotiff->finish();
    }
    if (request.netcdf) {
      netcdf.emplace(*request.netcdf);
      write_netcdf_into(*netcdf, field, params, request.command,
                        centres ? std::optional<NetcdfCentres>({*centres, index}) : std::nullopt);
      netcdf->finish();
    }
  }

  void commit(const RenderRequest& request, const FieldParams& params) {
    if (npy) {
      npy->commit();
      say_wrote_npy(request, params);
    }
    if (geotiff) {
      geotiff->commit();
      std::fprintf(stderr, "geofield: wrote %s (%s, %s, %d x %d nodes)\n",
                   escaped_text(request.geotiff->string()).c_str(),
                   request.cog ? "Cloud-Optimised GeoTIFF" : "GeoTIFF",
                   request.f64 ? "float64" : "float32", params.nx, params.ny);
    }
    if (netcdf) {
      netcdf->commit();
      std::fprintf(stderr, "geofield: wrote %s (NetCDF-4, CF-1.8, %s, %d x %d nodes)\n",
                   escaped_text(request.netcdf->string()).c_str(),
                   request.f64 ? "float64" : "float32", params.nx, params.ny);
    }
  }
};

// Two outputs of one run must not be one file: the second would replace the first.
void check_distinct(const RenderRequest& request) {
  std::vector<std::pair<const char*, std::filesystem::path>> outs;
  if (request.png) outs.emplace_back("--png", *request.png);
  if (request.figure) outs.emplace_back("--figure", *request.figure);
  if (request.npy) outs.emplace_back("--npy", *request.npy);
  if (request.geotiff) outs.emplace_back("--geotiff", *request.geotiff);
  if (request.netcdf) outs.emplace_back("--netcdf", *request.netcdf);
  if (request.index) outs.emplace_back("--index", *request.index);
  if (request.index_geotiff) outs.emplace_back("--index-geotiff", *request.index_geotiff);
  check_distinct_outputs(outs);
}

}  // namespace

void check_render_request(const RenderRequest& request) {
  check_outputs_given(request);
  if (request.png) check_writable(*request.png, "--png");
  if (request.figure) check_writable(*request.figure, "--figure");
  if (request.npy) check_writable(*request.npy, "--npy");
  if (request.geotiff) check_writable(*request.geotiff, "--geotiff");
  if (request.netcdf) check_writable(*request.netcdf, "--netcdf");
  if (request.index) check_writable(*request.index, "--index");
  if (request.index_geotiff) check_writable(*request.index_geotiff, "--index-geotiff");
  check_distinct(request);
  if (request.geotiff || request.index_geotiff) require_geotiff_writer();
  if (request.netcdf) require_netcdf_writer();
}

// The sites of a render: the centres file's, or the one reference point. Checked (check_sites)
// before any work; a file's problem is one line naming --centres.
FieldRequest field_request_of(const RenderRequest& request, const FieldParams& params) {
  FieldRequest r = FieldRequest::of_reference(params);
  if (request.centres) {
    try {
      r.sites = SiteSet::points(read_centres_file(*request.centres));
    } catch (const UsageError& e) {
      throw UsageError(std::string("--centres: ") + e.what());
    }
  }
  check_sites(r);
  return r;
}

namespace {

// A render of a centres file describes its field as the distance to the nearest of so many
// centres, and can write their index; the one reference point's field has neither.
std::optional<std::size_t> centres_described(const RenderRequest& request, const FieldRequest& r) {
  return request.centres ? std::optional<std::size_t>(r.sites.size()) : std::nullopt;
}

// The index outputs of a centres render, written and finished, committed with the rest.
struct IndexOutputs {
  std::optional<AtomicFile> npy, geotiff;

  void write(const RenderRequest& request, const FieldParams& params,
             std::span<const std::int32_t> index, std::size_t count) {
    if (request.index) {
      npy.emplace(*request.index);
      write_npy_int32_into(*npy, params.nx, params.ny, index);
      npy->finish();
    }
    if (request.index_geotiff) {
      geotiff.emplace(*request.index_geotiff);
      write_index_geotiff_into(*geotiff, params.nx, params.ny, index, params, count);
      geotiff->finish();
    }
  }

  void commit(const RenderRequest& request, const FieldParams& params) {
    if (npy) {
      npy->commit();
      std::fprintf(stderr,
                   "geofield: wrote %s (int32 index of the nearest centre, shape %d x %d)\n",
                   escaped_text(request.index->string()).c_str(), params.ny, params.nx);
    }
    if (geotiff) {
      geotiff->commit();
      std::fprintf(stderr,
                   "geofield: wrote %s (GeoTIFF, int32 index of the nearest centre, %d x %d "
                   "nodes)\n",
                   escaped_text(request.index_geotiff->string()).c_str(), params.nx, params.ny);
    }
  }
};

// The raw field from the CPU backend, with no GL at all.
void render_raw_on_cpu(const RenderRequest& request, const FieldRequest& field, Precision raw) {
  const FieldParams& params = field.params;
  check_size_fits(params, kMaxGridSide, false, request.netcdf.has_value());
  std::string reason;
  make_backend_for(request.view.backend, field, &reason);  // the one line that says why
  const std::optional<std::size_t> centres = centres_described(request, field);
  std::fprintf(
      stderr, "geofield: %s; raw field only: no GL needed%s\n", reason.c_str(),
      centres ? ("; the nearest of " + std::to_string(*centres) + " centres").c_str() : "");
  if (field.one_point()) {
    const FieldParams q = field.one_point_params();
    // .npy alone: written a block of rows at a time, never whole in memory.
    if (!request.geotiff && !request.netcdf && !request.index && !request.index_geotiff) {
      write_npy_from_cpu(q, raw, *request.npy);
      say_wrote_npy(request, params);
      return;
    }
  }
  // The tiles' host computer over the whole grid: one point's field, or several sites' with
  // their index (0 everywhere for one point).
  std::vector<std::int32_t> index;
  const HostField values = compute_subgrid_on_cpu_host(field, whole_grid(params.nx, params.ny), raw,
                                                       centres ? &index : nullptr);
  RawOutputs outputs;
  outputs.write(request, params, values, centres, index);
  IndexOutputs index_outputs;
  if (centres) index_outputs.write(request, params, index, *centres);
  outputs.commit(request, params);
  index_outputs.commit(request, params);
}

// The range of a field on the host (several sites' field has no closed form).
ValueRange host_values_range(const HostField& f) {
  return f.precision == Precision::f64 ? values_range(std::span<const double>(f.f64))
                                       : values_range(std::span<const float>(f.f32));
}

// The picture's colours and overlays: as the window would draw this view, one pixel a node.
// known: the field's range when it is not the one-centre field's (field_range's).
// With centres the GL ring at the reference point is not drawn: the centres' markers are
// painted instead (site_marks), and --colour-by-centre colours by the index texture (set by the
// caller once the field is computed).
ViewStyle picture_style(const RenderRequest& request, const FieldParams& params,
                        std::optional<ValueRange> known = std::nullopt) {
  ViewStyle style;
  style.colormap = request.view.colormap;
  style.reverse = request.view.reverse;
  if (request.view.fixed_range) {
    style.value_min = request.view.fixed_range->first;
    style.value_max = request.view.fixed_range->second;
  } else {
    const ValueRange r = known ? *known : field_range(params);
    style.value_min = r.min;
    style.value_max = r.max;
  }
  if (request.contour_interval <= 0 && !request.graticule && !request.marker &&
      !request.coastlines && !request.borders && !request.colour_by_centre) {
    return style;
  }
  style.view = style.field = {params.lat_min_deg, params.lat_max_deg, params.lon_min_deg,
                              lon_span_of(params)};
  style.map = style.field_map = map_frame_of(params);  // projected views: the grid's own frame
  style.field_nx = params.nx;
  style.field_ny = params.ny;
  style.contour_interval = request.contour_interval;
  if (request.graticule && params.projection != Projection::latlon) {
    const double span_deg = projected_span_deg(params);
    style.graticule_lat_step_deg = style.graticule_lon_step_deg =
        nice_step_deg(span_deg, std::max(1, int(params.nx / 140.0)));
  } else if (request.graticule) {
    constexpr double kSpacingPx = 140;  // as in the window
    style.graticule_lat_step_deg = nice_step_deg(params.lat_max_deg - params.lat_min_deg,
                                                 std::max(1, int(params.ny / kSpacingPx)));
    style.graticule_lon_step_deg =
        nice_step_deg(lon_span_of(params), std::max(1, int(params.nx / kSpacingPx)));
  }
  style.marker = request.marker && !request.centres;
  style.colour_by_centre = style.centre_boundaries = request.colour_by_centre;
  style.marker_lat_deg = params.ref_lat_deg;
  style.marker_lon_deg = params.ref_lon_deg;
  style.lines.coastlines = request.coastlines;
  style.lines.borders = request.borders;
  style.lines.coast_rgba = rgba_of(request.line_rgb, 1.0f);
  style.lines.border_rgba = rgba_of(request.line_rgb, kBorderAlpha);
  return style;
}

// The nearest-centre index to colour by: the backend's, or one site's everywhere (its fast
// path keeps none).
GLuint index_texture_of(const FieldBackend& backend, const Renderer& renderer) {
  const GLuint t = backend.index_texture();
  return t != 0 ? t : renderer.one_site_index();
}

// The centres' colours (centre_palette), wanted for their markers (up to kMaxCentreMarkers)
// or for colouring by centre; empty when neither is.
std::vector<std::uint32_t> centre_rgb_of(const RenderRequest& request, const FieldRequest& field) {
  if (!request.centres) return {};
  const bool marks = (request.marker || (request.figure && request.figure_marks_centres)) &&
                     draws_centre_markers(field.sites.size());
  if (!marks && !request.colour_by_centre) return {};
  return centre_colours(*field.sites.points());
}

// `render --png --marker` with centres: each centre's marker painted on the picture (one pixel
// a node), as on a figure.
void paint_centre_marks(Image* picture, const FieldParams& params, const FieldRequest& field,
                        std::span<const std::uint32_t> rgb, double radius_px) {
  const PixelRect whole{0, 0, picture->width, picture->height};
  for (const SiteMark& m : site_marks(params, whole, *field.sites.points(), rgb)) {
    paint_site_mark(picture, m.x, m.y, radius_px, m.rgb);
  }
}

// The figure's layout, checked against this GL's limits before anything is computed, so that
// a figure too large is refused before the other outputs' work (one line, nothing written).
// Its field is its own, a node a map pixel, over the same view; its look is the picture's, with
// lines and the marker grown with the figure.
std::unique_ptr<FigureJob> start_figure(const RenderRequest& request, const FieldRequest& field,
                                        const FigureSites& sites, Renderer* renderer,
                                        int max_texture) {
  const FieldParams& params = field.params;
  auto field_for = [&](int w, int h) {
    FieldParams q = params;
    q.nx = std::max(2, w);
    q.ny = std::max(2, h);
    return q;
  };
  // The figure's colour range: the field's over the first map size laid out that GL can draw,
  // found once (ortho's range visits every node, and a layout asks for the style of each size it
  // tries: its rounds, each round's coarse graticule, and, for a figure too large, the search
  // for the largest width that fits, which took minutes). A size GL cannot draw is refused, so
  // its colours are never drawn.
  std::optional<ValueRange> figure_range;
  auto range_for = [&](const FieldParams& q) -> std::optional<ValueRange> {
    if (request.view.fixed_range) return std::nullopt;
    if (q.nx > max_texture || q.ny > max_texture) return ValueRange{0, 1};
    if (!figure_range && field.one_point()) {
      figure_range = field_range(FieldRequest{q, field.sites}.one_point_params());
    } else if (!figure_range) {
      // Several sites' range has no closed form: their field's on the CPU at this size.
      CentresBackend host(field.sites.points());
      host.compute_host(q);
      figure_range = host_values_range(host.take_host_field(Precision::f32));
    }
    return figure_range;
  };
  const StyleForSize look = [&](int w, int h) {
    const FieldParams q = field_for(w, h);
    return picture_style(request, q, range_for(q));
  };
  return std::make_unique<FigureJob>(
      renderer, params, request.figure_width, request.figure_title,
      [&](int w, int h) { return figure_style(look, request.figure_width, w, h); },
      "--figure-width", sites);
}

// The figure's map computed into the renderer's field texture and drawn, then painted and
// written (not yet committed).
void write_figure(FigureJob& job, const RenderRequest& request, FieldRequest field,
                  Renderer* renderer, FieldBackend* backend, int max_texture,
                  std::optional<AtomicFile>* file) {
  const PixelRect map = job.layout().map;
  FieldParams& q = field.params;
  q.nx = std::max(2, map.w);
  q.ny = std::max(2, map.h);
  check_size_fits(q, max_texture, true);
  renderer->field().ensure_size(q.nx, q.ny);
  backend->compute(field, renderer->field());
  if (std::optional<std::string> n = backend->take_notice()) {
    std::fprintf(stderr, "geofield: %s\n", n->c_str());
  }
  if (request.colour_by_centre) job.set_index_texture(index_texture_of(*backend, *renderer));
  const std::vector<std::uint8_t> png = encode_png(job.finish());
  file->emplace(*request.figure);
  (*file)->write_at(0, png);
  (*file)->finish();
  std::fprintf(stderr, "geofield: figure %dx%d, map %dx%d at (%d, %d)\n", job.layout().width,
               job.layout().height, map.w, map.h, map.x, map.y);
}

}  // namespace

void check_outputs_given(const RenderRequest& request) {
  if (!request.png && !request.figure && !request.npy && !request.geotiff && !request.netcdf &&
      !request.index && !request.index_geotiff) {
    throw UsageError(
        "render: nothing to write: give --png FILE, --figure FILE, --npy FILE, --geotiff FILE "
        "and/or --netcdf FILE");
  }
}

int run_render(const RenderRequest& request) {
  if (request.tile) return request.all_tiles ? run_render_tiles(request) : run_render_tile(request);
  check_render_request(request);
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  const Precision raw = request.f64 ? Precision::f64 : Precision::f32;
  if (request.colour_by_centre && params.projection != Projection::latlon) {
    throw UsageError(
        "--colour-by-centre: latlon views only (the renderer colours by nearest centre on "
        "latlon maps); leave it out or give --projection latlon");
  }
  const FieldRequest field = field_request_of(request, params);
  const std::optional<std::size_t> centres = centres_described(request, field);
  if (!request.png && !request.figure && request.view.backend == BackendChoice::cpu) {
    render_raw_on_cpu(request, field, raw);
    return 0;
  }

  // CUDA starts on another thread while EGL and GL start here (when it may be used).
  std::optional<CudaWarmUp> cuda_warm_up;
  if (request.view.backend == BackendChoice::automatic ||
      request.view.backend == BackendChoice::cuda) {
    cuda_warm_up.emplace();
  }
  HeadlessGlContext gl;
  GLint max_texture = 0;
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture));
  check_size_fits(params, max_texture, request.png.has_value(), request.netcdf.has_value());

  std::string reason;
  Renderer renderer;
  std::unique_ptr<FigureJob> figure_job;
  const std::vector<std::uint32_t> centre_rgb = centre_rgb_of(request, field);
  if (!centre_rgb.empty()) renderer.set_centre_colours(centre_rgb);
  if (request.figure) {
    FigureSites sites;
    if (request.centres) {
      sites.list = field.sites.points();
      sites.rgb = centre_rgb;
      sites.marked = request.figure_marks_centres;
      sites.colour_by_centre = request.colour_by_centre;
    }
    figure_job = start_figure(request, field, sites, &renderer, max_texture);
  }
  cuda_warm_up.reset();  // CUDA's start-up is done (or found nothing) before the backend is made
  std::unique_ptr<FieldBackend> backend = make_backend_for(request.view.backend, field, &reason);
  std::fprintf(
      stderr, "geofield: %s; %s%s\n", reason.c_str(), gl.description().c_str(),
      centres ? ("; the nearest of " + std::to_string(*centres) + " centres").c_str() : "");

  const bool raw_outputs =
      request.npy || request.geotiff || request.netcdf || request.index || request.index_geotiff;
  if (request.png || raw_outputs) {
    renderer.field().ensure_size(params.nx, params.ny);
    backend->compute(field, renderer.field());
    if (std::optional<std::string> n = backend->take_notice()) {
      std::fprintf(stderr, "geofield: %s\n", n->c_str());
    }
  }
  // Several sites' field has no closed-form range: the picture's is its values'.
  std::optional<HostField> values;
  if (raw_outputs || (request.png && !field.one_point())) {
    values = backend->read_field(renderer.field(), raw);
  }
  std::vector<std::int32_t> index;
  if (centres && (request.netcdf || request.index || request.index_geotiff)) {
    index = backend->read_index();
  }

  // Every output is written whole and flushed before any is renamed into place: a failure
  // while writing (a full disk, a file-size limit) leaves no file, as a bad path does.
  std::optional<AtomicFile> png_file;
  if (request.png) {
    ViewStyle style = field.one_point()
                          ? picture_style(request, field.one_point_params())
                          : picture_style(request, params, host_values_range(*values));
    if (request.colour_by_centre) style.index_texture = index_texture_of(*backend, renderer);
    Image picture = renderer.render_image(params.nx, params.ny, style);
    if (request.centres && request.marker) {
      paint_centre_marks(&picture, params, field, centre_rgb, style.marker_radius_px);
    }
    const std::vector<std::uint8_t> png = encode_png(picture);
    png_file.emplace(*request.png);
    png_file->write_at(0, png);
    png_file->finish();
  }
  RawOutputs outputs;
  if (request.npy || request.geotiff || request.netcdf) {
    outputs.write(request, params, *values, centres, index);
  }
  IndexOutputs index_outputs;
  if (centres) index_outputs.write(request, params, index, *centres);
  // Last: it recomputes the field texture at the figure's map size.
  std::optional<AtomicFile> figure_file;
  if (request.figure) {
    write_figure(*figure_job, request, field, &renderer, backend.get(), max_texture, &figure_file);
  }
  if (png_file) {
    png_file->commit();
    std::fprintf(stderr, "geofield: wrote %s (%dx%d)\n",
                 escaped_text(request.png->string()).c_str(), params.nx, params.ny);
  }
  outputs.commit(request, params);
  index_outputs.commit(request, params);
  if (figure_file) {
    figure_file->commit();
    std::fprintf(stderr, "geofield: wrote %s (figure, %d pixels wide)\n",
                 escaped_text(request.figure->string()).c_str(), request.figure_width);
  }
  return 0;
}

}  // namespace geofield
