#include "ui/widgets.h"

#include <imgui.h>

#include <algorithm>

namespace geofield {

bool slider_typed(const char* label, double* v, double lo, double hi, const char* format,
                  bool logarithmic) {
  ImGui::PushID(label);
  const float w = ImGui::CalcItemWidth();
  bool changed = false;
  ImGui::SetNextItemWidth(w * 0.6f);
  double t = *v;
  if (ImGui::SliderScalar("##slider", ImGuiDataType_Double, &t, &lo, &hi, format,
                          logarithmic ? ImGuiSliderFlags_Logarithmic : 0)) {
    *v = std::clamp(t, lo, hi);
    changed = true;
  }
  ImGui::SameLine(0, 4);
  ImGui::SetNextItemWidth(w * 0.4f - 4);
  t = *v;
  if (ImGui::InputDouble("##typed", &t, 0, 0, format, ImGuiInputTextFlags_EnterReturnsTrue)) {
    *v = std::clamp(t, lo, hi);
    changed = true;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(label);
  ImGui::PopID();
  return changed;
}

bool slider_typed_int(const char* label, int* v, int lo, int hi) {
  ImGui::PushID(label);
  const float w = ImGui::CalcItemWidth();
  bool changed = false;
  ImGui::SetNextItemWidth(w * 0.6f);
  int t = *v;
  if (ImGui::SliderInt("##slider", &t, lo, hi, "%d", ImGuiSliderFlags_Logarithmic)) {
    *v = std::clamp(t, lo, hi);
    changed = true;
  }
  ImGui::SameLine(0, 4);
  ImGui::SetNextItemWidth(w * 0.4f - 4);
  t = *v;
  if (ImGui::InputInt("##typed", &t, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) {
    *v = std::clamp(t, lo, hi);
    changed = true;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(label);
  ImGui::PopID();
  return changed;
}

}  // namespace geofield
