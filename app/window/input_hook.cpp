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

void queue(GLFWwindow* w, const InputEvent& ev) {
  wake(w);
  if (InputEvents* e = events_of(w)) e->queue.push(ev);
}

using K = InputEvent::Kind;

}  // namespace

InputHook::InputHook(GLFWwindow* window, InputEvents* events) {
  glfwSetWindowUserPointer(window, events);
  glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
    queue(w, {K::cursor, 0, false, 0, x, y});
  });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
    if (!entered) queue(w, {K::cursor, 0, false, 0, kOutside, kOutside});
    wake(w);
  });
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
    queue(w, {K::button, button, action == GLFW_PRESS, mods, 0, 0});
  });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double dx, double dy) {
    queue(w, {K::scroll, 0, false, 0, dx, dy, glfwGetTime()});
  });
  glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int, int action, int mods) {
    // Repeats are not state changes: ImGui repeats held keys itself (IsKeyPressed).
    if (action == GLFW_REPEAT || key == GLFW_KEY_UNKNOWN) return wake(w);
    queue(w, {K::key, key, action == GLFW_PRESS, mods, 0, 0});
  });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int c) {
    queue(w, {K::text, static_cast<int>(c), false, 0, 0, 0});
  });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    queue(w, {K::focus, 0, focused != 0, 0, 0, 0});
  });
  glfwSetDropCallback(window, [](GLFWwindow* w, int count, const char** paths) {
    wake(w);
    if (InputEvents* e = events_of(w)) e->dropped.assign(paths, paths + count);
  });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { wake(w); });
  glfwSetWindowRefreshCallback(window, [](GLFWwindow* w) { wake(w); });
}

}  // namespace geofield
