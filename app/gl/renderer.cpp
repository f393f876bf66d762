#include "gl/renderer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "errors.h"
#include "field_math.h"
#include "gl/drawing_shader_source.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "gl/offscreen_target.h"
#include "projection.h"
#include "shader_field_frag.h"
#include "shader_field_vert.h"

namespace geofield {
namespace {

bool is_projected(const ViewStyle& s) {
  return s.map.projected() && s.field_map.projected() &&
         s.map.projection == s.field_map.projection && s.field_nx > 1 && s.field_ny > 1;
}

// The field's grid fraction (0 = first node, 1 = last) as an offset and a scale of the viewport
// fraction, from the fraction of the field's box: the same with nodes on the box's edges, and
// (f n - 1/2) / (n - 1) with nodes at the centres of n cells (pixel registration).
void set_grid_fraction(GLint location, double x0, double sx, double y0, double sy,
                       const ViewStyle& s) {
  if (s.field_cells) {
    const double nx = s.field_nx, ny = s.field_ny;
    x0 = (x0 * nx - 0.5) / (nx - 1), sx *= nx / (nx - 1);
    y0 = (y0 * ny - 0.5) / (ny - 1), sy *= ny / (ny - 1);
  }
  GF_GL(glUniform4f(location, static_cast<float>(x0), static_cast<float>(sx),
                    static_cast<float>(y0), static_cast<float>(sy)));
}

bool is_latlon_geo(const ViewStyle& s) {
  return !s.map.projected() && s.view.valid() && s.field.valid() && s.field_nx > 1 &&
         s.field_ny > 1;
}

}  // namespace

Renderer::Renderer() {
  const std::string frag = drawing_shader_source(embedded::shader_field_frag);
  program_ =
      link_program({compile_shader(GL_VERTEX_SHADER, embedded::shader_field_vert, "field.vert"),
                    compile_shader(GL_FRAGMENT_SHADER, frag.c_str(), "field.frag")});
  loc_value_min_ = glGetUniformLocation(program_, "u_value_min");
  loc_value_max_ = glGetUniformLocation(program_, "u_value_max");
  loc_reverse_ = glGetUniformLocation(program_, "u_reverse");
  loc_colormap_row_ = glGetUniformLocation(program_, "u_colormap_row");
  loc_remap_ = glGetUniformLocation(program_, "u_remap");
  loc_background_ = glGetUniformLocation(program_, "u_background");
  loc_tex_map_ = glGetUniformLocation(program_, "u_frac_map");
  loc_contour_ = glGetUniformLocation(program_, "u_contour_interval");
  loc_grid_lat_ = glGetUniformLocation(program_, "u_grid_lat");
  loc_grid_lon_ = glGetUniformLocation(program_, "u_grid_lon");
  loc_marker_ = glGetUniformLocation(program_, "u_marker");
  loc_viewport_ = glGetUniformLocation(program_, "u_viewport_px");
  loc_projection_ = glGetUniformLocation(program_, "u_projection");
  loc_centre_ = glGetUniformLocation(program_, "u_centre_deg");
  loc_half_ = glGetUniformLocation(program_, "u_half_map");
  loc_radius_ = glGetUniformLocation(program_, "u_radius");
  loc_projected_grid_ = glGetUniformLocation(program_, "u_projected_grid");
  loc_by_centre_ = glGetUniformLocation(program_, "u_by_centre");
  loc_boundaries_ = glGetUniformLocation(program_, "u_boundaries");
  loc_ring_rgba_ = glGetUniformLocation(program_, "u_ring_rgba");
  loc_ring_widths_ = glGetUniformLocation(program_, "u_ring_widths");
  loc_ring_major_ = glGetUniformLocation(program_, "u_ring_major");
  loc_grid_rgba_ = glGetUniformLocation(program_, "u_grid_rgba");
  loc_grid_width_ = glGetUniformLocation(program_, "u_grid_width");
  loc_halo_ = glGetUniformLocation(program_, "u_halo_px");
  loc_marker_shape_ = glGetUniformLocation(program_, "u_marker_shape");
  loc_marker_widths_ = glGetUniformLocation(program_, "u_marker_widths");
  loc_land_rgba_ = glGetUniformLocation(program_, "u_land_rgba");
  loc_ocean_rgba_ = glGetUniformLocation(program_, "u_ocean_rgba");
  loc_tint_ = glGetUniformLocation(program_, "u_tint");
  GF_GL(glCreateVertexArrays(1, &vertex_array_));

  std::vector<std::uint8_t> rgba(256 * kColormapCount * 4);
  for (int k = 0; k < kColormapCount; ++k) {
    const std::uint8_t* rgb = colormap_rgb(static_cast<Colormap>(k));
    for (int e = 0; e < 256; ++e) {
      std::memcpy(&rgba[(k * 256 + e) * 4], &rgb[e * 3], 3);
      rgba[(k * 256 + e) * 4 + 3] = 255;
    }
  }
  GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &colormaps_));
  GF_GL(glTextureStorage2D(colormaps_, 1, GL_RGBA8, 256, kColormapCount));
  GF_GL(glTextureSubImage2D(colormaps_, 0, 0, 0, 256, kColormapCount, GL_RGBA, GL_UNSIGNED_BYTE,
                            rgba.data()));
  // Linear along a row blends neighbouring entries; rows are sampled at their centres.
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_MIN_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_MAG_FILTER, GL_LINEAR));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE));
  GF_GL(glTextureParameteri(colormaps_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE));

  GF_GL(glUseProgram(program_));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_field"), 0));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_colormaps"), 1));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_index"), 2));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_centre_colours"), 3));
  GF_GL(glUniform1i(glGetUniformLocation(program_, "u_land_mask"), 4));
  set_centre_colours({0xffffff});  // a complete texture before any centres
}

