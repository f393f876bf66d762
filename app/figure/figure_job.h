// A figure made a band of the map at a time, so the window can draw frames (progress, a
// Cancel button) between bands; `render` runs the bands in a loop. The map is drawn by the
// window's Renderer from its field texture, which must not change while the job runs.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "figure/figure_layout.h"
#include "figure/figure_style.h"
#include "figure/map_lines.h"
#include "figure/route_path.h"
#include "gl/mask_texture.h"
#include "gl/offscreen_target.h"
#include "gl/renderer.h"
#include "view/site_polylines.h"

namespace geofield {

class FigureJob {
 public:
  // Lays the figure out and makes the map's offscreen target (needs the current GL context
  // of renderer). Throws UsageError for a width out of range or beyond this GL's limit (with
  // the largest width that works, named width_option as the caller takes it).
  // sites: the field's sites when not the view's reference point (figure_layout.h).
  // look: the page's colours and text size (figure_look.h).
  FigureJob(Renderer* renderer, const FieldParams& view, int width_px, const std::string& title,
            const StyleForSize& style_for, const std::string& width_option = "figure width",
            const FigureSites& sites = {}, const FigureLook& look = {});

  const FigureLayout& layout() const { return layout_; }
  // The Maidenhead fields over the map (maidenhead_grid.h). Before the map is painted.
  void add_maidenhead();
  // The great circle from view's reference point to end (route_overlay.h), then the places'
  // names (place_labels.h), each clear of what is on the map already. Before the map is
  // painted; view: the figure's (any grid size).
  void add_route(const FieldParams& view, const RouteEnd& end);
  void add_places(const FieldParams& view);
  // The land mask for the style's land and sea tints (land_mask.h), when it has one: made and
  // uploaded now. Before the first step().
  void add_land_mask();
  // The nearest-site index the map is drawn with (ViewStyle::index_texture): the backend's,
  // known once the field is computed, which is after the layout. Before the first step().
  void set_index_texture(GLuint texture) { layout_.style.index_texture = texture; }
  // For a PDF or SVG: the map's picture drawn without the lines that map_lines() gives as
  // vectors. Before the first step().
  void leave_lines_to_vectors() { draw_style_ = without_map_lines(layout_.style); }
  // The map's lines (map_lines.h) from the field the renderer holds, which must be the map's
  // (a node a pixel, as `render` computes it). Needs the renderer's GL context.
  MapLines map_lines() const;
  // The sites' lines the renderer draws (Renderer::set_site_lines), for map_lines(); kept.
  void set_site_lines(SitePolylines lines) { site_lines_ = std::move(lines); }
  bool done() const { return next_row_ >= layout_.map.h; }
  double progress() const { return double(next_row_) / layout_.map.h; }  // 0..1

  // Draws the next band of map rows and waits for it (so a frame between bands is a real
  // pause, not a queue of GL work that stalls the last one).
  void step();
  // Reads the map back (drawing what is left first): a picture of layout().map's size. Once.
  Image read_map();
  // read_map(), then the figure painted around it (figure_paint.h; CPU only, so a caller may
  // do that part on another thread).
  Image finish();

 private:
  Renderer* renderer_;
  FigureLayout layout_;
  std::optional<ViewStyle> draw_style_;  // the map drawn in another look than layout_.style's
  SitePolylines site_lines_;
  std::unique_ptr<OffscreenTarget> target_;
  MaskTexture land_mask_;
  int next_row_ = 0;  // from the top of the map
  int rows_per_step_ = 1;
};

// The map's look at a figure's width: the graticule as dense as on a 1600-pixel figure (its
// labels grow with the width), lines and the marker grown to match. style_for gives the look
// for a map size, as the window or `render` draws it.
ViewStyle figure_style(const StyleForSize& style_for, int figure_width_px, int map_w_px,
                       int map_h_px);
// The same grown by grow (the figure's text over a 1600-pixel figure's, figure_scale).
ViewStyle figure_style_grown(const StyleForSize& style_for, double grow, int map_w_px,
                             int map_h_px);

// The same in a style (figure_style.h) at dpi: the graticule as dense as the style's text allows,
// but at most half again the window's (print text is large on a narrow figure, where a full
// share would leave one line or none), the overlays in the style's colours and widths. What
// `render --figure --style` and the window's Figure buttons both draw with.
ViewStyle styled_figure_style(const StyleForSize& style_for, const FigureStyle& style, int dpi,
                              int map_w_px, int map_h_px);

// The whole figure at once (the bands in a loop).
Image make_figure(Renderer* renderer, const FieldParams& view, int width_px,
                  const std::string& title, const StyleForSize& style_for,
                  const std::string& width_option = "figure width");

}  // namespace geofield
