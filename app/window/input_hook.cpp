#include "input_hook.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace geofield {
namespace {

constexpr int kFramesAfterInput = 3;  // ImGui settles hover and release states over a few frames

void wake(GLFWwindow* w) {
  if (auto* frames = static_cast<int*>(glfwGetWindowUserPointer(w))) *frames = kFramesAfterInput;
}

}  // namespace

InputHook::InputHook(GLFWwindow* window, int* redraw_frames) {
  glfwSetWindowUserPointer(window, redraw_frames);
  glfwSetCursorPosCallback(window, [](GLFWwindow* w, double, double) { wake(w); });
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int, int, int) { wake(w); });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double, double) { wake(w); });
  glfwSetKeyCallback(window, [](GLFWwindow* w, int, int, int, int) { wake(w); });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int) { wake(w); });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { wake(w); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { wake(w); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int) { wake(w); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int) { wake(w); });
}

}  // namespace geofield