GLuint Renderer::one_site_index() const {
  if (one_site_index_.id() == 0) {
    const std::int32_t zero = 0;
    one_site_index_.upload(1, 1, std::span<const std::int32_t>(&zero, 1));
  }
  return one_site_index_.id();
}

void Renderer::set_site_lines(const LineSet& lines) {
  if (!lines_) lines_ = std::make_unique<LineLayer>();
  lines_->set_sites(lines);
}

void Renderer::set_centre_colours(const std::vector<std::uint32_t>& rgb) {
  if (rgb.empty() || rgb == centre_rgb_) return;
  const int n = static_cast<int>(rgb.size());
  // Rows of kColourRow texels (centre k at (k % w, k / w)): a texture is at most a few
  // thousand texels wide, and the window holds up to ten million centres.
  constexpr int kColourRow = 4096;
  const int w = std::min(n, kColourRow), h = (n + kColourRow - 1) / kColourRow;
  if (centre_colours_ == 0 || n != centre_colours_n_) {
    if (centre_colours_ != 0) GF_GL(glDeleteTextures(1, &centre_colours_));
    centre_colours_ = 0;
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &centre_colours_));
    GF_GL(glTextureStorage2D(centre_colours_, 1, GL_RGBA8, w, h));
    GF_GL(glTextureParameteri(centre_colours_, GL_TEXTURE_MIN_FILTER, GL_NEAREST));
    GF_GL(glTextureParameteri(centre_colours_, GL_TEXTURE_MAG_FILTER, GL_NEAREST));
    centre_colours_n_ = n;
  }
  std::vector<std::uint8_t> rgba(std::size_t(w) * std::size_t(h) * 4, 255);
  for (std::size_t k = 0; k < rgb.size(); ++k) {
    rgba[k * 4 + 0] = static_cast<std::uint8_t>(rgb[k] >> 16);
    rgba[k * 4 + 1] = static_cast<std::uint8_t>(rgb[k] >> 8);
    rgba[k * 4 + 2] = static_cast<std::uint8_t>(rgb[k]);
    rgba[k * 4 + 3] = 255;
  }
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(
      glTextureSubImage2D(centre_colours_, 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data()));
  centre_rgb_ = rgb;
}

