// The "View" panel: bounds, resolution, reference point, formula, units, radius, precision,
// backend. Edits the ViewState; the App recomputes when the FieldParams differ.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "ui/ui_model.h"
#include "ui/widgets.h"
#include "view/projected_view.h"

namespace geofield {
namespace {

// latlon, aeqd, ortho: at the end of the buttons' row, so the panel's rows keep their places.
void projection_selector(FieldParams* p) {
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
  int kind = static_cast<int>(p->projection);
  if (ImGui::Combo("##projection", &kind, "latlon\0aeqd\0ortho\0") &&
      kind != static_cast<int>(p->projection)) {
    p->projection = static_cast<Projection>(kind);
    // aeqd is centred on the reference point; ortho looks at the middle of the bounds.
    if (p->projection != Projection::latlon) p->extent = default_extent(*p);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "latlon: the lat/lon grid, true shape at its centre latitude\n"
        "aeqd: azimuthal equidistant about the reference point (rings are circles)\n"
        "ortho: the globe seen from far away; drag to turn it");
  }
}

void latlon_bounds_section(FieldParams* p) {
  ImGui::TextDisabled("Bounds (degrees; lon MIN > MAX crosses 180)");
  slider_typed("lat min", &p->lat_min_deg, -90, 90, "%.6f");
  slider_typed("lat max", &p->lat_max_deg, -90, 90, "%.6f");
  slider_typed("lon min", &p->lon_min_deg, -180, 180, "%.6f");
  slider_typed("lon max", &p->lon_max_deg, -180, 180, "%.6f");
  if (ImGui::Button("Reset view")) {
    const FieldParams d;
    p->lat_min_deg = d.lat_min_deg;
    p->lat_max_deg = d.lat_max_deg;
    p->lon_min_deg = d.lon_min_deg;
    p->lon_max_deg = d.lon_max_deg;
  }
  ImGui::SameLine();
  if (ImGui::Button("Whole Earth")) {
    p->lat_min_deg = -90;
    p->lat_max_deg = 90;
    p->lon_min_deg = -180;
    p->lon_max_deg = 180;
  }
  ImGui::SameLine();
  if (ImGui::Button("Centre on ref")) {
    const double h_lat = (p->lat_max_deg - p->lat_min_deg) / 2;
    set_lat_bounds(p, p->ref_lat_deg - h_lat, p->ref_lat_deg + h_lat);
    const double span = lon_span_of(*p);
    set_lon_bounds(p, p->ref_lon_deg - span / 2, span);
  }
}

// As many rows as the latlon bounds, so the rows below keep their places in every view.
void projected_section(FieldParams* p) {
  const std::string unit(to_string(p->units));
  ImGui::TextDisabled(p->projection == Projection::aeqd
                          ? "Map about the reference (drag moves it, wheel zooms)"
                          : "Globe (drag turns it, wheel zooms)");
  const std::string extent_label = "extent (" + unit + ")";
  slider_typed(extent_label.c_str(), &p->extent, min_extent(*p), max_extent(*p), "%.6g", true);
  const GeoPoint c = projection_centre(*p);
  double lat = c.lat_deg, lon = c.lon_deg;
  const bool ortho = p->projection == Projection::ortho;
  ImGui::BeginDisabled(!ortho);  // aeqd's centre is the reference point, set below
  const bool lat_moved = slider_typed("centre lat", &lat, -90, 90, "%.6f");
  const bool lon_moved = slider_typed("centre lon", &lon, -180, 180, "%.6f");
  ImGui::EndDisabled();
  if (ortho && (lat_moved || lon_moved)) set_view_centre(p, lat, lon);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("map %.6g x %.6g %s", 2 * p->extent,
              2 * p->extent * (p->ny - 1) / std::max(1, p->nx - 1), unit.c_str());
  if (ImGui::Button("Reset view")) p->extent = default_extent(*p);
  ImGui::SameLine();
  if (ImGui::Button("Whole Earth")) p->extent = max_extent(*p);
  ImGui::SameLine();
  ImGui::BeginDisabled(!ortho);
  if (ImGui::Button("Centre on ref")) set_view_centre(p, p->ref_lat_deg, p->ref_lon_deg);
  ImGui::EndDisabled();
}

void bounds_section(FieldParams* p) {
  if (p->projection == Projection::latlon) {
    latlon_bounds_section(p);
  } else {
    projected_section(p);
  }
  projection_selector(p);
}

void resolution_section(ViewState* s, const SizeCaps& caps, const FrameInfo& info) {
  FieldParams* p = &s->params;
  ImGui::TextDisabled("Resolution (grid nodes)");
  ImGui::BeginDisabled(s->follow_window);
  slider_typed_int("nx", &p->nx, 2, caps.max_side);
  slider_typed_int("ny", &p->ny, 2, caps.max_side);
  for (int n : {256, 512, 1024, 2048, 4096}) {
    char label[16];
    std::snprintf(label, sizeof label, "%d", n);
    if (n > caps.max_side) break;
    if (ImGui::SmallButton(label)) p->nx = p->ny = n;
    ImGui::SameLine();
  }
  ImGui::NewLine();
  ImGui::EndDisabled();
  ImGui::Checkbox("follow the window's pixels", &s->follow_window);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("one node per pixel of the map (%d x %d now)", static_cast<int>(info.map.w),
                      static_cast<int>(info.map.h));
  }
  ImGui::TextDisabled("cap: %d per side (GL), %.0f M nodes (memory)", caps.max_side,
                      caps.max_nodes / 1e6);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "GL_MAX_TEXTURE_SIZE of this OpenGL; half the free memory at 12 bytes a node");
  }
}

