#include "window/glfw_window.h"

#include <glad/gl.h>
// GLAD first: GLFW must not pull in a GL header of its own.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

#include "errors.h"

namespace geofield {
namespace {

std::string glfw_reason() {
  const char* what = nullptr;
  const int code = glfwGetError(&what);
  return code == GLFW_NO_ERROR ? std::string("no reason given") : std::string(what ? what : "?");
}

}  // namespace

GlfwLibrary::GlfwLibrary() {
  if (glfwInit() != GLFW_TRUE) {
    throw RuntimeFailure("cannot open a window: " + glfw_reason() +
                         " (no display? 'geofield render' draws without one)");
  }
}

GlfwLibrary::~GlfwLibrary() { glfwTerminate(); }

GlfwWindow::GlfwWindow(int width, int height, const char* title) {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);  // HiDPI: window size in logical units
  window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
  if (!window_) {
    throw RuntimeFailure("cannot create an OpenGL 4.5 core window: " + glfw_reason());
  }
  glfwMakeContextCurrent(window_);
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) == 0) {
    glfwDestroyWindow(window_);
    throw RuntimeFailure("cannot load OpenGL 4.5 functions through GLAD");
  }
  glfwSwapInterval(1);  // vsync: no more frames than the screen shows
  const auto str = [](GLenum e) {
    const auto* s = reinterpret_cast<const char*>(glGetString(e));
    return std::string(s ? s : "?");
  };
  description_ = "OpenGL " + str(GL_VERSION) + " on " + str(GL_RENDERER);
}

GlfwWindow::~GlfwWindow() {
  if (window_) glfwDestroyWindow(window_);
}

float GlfwWindow::content_scale() const {
  float x = 1, y = 1;
  glfwGetWindowContentScale(window_, &x, &y);
  return std::clamp(std::max(x, y), 1.0f, 4.0f);
}

void GlfwWindow::toggle_full_screen() {
  if (glfwGetWindowMonitor(window_)) {
    glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3],
                         GLFW_DONT_CARE);
    return;
  }
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!mode) return;  // no monitor to fill (a headless server): the window stays
  glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
  glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
  glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

}  // namespace geofield
