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

#include "backends/cpu_backend.h"
#include "backends/cuda_backend_factory.h"
#include "cli/distinct_outputs.h"
#include "cli/figure_defaults.h"
#include "cli/render_sites.h"
#include "cli/render_tile.h"
#include "cli/render_tiles.h"
#include "compute/bearing_field.h"
#include "compute/cpu_rows.h"
#include "compute/nearest_centre.h"
#include "compute/subgrid_field.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "export/npy_export.h"
#include "export/output_files.h"
#include "export/output_kinds.h"
#include "field_range.h"
#include "figure/figure_job.h"
#include "figure/figure_paint.h"
#include "figure/figure_vector.h"
#include "figure/site_names.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl/renderer.h"
#include "memory_limits.h"
#include "sites/builtin_sites.h"
#include "view/centre_palette.h"
#include "view/marked_sites.h"
#include "view/projected_view.h"
#include "view/site_polylines.h"
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

// The "wrote" line of the .npy written a block of rows at a time (no HostField of its values).
void say_wrote_npy(const RenderRequest& request, const FieldParams& params, Precision stored) {
  HostField shape;
  shape.nx = params.nx;
  shape.ny = params.ny;
  shape.precision = stored;
  OutputData data;
  data.params = &params;
  data.field = &shape;
  std::fprintf(stderr, "geofield: wrote %s (%s)\n",
               escaped_text(request.outputs[OutputId::npy]->string()).c_str(),
               output_kind(OutputId::npy).summary(data).c_str());
}

// The raw outputs (the field's and the index's) of one render written into `files` from data;
// the caller commits them with the pictures, so that all appear or none.
void write_raw_outputs(OutputFiles* files, const RenderRequest& request, const OutputData& data) {
  for (const OutputKind& k : output_kinds()) {
    if (k.source != OutputSource::picture && request.outputs[k.id]) {
      files->write(k, *request.outputs[k.id], data);
    }
  }
}

// Two outputs of one run must not be one file: the second would replace the first.
void check_distinct(const RenderRequest& request) {
  std::vector<std::pair<const char*, std::filesystem::path>> outs;
  for (const OutputKind& k : output_kinds()) {
    if (request.outputs[k.id]) outs.emplace_back(k.option, *request.outputs[k.id]);
  }
  check_distinct_outputs(outs);
}

}  // namespace

void check_render_request(const RenderRequest& request) {
  check_outputs_given(request);
  for (const OutputKind& k : output_kinds()) {
    if (request.outputs[k.id]) check_writable(*request.outputs[k.id], k.option);
  }
  check_distinct(request);
  for (const OutputKind& k : output_kinds()) {
    if (request.outputs[k.id] && k.require != nullptr) k.require();
  }
}

