// The desktop window: GLFW initialised, one resizable window with an OpenGL 4.5 core context
// made current and GL loaded through GLAD. Owns them; destruction runs backwards.
#pragma once

#include <string>

struct GLFWwindow;

namespace geofield {

// glfwInit / glfwTerminate as an object, so the window is destroyed before GLFW goes.
class GlfwLibrary {
 public:
  GlfwLibrary();  // throws RuntimeFailure with GLFW's reason (e.g. no display)
  ~GlfwLibrary();
  GlfwLibrary(const GlfwLibrary&) = delete;
  GlfwLibrary& operator=(const GlfwLibrary&) = delete;
};

class GlfwWindow {
 public:
  GlfwWindow(int width, int height, const char* title);
  ~GlfwWindow();
  GlfwWindow(const GlfwWindow&) = delete;
  GlfwWindow& operator=(const GlfwWindow&) = delete;

  GLFWwindow* get() const { return window_; }
  // "OpenGL 4.5 (Core Profile) Mesa 22.3.6 on llvmpipe (LLVM 15.0.6, 256 bits)"
  const std::string& description() const { return description_; }
  // The monitor's content scale (1 on ordinary screens, 2 on HiDPI ones).
  float content_scale() const;
  // F11: the primary monitor's whole screen at its mode, and back to the window as it was.
  void toggle_full_screen();

 private:
  GlfwLibrary library_;
  GLFWwindow* window_ = nullptr;
  std::string description_;
  int windowed_[4] = {0, 0, 0, 0};  // x, y, width, height before full screen
};

}  // namespace geofield
