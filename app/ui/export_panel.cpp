// The "Export" panel: screenshots, high-resolution pictures, the raw field, saved views and
// the command line that reproduces the view. The App writes the files and logs each result.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "export/output_kinds.h"
#include "figure/figure_layout.h"
#include "ui/ui_model.h"
#include "ui/widgets.h"
#include "view/reproduce_command.h"

namespace geofield {

namespace {

// $HOME without its trailing separators, or "" when unset, relative or the root.
std::string home_folder() {
  const char* home = std::getenv("HOME");
  std::string h = home != nullptr ? home : "";
  while (h.size() > 1 && h.back() == '/') h.pop_back();
  return h.size() > 1 && h.front() == '/' ? h : "";
}

// A leading "~" as $HOME (when it is set), as a shell reads it.
std::string expand_home(const std::string& typed) {
  const std::string home = home_folder();
  if (home.empty() || !(typed == "~" || typed.rfind("~/", 0) == 0)) return typed;
  return home + typed.substr(1);
}

}  // namespace

std::string absolute_folder(const std::string& folder) {
  const std::string typed = expand_home(folder.empty() ? "." : folder);
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(typed, ec);
  if (ec) return folder;
  p = p.lexically_normal();  // "/a/b/." -> "/a/b/": the trailing separator goes too
  if (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();
  return p.string();
}

std::string home_abbreviated(const std::string& folder) {
  const std::string home = home_folder();
  if (home.empty() || folder.rfind(home, 0) != 0) return folder;
  if (folder.size() == home.size()) return "~";
  return folder[home.size()] == '/' ? "~" + folder.substr(home.size()) : folder;
}

void draw_export_panel(ExportSettings* e, const ViewState& s, const FrameInfo& info, UiActions* a,
                       TypedEdits* edits) {
  if (!ImGui::CollapsingHeader("Export", ImGuiTreeNodeFlags_DefaultOpen)) return;
  std::string shown = home_abbreviated(e->folder);
  if (ImGui::InputText("folder", &shown)) e->folder = expand_home(shown);
  // Absolute once typed, so every saved path the status bar shows is absolute.
  if (ImGui::IsItemDeactivatedAfterEdit()) e->folder = absolute_folder(e->folder);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", e->folder.c_str());
  if (ImGui::Button("Screenshot (F12)")) {
    a->screenshot = true;
    a->screenshot_with_ui = true;
  }
  same_line_if_fits(button_width("Map only"));
  if (ImGui::Button("Map only")) {
    a->screenshot = true;
    a->screenshot_with_ui = false;
  }
  // The figure's style, on this row (where it has room) so the rows below keep their place.
  const float style_w = ImGui::CalcTextSize("screen").x + ImGui::GetFrameHeight() +
                        2 * ImGui::GetStyle().FramePadding.x;
  same_line_if_fits(style_w + ImGui::GetStyle().ItemInnerSpacing.x +
                    ImGui::CalcTextSize("style").x);
  ImGui::SetNextItemWidth(style_w);
  if (ImGui::BeginCombo("style", figure_preset_name(e->figure_preset))) {
    for (FigurePreset p : {FigurePreset::print, FigurePreset::screen, FigurePreset::dark}) {
      if (ImGui::Selectable(figure_preset_name(p), p == e->figure_preset)) e->figure_preset = p;
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "the figure's style, as render --style: print (8 pt labels at 300 dpi), screen, dark");
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
    // The box and its unit as wide as the progress bar that takes their place while the figure
    // draws, so "Figure PNG" and that bar's Cancel share a place.
    ImGui::SetNextItemWidth(ImGui::CalcItemWidth() * 0.7f - ImGui::GetStyle().ItemInnerSpacing.x -
                            ImGui::CalcTextSize("px").x);
    typed_int("figure width", "px", &e->figure_w, kMinFigureWidthPx, kMaxFigureWidthPx, edits);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("the figure's width in pixels (%d to %d): map, labels, colorbar, title",
                        kMinFigureWidthPx, kMaxFigureWidthPx);
    }
    if (!edits->by_control.count("figure width")) ImGui::SameLine();
    if (ImGui::Button("Figure PNG")) a->picture = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", output_kind(OutputId::figure).writes);
    // The same figure for print: lines and text as vectors over the map's picture.
    for (const char* ext : {"pdf", "svg"}) {
      const std::string label = ext == std::string("pdf") ? "PDF" : "SVG";
      same_line_if_fits(button_width(label.c_str()));
      if (ImGui::Button(label.c_str())) {
        a->picture = true;
        a->picture_ext = ext;
      }
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "the figure as %s: rings, coasts, labels, colorbar and title as vectors "
            "and text over the map's picture",
            label.c_str());
      }
    }
  }
  if (info.export_progress) {  // written on a thread: the window keeps drawing
    ImGui::ProgressBar(static_cast<float>(*info.export_progress),
                       ImVec2(ImGui::CalcItemWidth() * 0.7f, 0), "writing the field...");
    ImGui::SameLine();
    if (ImGui::Button("Cancel##export")) a->cancel_export = true;
  } else {
    // One button an output the panel writes from the shown field, on one line.
    for (const OutputKind& k : output_kinds()) {
      if (!k.in_panel()) continue;
      if (ImGui::Button(k.panel_label)) a->field_exports.push_back(k.id);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", k.writes);
      same_line_if_fits(checkbox_width("float64"));
    }
    ImGui::Checkbox("float64", &e->f64);
  }

  ImGui::InputText("view file", &e->state_file);
  if (ImGui::Button("Save view")) a->save_state = true;
  same_line_if_fits(button_width("Load view"));
  if (ImGui::Button("Load view")) a->load_state = true;
  same_line_if_fits(button_width("Copy as command"));
  if (ImGui::Button("Copy as command")) a->copy_command = true;
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
    const std::filesystem::path centres =
        std::filesystem::path(e->folder.empty() ? "." : e->folder) / e->centres_file;
    ImGui::TextUnformatted(
        render_command_line(s, "geofield.png", centres.string(), figure_command_of(*e)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace geofield
