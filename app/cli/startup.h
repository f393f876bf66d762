// How the window's first view is chosen: the defaults, then the last session (unless
// --no-session or --state), then --state FILE, then the view options typed on the command line.
#pragma once

#include <string>

#include "cli/view_options.h"
#include "window/window_request.h"

namespace geofield {

// The window's own options, as typed.
struct WindowOptionText {
  std::string state_file;   // --state FILE
  std::string screenshot;   // --screenshot FILE
  std::string save_state;   // --save-state FILE (on exit)
  std::string window;       // --window WxH
  int frames = 0;           // --frames N
  bool no_session = false;  // --no-session
};

// Throws UsageError for bad options or an unreadable --state file; a broken session file is
// reported in startup_messages and the defaults are used.
WindowRequest make_window_request(const WindowOptionText& w, const ViewOptionText& view_text);

// The typed view options (non-empty ones) laid over a state.
void apply_typed_options(const ViewOptionText& text, const ViewOptions& resolved, ViewState* s);

}  // namespace geofield
