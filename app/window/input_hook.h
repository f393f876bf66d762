// GLFW input callbacks. Every key, character, mouse button, move, wheel turn and focus change
// is queued in order (view/input_queue.h) for ImguiInputFeed to hand to ImGui a state change a
// frame: ImGui 1.86 samples state once a frame, so a press and release within one frame (a
// quick tap, xdotool, typing on a slow frame) would otherwise be lost. ImGui's own GLFW
// callbacks are not installed (ImGuiLayer), so nothing reaches ImGui but through the queue.
// Files dropped on the window are kept for the App. Each event also says "draw a few frames" (the
// window sleeps in glfwWaitEvents otherwise).
#pragma once

#include <string>
#include <vector>

#include "view/input_queue.h"

struct GLFWwindow;

namespace geofield {

struct InputEvents {
  int redraw_frames = 3;  // frames still to draw without waiting for input
  InputQueue queue;       // filled by the callbacks, emptied by ImguiInputFeed
  // Paths of files dropped on the window (opened as sites), oldest first; the App
  // takes them.
  std::vector<std::string> dropped;
};

class InputHook {
 public:
  InputHook(GLFWwindow* window, InputEvents* events);
  InputHook(const InputHook&) = delete;
  InputHook& operator=(const InputHook&) = delete;
};

}  // namespace geofield
