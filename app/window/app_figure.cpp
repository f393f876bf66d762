// The window's figure export: the Export panel's "Figure PNG" (or "PDF", "SVG") makes the
// figure of the view on screen (app/figure) from the field the window shows, one band of the map
// a frame, so the window keeps drawing, shows the progress and can cancel; the painting around
// the map and the encoding (seconds for a large figure) run on a thread of their own. Every
// result is logged in the UI.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/png_export.h"
#include "figure/figure_layout.h"
#include "figure/figure_paint.h"
#include "figure/figure_style.h"
#include "figure/figure_vector.h"
#include "figure/measure_overlay.h"
#include "gl/field_texture.h"
#include "view/marked_sites.h"
#include "view/site_polylines.h"
#include "window/app.h"

namespace geofield {

void App::advance_figure(const UiActions& a) {
  auto stop = [&](bool ok, const std::string& why) {
    figure_.reset();
    figure_of_.reset();
    info_.figure_progress.reset();
    log_.add(ok, why);
  };
  if (figure_writing_.valid()) {  // the last figure's painting and writing
    if (figure_writing_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    try {
      stop(true, figure_writing_.get());
    } catch (const std::exception& e) {
      stop(false, std::string("figure failed: ") + e.what());
    }
    info_.figure_writing = false;
  }
  try {
    if (a.cancel_figure && figure_) stop(true, "figure cancelled");
    if (a.picture && !figure_) {
      const std::optional<FieldParams> shown = source_->shown();
      if (!shown) throw UsageError("no field yet");
      figure_path_ =
          export_path(("figure-" + std::to_string(exports_.figure_w)).c_str(), a.picture_ext);
      check_writable(figure_path_, "figure");
      const bool vectors = figure_format_of(figure_path_) != FigureFormat::png;
      // A PDF's rings are traced on the field's grid, which must be the view's: the field shown
      // while another computes lies elsewhere (the PNG draws it where it belongs).
      if (vectors && !(*shown == state_.params)) {
        throw UsageError("the view is still being computed; ask again once it is shown");
      }
      const int width = exports_.figure_w;
      // With centres or sites the reference is not the field's: the title names them instead,
      // the point sites are marked and named as on the map (the Look panel's marker) and the
      // colorbar gives way when coloured by site: as `render --sites --figure` draws them.
      FigureSites sites;
      std::string title;
      if (!state_.sites.empty()) {
        const SiteSet set = SiteSet::shapes(state_.sites.shapes());
        const MarkedPoints points = marked_points(set);
        const SitesSource& source = state_.sites.source();
        sites.list = points.list;
        sites.rgb = marked_points_rgb(points, site_colours(set));
        sites.features = set.size();
        sites.title_words = sites_title_words(set, source.name, state_.signed_inside);
        title = default_figure_title(state_.params, sites.features, sites.title_words);
      } else if (!state_.centres.empty()) {
        sites.list = state_.centres.shared();
        sites.rgb = centre_rgb_;
        title = default_figure_title(state_.params, state_.centres.size());
      }
      if (!state_.sites.empty() || !state_.centres.empty()) {
        sites.marked = state_.marker;
        sites.colour_by_centre = state_.colour_by_centre;
        // The rings' labels follow the contours of the field on screen, when it is the view's.
        if (*shown == state_.params) {
          sites.ring_field = [this](int, int) {
            const FieldTexture& t = renderer_.field();
            RingField f{std::vector<float>(static_cast<std::size_t>(t.nx()) * t.ny()), t.nx(),
                        t.ny()};
            read_texture_rows(t.id(), t.nx(), t.ny(), f.values.data());
            return f;
          };
        }
      }
      // The Export panel's style, as `render --figure --style` draws it (Copy as command writes
      // that line): the window's line colour typed over the preset's, as --line-color.
      FigureStyleOverrides typed;
      if (state_.coastlines || state_.borders) typed.line_rgb = state_.line_rgb;
      const FigureStyle look = resolve_figure_style(exports_.figure_preset, typed);
      figure_ = std::make_unique<FigureJob>(
          &renderer_, state_.params, width, title,
          [&](int w, int h) {
            return styled_figure_style([&](int sw, int sh) { return style_for(sw, sh); }, look,
                                       look.dpi, w, h);
          },
          "figure width", sites, figure_look_of(look, look.dpi));
      figure_of_ = shown;
      if (vectors) {
        figure_->leave_lines_to_vectors();
        // The sites' lines as the map draws them (not the built-in sets: their layers draw them).
        if (!state_.sites.empty() && !state_.sites.source().builtin()) {
          figure_->set_site_lines(site_polylines(*state_.sites.shapes()));
        }
      }
    }
    if (!figure_) return;
    if (!(source_->shown() == figure_of_)) {  // the texture it draws from has changed
      stop(false, "figure cancelled: the view changed while it was being drawn");
      return;
    }
    figure_->step();
    info_.figure_progress = figure_->progress();
    input_.redraw_frames = std::max(input_.redraw_frames, 2);  // the next band, next frame
    if (figure_->done()) {
      // The map is read here (GL); the rest needs no GL and goes to a thread.
      Image map = figure_->read_map();
      FigureLayout layout = figure_->layout();
      // The kept measurements, as `--path` draws its path (the view is the figure's: a change
      // of it while drawing cancels the figure).
      add_measurements(&layout, state_.params, state_.measurements);
      const FigureFormat format = figure_format_of(figure_path_);
      MapLines lines;
      if (format != FigureFormat::png) lines = figure_->map_lines();  // reads the field: GL
      figure_.reset();
      figure_of_.reset();
      info_.figure_writing = true;
      figure_writing_ = std::async(
          std::launch::async,
          [layout = std::move(layout), map = std::move(map), lines = std::move(lines), format,
           path = figure_path_]() -> std::string {
            struct Wake {  // the frame loop sleeps until input: wake it, also after a failure
              ~Wake() { glfwPostEmptyEvent(); }
            } wake;
            if (format != FigureFormat::png) {
              const std::vector<std::uint8_t> bytes =
                  vector_figure(layout, map, lines, format, kDefaultFigureDpi);
              write_file_atomically(path, {bytes});
            } else {
              write_png(path, paint_figure(layout, map), kDefaultFigureDpi);
            }
            return "saved " + escaped_text(path.string()) + " (" + std::to_string(layout.width) +
                   "x" + std::to_string(layout.height) + ")";
          });
    }
  } catch (const std::exception& e) {
    stop(false, std::string("figure failed: ") + e.what());
  }
}

}  // namespace geofield
