#include "window/key_bindings.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <array>

namespace geofield {
namespace {

using C = Command;

// "+" is Shift+= on most layouts; the keypad's keys do the same.
const std::array kShortcuts{
    Shortcut{C::reset_view, GLFW_KEY_HOME, false, 0, false, false, "Home", "reset the view"},
    Shortcut{C::zoom_in, GLFW_KEY_EQUAL, false, 0, true, false, "+", "zoom in about the centre"},
    Shortcut{C::zoom_in, GLFW_KEY_KP_ADD, false, 0, true, false, "", ""},
    Shortcut{C::zoom_out, GLFW_KEY_MINUS, false, 0, true, false, "-", "zoom out"},
    Shortcut{C::zoom_out, GLFW_KEY_KP_SUBTRACT, false, 0, true, false, "", ""},
    Shortcut{C::pan_west, GLFW_KEY_LEFT, false, 0, true, false, "arrows",
             "pan (aeqd: moves the reference)"},
    Shortcut{C::pan_east, GLFW_KEY_RIGHT, false, 0, true, false, "", ""},
    Shortcut{C::pan_north, GLFW_KEY_UP, false, 0, true, false, "", ""},
    Shortcut{C::pan_south, GLFW_KEY_DOWN, false, 0, true, false, "", ""},
    Shortcut{C::centre_on_reference, GLFW_KEY_R, false, -1, false, false, "R",
             "centre on the reference point"},
    Shortcut{C::toggle_graticule, GLFW_KEY_G, false, -1, false, false, "G", "graticule on/off"},
    Shortcut{C::toggle_contours, GLFW_KEY_C, false, -1, false, false, "C",
             "range rings (contours) on/off"},
    Shortcut{C::toggle_coastlines, GLFW_KEY_L, false, -1, false, false, "L", "coastlines on/off"},
    Shortcut{C::toggle_colour_by_centre, GLFW_KEY_N, false, -1, false, false, "N",
             "with centres: colour by nearest centre / by distance"},
    Shortcut{C::undo, GLFW_KEY_Z, true, -1, true, false, "Ctrl+Z", "undo (view and look)"},
    Shortcut{C::redo, GLFW_KEY_Z, true, 1, true, false, "Ctrl+Shift+Z, Ctrl+Y", "redo"},
    Shortcut{C::redo, GLFW_KEY_Y, true, -1, true, false, "", ""},
    Shortcut{C::save_view, GLFW_KEY_S, true, -1, false, false, "Ctrl+S",
             "save the view (Export panel's file)"},
    Shortcut{C::load_view, GLFW_KEY_O, true, -1, false, false, "Ctrl+O", "load the view"},
    Shortcut{C::full_screen, GLFW_KEY_F11, false, 0, false, true, "F11", "full screen on/off"},
    Shortcut{C::toggle_panel, GLFW_KEY_TAB, false, -1, false, false, "Tab",
             "hide/show the side panel (the map takes the window)"},
    Shortcut{C::help, GLFW_KEY_F1, false, 0, false, true, "F1", "this list"},
    Shortcut{C::escape, GLFW_KEY_ESCAPE, false, 0, false, false, "Esc",
             "close this list, drop the measure being drawn, cancel an export"},
    Shortcut{C::screenshot, GLFW_KEY_F12, false, 0, false, true, "F12", "screenshot of the window"},
    Shortcut{C::quit, GLFW_KEY_Q, true, 0, false, true, "Ctrl+Q", "quit"},
};

bool modifiers_match(const Shortcut& s, const ImGuiIO& io) {
  if (io.KeyCtrl != s.ctrl || io.KeyAlt) return false;
  return s.shift == 0 || io.KeyShift == (s.shift > 0);
}

}  // namespace

std::span<const Shortcut> shortcuts() { return kShortcuts; }

std::vector<Command> pressed_commands(bool text_field) {
  const ImGuiIO& io = ImGui::GetIO();
  std::vector<Command> out;
  for (const Shortcut& s : kShortcuts) {
    if (text_field && !s.always) continue;
    if (!modifiers_match(s, io) || !ImGui::IsKeyPressed(s.key, s.repeats)) continue;
    out.push_back(s.command);
  }
  return out;
}

}  // namespace geofield
