// GLFW input callbacks that only say "something happened: draw a few frames". Installed
// before ImGui's, which chain to them; the window sleeps in glfwWaitEvents otherwise.
#pragma once

struct GLFWwindow;

namespace geofield {

class InputHook {
 public:
  InputHook(GLFWwindow* window, int* redraw_frames);
  InputHook(const InputHook&) = delete;
  InputHook& operator=(const InputHook&) = delete;
};

}  // namespace geofield
