#include "gl/line_layer.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "field_math.h"
#include "gl/drawing_shader_source.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "gl/renderer.h"
#include "projection.h"
#include "shader_lines_frag.h"
#include "shader_lines_vert.h"

namespace geofield {
namespace {

// Segments per culling block: small enough that a zoomed view skips most of the 10m data,
// large enough that the per-frame test over blocks costs nothing (~5600 blocks at 10m).
constexpr size_t kBlockSegments = 256;

// x as a float pair whose sum is x to ~1e-14 relative: a shader's float keeps its digits
// when the large part is subtracted first.
std::pair<float, float> split(double x) {
  const float hi = static_cast<float>(x);
  return {hi, static_cast<float>(x - hi)};
}

}  // namespace

// Equal Earth: parallels are rows, so the latitudes are those of the top and bottom rows; the
// widest longitude reach of the map's half-width is on the row nearest a pole (lambda grows
// with |theta| at a given x: slope / cos theta does).
GeoBounds eqearth_bounds(const MapFrame& m) {
  const ProjectionCentre<double> c = make_projection_centre(0.0, m.centre_lon_deg);
  const double top = std::min(m.half_height, kEqEarthMaxY * m.radius);
  const SpherePoint<double> row = eqearth_inverse(c, 0.0, top, m.radius);
  const double lat = row.valid ? row.lat_deg : 90.0;
  GeoBounds b{-lat, lat, -180.0, 360.0};
  const SpherePoint<double> corner = eqearth_inverse(c, m.half_width, top, m.radius);
  if (corner.valid && corner.dlon_deg < 179.0) {
    b.lon_min_deg = m.centre_lon_deg - corner.dlon_deg;
    b.lon_span_deg = 2 * corner.dlon_deg;
  }
  return b;
}

// The cap about the centre out to the map's corner (aeqd: the corner's radius is the arc;
// ortho: its sine); eqearth's box above.
GeoBounds cap_bounds(const MapFrame& m) {
  if (m.projection == Projection::eqearth) return eqearth_bounds(m);
  const double corner = std::hypot(m.half_width, m.half_height) / m.radius;
  const double c = m.projection == Projection::ortho ? (corner >= 1 ? kPi / 2 : std::asin(corner))
                                                     : std::min(corner, kPi);
  const double c_deg = c / kRadPerDeg;
  GeoBounds b{std::max(-90.0, m.centre_lat_deg - c_deg), std::min(90.0, m.centre_lat_deg + c_deg),
              -180.0, 360.0};
  const double cos_lat = std::cos(m.centre_lat_deg * kRadPerDeg);
  const double s = std::sin(c) / std::max(cos_lat, 1e-12);
  if (m.centre_lat_deg + c_deg < 90.0 && m.centre_lat_deg - c_deg > -90.0 && s < 1.0) {
    const double dlon = std::asin(s) / kRadPerDeg;
    b.lon_min_deg = m.centre_lon_deg - dlon;
    b.lon_span_deg = 2 * dlon;
  }
  return b;
}

LineScale scale_for_map(const MapFrame& map) {
  // The scale as a lat/lon view of the map's angular size would take (ortho: the arc whose
  // sine the half-width is; the whole disc is a hemisphere, 180 degrees).
  // eqearth: the longitudes of the half-width on the equator.
  const double half = std::max(map.half_width, map.half_height) / map.radius;
  const double arc = map.projection == Projection::ortho     ? std::asin(std::min(1.0, half))
                     : map.projection == Projection::eqearth ? kEqEarthM * kEqEarthA1 * half
                                                             : half;
  const double span_deg = std::min(360.0, 2 * arc / kRadPerDeg);
  return scale_for_view(span_deg, std::min(180.0, span_deg));
}

LineLayer::LineLayer() {
  const std::string vert = drawing_shader_source(embedded::shader_lines_vert);
  program_ =
      link_program({compile_shader(GL_VERTEX_SHADER, vert.c_str(), "lines.vert"),
                    compile_shader(GL_FRAGMENT_SHADER, embedded::shader_lines_frag, "lines.frag")});
  loc_lon_ = glGetUniformLocation(program_, "u_lon_map");
  loc_lat_ = glGetUniformLocation(program_, "u_lat_map");
  loc_viewport_ = glGetUniformLocation(program_, "u_viewport_px");
  loc_half_width_ = glGetUniformLocation(program_, "u_half_width_px");
  loc_color_ = glGetUniformLocation(program_, "u_color");
  loc_projection_ = glGetUniformLocation(program_, "u_projection");
  loc_centre_ = glGetUniformLocation(program_, "u_centre_deg");
  loc_half_map_ = glGetUniformLocation(program_, "u_half_map");
  loc_radius_ = glGetUniformLocation(program_, "u_radius");
  GF_GL(glCreateVertexArrays(1, &vertex_array_));  // no attributes: the shader reads the SSBO
}

LineLayer::~LineLayer() {
  for (auto& [key, set] : sets_) glDeleteBuffers(1, &set.buffer);
  if (sites_.buffer != 0) glDeleteBuffers(1, &sites_.buffer);
  glDeleteVertexArrays(1, &vertex_array_);
  glDeleteProgram(program_);
}

const LineLayer::Uploaded& LineLayer::uploaded(LineKind kind, LineScale scale) {
  auto it = sets_.find({kind, scale});
  if (it != sets_.end()) return it->second;
  return sets_.emplace(std::make_pair(kind, scale), upload(embedded_lines(kind, scale)))
      .first->second;
}

void LineLayer::set_sites(const LineSet& lines) {
  if (sites_.buffer != 0) glDeleteBuffers(1, &sites_.buffer);
  sites_ = Uploaded{};
  if (lines.points() >= 2) sites_ = upload(lines);
}

template <typename Draw>
void LineLayer::draw_sites(const LineOverlay& o, Draw draw) {
  if (!o.sites || sites_.blocks.empty()) return;
  GF_GL(glUniform1f(loc_half_width_, 0.5f * (o.sites_width_px + kSiteEdgePx)));
  draw(std::array<float, 4>{0, 0, 0, kSiteEdgeAlpha});
  GF_GL(glUniform1f(loc_half_width_, 0.5f * o.sites_width_px));
  draw(o.sites_rgba);
  GF_GL(glUniform1f(loc_half_width_, 0.5f * o.width_px));
}

template <typename Draw>
void LineLayer::draw_haloed(const LineOverlay& o, const std::array<float, 4>& rgba, Draw draw) {
  if (o.halo_px > 0 && o.halo_rgba[3] > 0) {
    GF_GL(glUniform1f(loc_half_width_, 0.5f * o.width_px + o.halo_px));
    draw(std::array<float, 4>{o.halo_rgba[0], o.halo_rgba[1], o.halo_rgba[2],
                              o.halo_rgba[3] * rgba[3]});
    GF_GL(glUniform1f(loc_half_width_, 0.5f * o.width_px));
  }
  draw(rgba);
}

LineLayer::Uploaded LineLayer::upload(const LineSet& lines) {
  std::vector<float> segments;
  segments.reserve(lines.points() * 4);
  Uploaded up;
  // Blocks never span two polylines: consecutive polylines may lie far apart (islands), and
  // a block around both would be drawn in every view between them.
  for (size_t k = 0; k + 1 < lines.starts.size(); ++k) {
    const size_t polyline_first = segments.size() / 4;
    for (std::uint32_t p = lines.starts[k]; p + 1 < lines.starts[k + 1]; ++p) {
      segments.insert(segments.end(), &lines.lonlat[2 * p], &lines.lonlat[2 * p + 4]);
    }
    const size_t end = segments.size() / 4;
    for (size_t first = polyline_first; first < end; first += kBlockSegments) {
      Block b;
      b.first = static_cast<GLuint>(first);
      b.count = static_cast<GLuint>(std::min(kBlockSegments, end - first));
      up.blocks.push_back(b);
    }
  }
  for (Block& b : up.blocks) {
    b.lon_min = b.lat_min = 1e9f;
    b.lon_max = b.lat_max = -1e9f;
    for (size_t s = b.first; s < b.first + b.count; ++s) {
      for (int e = 0; e < 2; ++e) {
        const float lon = segments[4 * s + 2 * e], lat = segments[4 * s + 2 * e + 1];
        b.lon_min = std::min(b.lon_min, lon);
        b.lon_max = std::max(b.lon_max, lon);
        b.lat_min = std::min(b.lat_min, lat);
        b.lat_max = std::max(b.lat_max, lat);
      }
    }
  }
  GF_GL(glCreateBuffers(1, &up.buffer));
  GF_GL(glNamedBufferStorage(up.buffer, static_cast<GLsizeiptr>(segments.size() * sizeof(float)),
                             segments.data(), 0));
  return up;
}

// One copy of the world: the blocks inside the view (in the copy's own longitudes), merged
// where they follow each other, drawn by one call (glMultiDrawArrays takes its ranges from
// memory: no buffer to rewrite every frame).
void LineLayer::draw_set(const Uploaded& set, const GeoBounds& view, double west_deg,
                         const std::array<float, 4>& rgba) {
  const double east_deg = west_deg + view.lon_span_deg;
  firsts_.clear();
  counts_.clear();
  for (const Block& b : set.blocks) {
    if (b.lon_max < west_deg || b.lon_min > east_deg || b.lat_max < view.lat_min_deg ||
        b.lat_min > view.lat_max_deg) {
      continue;
    }
    last_segments_ += b.count;
    // Six vertices (two triangles) a segment.
    const GLint first = static_cast<GLint>(6 * b.first);
    const GLsizei count = static_cast<GLsizei>(6 * b.count);
    if (!firsts_.empty() && firsts_.back() + counts_.back() == first) {
      counts_.back() += count;  // follows the last range: extend it
      continue;
    }
    firsts_.push_back(first);
    counts_.push_back(count);
  }
  if (firsts_.empty()) return;
  const auto [west_hi, west_lo] = split(west_deg);
  GF_GL(glUniform3f(loc_lon_, west_hi, west_lo, static_cast<float>(1.0 / view.lon_span_deg)));
  multi_draw(set, rgba);
}

void LineLayer::multi_draw(const Uploaded& set, const std::array<float, 4>& rgba) {
  GF_GL(glUniform4f(loc_color_, rgba[0], rgba[1], rgba[2], rgba[3]));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, set.buffer));
  GF_GL(glMultiDrawArrays(GL_TRIANGLES, firsts_.data(), counts_.data(),
                          static_cast<GLsizei>(firsts_.size())));
}

