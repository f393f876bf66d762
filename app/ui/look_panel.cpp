// The "Look" panel: colormap, range, colorbar, contours, graticule, marker, coastlines and
// borders. All of it is style (uniforms and overlays): changing it redraws, never recomputes.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "gl/colormap.h"
#include "gl/line_color.h"
#include "ui/ui_model.h"
#include "ui/widgets.h"
#include "view/colorbar_ticks.h"
#include "view/look_checks.h"

namespace geofield {
namespace {

ImU32 colormap_colour(Colormap c, bool reverse, double t) {
  int e = static_cast<int>(t * 255.0 + 0.5);
  e = e < 0 ? 0 : (e > 255 ? 255 : e);
  if (reverse) e = 255 - e;
  const std::uint8_t* rgb = colormap_rgb(c) + e * 3;
  return IM_COL32(rgb[0], rgb[1], rgb[2], 255);
}

// The colormap from a's left (low end) to b's right (high end), reversed when asked.
void gradient(ImDrawList* dl, ImVec2 a, ImVec2 b, Colormap c, bool reverse) {
  constexpr int kSegments = 64;
  const float w = b.x - a.x;
  for (int k = 0; k < kSegments; ++k) {
    const float x0 = a.x + w * k / kSegments, x1 = a.x + w * (k + 1) / kSegments;
    const ImU32 c0 = colormap_colour(c, reverse, double(k) / kSegments);
    const ImU32 c1 = colormap_colour(c, reverse, double(k + 1) / kSegments);
    dl->AddRectFilledMultiColor(ImVec2(x0, a.y), ImVec2(std::min(x1 + 0.5f, b.x), b.y), c0, c1, c1,
                                c0);
  }
}

// The colormap box: each name with its colours beside it, in the list and in the box.
void colormap_combo(ViewState* s) {
  const std::string shown(to_string(s->colormap));
  const char* name = shown.c_str();
  const float strip_w = ImGui::GetFontSize() * 6;
  const ImGuiStyle& st = ImGui::GetStyle();
  // The box's frame, taken before the combo opens its popup (another window, other items).
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 hi(lo.x + ImGui::CalcItemWidth(), lo.y + ImGui::GetFrameHeight());
  ImDrawList* panel = ImGui::GetWindowDrawList();
  const bool open = ImGui::BeginCombo("colormap", name);
  // The chosen one's strip, between its name and the arrow.
  const float right = hi.x - ImGui::GetFrameHeight() - st.ItemInnerSpacing.x;
  const float left =
      std::max(lo.x + ImGui::CalcTextSize(name).x + 2 * st.FramePadding.x, right - strip_w);
  if (right > left) {
    gradient(panel, ImVec2(left, lo.y + st.FramePadding.y), ImVec2(right, hi.y - st.FramePadding.y),
             s->colormap, s->reverse);
  }
  if (!open) return;
  for (int k = 0; k < kColormapCount; ++k) {
    const Colormap c = static_cast<Colormap>(k);
    const std::string label(to_string(c));
    if (ImGui::Selectable(label.c_str(), c == s->colormap)) s->colormap = c;
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    gradient(ImGui::GetWindowDrawList(), ImVec2(std::max(lo.x, hi.x - strip_w), lo.y + 2),
             ImVec2(hi.x, hi.y - 2), c, s->reverse);
    if (c == s->colormap) ImGui::SetItemDefaultFocus();
  }
  ImGui::EndCombo();
}

// A horizontal bar from the range's low end to its high end, the unit at its right, ticks at a
// nice step under it with labels that do not overlap (one text row: the panel keeps its
// height, so the Export panel's buttons keep their places). The exact range is in the tooltip.
void colorbar(const ViewState& s, double lo, double hi) {
  const std::string unit(to_string(s.params.units));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float avail = ImGui::GetContentRegionAvail().x, h = ImGui::GetFrameHeight();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float unit_w = ImGui::CalcTextSize(unit.c_str()).x;
  const float w = std::max(avail - unit_w - style.ItemInnerSpacing.x, 1.0f);
  gradient(dl, p0, ImVec2(p0.x + w, p0.y + h), s.colormap, s.reverse);
  const ImU32 text_colour = ImGui::GetColorU32(ImGuiCol_Text);
  dl->AddText(ImVec2(p0.x + w + style.ItemInnerSpacing.x, p0.y + style.FramePadding.y), text_colour,
              unit.c_str());
  ImGui::Dummy(ImVec2(avail, h));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%.6g to %.6g %s", lo, hi, unit.c_str());

  const ImVec2 row = ImGui::GetCursorScreenPos();
  const float gap = ImGui::CalcTextSize("  ").x;
  const ColorbarTicks ticks = colorbar_ticks(
      lo, hi, w,
      [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; }, gap);
  for (const ColorbarTick& t : ticks.ticks) {
    const float x = std::round(p0.x + static_cast<float>(t.x_px));
    const float tick_len = h * 0.3f;  // a dark mark with a light core: seen on any colormap
    dl->AddRectFilled(ImVec2(x - 1, p0.y + h - tick_len), ImVec2(x + 2, p0.y + h),
                      IM_COL32(0, 0, 0, 200));
    dl->AddLine(ImVec2(x + 0.5f, p0.y + h - tick_len + 1), ImVec2(x + 0.5f, p0.y + h),
                IM_COL32(255, 255, 255, 230));
    dl->AddText(ImVec2(p0.x + static_cast<float>(t.label_x), row.y), text_colour, t.label.c_str());
  }
  ImGui::Dummy(ImVec2(avail, ImGui::GetTextLineHeight()));
}

// Coastlines, borders and their colour (Natural Earth, built into the binary); the swatch's
// tooltip names it, as the row has no room for a label.
void line_controls(ViewState* s) {
  ImGui::Checkbox("coastlines", &s->coastlines);
  same_line_if_fits(checkbox_width("borders"));
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
  // An outline in the text colour: a white swatch on the light theme's white would vanish.
  ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                      ImGui::GetColorU32(ImGuiCol_Text, 0.6f));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("colour of coastlines and borders");
}

}  // namespace

