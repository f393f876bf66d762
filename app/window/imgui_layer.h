// Dear ImGui on the window: context, GLFW and OpenGL 3 backends, fonts scaled for HiDPI.
#pragma once

#include <functional>

struct GLFWwindow;

namespace geofield {

class ImGuiLayer {
 public:
  ImGuiLayer(GLFWwindow* window, float content_scale);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // ImGui's dark or light colours, sized for the content scale, pop-ups opaque (the colormap
  // list over the map must not show the map through it).
  void set_theme(bool light);

  // feed_input runs between the GLFW backend's new frame and ImGui's: the frame's input.
  void begin_frame(const std::function<void()>& feed_input = {});
  void render();  // draws the frame's panels into the bound framebuffer

 private:
  float scale_ = 1;
  bool glfw_ = false, opengl_ = false;
};

}  // namespace geofield