void reference_section(FieldParams* p) {
  ImGui::TextDisabled("Reference point (click the map; drag the ring)");
  slider_typed("ref lat", &p->ref_lat_deg, -90, 90, "%.6f");
  slider_typed("ref lon", &p->ref_lon_deg, -180, 180, "%.6f");
}

void field_section(ViewState* s, const FrameInfo& info, UiActions* a) {
  FieldParams* p = &s->params;
  ImGui::TextDisabled("Field");
  int formula = static_cast<int>(p->formula);
  if (ImGui::Combo("formula", &formula, "haversine\0seed (numba answer)\0")) {
    p->formula = static_cast<Formula>(formula);
  }
  int units = static_cast<int>(p->units);
  if (ImGui::Combo("units", &units, "km\0nm\0mi\0m\0")) {
    change_units(p, static_cast<Units>(units));  // a projected map keeps its size
  }
  double radius = p->radius_km;
  if (ImGui::InputDouble("radius (km)", &radius, 0, 0, "%.4f",
                         ImGuiInputTextFlags_EnterReturnsTrue) &&
      radius > 0 && radius <= kMaxRadiusKm) {
    p->radius_km = radius;
  }
  int precision = static_cast<int>(p->precision);
  if (ImGui::Combo("precision", &precision, "float\0double\0")) {
    p->precision = static_cast<Precision>(precision);
  }
  ImGui::Text("backend: %s", info.backend.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.backend_reason.c_str());
  // A button for each other backend. CUDA, where it cannot run, is shown greyed out with the
  // reason, so that nobody wonders where the GPU went.
  const struct {
    const char *name, *button, *tip;
    BackendChoice choice;
  } others[] = {
      {"cpu", "use cpu", "all CPU cores, off the UI thread", BackendChoice::cpu},
      {"cuda", "use cuda", "a CUDA kernel writes the texture", BackendChoice::cuda},
      {"gl", "use gl", "compute shaders in this GL context: no second context to switch to",
       BackendChoice::gl},
  };
  for (const auto& o : others) {
    if (info.backend == o.name) continue;
    ImGui::SameLine();
    const bool unavailable = o.choice == BackendChoice::cuda && !info.cuda_usable;
    ImGui::BeginDisabled(unavailable);
    if (ImGui::SmallButton(o.button)) a->switch_backend = o.choice;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      if (unavailable) {
        ImGui::SetTooltip("CUDA is not available: %s", info.cuda_why_not.c_str());
      } else {
        ImGui::SetTooltip("%s", o.tip);
      }
    }
  }
}

}  // namespace

void draw_view_panel(ViewState* s, const SizeCaps& caps, const FrameInfo& info, UiActions* a) {
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
    bounds_section(&s->params);
    ImGui::Separator();
    resolution_section(s, caps, info);
    ImGui::Separator();
    reference_section(&s->params);
    ImGui::Separator();
    field_section(s, info, a);
  }
}

}  // namespace geofield