// Everything in degrees is reduced to small numbers here, in double, so the shader's floats
// keep their digits however far one zooms in.
void Renderer::set_geography_uniforms(int width, int height, const ViewStyle& s) {
  const bool geo = is_latlon_geo(s) || is_projected(s);
  GF_GL(glUniform1i(loc_remap_, geo ? 1 : 0));
  GF_GL(glUniform2f(loc_viewport_, static_cast<float>(width), static_cast<float>(height)));
  GF_GL(glUniform1i(loc_projection_, geo ? static_cast<int>(s.map.projection) : 0));
  if (is_projected(s)) {
    set_projected_uniforms(width, height, s);
    return;
  }
  if (!geo) {
    GF_GL(glUniform1f(loc_contour_, 0.0f));
    GF_GL(glUniform2f(loc_grid_lat_, 0.0f, 0.0f));
    GF_GL(glUniform2f(loc_grid_lon_, 0.0f, 0.0f));
    GF_GL(glUniform4f(loc_marker_, 0.0f, 0.0f, 0.0f, 0.0f));
    return;
  }
  const GeoBounds& v = s.view;
  const GeoBounds& f = s.field;
  const double v_lat = v.lat_max_deg - v.lat_min_deg, f_lat = f.lat_max_deg - f.lat_min_deg;
  // Fraction of the field's grid (0 = first node, 1 = last) at viewport fraction (u, v).
  const double d_centre =
      reduce_deg_180((v.lon_min_deg + v.lon_span_deg / 2) - (f.lon_min_deg + f.lon_span_deg / 2));
  const double west_off = d_centre + f.lon_span_deg / 2 - v.lon_span_deg / 2;
  set_grid_fraction(loc_tex_map_, west_off / f.lon_span_deg, v.lon_span_deg / f.lon_span_deg,
                    (f.lat_max_deg - v.lat_max_deg) / f_lat, v_lat / f_lat, s);
  GF_GL(glUniform2i(glGetUniformLocation(program_, "u_field_size"), s.field_nx, s.field_ny));
  GF_GL(glUniform1f(loc_contour_, static_cast<float>(s.contour_interval)));
  // Graticule: line k sits where t is an integer; t measured from a line near the edge.
  if (s.graticule_lat_step_deg > 0) {
    const double step = s.graticule_lat_step_deg;
    const double base = std::round(v.lat_max_deg / step) * step;
    GF_GL(glUniform2f(loc_grid_lat_, static_cast<float>((v.lat_max_deg - base) / step),
                      static_cast<float>(v_lat / step)));
  } else {
    GF_GL(glUniform2f(loc_grid_lat_, 0.0f, 0.0f));
  }
  if (s.graticule_lon_step_deg > 0) {
    const double step = s.graticule_lon_step_deg;
    const double base = std::round(v.lon_min_deg / step) * step;
    GF_GL(glUniform2f(loc_grid_lon_, static_cast<float>((v.lon_min_deg - base) / step),
                      static_cast<float>(v.lon_span_deg / step)));
  } else {
    GF_GL(glUniform2f(loc_grid_lon_, 0.0f, 0.0f));
  }
  const double dx =
      reduce_deg_180(s.marker_lon_deg - (v.lon_min_deg + v.lon_span_deg / 2)) + v.lon_span_deg / 2;
  set_marker_uniform(dx / v.lon_span_deg * width,
                     (v.lat_max_deg - s.marker_lat_deg) / v_lat * height, s, s.marker);
}

void Renderer::set_marker_uniform(double x_px, double y_px, const ViewStyle& s, bool on) {
  if (on) {
    GF_GL(glUniform4f(loc_marker_, static_cast<float>(x_px), static_cast<float>(y_px),
                      static_cast<float>(s.marker_radius_px), 1.0f));
  } else {
    GF_GL(glUniform4f(loc_marker_, 0.0f, 0.0f, 0.0f, 0.0f));
  }
}

