#include "ui/help_overlay.h"

#include <imgui.h>

namespace geofield {
namespace {

constexpr HelpRow kMouse[] = {
    {"drag", "pan (aeqd: moves the reference, ortho: turns the globe)"},
    {"wheel", "zoom about the pointer"},
    {"click", "put the reference point there"},
    {"drag the marker", "move the reference point"},
    {"Shift+drag", "measure along the great circle: kept, listed in Measurements"},
    {"drag the panel's right edge", "resize the panel (<< at the map's corner hides it, as Tab)"},
};

void rows(std::span<const HelpRow> list) {
  for (const HelpRow& r : list) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(r.keys);
    ImGui::TableSetColumnIndex(1);
    ImGui::TextUnformatted(r.what);
  }
}

}  // namespace

void draw_help_overlay(std::span<const HelpRow> keys, bool* open) {
  if (!*open) return;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x / 2, io.DisplaySize.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the map behind would make it hard to read
  if (ImGui::Begin("Keys and mouse (F1)", open,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                       ImGuiWindowFlags_NoSavedSettings)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      rows(keys);
      ImGui::EndTable();
    }
    ImGui::Separator();
    if (ImGui::BeginTable("mouse", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      rows(kMouse);
      ImGui::EndTable();
    }
    ImGui::TextDisabled(
        "Keys other than F1, F11, F12 and Ctrl+Q do nothing while typing in a field.");
  }
  ImGui::End();
}

}  // namespace geofield
