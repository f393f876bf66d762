// The "Look" panel: colormap, range, colorbar, contours, graticule, marker, coastlines and
// borders. All of it is style (uniforms and overlays): changing it redraws, never recomputes.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "gl/colormap.h"
#include "gl/line_color.h"
#include "ui/ui_model.h"

namespace geofield {
namespace {

ImU32 colormap_colour(Colormap c, bool reverse, double t) {
  int e = static_cast<int>(t * 255.0 + 0.5);
  e = e < 0 ? 0 : (e > 255 ? 255 : e);
  if (reverse) e = 255 - e;
  const std::uint8_t* rgb = colormap_rgb(c) + e * 3;
  return IM_COL32(rgb[0], rgb[1], rgb[2], 255);
}

// A horizontal bar from the range's low end to its high end, labelled with the unit.
void colorbar(const ViewState& s, double lo, double hi) {
  const std::string unit(to_string(s.params.units));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetFrameHeight();
  constexpr int kSegments = 64;
  for (int k = 0; k < kSegments; ++k) {
    const float x0 = p0.x + w * k / kSegments, x1 = p0.x + w * (k + 1) / kSegments;
    const ImU32 a = colormap_colour(s.colormap, s.reverse, double(k) / kSegments);
    const ImU32 b = colormap_colour(s.colormap, s.reverse, double(k + 1) / kSegments);
    dl->AddRectFilledMultiColor(ImVec2(x0, p0.y), ImVec2(x1 + 0.5f, p0.y + h), a, b, b, a);
  }
  ImGui::Dummy(ImVec2(w, h));
  ImGui::Text("%.6g", lo);
  const std::string mid = unit;
  ImGui::SameLine(w * 0.5f - ImGui::CalcTextSize(mid.c_str()).x * 0.5f);
  ImGui::TextUnformatted(mid.c_str());
  char hi_text[32];
  std::snprintf(hi_text, sizeof hi_text, "%.6g", hi);
  ImGui::SameLine(w - ImGui::CalcTextSize(hi_text).x);
  ImGui::TextUnformatted(hi_text);
}

// Coastlines, borders and their colour (Natural Earth, built into the binary); the swatch's
// tooltip names it, as the row has no room for a label.
void line_controls(ViewState* s) {
  ImGui::Checkbox("coastlines", &s->coastlines);
  ImGui::SameLine();
  ImGui::Checkbox("borders", &s->borders);
  ImGui::SameLine();
  std::array<float, 4> rgba = rgba_of(s->line_rgb, 1.0f);
  if (ImGui::ColorEdit3("##line colour", rgba.data(), ImGuiColorEditFlags_NoInputs)) {
    std::uint32_t rgb = 0;
    for (int k = 0; k < 3; ++k) {
      rgb =
          rgb << 8 | static_cast<std::uint32_t>(std::lround(std::clamp(rgba[k], 0.0f, 1.0f) * 255));
    }
    s->line_rgb = rgb;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("colour of coastlines and borders");
}

}  // namespace

void draw_look_panel(ViewState* s, const FrameInfo& info) {
  if (!ImGui::CollapsingHeader("Look", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int cm = static_cast<int>(s->colormap);
  if (ImGui::Combo("colormap", &cm, "viridis\0magma\0cividis\0turbo\0")) {
    s->colormap = static_cast<Colormap>(cm);
  }
  ImGui::Checkbox("reverse", &s->reverse);
  ImGui::SameLine();
  ImGui::Checkbox("automatic range", &s->auto_range);
  if (s->auto_range) {
    s->range_min = info.range.min;  // a switch to fixed starts from what is shown
    s->range_max = info.range.max;
  } else {
    double r[2] = {s->range_min, s->range_max};
    if (ImGui::InputScalarN("range", ImGuiDataType_Double, r, 2, nullptr, nullptr, "%.6g",
                            ImGuiInputTextFlags_EnterReturnsTrue) &&
        r[0] < r[1]) {
      s->range_min = r[0];
      s->range_max = r[1];
    }
  }
  colorbar(*s, s->range_min, s->range_max);

  ImGui::Checkbox("contours", &s->contours);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  double interval = s->contour_interval;
  const std::string label = "every (" + std::string(to_string(s->params.units)) + ")";
  if (ImGui::InputDouble(label.c_str(), &interval, 0, 0, "%.6g",
                         ImGuiInputTextFlags_EnterReturnsTrue) &&
      interval > 0) {
    s->contours = true;
    s->contour_interval = interval;
  }
  if (ImGui::SmallButton("suit the range")) {
    s->contours = true;
    s->contour_interval = nice_interval(info.range.min, info.range.max, 10);
  }
  ImGui::Checkbox("graticule", &s->graticule);
  ImGui::SameLine();
  ImGui::Checkbox("marker", &s->marker);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a ring at the reference point");
  ImGui::SameLine();  // one row for all overlays: the Export panel keeps its place
  line_controls(s);
}

}  // namespace geofield
