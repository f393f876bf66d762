#include "window/imgui_layer.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "errors.h"

namespace geofield {

ImGuiLayer::ImGuiLayer(GLFWwindow* window, float scale) : scale_(scale) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout is fixed; the view is saved as JSON by the app
  set_theme(false);
  ImFontConfig font;
  font.SizePixels = 13.0f * scale;
  io.Fonts->AddFontDefault(&font);
  // No callbacks of ImGui's: input reaches it through the app's queue (window/input_hook.h),
  // a state change a frame, which 1.86's callbacks (state set as it comes) would lose.
  glfw_ = ImGui_ImplGlfw_InitForOpenGL(window, false);
  if (!glfw_) {
    ImGui::DestroyContext();
    GF_FAIL("ImGui_ImplGlfw_InitForOpenGL failed");
  }
  opengl_ = ImGui_ImplOpenGL3_Init("#version 450 core");
  if (!opengl_) {
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    GF_FAIL("ImGui_ImplOpenGL3_Init failed");
  }
}

ImGuiLayer::~ImGuiLayer() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
}

void ImGuiLayer::set_theme(bool light) {
  ImGuiStyle style;  // sizes from scratch: ScaleAllSizes multiplies what is there
  if (light) {
    ImGui::StyleColorsLight(&style);
  } else {
    ImGui::StyleColorsDark(&style);
  }
  style.ScaleAllSizes(scale_);
  style.Colors[ImGuiCol_PopupBg].w = 1.0f;
  style.Colors[ImGuiCol_WindowBg].w = 1.0f;
  style.Colors[ImGuiCol_MenuBarBg].w = 1.0f;
  // Drags show their value in the frame: a frame a little apart from the panel reads as a field.
  style.FrameBorderSize = light ? 1.0f : 0.0f;
  ImGui::GetStyle() = style;
}

void ImGuiLayer::begin_frame(const std::function<void()>& feed_input) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (feed_input) feed_input();  // after the backend's polling, which it overrides
  ImGui::NewFrame();
}

void ImGuiLayer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace geofield
