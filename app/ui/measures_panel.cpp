// The "Measurements" panel: the measurements kept by Shift+drag on the map, each
// with its distance (the view's formula and unit), initial bearing and ends, deleted by its
// row's button or all at once; and the GeoJSON export of them with the rings (for QGIS). Every
// edit is a change of the view, so the undo history has it; the App writes the file.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <optional>
#include <string>

#include "figure/measure_geometry.h"
#include "ui/ui_model.h"

namespace geofield {

void draw_measurements_panel(ViewState* s, ExportSettings* e, UiActions* a) {
  // Opens when a measurement is added (a Shift+drag), so the new row is seen.
  static std::size_t listed = 0;
  if (s->measurements.size() > listed) ImGui::SetNextItemOpen(true);
  listed = s->measurements.size();
  if (!ImGui::CollapsingHeader("Measurements")) return;
  const FieldParams& p = s->params;
  if (s->measurements.empty()) {
    ImGui::TextWrapped(
        "No measurements: Shift+drag on the map to measure; each is kept here (at "
        "most %zu).",
        kMaxMeasurements);
  } else {
    ImGui::Text("%zu measurement%s (at most %zu), %s", s->measurements.size(),
                s->measurements.size() == 1 ? "" : "s", kMaxMeasurements,
                p.formula == Formula::wgs84 ? "geodesics on the ellipsoid" : "great circles");
    // Up to 8 rows the table is as tall as its rows; beyond, it scrolls.
    constexpr std::size_t kRowsShown = 8;
    const bool scrolls = s->measurements.size() > kRowsShown;
    const float height =
        scrolls ? (ImGui::GetTextLineHeightWithSpacing() + 4) * float(kRowsShown + 1) : 0.0f;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  (scrolls ? ImGuiTableFlags_ScrollY : 0) |
                                  ImGuiTableFlags_SizingStretchProp;
    std::optional<std::size_t> remove_at;
    if (ImGui::BeginTable("measurements", 5, flags, ImVec2(0, height))) {
      const std::string unit(to_string(p.units));
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn(unit.c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
      ImGui::TableSetupColumn("bearing", ImGuiTableColumnFlags_WidthStretch, 0.7f);
      ImGui::TableSetupColumn("from -> to", ImGuiTableColumnFlags_WidthStretch, 1.6f);
      ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableHeadersRow();
      for (std::size_t k = 0; k < s->measurements.size(); ++k) {
        const Measurement& m = s->measurements[k];
        ImGui::PushID(static_cast<int>(k));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", k + 1);
        ImGui::TableNextColumn();
        ImGui::Text("%.6g", measurement_distance(p, m));
        ImGui::TableNextColumn();
        ImGui::Text("%.2f°", measurement_bearing(p, m));
        ImGui::TableNextColumn();
        ImGui::Text("%.4f, %.4f -> %.4f, %.4f", m.a.lat_deg, m.a.lon_deg, m.b.lat_deg, m.b.lon_deg);
        if (ImGui::IsItemHovered()) {
          ImGui::SetTooltip("from lat %.6f, lon %.6f\nto lat %.6f, lon %.6f", m.a.lat_deg,
                            m.a.lon_deg, m.b.lat_deg, m.b.lon_deg);
        }
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("x")) remove_at = k;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("delete this measurement");
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    // After the table: the list it drew from is not changed under it.
    if (remove_at) s->measurements.erase(s->measurements.begin() + std::ptrdiff_t(*remove_at));
    if (ImGui::Button("Clear all")) s->measurements.clear();
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("delete every measurement (Ctrl+Z brings them back)");
    }
  }
  ImGui::InputText("GeoJSON file", &e->measurements_file);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a .geojson file name in the Export folder");
  if (ImGui::Button("Export GeoJSON")) a->export_measurements = true;
  // The rings go with them only where they are circles about one point.
  ImGui::TextWrapped(s->centres.empty() && s->sites.empty()
                         ? "with the rings about the reference when they are shown"
                         : "the measurements only: rings of several sites are not exported");
}

}  // namespace geofield
