#include "window/input_hook.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace geofield {
namespace {

constexpr int kFramesAfterInput = 3;  // ImGui settles hover and release states over a few frames

InputEvents* events_of(GLFWwindow* w) {
  return static_cast<InputEvents*>(glfwGetWindowUserPointer(w));
}

void wake(GLFWwindow* w) {
  if (InputEvents* e = events_of(w)) e->redraw_frames = kFramesAfterInput;
}

}  // namespace

InputHook::InputHook(GLFWwindow* window, InputEvents* events) {
  glfwSetWindowUserPointer(window, events);
  glfwSetCursorPosCallback(window, [](GLFWwindow* w, double, double) { wake(w); });
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int, int, int) { wake(w); });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double, double) { wake(w); });
  glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
    wake(w);
    InputEvents* e = events_of(w);
    if (!e || action != GLFW_PRESS) return;
    if (key == GLFW_KEY_F12) e->screenshot = true;
    if (key == GLFW_KEY_Q && (mods & GLFW_MOD_CONTROL)) e->quit = true;
  });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int) { wake(w); });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { wake(w); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { wake(w); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int) { wake(w); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int) { wake(w); });
}

}  // namespace geofield
