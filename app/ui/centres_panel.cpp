// The "Centres" panel: the view's centres as a table whose latitude, longitude and
// name are edited in place (taken on Enter), a row deleted by its button; clear; colour by
// nearest centre; a file to import (CSV or GeoJSON) and export (CSV). Every edit is a change of
// the view, so the undo history has it; the App reads and writes the files.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <optional>
#include <string>

#include "ui/ui_model.h"
#include "view/centre_edits.h"

namespace geofield {
namespace {

constexpr std::size_t kCentresPage = 100'000;  // rows in the table at a time

// One row's editors; returns the row's centre as edited, or nothing when no edit was taken.
std::optional<Centre> edit_row(const Centre& c, std::size_t k, bool* remove) {
  std::optional<Centre> out;
  ImGui::PushID(static_cast<int>(k));
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::Text("%zu", k + 1);
  // Taken on Enter (a half-typed number is never a centre); a click selects the text to replace.
  const ImGuiInputTextFlags enter =
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll;
  double lat = c.lat_deg, lon = c.lon_deg;
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputDouble("##lat", &lat, 0, 0, "%.6f", enter)) out = c, out->lat_deg = lat;
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputDouble("##lon", &lon, 0, 0, "%.6f", enter)) out = c, out->lon_deg = lon;
  ImGui::TableNextColumn();
  std::string name = c.name;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##name", "(no name)", &name, enter)) out = c, out->name = name;
  ImGui::TableNextColumn();
  if (ImGui::SmallButton("x")) *remove = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("delete this centre");
  ImGui::PopID();
  return out;
}

}  // namespace

void draw_centres_panel(ViewState* s, ExportSettings* e, UiActions* a, TypedEdits* edits) {
  // Open from the start when the view has centres (geofield --centres FILE).
  ImGui::SetNextItemOpen(!s->centres.empty(), ImGuiCond_Once);
  if (!ImGui::CollapsingHeader("Centres")) return;
  std::string why;
  auto refused = [&] { edits->newest = why; };
  if (const std::optional<std::string> no = centres_view_problem(s->params, 1)) {
    // A projected view or the seed formula: said here before any centre is refused. The error
    // colour of the panels' messages (widgets.cpp).
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.30f, 0.25f, 1.0f));
    ImGui::TextWrapped("Centres need a latlon view of a distance formula (%s)", no->c_str());
    ImGui::PopStyleColor();
  } else if (s->centres.empty()) {
    ImGui::TextWrapped(
        "No centres: the field is the distance from the reference point. "
        "Shift+click the map to add one, or import a file.");
  } else {
    ImGui::Text("%zu centre%s (at most %zu)", s->centres.size(), s->centres.size() == 1 ? "" : "s",
                kMaxViewCentres);
    if (const CentresFileRef* f = s->centres.file()) {
      ImGui::TextWrapped("from %s", f->path.c_str());
    }
    if (!centres_kept(s->centres)) {
      ImGui::TextWrapped(
          "edited, more than %zu: not kept across sessions unless exported (Export "
          "CSV; the saved view then refers to that file)",
          kMaxInlineCentres);
    }
    if (!draws_centre_markers(s->centres.size())) {
      ImGui::TextWrapped("no markers beyond %zu centres", kMaxCentreMarkers);
    }
  }
  ImGui::Checkbox("colour by nearest centre (N)", &s->colour_by_centre);
  if (!s->centres.empty()) {
    // Pages of kCentresPage rows: ImGui 1.86 places rows at float positions, which lose whole
    // pixels beyond some 700,000 rows of ~24 px; a page keeps the table exact.
    static std::size_t page = 0;
    const std::size_t pages = (s->centres.size() + kCentresPage - 1) / kCentresPage;
    page = std::min(page, pages - 1);
    if (pages > 1) {
      int shown = static_cast<int>(page) + 1;
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
      if (ImGui::InputInt("page", &shown)) {
        page = static_cast<std::size_t>(std::clamp(shown, 1, static_cast<int>(pages))) - 1;
      }
      ImGui::SameLine();
      ImGui::Text("of %zu (rows %zu to %zu)", pages, page * kCentresPage + 1,
                  std::min(s->centres.size(), (page + 1) * kCentresPage));
    }
    const std::size_t first = page * kCentresPage;
    const std::size_t rows = std::min(s->centres.size() - first, kCentresPage);
    const float row_h = ImGui::GetFrameHeightWithSpacing();
    const float height =
        row_h * static_cast<float>(std::min<std::size_t>(s->centres.size(), 8) + 1);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("centres", 5, flags, ImVec2(0, height))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("lat", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("lon", ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 1.2f);
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableHeadersRow();
      std::optional<std::size_t> remove_at;
      std::optional<std::pair<std::size_t, Centre>> edited;
      ImGuiListClipper clipper;  // a page of rows: only those in sight are laid out
      clipper.Begin(static_cast<int>(rows));
      while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
          const std::size_t k = first + static_cast<std::size_t>(row);
          bool remove = false;
          if (std::optional<Centre> c = edit_row(s->centres[k], k, &remove)) edited.emplace(k, *c);
          if (remove) remove_at = k;
        }
      }
      ImGui::EndTable();
      // After the table: the list it drew from is not changed under it.
      if (edited && !set_centre(s, edited->first, edited->second, &why)) refused();
      if (remove_at && !remove_centre(s, *remove_at, &why)) refused();
    }
    if (ImGui::Button("Clear")) clear_centres(s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove every centre (Ctrl+Z brings them back)");
  }
  ImGui::InputText("centres file", &e->centres_file);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("CSV lat,lon[,name] or GeoJSON points; in the Export folder unless absolute");
  }
  if (ImGui::Button("Import")) a->import_centres = true;
  ImGui::SameLine();
  if (ImGui::Button("Export CSV")) a->export_centres = true;
}

}  // namespace geofield
