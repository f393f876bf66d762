// What `geofield [view options]` asks of the window, after the command line and the saved
// session are combined.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "view/view_state.h"
#include "window/field_source.h"

namespace geofield {

struct WindowRequest {
  ViewState state;
  bool save_session = true;  // write the view to session_path() on exit
  int width = 1280, height = 800;
  // Automation: draw `frames` frames (and until the field of the view is shown), save the
  // window as PNG to `screenshot` when given, then exit.
  int frames = 0;
  std::optional<std::filesystem::path> screenshot;
  std::optional<std::filesystem::path> save_state_on_exit;  // the view as JSON on exit
  std::vector<std::string> startup_messages;  // shown in the UI (e.g. a broken session file)
  // Shown as notes, not errors: the window starts as asked and these say what it left out
  // (a saved view's centres whose file is missing or changed).
  std::vector<std::string> startup_notes;
  // Whether --backend and --size were typed: then a backend or a size this machine cannot
  // have is refused (exit 2); from a saved view it is replaced, with a message.
  bool backend_typed = false;
  bool size_typed = false;
  BackendFactory make_backend;  // the backends this program has
  // Whether switching to CUDA can work here (*why_not when not); unset: it cannot.
  std::function<bool(std::string* why_not)> cuda_usable;
};

// Runs the window until it is closed; returns the exit status.
int run_window(const WindowRequest& request);

}  // namespace geofield