void LineLayer::draw_set_once(const Uploaded& set, const GeoBounds& cull,
                              const std::array<float, 4>& rgba) {
  firsts_.clear();
  counts_.clear();
  const double west = reduce_deg_180(cull.lon_min_deg), east = west + cull.lon_span_deg;
  for (const Block& b : set.blocks) {
    if (b.lat_max < cull.lat_min_deg || b.lat_min > cull.lat_max_deg) continue;
    // The block's longitudes in [-180, 180]; the box's from `west` in [-180, 180), maybe past 180.
    const bool in = (b.lon_max >= west && b.lon_min <= east) ||
                    (b.lon_max + 360.0 >= west && b.lon_min + 360.0 <= east);
    if (!in) continue;
    last_segments_ += b.count;
    const GLint first = static_cast<GLint>(6 * b.first);
    const GLsizei count = static_cast<GLsizei>(6 * b.count);
    if (!firsts_.empty() && firsts_.back() + counts_.back() == first) {
      counts_.back() += count;
      continue;
    }
    firsts_.push_back(first);
    counts_.push_back(count);
  }
  if (!firsts_.empty()) multi_draw(set, rgba);
}

void LineLayer::begin(int width, int height, const LineOverlay& o, bool* blend_was_on) {
  *blend_was_on = glIsEnabled(GL_BLEND);
  GF_GL(glEnable(GL_BLEND));
  // Colour blends by coverage; the picture's alpha stays opaque.
  GF_GL(glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE));
  GF_GL(glUseProgram(program_));
  GF_GL(glBindVertexArray(vertex_array_));
  GF_GL(glUniform2f(loc_viewport_, static_cast<float>(width), static_cast<float>(height)));
  GF_GL(glUniform1f(loc_half_width_, 0.5f * o.width_px));
}

