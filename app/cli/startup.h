// How the window's first view is chosen: the defaults, then the last session (unless
// --no-session or --state), then --state FILE, then the view options typed on the command line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cli/view_options.h"
#include "window/window_request.h"

namespace geofield {

// The window's own options, as typed (nullopt: not typed; "" typed empty, which is refused).
struct WindowOptionText {
  std::optional<std::string> state_file;  // --state FILE
  std::optional<std::string> screenshot;  // --screenshot FILE
  std::optional<std::string> save_state;  // --save-state FILE (on exit)
  std::optional<std::string> window;      // --window WxH
  std::optional<std::string> frames;      // --frames N
  std::optional<std::string> centres;     // --centres FILE
  std::optional<std::string> sites;       // --sites FILE|@NAME
  bool signed_inside = false;             // --signed
  bool no_session = false;                // --no-session
};

// The window's options checked, with no file read or written yet.
struct WindowOptions {
  std::optional<std::filesystem::path> state_file, screenshot, save_state;
  std::optional<std::filesystem::path> centres;  // read by make_window_request
  std::optional<std::string> sites;              // a path or a built-in name, read likewise
  bool signed_inside = false;
  int width = 1280, height = 800;  // screen units
  int frames = 0;                  // 0: until closed (1 when only --screenshot is given)
  bool no_session = false;
};

// What `geofield [view options] [window options]` asks for, checked: the view options typed
// (applied over the session option by option) and their values.
struct WindowCommand {
  WindowOptions options;
  ViewOptionText typed;
  ViewOptions view;
};

// Checks every option, touching no file; throws UsageError naming the option.
WindowCommand make_window_command(const WindowOptionText& w, const ViewOptionText& view_text);

// Reads the session or --state and checks the output paths: throws UsageError for an unwritable
// path or an unreadable --state file; a broken session file is reported in startup_messages
// and the defaults are used.
WindowRequest make_window_request(const WindowCommand& command);
WindowRequest make_window_request(const WindowOptionText& w, const ViewOptionText& view_text);

// The typed view options laid over a state.
void apply_typed_options(const ViewOptionText& text, const ViewOptions& resolved, ViewState* s);

}  // namespace geofield
