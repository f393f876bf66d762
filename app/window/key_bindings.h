// The window's keyboard shortcuts: one table (what the F1 overlay lists) and the commands
// pressed this frame, read from ImGui's key state (which the input queue fed, so every press is
// seen for at least one frame). Map keys act only while no text field takes typing; the
// window's own (F1, F11, F12, Esc, Ctrl+Q) always.
#pragma once

#include <span>
#include <vector>

namespace geofield {

enum class Command {
  reset_view,
  zoom_in,
  zoom_out,
  pan_west,
  pan_east,
  pan_north,
  pan_south,
  centre_on_reference,
  toggle_graticule,
  toggle_contours,
  toggle_coastlines,
  toggle_colour_by_centre,
  undo,
  redo,
  save_view,
  load_view,
  full_screen,
  toggle_panel,
  help,
  escape,
  screenshot,
  quit,
};

struct Shortcut {
  Command command;
  int key;                // GLFW key code (ImGui 1.86's key index in this app)
  bool ctrl = false;      // Ctrl held (and not, when false)
  int shift = 0;          // 1: Shift held, -1: not held, 0: either
  bool repeats = false;   // held down, it repeats
  bool always = false;    // also while a text field takes typing
  const char* keys = "";  // as the overlay shows it; empty: an alternative key not listed
  const char* what = "";
};

std::span<const Shortcut> shortcuts();

// The commands pressed since the last frame, in table order. text_field: a text field takes
// typing (ImGui's WantTextInput), so only the `always` shortcuts count.
std::vector<Command> pressed_commands(bool text_field);

}  // namespace geofield