void LineLayer::draw_projected(const MapFrame& map, int width, int height, const LineOverlay& o) {
  last_segments_ = 0;
  if (!map.projected() || width <= 0 || height <= 0 || (!o.coastlines && !o.borders && !o.sites)) {
    return;
  }
  const GeoBounds cull = cap_bounds(map);
  const LineScale scale = scale_for_map(map);
  bool blend_was_on = false;
  begin(width, height, o, &blend_was_on);
  GF_GL(glUniform1i(loc_projection_, static_cast<int>(map.projection)));
  GF_GL(glUniform2f(loc_centre_, static_cast<float>(map.centre_lat_deg),
                    static_cast<float>(map.centre_lon_deg)));
  GF_GL(glUniform2f(loc_half_map_, static_cast<float>(map.half_width),
                    static_cast<float>(map.half_height)));
  GF_GL(glUniform1f(loc_radius_, static_cast<float>(map.radius)));
  const auto once = [&](LineKind kind) {
    return [this, &cull, set = &uploaded(kind, scale)](const std::array<float, 4>& rgba) {
      draw_set_once(*set, cull, rgba);
    };
  };
  if (o.borders) draw_haloed(o, o.border_rgba, once(LineKind::borders));
  if (o.coastlines) draw_haloed(o, o.coast_rgba, once(LineKind::coastlines));
  draw_sites(o, [&](const std::array<float, 4>& rgba) { draw_set_once(sites_, cull, rgba); });
  if (!blend_was_on) GF_GL(glDisable(GL_BLEND));
}

