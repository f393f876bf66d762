// The "Export" panel: screenshots, high-resolution pictures, the raw field, saved views and
// the command line that reproduces the view. The App writes the files and logs each result.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "figure/figure_layout.h"
#include "ui/ui_model.h"
#include "view/reproduce_command.h"

namespace geofield {

void draw_export_panel(ExportSettings* e, const ViewState& s, const FrameInfo& info, UiActions* a,
                       const MessageLog& log) {
  if (!ImGui::CollapsingHeader("Export", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::InputText("folder", &e->folder);
  if (ImGui::Button("Screenshot (F12)")) {
    a->screenshot = true;
    a->screenshot_with_ui = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("Map only")) {
    a->screenshot = true;
    a->screenshot_with_ui = false;
  }
  // The picture is the figure: map, labels, colorbar and title at the width asked, drawn a
  // band a frame (Cancel stops it). "Map only" above is the raw map.
  if (info.figure_writing) {
    ImGui::ProgressBar(1.0f, ImVec2(ImGui::CalcItemWidth() * 0.7f, 0), "writing the figure...");
  } else if (info.figure_progress) {
    ImGui::ProgressBar(static_cast<float>(*info.figure_progress),
                       ImVec2(ImGui::CalcItemWidth() * 0.7f, 0), "drawing the figure...");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) a->cancel_figure = true;
  } else {
    ImGui::SetNextItemWidth(ImGui::CalcItemWidth() * 0.7f);
    ImGui::InputInt("##figure width", &e->figure_w, 100, 1000);
    e->figure_w = std::clamp(e->figure_w, kMinFigureWidthPx, kMaxFigureWidthPx);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("the figure's width in pixels (%d to %d): map, labels, colorbar, title",
                        kMinFigureWidthPx, kMaxFigureWidthPx);
    }
    ImGui::SameLine();
    if (ImGui::Button("Picture PNG")) a->picture = true;
  }
  if (info.export_progress) {  // written on a thread: the window keeps drawing
    ImGui::ProgressBar(static_cast<float>(*info.export_progress),
                       ImVec2(ImGui::CalcItemWidth() * 0.7f, 0), "writing the field...");
    ImGui::SameLine();
    if (ImGui::Button("Cancel##export")) a->cancel_export = true;
  } else {
    if (ImGui::Button("Field .npy")) a->npy = true;
    ImGui::SameLine();
    if (ImGui::Button("GeoTIFF")) a->geotiff = true;
    ImGui::SameLine();
    ImGui::Checkbox("float64", &e->f64);
  }

  ImGui::InputText("view file", &e->state_file);
  if (ImGui::Button("Save view")) a->save_state = true;
  ImGui::SameLine();
  if (ImGui::Button("Load view")) a->load_state = true;
  ImGui::SameLine();
  if (ImGui::Button("Copy as command")) a->copy_command = true;
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
    ImGui::TextUnformatted(render_command_line(s).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  for (const MessageLog::Message& m : log.items) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          m.ok ? ImVec4(0.6f, 0.9f, 0.6f, 1) : ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("%s", m.text.c_str());
    ImGui::PopStyleColor();
  }
}

void draw_status_panel(const FrameInfo& info) {
  ImGui::Separator();
  const double nodes = info.shown ? double(node_count(*info.shown)) : 0.0;
  const double evals = info.compute_ms > 0 ? nodes / (info.compute_ms / 1000.0) : 0.0;
  ImGui::Text("%s%s | recompute %.3g ms | frame %.1f ms | %.3g eval/s", info.backend.c_str(),
              info.busy ? " (computing)" : "", info.compute_ms, info.frame_ms, evals);
}

}  // namespace geofield
