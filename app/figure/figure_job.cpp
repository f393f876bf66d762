#include "figure/figure_job.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "errors.h"
#include "figure/figure_paint.h"
#include "figure/land_mask.h"
#include "figure/maidenhead_grid.h"
#include "figure/place_labels.h"
#include "figure/route_overlay.h"
#include "gl/gl_check.h"

namespace geofield {
namespace {

// About 0.1 s of llvmpipe's fragment work a band: the window stays responsive on the CPU.
constexpr long kPixelsPerStep = 1L << 19;

}  // namespace

FigureJob::FigureJob(Renderer* renderer, const FieldParams& view, int width_px,
                     const std::string& title, const StyleForSize& style_for,
                     const std::string& width_option, const FigureSites& sites,
                     const FigureLook& look)
    : renderer_(renderer), layout_(layout_figure(view, width_px, title, style_for, sites, look)) {
  GLint max_rb = 0;
  GF_GL(glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb));
  if (std::optional<std::string> why =
          figure_size_problem(layout_, view, title, style_for, max_rb, width_option)) {
    throw UsageError(*why);
  }
  target_ = std::make_unique<OffscreenTarget>(layout_.map.w, layout_.map.h);
  rows_per_step_ = static_cast<int>(std::max(1L, kPixelsPerStep / layout_.map.w));
}

void FigureJob::step() {
  if (done()) return;
  const int w = layout_.map.w, h = layout_.map.h;
  const int rows = std::min(rows_per_step_, h - next_row_);
  GLint previous = 0;
  GF_GL(glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &previous));
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, target_->fbo));
  // The whole map's viewport, cut to this band: the same picture as one draw, in pieces.
  GF_GL(glEnable(GL_SCISSOR_TEST));
  GF_GL(glScissor(0, h - next_row_ - rows, w, rows));  // GL's rows count from the bottom
  renderer_->draw(0, 0, w, h, draw_style_ ? *draw_style_ : layout_.style);
  GF_GL(glDisable(GL_SCISSOR_TEST));
  GF_GL(glFinish());
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous)));
  next_row_ += rows;
}

Image FigureJob::read_map() {
  while (!done()) step();
  if (!target_) GF_FAIL("figure: the map was read already");
  const int w = layout_.map.w, h = layout_.map.h;
  Image map{w, h, std::vector<std::uint8_t>(static_cast<size_t>(w) * h * 4)};
  GLint previous = 0;
  GF_GL(glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous));
  GF_GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, target_->fbo));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 1));
  GF_GL(glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, map.rgba.data()));
  GF_GL(glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous)));
  target_.reset();
  // GL's row 0 is the bottom; pictures start at the top.
  const size_t stride = static_cast<size_t>(w) * 4;
  std::vector<std::uint8_t> row(stride);
  for (int r = 0; r < h / 2; ++r) {
    std::memcpy(row.data(), &map.rgba[r * stride], stride);
    std::memcpy(&map.rgba[r * stride], &map.rgba[(h - 1 - r) * stride], stride);
    std::memcpy(&map.rgba[(h - 1 - r) * stride], row.data(), stride);
  }
  return map;
}

MapLines FigureJob::map_lines() const {
  const ViewStyle& s = layout_.style;
  std::vector<float> field;
  if (s.contour_interval > 0) {
    const FieldTexture& t = renderer_->field();
    if (t.nx() != s.field_nx || t.ny() != s.field_ny) {
      GF_FAIL("figure: the field is not the map's, for its rings");
    }
    field.resize(static_cast<size_t>(t.nx()) * t.ny());
    read_texture_rows(t.id(), t.nx(), t.ny(), field.data());
  }
  return geofield::map_lines(s, layout_.map.w, layout_.map.h, field, site_lines_.as_line_set());
}

void FigureJob::add_maidenhead() { add_maidenhead_grid(&layout_); }

void FigureJob::add_route(const FieldParams& view, const RouteEnd& end) {
  geofield::add_route(&layout_, view, end);
}

void FigureJob::add_places(const FieldParams& view) {
  add_place_labels(&layout_, view, embedded_places().places);
}

void FigureJob::add_land_mask() {
  ViewStyle& s = layout_.style;
  if (!(s.overlay.land_rgba[3] > 0) && !(s.overlay.ocean_rgba[3] > 0)) return;
  land_mask_.upload(layout_.map.w, layout_.map.h, land_mask(s, layout_.map.w, layout_.map.h));
  s.land_mask = land_mask_.id();
  if (draw_style_) draw_style_->land_mask = s.land_mask;
}

Image FigureJob::finish() { return paint_figure(layout_, read_map()); }

ViewStyle figure_style(const StyleForSize& style_for, int figure_width_px, int map_w, int map_h) {
  return figure_style_grown(style_for, figure_scale(figure_width_px), map_w, map_h);
}

ViewStyle styled_figure_style(const StyleForSize& style_for, const FigureStyle& style, int dpi,
                              int map_w, int map_h) {
  const double grow = std::min(1.5, figure_scale_for_font(figure_look_of(style, dpi).font_px));
  ViewStyle st = figure_style_grown(style_for, grow, map_w, map_h);
  apply_figure_style(style, dpi, &st);
  return st;
}

ViewStyle figure_style_grown(const StyleForSize& style_for, double grow, int map_w, int map_h) {
  ViewStyle st = style_for(map_w, map_h);
  const ViewStyle coarse = style_for(std::max(2, static_cast<int>(std::lround(map_w / grow))),
                                     std::max(2, static_cast<int>(std::lround(map_h / grow))));
  st.graticule_lat_step_deg = coarse.graticule_lat_step_deg;
  st.graticule_lon_step_deg = coarse.graticule_lon_step_deg;
  const double lines = std::max(1.0, grow);  // never thinner than the window's
  st.marker_radius_px *= lines;
  st.lines.width_px *= static_cast<float>(lines);
  st.lines.sites_width_px *= static_cast<float>(lines);
  st.background_rgb = kFigurePageRgb;  // a globe or disc stands on the page, not on a grey square
  return st;
}

Image make_figure(Renderer* renderer, const FieldParams& view, int width_px,
                  const std::string& title, const StyleForSize& style_for,
                  const std::string& width_option) {
  FigureJob job(renderer, view, width_px, title, style_for, width_option);
  return job.finish();
}

}  // namespace geofield