void LineLayer::draw(const GeoBounds& view, int width, int height, const LineOverlay& o) {
  last_segments_ = 0;
  if (!view.valid() || width <= 0 || height <= 0 || (!o.coastlines && !o.borders && !o.sites)) {
    return;
  }
  const LineScale scale = scale_for_view(view.lon_span_deg, view.lat_max_deg - view.lat_min_deg);
  bool blend_was_on = false;
  begin(width, height, o, &blend_was_on);
  GF_GL(glUniform1i(loc_projection_, static_cast<int>(Projection::latlon)));
  const double lat_span = view.lat_max_deg - view.lat_min_deg;
  const auto [north_hi, north_lo] = split(view.lat_max_deg);
  GF_GL(glUniform3f(loc_lat_, north_hi, north_lo, static_cast<float>(1.0 / lat_span)));
  // The data's longitudes are in [-180, 180]; the view's west edge is brought into
  // [-180, 180), so the view ends before 540 and needs the world at most twice: as it is,
  // and shifted by 360 where the view runs past 180.
  const double west = reduce_deg_180(view.lon_min_deg);
  for (const double shift : {0.0, 360.0}) {
    if (shift > 0 && west + view.lon_span_deg <= 180.0) break;
    const auto copy = [&](LineKind kind) {
      return [this, &view, west = west - shift, set = &uploaded(kind, scale)](
                 const std::array<float, 4>& rgba) { draw_set(*set, view, west, rgba); };
    };
    if (o.borders) draw_haloed(o, o.border_rgba, copy(LineKind::borders));
    if (o.coastlines) draw_haloed(o, o.coast_rgba, copy(LineKind::coastlines));
    draw_sites(
        o, [&](const std::array<float, 4>& rgba) { draw_set(sites_, view, west - shift, rgba); });
  }
  if (!blend_was_on) GF_GL(glDisable(GL_BLEND));
}

}  // namespace geofield
