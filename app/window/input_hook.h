// GLFW input callbacks installed before ImGui's (which chain to them). They say "something
// happened: draw a few frames" (the window sleeps in glfwWaitEvents otherwise) and remember
// the app's shortcut keys: ImGui 1.86 samples key state once a frame, so a press and release
// within one frame (fast typists, xdotool) would otherwise be missed.
#pragma once

struct GLFWwindow;

namespace geofield {

struct InputEvents {
  int redraw_frames = 3;    // frames still to draw without waiting for input
  bool screenshot = false;  // F12
  bool quit = false;        // Ctrl+Q
};

class InputHook {
 public:
  InputHook(GLFWwindow* window, InputEvents* events);
  InputHook(const InputHook&) = delete;
  InputHook& operator=(const InputHook&) = delete;
};

}  // namespace geofield
