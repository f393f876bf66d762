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
  // install_callbacks: ImGui chains to the callbacks the app set before this.
  glfw_ = ImGui_ImplGlfw_InitForOpenGL(window, true);
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

void ImGuiLayer::begin_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void ImGuiLayer::render() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace geofield