void draw_look_panel(ViewState* s, const FrameInfo& info, TypedEdits* edits) {
  if (!ImGui::CollapsingHeader("Look", ImGuiTreeNodeFlags_DefaultOpen)) return;
  colormap_combo(s);
  ImGui::Checkbox("reverse", &s->reverse);
  same_line_if_fits(checkbox_width("automatic range"));
  ImGui::Checkbox("automatic range", &s->auto_range);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "on: the colours span the view's exact min:max, which changes as you pan\n"
        "off: the range shown now is locked while panning and zooming");
  }
  same_line_if_fits(checkbox_width("light theme"));
  bool light = s->theme == Theme::light;
  if (ImGui::Checkbox("light theme", &light)) s->theme = light ? Theme::light : Theme::dark;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("panels and the map's surroundings; remembered");
  follow_shown_range(s, info.range.min, info.range.max);  // unchecking locks what is shown
  if (!s->auto_range) {
    // Two typed boxes: a value that would not leave MIN below MAX stays as typed, its message
    // beside it, like every other typed value.
    const ImGuiStyle& st = ImGui::GetStyle();
    const float lock_w = ImGui::CalcTextSize("lock to view").x + st.FramePadding.x * 2;
    const float box_w = (ImGui::CalcItemWidth() - lock_w - ImGui::CalcTextSize("to").x -
                         3 * st.ItemInnerSpacing.x) /
                        2;
    // The check of --range and of the saved view (look_checks.h), worded for the box typed.
    const Units units = s->params.units;
    const double lo = s->range_min, hi = s->range_max;
    const ValueCheck below_max = [&](double v) -> std::optional<std::string> {
      const std::optional<LookProblem> pr = check_colour_range(v, hi, units, RangeEnd::min);
      return pr ? std::optional<std::string>(pr->ui) : std::nullopt;
    };
    const ValueCheck above_min = [&](double v) -> std::optional<std::string> {
      const std::optional<LookProblem> pr = check_colour_range(lo, v, units, RangeEnd::max);
      return pr ? std::optional<std::string>(pr->ui) : std::nullopt;
    };
    ImGui::SetNextItemWidth(box_w);
    typed_double("range min", "to", &s->range_min, "%.6g", below_max, edits, false);
    ImGui::SameLine(0, st.ItemInnerSpacing.x);
    ImGui::SetNextItemWidth(box_w);
    typed_double("range max", "", &s->range_max, "%.6g", above_min, edits, false);
    ImGui::SameLine(0, st.ItemInnerSpacing.x);
    if (ImGui::Button("lock to view")) lock_range(s, info.range.min, info.range.max);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("fix the range to this view's exact min:max");
    pending_message("range min", *edits);
    pending_message("range max", *edits);
  }
  colorbar(*s, s->range_min, s->range_max);

  ImGui::Checkbox("contours", &s->contours);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  const std::string unit(to_string(s->params.units));
  const std::string label = "every (" + unit + ")";
  const Units units = s->params.units;
  const ValueCheck positive = [units](double v) -> std::optional<std::string> {
    if (const std::optional<LookProblem> pr = check_contour_interval(v, units)) return pr->ui;
    return std::nullopt;
  };
  if (typed_double("contour interval", label.c_str(), &s->contour_interval, "%.6g", positive,
                   edits)) {
    s->contours = true;
    s->contour_interval_typed = true;
  }
  // Automatic: 5 to 10 rings over the range shown, following every zoom and unit; typing an
  // interval keeps it (converted when the unit changes) until this is checked again. Its own
  // row, where "suit the range" was: the panels below keep their places.
  bool automatic = !s->contour_interval_typed;
  if (ImGui::Checkbox("automatic rings", &automatic)) {
    s->contour_interval_typed = !automatic;
    if (automatic) {
      s->contours = true;
      follow_ring_interval(s, info.range.min, info.range.max);
    }
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "on: the interval follows the view (5 to 10 rings over its range)\n"
        "off: the interval typed is kept while zooming (converted when the unit changes)");
  }
  ImGui::Checkbox("graticule", &s->graticule);
  same_line_if_fits(checkbox_width("marker"));
  ImGui::Checkbox("marker", &s->marker);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a ring at the reference point");
  // One row for all overlays where the panel has room: the Export panel keeps its place.
  same_line_if_fits(checkbox_width("coastlines"));
  line_controls(s);
}

}  // namespace geofield