void Renderer::set_look_uniforms(const ViewStyle& s) {
  const OverlayLook& o = s.overlay;
  auto vec4 = [](GLint loc, const std::array<float, 4>& c) {
    GF_GL(glUniform4f(loc, c[0], c[1], c[2], c[3]));
  };
  vec4(loc_ring_rgba_, o.ring_rgba);
  GF_GL(glUniform2f(loc_ring_widths_, o.ring_width_px, o.minor_ring_width_px));
  GF_GL(glUniform1i(loc_ring_major_, std::max(1, o.major_every)));
  vec4(loc_grid_rgba_, o.graticule_rgba);
  GF_GL(glUniform1f(loc_grid_width_, o.graticule_width_px));
  GF_GL(glUniform1f(loc_halo_, s.line_halo_px));
  GF_GL(glUniform1i(loc_marker_shape_, static_cast<int>(o.marker_shape)));
  GF_GL(glUniform2f(loc_marker_widths_, o.marker_dark_width_px, o.marker_light_width_px));
  vec4(loc_land_rgba_, o.land_rgba);
  vec4(loc_ocean_rgba_, o.ocean_rgba);
  const bool tint = s.land_mask != 0 && (o.land_rgba[3] > 0 || o.ocean_rgba[3] > 0);
  GF_GL(glUniform1i(loc_tint_, tint ? 1 : 0));
  GF_GL(glBindTextureUnit(4, tint ? s.land_mask : 0));
}

// A projected view: the field's frame is placed by an affine map (the texture holds the plane
// about its own centre); the graticule comes from the inverse projection per pixel in the
// shader, its lines at integers of t = offset + (angle from the centre) / step, the offsets
// taken here in double so the shader's floats stay small; the marker at its forward projection.
void Renderer::set_projected_uniforms(int width, int height, const ViewStyle& s) {
  const MapFrame& v = s.map;
  const MapFrame& f = s.field_map;
  // Where the view's centre lies on the field's plane: (0, 0) when they share it.
  double cx = 0, cy = 0;
  if (v.centre_lat_deg != f.centre_lat_deg || v.centre_lon_deg != f.centre_lon_deg) {
    const MapPoint<double> m =
        project<double>(f.projection, make_projection_centre(f.centre_lat_deg, f.centre_lon_deg),
                        v.centre_lat_deg, v.centre_lon_deg, f.radius);
    if (m.valid) cx = m.x, cy = m.y;
  }
  // Field fraction (0 = first node) at viewport fraction (u, v), v down from the top.
  set_grid_fraction(loc_tex_map_, (cx + f.half_width - v.half_width) / (2 * f.half_width),
                    v.half_width / f.half_width,
                    (f.half_height - cy - v.half_height) / (2 * f.half_height),
                    v.half_height / f.half_height, s);
  GF_GL(glUniform2i(glGetUniformLocation(program_, "u_field_size"), s.field_nx, s.field_ny));
  GF_GL(glUniform1f(loc_contour_, static_cast<float>(s.contour_interval)));
  GF_GL(glUniform2f(loc_centre_, static_cast<float>(v.centre_lat_deg),
                    static_cast<float>(v.centre_lon_deg)));
  GF_GL(
      glUniform2f(loc_half_, static_cast<float>(v.half_width), static_cast<float>(v.half_height)));
  GF_GL(glUniform1f(loc_radius_, static_cast<float>(v.radius)));
  GF_GL(glUniform2f(loc_grid_lat_, 0.0f, 0.0f));  // latlon's graticule off
  GF_GL(glUniform2f(loc_grid_lon_, 0.0f, 0.0f));
  const double lat_step = s.graticule_lat_step_deg, lon_step = s.graticule_lon_step_deg;
  if (lat_step > 0 && lon_step > 0) {
    const double lat_off = v.centre_lat_deg - std::round(v.centre_lat_deg / lat_step) * lat_step;
    const double lon_off = v.centre_lon_deg - std::round(v.centre_lon_deg / lon_step) * lon_step;
    GF_GL(glUniform4f(loc_projected_grid_, static_cast<float>(lat_off / lat_step),
                      static_cast<float>(1.0 / lat_step), static_cast<float>(lon_off / lon_step),
                      static_cast<float>(1.0 / lon_step)));
  } else {
    GF_GL(glUniform4f(loc_projected_grid_, 0.0f, 0.0f, 0.0f, 0.0f));
  }
  const MapPoint<double> m =
      project<double>(v.projection, make_projection_centre(v.centre_lat_deg, v.centre_lon_deg),
                      s.marker_lat_deg, s.marker_lon_deg, v.radius);
  set_marker_uniform((m.x / v.half_width + 1) / 2 * width, (1 - m.y / v.half_height) / 2 * height,
                     s, s.marker && m.valid);
}

