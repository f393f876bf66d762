#include "ui/widgets.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "errors.h"

namespace geofield {
namespace {

const ImVec4 kErrorColour(0.95f, 0.30f, 0.25f, 1.0f);  // reads on the dark and the light theme

// Whole text as a number: "95", "-1e3"; nullopt for "", "abc", "12x", NaN.
std::optional<double> parse_typed(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  while (end && *end == ' ') ++end;
  if (end == begin || !end || *end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The typed box: the value formatted, or the pending text in a red frame. Returns the value
// taken on Enter, if any.
std::optional<double> typed_box(const char* label, const std::string& shown, double lo, double hi,
                                const ValueCheck& check, bool integral, TypedEdits* edits) {
  auto pending = edits->by_control.find(label);
  const bool has_pending = pending != edits->by_control.end();
  std::string text = has_pending ? pending->second.text : shown;
  if (has_pending) {
    ImGui::PushStyleColor(ImGuiCol_Border, kErrorColour);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
  }
  const bool entered = ImGui::InputText(
      "##typed", &text, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (has_pending) {
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
  }
  // Esc in a box puts back what it held and leaves it: here, the value before the typing.
  if (ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    edits->by_control.erase(label);
    return std::nullopt;
  }
  if (!entered) return std::nullopt;
  // Enter on the value as shown takes nothing: the digits shown may be fewer than the value's.
  if (!has_pending && text == shown) return std::nullopt;
  std::optional<std::string> why;
  const std::optional<double> v = parse_typed(text);
  char range[96];
  if (integral) {
    std::snprintf(range, sizeof range, "from %d to %d", static_cast<int>(lo), static_cast<int>(hi));
  } else {
    std::snprintf(range, sizeof range, "from %.10g to %.10g", lo, hi);
  }
  if (!v || (integral && *v != std::floor(*v))) {
    why = std::string(label) + ": " + quoted_excerpt(text) + " is not " +
          (integral ? "a whole number" : "a number") + " " + range;
  } else if (check) {
    why = check(*v);  // the shared validation's words and range (field_params check)
  } else if (*v < lo || *v > hi) {
    char got[48];
    std::snprintf(got, sizeof got, "%.10g", *v);
    why = std::string(label) + " must be " + range + " (got " + got + ")";
  }
  if (why) {
    edits->by_control[label] = {text, *why};
    edits->newest = *why;
    edits->newest_control = label;
    return std::nullopt;
  }
  edits->by_control.erase(label);
  return v;
}

template <typename T>
bool drag_and_box(const char* label, T* v, float speed, T lo, T hi, const char* format,
                  ImGuiDataType type, const ValueCheck& check, TypedEdits* edits) {
  ImGui::PushID(label);
  const float w = ImGui::CalcItemWidth();
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
  bool changed = false;
  ImGui::SetNextItemWidth(w * 0.55f);
  T t = *v;
  if (ImGui::DragScalar("##drag", type, &t, speed, &lo, &hi, format,
                        ImGuiSliderFlags_AlwaysClamp) &&
      t != *v) {
    // A drag stops at the last value that can be taken (lat min meeting lat max, say).
    if (!check || !check(static_cast<double>(t))) {
      *v = t;
      changed = true;
    }
  }
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) {
    ImGui::SetTooltip("drag: %.3g a pixel (Shift: x10, Alt: x0.1); double-click to type",
                      static_cast<double>(speed));
  }
  ImGui::SameLine(0, gap);
  ImGui::SetNextItemWidth(w * 0.45f - gap);
  char shown[64];
  std::snprintf(shown, sizeof shown, format, *v);
  if (const std::optional<double> typed =
          typed_box(label, shown, static_cast<double>(lo), static_cast<double>(hi), check,
                    type == ImGuiDataType_S32, edits)) {
    *v = static_cast<T>(*typed);
    changed = true;
  }
  ImGui::SameLine(0, gap);
  ImGui::TextUnformatted(label);
  ImGui::PopID();
  pending_message(label, *edits);
  return changed;
}

}  // namespace

namespace {

// A typed box (typed_box) with its label after it; the message under it when asked.
std::optional<double> labelled_box(const char* label, const char* shown_label,
                                   const std::string& shown, double lo, double hi,
                                   const ValueCheck& check, bool integral, TypedEdits* edits,
                                   bool message_below) {
  ImGui::PushID(label);
  const std::optional<double> typed = typed_box(label, shown, lo, hi, check, integral, edits);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(shown_label);
  ImGui::PopID();
  if (message_below) pending_message(label, *edits);
  return typed;
}

}  // namespace

bool typed_double(const char* label, const char* shown_label, double* v, const char* format,
                  const ValueCheck& check, TypedEdits* edits, bool message_below) {
  char shown[64];
  std::snprintf(shown, sizeof shown, format, *v);
  const std::optional<double> typed = labelled_box(label, shown_label, shown, -HUGE_VAL, HUGE_VAL,
                                                   check, false, edits, message_below);
  if (typed) *v = *typed;
  return typed.has_value();
}

bool value_box(const char* label, double* v, int decimals, const ValueCheck& check,
               TypedEdits* edits) {
  char format[16];
  std::snprintf(format, sizeof format, "%%.%df", std::clamp(decimals, 0, 9));
  return typed_double(label, label, v, format, check, edits);
}

bool typed_int(const char* label, const char* shown_label, int* v, int lo, int hi,
               TypedEdits* edits) {
  const std::optional<double> typed =
      labelled_box(label, shown_label, std::to_string(*v), lo, hi, nullptr, true, edits, true);
  if (typed) *v = static_cast<int>(*typed);
  return typed.has_value();
}

void pending_message(const char* label, const TypedEdits& edits) {
  const auto it = edits.by_control.find(label);
  if (it == edits.by_control.end()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
  ImGui::TextWrapped("%s (Esc: back to the value)", it->second.message.c_str());
  ImGui::PopStyleColor();
}

bool drag_typed(const char* label, double* v, double speed, double lo, double hi,
                const char* format, const ValueCheck& check, TypedEdits* edits) {
  return drag_and_box<double>(label, v, static_cast<float>(speed), lo, hi, format,
                              ImGuiDataType_Double, check, edits);
}

bool drag_typed_int(const char* label, int* v, float speed, int lo, int hi, const ValueCheck& check,
                    TypedEdits* edits) {
  return drag_and_box<int>(label, v, speed, lo, hi, "%d", ImGuiDataType_S32, check, edits);
}

void same_line_if_fits(float w) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <= right) ImGui::SameLine();
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label, nullptr, true).x;
}

}  // namespace geofield
