// The window's figure export: the Export panel's "Figure PNG" makes the figure of the view on
// screen (app/figure) from the field the window shows, one band of the map a frame, so the
// window keeps drawing, shows the progress and can cancel. Every result is logged in the UI.
#include <algorithm>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/png_export.h"
#include "window/app.h"

namespace geofield {

void App::advance_figure(const UiActions& a) {
  auto stop = [&](bool ok, const std::string& why) {
    figure_.reset();
    figure_of_.reset();
    info_.figure_progress.reset();
    log_.add(ok, why);
  };
  try {
    if (a.cancel_figure && figure_) stop(true, "figure cancelled");
    if (a.figure && !figure_) {
      const std::optional<FieldParams> shown = source_->shown();
      if (!shown) throw UsageError("no field yet");
      figure_path_ = export_path(("figure-" + std::to_string(exports_.figure_w)).c_str(), "png");
      check_writable(figure_path_, "figure");
      // The window's look, with its lines and marker grown from the screen to the figure.
      const double grow = std::max(1.0, exports_.figure_w / std::max(1.0, info_.map.w));
      figure_ = std::make_unique<FigureJob>(
          &renderer_, state_.params, exports_.figure_w, "", [&](int w, int h) {
            ViewStyle st = style_for(w, h);
            st.marker_radius_px *= grow;
            st.lines.width_px *= static_cast<float>(grow);
            return st;
          });
      figure_of_ = shown;
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
      const Image img = figure_->finish();
      write_png(figure_path_, img);
      stop(true, "saved " + figure_path_.string() + " (" + std::to_string(img.width) + "x" +
                     std::to_string(img.height) + ")");
    }
  } catch (const std::exception& e) {
    stop(false, std::string("figure failed: ") + e.what());
  }
}

}  // namespace geofield