Renderer::~Renderer() {
  glDeleteTextures(1, &colormaps_);
  glDeleteTextures(1, &centre_colours_);
  glDeleteVertexArrays(1, &vertex_array_);
  glDeleteProgram(program_);
}

void Renderer::draw(int x, int y, int width, int height, const ViewStyle& style) {
  if (width <= 0 || height <= 0 || field_.id() == 0) return;  // minimised, or nothing yet
  GF_GL(glViewport(x, y, width, height));
  GF_GL(glUseProgram(program_));
  GF_GL(glUniform1f(loc_value_min_, static_cast<float>(style.value_min)));
  GF_GL(glUniform1f(loc_value_max_, static_cast<float>(style.value_max)));
  GF_GL(glUniform1i(loc_reverse_, style.reverse ? 1 : 0));
  GF_GL(glUniform1i(loc_colormap_row_, static_cast<int>(style.colormap)));
  GF_GL(glUniform3f(loc_background_, ((style.background_rgb >> 16) & 0xff) / 255.0f,
                    ((style.background_rgb >> 8) & 0xff) / 255.0f,
                    (style.background_rgb & 0xff) / 255.0f));
  set_geography_uniforms(width, height, style);
  set_look_uniforms(style);
  GF_GL(glBindTextureUnit(0, field_.id()));
  GF_GL(glBindTextureUnit(1, colormaps_));
  // The index on every geographic view: its nodes are the field's (a projected view's too).
  const bool centres = style.index_texture != 0 && (is_latlon_geo(style) || is_projected(style));
  GF_GL(glUniform1i(loc_by_centre_, centres && style.colour_by_centre ? 1 : 0));
  GF_GL(glUniform1i(loc_boundaries_, centres && style.centre_boundaries ? 1 : 0));
  GF_GL(glBindTextureUnit(2, centres ? style.index_texture : 0));
  GF_GL(glBindTextureUnit(3, centre_colours_));
  GF_GL(glBindVertexArray(vertex_array_));
  GF_GL(glDrawArrays(GL_TRIANGLE_STRIP, 0, 4));
  if (style.lines.coastlines || style.lines.borders || style.lines.sites) {
    if (is_projected(style)) {
      if (!lines_) lines_ = std::make_unique<LineLayer>();
      lines_->draw_projected(style.map, width, height, style.lines);
    } else if (style.view.valid() && style.field.valid()) {
      if (!lines_) lines_ = std::make_unique<LineLayer>();
      lines_->draw(style.view, width, height, style.lines);
    }
  }
}

Image Renderer::render_image(int width, int height, const ViewStyle& style) {
  OffscreenTarget target(width, height);
  GLint previous = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous);
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, target.fbo));
  draw(0, 0, width, height, style);
  Image img{width, height, std::vector<std::uint8_t>(static_cast<size_t>(width) * height * 4)};
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
  GF_GL(glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, img.rgba.data()));
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous)));
  // GL's row 0 is the bottom; pictures start at the top.
  const size_t stride = static_cast<size_t>(width) * 4;
  std::vector<std::uint8_t> row(stride);
  for (int r = 0; r < height / 2; ++r) {
    std::uint8_t* a = &img.rgba[r * stride];
    std::uint8_t* b = &img.rgba[(height - 1 - r) * stride];
    std::memcpy(row.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, row.data(), stride);
  }
  return img;
}

}  // namespace geofield