namespace {

// With --bearing: toward each node's nearest site over the whole grid, on the CPU whatever the
// backend (compute/bearing_field.h); empty otherwise.
std::vector<float> bearing_of(const RenderRequest& request, const FieldRequest& field) {
  if (!request.outputs[OutputId::bearing]) return {};
  return BearingField(field).subgrid(whole_grid(field.params.nx, field.params.ny));
}

// What the raw outputs of a render are written from.
OutputData raw_data(const RenderRequest& request, const FieldRequest& field,
                    const HostField& values, std::optional<std::size_t> centres,
                    std::span<const std::int32_t> index, std::span<const float> bearing) {
  OutputData data;
  data.params = &field.params;
  data.field = &values;
  data.centres = centres;
  data.sites = centres ? &field.sites : nullptr;
  data.index = index;
  data.bearing = bearing;
  data.cog = request.cog;
  data.history = request.command;
  return data;
}

// Whether the render writes one point's .npy alone: a block of rows at a time, never whole.
bool streams_npy(const RenderRequest& request, const FieldRequest& field) {
  return field.one_point() &&
         !request.outputs.any([](const OutputKind& k) { return k.id != OutputId::npy; });
}

// A .npy written a block of rows at a time holds each core's block in memory, not the field: the
// file must fit its disk instead. Throws UsageError naming --npy and the free space, or --size
// and the memory, when either is short.
void check_npy_stream_fits(const FieldParams& params, Precision stored,
                           const std::filesystem::path& path) {
  const std::size_t value = stored == Precision::f64 ? sizeof(double) : sizeof(float);
  // The values computed in double and written as float are copied, a block at a time.
  const std::uint64_t held =
      params.precision == Precision::f32 ? field_blocks_bytes<float>(params.nx)
      : stored == Precision::f64         ? field_blocks_bytes<double>(params.nx)
                                         : field_blocks_bytes<double>(params.nx, sizeof(float));
  if (const auto shortfall = memory_shortfall(held)) {
    throw UsageError("--size: " + std::to_string(params.nx) + "x" + std::to_string(params.ny) +
                     " written as .npy a block of rows at a time needs " + *shortfall);
  }
  HostField shape;  // the header needs only the shape and the type
  shape.nx = params.nx;
  shape.ny = params.ny;
  shape.precision = stored;
  const std::uint64_t bytes = npy_header(shape).size() + node_count(params) * value;
  if (const auto shortfall = disk_shortfall(path, bytes)) {
    throw UsageError("--npy: " + *shortfall);
  }
}

// The raw field from the CPU backend, with no GL at all.
void render_raw_on_cpu(const RenderRequest& request, const FieldRequest& field, Precision raw) {
  const FieldParams& params = field.params;
  if (streams_npy(request, field)) {
    check_npy_stream_fits(field.one_point_params(), raw, *request.outputs[OutputId::npy]);
  } else {
    check_size_fits(params, kMaxGridSide, false, request.outputs[OutputId::netcdf].has_value());
  }
  std::string reason;
  make_backend_for(request.view.backend, field, &reason);  // the one line that says why
  const std::optional<std::size_t> centres = sites_described(request, field);
  std::fprintf(stderr, "geofield: %s; raw field only: no GL needed%s\n", reason.c_str(),
               nearest_text(request, field).c_str());
  if (streams_npy(request, field)) {  // .npy alone: a block of rows at a time
    write_npy_from_cpu(field.one_point_params(), raw, *request.outputs[OutputId::npy]);
    say_wrote_npy(request, params, raw);
    return;
  }
  // The tiles' host computer over the whole grid: one point's field, or several sites' with
  // their index (0 everywhere for one point).
  std::vector<std::int32_t> index;
  const HostField values = compute_subgrid_on_cpu_host(field, whole_grid(params.nx, params.ny), raw,
                                                       centres ? &index : nullptr);
  const std::vector<float> bearing = bearing_of(request, field);
  OutputFiles files;
  write_raw_outputs(&files, request, raw_data(request, field, values, centres, index, bearing));
  files.commit(true);
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
  // A figure's default rings suit its colour range (as the window's automatic rings).
  const double rings = request.contour_interval > 0 ? request.contour_interval
                       : request.suited_rings ? ring_interval(style.value_min, style.value_max)
                                              : 0;
  if (rings <= 0 && !request.graticule && !request.marker && !request.coastlines &&
      !request.borders && !request.colour_by_centre && !request.sites && !request.maidenhead &&
      !request.figure_style.land && !request.figure_style.ocean) {  // tints need the geography
    return style;
  }
  style.view = style.field = {params.lat_min_deg, params.lat_max_deg, params.lon_min_deg,
                              lon_span_of(params)};
  style.map = style.field_map = map_frame_of(params);  // projected views: the grid's own frame
  style.field_nx = params.nx;
  style.field_ny = params.ny;
  style.field_cells = params.registration == Registration::pixel;
  style.contour_interval = rings;
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
  style.marker = request.marker && !request.sites;
  style.colour_by_centre = style.centre_boundaries = request.colour_by_centre;
  style.marker_lat_deg = params.ref_lat_deg;
  style.marker_lon_deg = params.ref_lon_deg;
  style.lines.coastlines = request.coastlines;
  style.lines.borders = request.borders;
  style.lines.coast_rgba = rgba_of(request.line_rgb, 1.0f);
  style.lines.border_rgba = rgba_of(request.line_rgb, kBorderAlpha);
  style.lines.sites = request.sites.has_value();  // drawn where the sites hold lines or rings
  return style;
}

// The nearest-centre index to colour by: the backend's, or one site's everywhere (its fast
// path keeps none).
GLuint index_texture_of(const FieldBackend& backend, const Renderer& renderer) {
  const GLuint t = backend.index_texture();
  return t != 0 ? t : renderer.one_site_index();
}

// The sites' colours (centre_palette, site k's at k), wanted for the point sites' markers (up
// to kMaxCentreMarkers) or for colouring by site; empty when neither is.
std::vector<std::uint32_t> centre_rgb_of(const RenderRequest& request, const FieldRequest& field,
                                         const MarkedPoints& points) {
  if (!request.sites) return {};
  const bool marks =
      (request.marker || (request.outputs[OutputId::figure] && request.figure_marks_centres)) &&
      !points.list->empty() && draws_centre_markers(points.list->size());
  if (!marks && !request.colour_by_centre) return {};
  return site_colours(field.sites);
}

// `render --png --marker` with sites: each point site's marker painted on the picture (one
// pixel a node), as on a figure. Lines and polygons are not drawn (docs/sites.md says why).
void paint_centre_marks(Image* picture, const FieldParams& params, const MarkedPoints& points,
                        std::span<const std::uint32_t> rgb, double radius_px) {
  const PixelRect whole{0, 0, picture->width, picture->height};
  for (const SiteMark& m : site_marks(params, whole, *points.list, rgb)) {
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
  RingField sites_field;  // several sites' field on the CPU, for the range and the rings' labels
  auto compute_sites_field = [&](const FieldParams& q) {
    FieldRequest sized = field;
    sized.params = q;
    CpuBackend host;
    host.compute_host(sized);
    figure_range = host.field().range();
    HostField f = host.take_host_field(Precision::f32);
    sites_field = {std::move(f.f32), f.nx, f.ny};
  };
  auto range_for = [&](const FieldParams& q) -> std::optional<ValueRange> {
    if (request.view.fixed_range) return std::nullopt;
    if (q.nx > max_texture || q.ny > max_texture) return ValueRange{0, 1};
    if (!figure_range && field.one_point()) {
      figure_range = field_range(FieldRequest{q, field.sites}.one_point_params());
    } else if (!figure_range) {
      compute_sites_field(q);  // several sites' range has no closed form: their values'
    }
    return figure_range;
  };
  // The rings' labels follow the field's contours: the field the range came from (of about the
  // map's size), else (a fixed range) computed now.
  FigureSites labelled = sites;
  if (!field.one_point()) {
    labelled.ring_field = [&](int w, int h) {
      if (w > max_texture || h > max_texture) return RingField{};  // refused for its size
      if (sites_field.values.empty()) compute_sites_field(field_for(w, h));
      return sites_field;
    };
  }
  const StyleForSize look = [&](int w, int h) {
    const FieldParams q = field_for(w, h);
    return picture_style(request, q, range_for(q));
  };
  // A reference given by name (or locator) is called so in the default title.
  std::string title = request.figure_title;
  if (title.empty() && !request.view.ref_label.empty() && field.one_point()) {
    title = default_figure_title(params, 0, "", request.view.ref_label);
  }
  // The style's sizes in points at the figure's dpi (figure_style.h).
  return std::make_unique<FigureJob>(
      renderer, params, request.figure_width, title,
      [&](int w, int h) {
        return styled_figure_style(look, request.figure_style, request.figure_dpi, w, h);
      },
      "--figure-width", labelled, figure_look_of(request.figure_style, request.figure_dpi));
}

// The figure's map computed into the renderer's field texture and drawn, then painted and
// written (not yet committed).
void write_figure(FigureJob& job, const RenderRequest& request, FieldRequest field,
                  Renderer* renderer, FieldBackend* backend, int max_texture, OutputFiles* files) {
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
  if (request.maidenhead) job.add_maidenhead();
  if (request.path) job.add_route(q, *request.path);
  if (request.places) job.add_places(q);
  job.add_land_mask();
  const std::filesystem::path& path = *request.outputs[OutputId::figure];
  const FigureFormat format = figure_format_of(path);
  OutputData data;
  data.dpi = request.figure_dpi;
  Image figure;
  std::vector<std::uint8_t> encoded;
  if (format == FigureFormat::png) {
    figure = job.finish();
    data.picture = &figure;
  } else {
    job.leave_lines_to_vectors();
    const Image map_picture = job.read_map();
    encoded = vector_figure(job.layout(), map_picture, job.map_lines(), format, request.figure_dpi);
    data.encoded = encoded;
    data.encoded_format = format == FigureFormat::pdf ? "PDF" : "SVG";
    data.width_px = job.layout().width;
  }
  files->write(output_kind(OutputId::figure), path, data);
  std::fprintf(stderr, "geofield: figure %dx%d, map %dx%d at (%d, %d)\n", job.layout().width,
               job.layout().height, map.w, map.h, map.x, map.y);
}

}  // namespace

void check_outputs_given(const RenderRequest& request) {
  if (!request.outputs.any()) {
    throw UsageError(
        "render: nothing to write: give " +
        output_options_text([](const OutputKind& k) { return k.source != OutputSource::index; },
                            "FILE"));
  }
}

int run_render(const RenderRequest& request) {
  // A place or locator is said with the point taken for it (which of the Romes, say).
  if (!request.view.ref_label.empty()) {
    std::fprintf(stderr, "geofield: reference %s at %.5f,%.5f\n", request.view.ref_label.c_str(),
                 request.view.params.ref_lat_deg, request.view.params.ref_lon_deg);
  }
  if (request.tile) return request.all_tiles ? run_render_tiles(request) : run_render_tile(request);
  check_render_request(request);
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  const Precision raw = request.f64 ? Precision::f64 : Precision::f32;
  const FieldRequest field = field_request_of(request, params);
  const std::optional<std::size_t> centres = sites_described(request, field);
  const bool png = request.outputs[OutputId::png].has_value();
  const bool figure = request.outputs[OutputId::figure].has_value();
  if (!png && !figure && request.view.backend == BackendChoice::cpu) {
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
  // Only the GPU backends' texture limits a raw field: the refusal says what computes a larger.
  check_size_fits(
      params, max_texture, png, request.outputs[OutputId::netcdf].has_value(),
      png || figure ? "" : "the raw field of a larger grid: --backend cpu, or --tile all/N");

  std::string reason;
  Renderer renderer;
  std::unique_ptr<FigureJob> figure_job;
  const MarkedPoints points = marked_points(field.sites);
  const std::vector<std::uint32_t> centre_rgb = centre_rgb_of(request, field, points);
  const std::vector<std::uint32_t> marks_rgb = marked_points_rgb(points, centre_rgb);
  if (!centre_rgb.empty()) renderer.set_centre_colours(centre_rgb);
  // A file's lines and rings over the map, as the window draws them. Built-in sets are the
  // coastline and border layers' data (--coastlines, --borders draw them, in --line-color).
  SitePolylines site_lines;
  if (field.sites.has_shapes() && !names_builtin_sites(request.sites->text)) {
    site_lines = site_polylines(*field.sites.shapes());
    renderer.set_site_lines(site_lines.as_line_set());
  }
  // The figure's own view: about the reference when nothing placed it (figure_defaults.h).
  FieldRequest figure_field = field;
  if (request.figure_about_ref) {
    FieldParams& q = figure_field.params;
    centre_view_on(&q, q.ref_lat_deg, q.ref_lon_deg);
  }
  if (figure) {
    FigureSites sites;
    if (request.sites) {
      sites.list = points.list;
      sites.rgb = marks_rgb;
      sites.marked = request.figure_marks_centres;
      sites.colour_by_centre = request.colour_by_centre;
      if (field.sites.has_shapes()) {
        sites.features = field.sites.size();
        sites.title_words = figure_sites_words(request, field);
      }
    }
    figure_job = start_figure(request, figure_field, sites, &renderer, max_texture);
    figure_job->set_site_lines(std::move(site_lines));  // a PDF's or SVG's vector lines
  }
  cuda_warm_up.reset();  // CUDA's start-up is done (or found nothing) before the backend is made
  std::unique_ptr<FieldBackend> backend = make_backend_for(request.view.backend, field, &reason);
  std::fprintf(stderr, "geofield: %s; %s%s\n", reason.c_str(), gl.description().c_str(),
               nearest_text(request, field).c_str());

  const bool raw_outputs =
      request.outputs.any([](const OutputKind& k) { return k.source != OutputSource::picture; });
  if (png || raw_outputs) {
    renderer.field().ensure_size(params.nx, params.ny);
    backend->compute(field, renderer.field());
    if (std::optional<std::string> n = backend->take_notice()) {
      std::fprintf(stderr, "geofield: %s\n", n->c_str());
    }
  }
  // Several sites' field has no closed-form range: the picture's is its values'.
  std::optional<HostField> values;
  if (raw_outputs || (png && !field.one_point())) {
    values = backend->read_field(renderer.field(), raw);
  }
  std::vector<std::int32_t> index;
  if (centres && request.outputs.any(&OutputKind::carries_index)) {
    index = backend->read_index();
  }

  // Every output is written whole and flushed before any is renamed into place: a failure
  // while writing (a full disk, a file-size limit) leaves no file, as a bad path does.
  OutputFiles files;
  if (png) {
    ViewStyle style = field.one_point()
                          ? picture_style(request, field.one_point_params())
                          : picture_style(request, params, host_values_range(*values));
    if (request.colour_by_centre) style.index_texture = index_texture_of(*backend, renderer);
    Image picture = renderer.render_image(params.nx, params.ny, style);
    if (request.sites && request.marker) {
      paint_centre_marks(&picture, params, points, marks_rgb, style.marker_radius_px);
    }
    OutputData data;
    data.picture = &picture;
    files.write(output_kind(OutputId::png), *request.outputs[OutputId::png], data);
  }
  const std::vector<float> bearing = bearing_of(request, field);
  if (raw_outputs) {
    write_raw_outputs(&files, request, raw_data(request, field, *values, centres, index, bearing));
  }
  // Last: it recomputes the field texture at the figure's map size.
  if (figure)
    write_figure(*figure_job, request, figure_field, &renderer, backend.get(), max_texture, &files);
  files.commit(true);
  return 0;
}

}  // namespace geofield
