// The App's keyboard shortcuts (window/key_bindings.h): view keys through the pan/zoom helpers
// of every projection (view/view_commands.h), toggles of the look, undo/redo (ViewHistory), the
// Export panel's view file, full screen, the F1 overlay and Esc.
#include <imgui.h>

#include <string>
#include <vector>

#include "ui/help_overlay.h"
#include "view/view_change_text.h"
#include "view/view_commands.h"
#include "window/app.h"
#include "window/key_bindings.h"

namespace geofield {
namespace {

constexpr double kKeyZoomOut = 1.0 / kKeyZoomFactor;

std::vector<HelpRow> help_rows() {
  std::vector<HelpRow> rows;
  for (const Shortcut& s : shortcuts()) {
    if (*s.keys) rows.push_back({s.keys, s.what});
  }
  return rows;
}

}  // namespace

void App::do_shortcuts(UiActions* actions) {
  FieldParams& p = state_.params;
  const MapRect& r = info_.map;
  for (const Command c : pressed_commands(ImGui::GetIO().WantTextInput)) {
    switch (c) {
      case Command::reset_view: reset_view(&p, home_); break;
      case Command::zoom_in: zoom_centre(&p, r, kKeyZoomFactor); break;
      case Command::zoom_out: zoom_centre(&p, r, kKeyZoomOut); break;
      case Command::pan_west: pan_step(&p, r, -1, 0); break;
      case Command::pan_east: pan_step(&p, r, 1, 0); break;
      case Command::pan_north: pan_step(&p, r, 0, 1); break;
      case Command::pan_south: pan_step(&p, r, 0, -1); break;
      case Command::centre_on_reference: centre_on_reference(&p); break;
      case Command::toggle_graticule: state_.graticule = !state_.graticule; break;
      case Command::toggle_contours: state_.contours = !state_.contours; break;
      case Command::toggle_coastlines: state_.coastlines = !state_.coastlines; break;
      case Command::toggle_colour_by_centre:
        state_.colour_by_centre = !state_.colour_by_centre;
        if (state_.centres.empty() && state_.sites.empty()) {
          log_.add(false, "no centres or sites: Shift+click the map to add a centre");
        }
        break;
      case Command::undo:
      case Command::redo: {
        const bool undo = c == Command::undo;
        const ViewState before = state_;
        if (undo ? history_.undo(&state_) : history_.redo(&state_)) {
          log_.add(true,
                   std::string(undo ? "undo: " : "redo: ") + view_change_text(before, state_));
        } else {
          log_.add(false, undo ? "nothing to undo" : "nothing to redo");
        }
        break;
      }
      case Command::save_view: actions->save_state = true; break;
      case Command::load_view: actions->load_state = true; break;
      case Command::full_screen: window_.toggle_full_screen(); break;
      case Command::toggle_panel: panel_hidden_ = !panel_hidden_; break;
      case Command::help: help_open_ = !help_open_; break;
      case Command::escape:
        // The nearest thing first: the overlay, then the measure, then work in progress.
        if (help_open_) {
          help_open_ = false;
        } else if (map_.has_measure()) {
          map_.clear_measure();
        } else {
          actions->cancel_figure = true;
          actions->cancel_export = true;
        }
        break;
      case Command::screenshot:
        actions->screenshot = true;
        actions->screenshot_with_ui = true;
        break;
      case Command::quit: quit_ = true; break;
    }
  }
  static const std::vector<HelpRow> rows = help_rows();
  draw_help_overlay(rows, &help_open_);
}

}  // namespace geofield
