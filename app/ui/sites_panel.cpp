// The "Sites" panel: the view's lines, polygons and points from a GeoJSON or CSV
// file (typed and opened, or dropped on the window) or from Natural Earth's data in the binary
// (one click each), "signed inside polygons", colour by nearest feature, clear. Every edit is
// a change of the view, so the undo history has it; the App reads the files.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <optional>
#include <string>

#include "ui/ui_model.h"
#include "view/site_edits.h"

namespace geofield {
namespace {

// The built-in sites' buttons and what each opens.
struct Builtin {
  const char* label;
  const char* name;
  const char* tip;
};
constexpr Builtin kBuiltins[] = {
    {"@coastline", "@coastline", "distance to Natural Earth's coastlines (1:10m)"},
    {"@land", "@land",
     "distance to land's polygons (1:10m); with signed: negative on land, positive at sea"},
    {"@borders", "@borders", "distance to Natural Earth's country borders (1:10m)"},
};

}  // namespace

void draw_sites_panel(ViewState* s, ExportSettings* e, UiActions* a) {
  // Open from the start when the view has sites (geofield --sites FILE).
  ImGui::SetNextItemOpen(!s->sites.empty(), ImGuiCond_Once);
  if (!ImGui::CollapsingHeader("Sites")) return;
  if (const std::optional<std::string> no = sites_view_problem(s->params)) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.30f, 0.25f, 1.0f));
    ImGui::TextWrapped("Lines and polygons need the haversine formula (%s)", no->c_str());
    ImGui::PopStyleColor();
  } else if (s->sites.empty()) {
    ImGui::TextWrapped(
        "No sites: open a GeoJSON (lines, polygons, points) or CSV file, drop one on the "
        "window, or take Natural Earth's below.");
  } else {
    ImGui::TextWrapped("%s", sites_summary(*s->sites.shapes()).c_str());
    ImGui::TextWrapped("from %s", s->sites.source().name.c_str());
  }
  for (const Builtin& b : kBuiltins) {
    if (&b != &kBuiltins[0]) ImGui::SameLine();
    if (ImGui::Button(b.label)) a->open_sites = b.name;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.tip);
  }
  // Only polygons have an inside: the box is greyed out without them.
  const bool polygons = s->sites.has_polygons();
  if (!polygons) ImGui::BeginDisabled();
  ImGui::Checkbox("signed inside polygons", &s->signed_inside);
  if (!polygons) ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip(polygons ? "inside a polygon: minus the distance to its boundary, not 0"
                               : "the sites have no polygons");
  }
  ImGui::Checkbox("colour by nearest feature (N)", &s->colour_by_centre);
  if (!s->sites.empty()) {
    if (ImGui::Button("Clear")) clear_sites(s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("remove the sites (Ctrl+Z brings them back)");
  }
  ImGui::InputText("sites file", &e->sites_file);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "GeoJSON (any geometry) or CSV lat,lon[,name]; in the Export folder unless absolute; "
        "or drop a file on the window");
  }
  if (ImGui::Button("Open")) a->open_sites = e->sites_file;
}

}  // namespace geofield
