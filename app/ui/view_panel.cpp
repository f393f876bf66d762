// The "View" panel: bounds, resolution, reference point, formula, units, radius (wgs84: the
// ellipsoid), precision, backend. Edits the ViewState; the App recomputes when the FieldParams
// differ.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "ui/place_search_box.h"
#include "ui/ui_model.h"
#include "ui/widgets.h"
#include "view/place_search.h"
#include "view/projected_view.h"

namespace geofield {
namespace {

// Decimals of the bounds and the reference: a step of the last digit under a pixel of the map.
int degree_digits(const FieldParams& p, const FrameInfo& info) {
  if (p.projection == Projection::latlon) {
    return std::max(view_decimals(p.lat_max_deg - p.lat_min_deg, info.map.h),
                    view_decimals(lon_span_of(p), info.map.w));
  }
  return view_decimals(projected_span_deg(p), info.map.w);
}

// The check of one control of FieldParams: the candidate with that field set, held to the one
// validation (field_params check), in its UI words.
ValueCheck param_check(const FieldParams& p, ParamField field, double FieldParams::*member) {
  return [p, field, member](double v) -> std::optional<std::string> {
    FieldParams candidate = p;
    candidate.*member = v;
    if (const std::optional<ParamProblem> pr = check(candidate, field)) return pr->ui;
    return std::nullopt;
  };
}

// latlon, aeqd, ortho, eqearth: at the end of the buttons' row, so the panel's rows keep their
// places.
void projection_selector(FieldParams* p) {
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 4.5f, ImGui::GetContentRegionAvail().x));
  int kind = static_cast<int>(p->projection);
  if (ImGui::Combo("##projection", &kind, "latlon\0aeqd\0ortho\0eqearth\0") &&
      kind != static_cast<int>(p->projection)) {
    p->projection = static_cast<Projection>(kind);
    // aeqd is centred on the reference point; ortho looks at the middle of the bounds; eqearth
    // shows the world about the reference's meridian.
    if (p->projection != Projection::latlon) p->extent = default_extent(*p);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "latlon: the lat/lon grid, true shape at its centre latitude\n"
        "aeqd: azimuthal equidistant about the reference point (rings are circles)\n"
        "ortho: the globe seen from far away; drag to turn it\n"
        "eqearth: Equal Earth, an equal-area world map about the reference's meridian");
  }
}

// One typed box a bound (the map pans and zooms them): the decimals the zoom needs.
void latlon_bounds_section(FieldParams* p, const FrameInfo& info, TypedEdits* edits) {
  ImGui::TextDisabled("Bounds (degrees)");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "type a bound and Enter (lon min above lon max crosses 180);\n"
        "drag and wheel the map to pan and zoom");
  }
  using F = ParamField;
  const FieldParams q = *p;  // the checks see the view before this frame's edits
  const int digits = degree_digits(q, info);
  value_box("lat min", &p->lat_min_deg, digits,
            param_check(q, F::lat_min, &FieldParams::lat_min_deg), edits);
  value_box("lat max", &p->lat_max_deg, digits,
            param_check(q, F::lat_max, &FieldParams::lat_max_deg), edits);
  value_box("lon min", &p->lon_min_deg, digits,
            param_check(q, F::lon_min, &FieldParams::lon_min_deg), edits);
  value_box("lon max", &p->lon_max_deg, digits,
            param_check(q, F::lon_max, &FieldParams::lon_max_deg), edits);
  if (ImGui::Button("Reset view")) {
    const FieldParams d = first_view().params;  // the first view's bounds, the reference inside
    p->lat_min_deg = d.lat_min_deg;
    p->lat_max_deg = d.lat_max_deg;
    p->lon_min_deg = d.lon_min_deg;
    p->lon_max_deg = d.lon_max_deg;
  }
  same_line_if_fits(button_width("Whole Earth"));
  if (ImGui::Button("Whole Earth")) {
    p->lat_min_deg = -90;
    p->lat_max_deg = 90;
    p->lon_min_deg = -180;
    p->lon_max_deg = 180;
  }
  same_line_if_fits(button_width("Centre on ref"));
  if (ImGui::Button("Centre on ref")) move_reference(p, p->ref_lat_deg, p->ref_lon_deg);
}

// As many rows as the latlon bounds, so the rows below keep their places in every view.
void projected_section(FieldParams* p, const FrameInfo& info, TypedEdits* edits) {
  const std::string unit(to_string(p->units));
  ImGui::TextDisabled(
      p->projection == Projection::aeqd ? "Map about the reference (drag moves it, wheel zooms)"
      : p->projection == Projection::eqearth ? "World about the reference's meridian (wheel zooms)"
                                             : "Globe (drag turns it, wheel zooms)");
  const std::string extent_label = "extent (" + unit + ")";
  typed_double(extent_label.c_str(), extent_label.c_str(), &p->extent, "%.6g",
               param_check(*p, ParamField::extent, &FieldParams::extent), edits);
  const GeoPoint c = projection_centre(*p);
  double lat = c.lat_deg, lon = c.lon_deg;
  const bool ortho = p->projection == Projection::ortho;
  ImGui::BeginDisabled(!ortho);  // aeqd's centre is the reference point, set below
  const ValueCheck lat_ok = [](double v) -> std::optional<std::string> {
    if (v >= -90 && v <= 90) return std::nullopt;
    return "centre lat must be from -90 to 90 degrees";
  };
  const ValueCheck lon_ok = [](double v) -> std::optional<std::string> {
    if (v >= -180 && v <= 180) return std::nullopt;
    return "centre lon must be from -180 to 180 degrees";
  };
  const int digits = degree_digits(*p, info);
  const bool lat_moved = value_box("centre lat", &lat, digits, lat_ok, edits);
  const bool lon_moved = value_box("centre lon", &lon, digits, lon_ok, edits);
  ImGui::EndDisabled();
  if (ortho && (lat_moved || lon_moved)) set_view_centre(p, lat, lon);
  ImGui::AlignTextToFramePadding();
  ImGui::Text("map %.6g x %.6g %s", 2 * p->extent, 2 * projected_half_height(*p), unit.c_str());
  if (ImGui::Button("Reset view")) p->extent = default_extent(*p);
  ImGui::SameLine();
  if (ImGui::Button("Whole Earth")) p->extent = max_extent(*p);
  ImGui::SameLine();
  ImGui::BeginDisabled(!ortho);
  if (ImGui::Button("Centre on ref")) move_reference(p, p->ref_lat_deg, p->ref_lon_deg);
  ImGui::EndDisabled();
}

void bounds_section(FieldParams* p, const FrameInfo& info, TypedEdits* edits) {
  if (p->projection == Projection::latlon) {
    latlon_bounds_section(p, info, edits);
  } else {
    projected_section(p, info, edits);
  }
  projection_selector(p);
}

void resolution_section(ViewState* s, const SizeCaps& caps, const FrameInfo& info,
                        TypedEdits* edits) {
  FieldParams* p = &s->params;
  ImGui::TextDisabled("Resolution (grid nodes)");
  ImGui::BeginDisabled(s->follow_window);
  // This machine's caps are tighter than the command line's: each side within GL's texture
  // limit, and all the nodes within memory.
  auto side_check = [&caps, p](const char* name, bool is_nx) {
    return [&caps, p, name, is_nx](double v) -> std::optional<std::string> {
      const double other = is_nx ? p->ny : p->nx;
      if (v < 2 || v > caps.max_side) {
        return std::string(name) + " must be from 2 to " + std::to_string(caps.max_side) +
               " nodes (this GL's texture limit)";
      }
      if (v * other > double(caps.max_nodes)) {
        return std::string(name) + " x " + (is_nx ? "ny" : "nx") + " must be at most " +
               std::to_string(caps.max_nodes / 1000000) + " M nodes (half the free memory)";
      }
      return std::nullopt;
    };
  };
  drag_typed_int("nx", &p->nx, std::max(1.0f, p->nx / 200.0f), 2, caps.max_side,
                 side_check("nx", true), edits);
  drag_typed_int("ny", &p->ny, std::max(1.0f, p->ny / 200.0f), 2, caps.max_side,
                 side_check("ny", false), edits);
  for (int n : {256, 512, 1024, 2048, 4096}) {
    char label[16];
    std::snprintf(label, sizeof label, "%d", n);
    if (n > caps.max_side) break;
    if (ImGui::SmallButton(label)) p->nx = p->ny = n;
    ImGui::SameLine();
  }
  ImGui::NewLine();
  ImGui::EndDisabled();
  int registration = static_cast<int>(p->registration);
  if (ImGui::Combo("registration", &registration, "node\0pixel\0")) {
    p->registration = static_cast<Registration>(registration);
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "node: the values at nodes on the bounds, nx nodes span/(nx - 1) apart\n"
        "pixel: the bounds are the edges of nx x ny cells of span/nx, the values at their\n"
        "centres, as GIS rasters are (--registration)");
  }
  ImGui::Checkbox("follow the window's pixels", &s->follow_window);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("one node per pixel of the map (%d x %d now)", static_cast<int>(info.map.w),
                      static_cast<int>(info.map.h));
  }
  ImGui::Checkbox("fill the window", &s->fill_window);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "extend the view to the map area's shape (no bars beside the map); the grid grows with\n"
        "it. Off: the bounds stay as set and the map is letterboxed");
  }
  ImGui::TextDisabled("cap: %d per side (GL), %.0f M nodes (memory)", caps.max_side,
                      caps.max_nodes / 1e6);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "GL_MAX_TEXTURE_SIZE of this OpenGL; half the free memory at 12 bytes a node");
  }
}

void reference_section(FieldParams* p, bool centres, const FrameInfo& info, TypedEdits* edits,
                       PlaceSearch* search) {
  // With centres the field is the nearest centre's: the reference is then only an aeqd map's
  // centre (a pan moves it too) or an eqearth map's central meridian, and elsewhere waits for
  // them to go.
  const bool aeqd = p->projection == Projection::aeqd;
  const bool eqearth = p->projection == Projection::eqearth;
  ImGui::TextDisabled(!centres  ? "Reference point"
                      : aeqd    ? "Map centre"
                      : eqearth ? "Central meridian (its longitude)"
                                : "Reference (unused)");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", !centres  ? "Click the map to place it; drag the ring to move it."
                            : aeqd    ? "aeqd: the centres are the sources; the reference is the "
                                        "map's centre (drag the map)."
                            : eqearth ? "eqearth: the centres are the sources; the reference's "
                                        "longitude is the map's central meridian."
                                      : "Not used while there are centres.");
  }
  ImGui::SameLine();
  place_search_box(p, search);  // on the caption's row: the rows below keep their places
  // One typed box each (a click on the map places it, a drag of its marker moves it).
  const FieldParams q = *p;
  const int digits = degree_digits(q, info);
  value_box("ref lat", &p->ref_lat_deg, digits,
            param_check(q, ParamField::ref_lat, &FieldParams::ref_lat_deg), edits);
  value_box("ref lon", &p->ref_lon_deg, digits,
            param_check(q, ParamField::ref_lon, &FieldParams::ref_lon_deg), edits);
}

// A projected map keeps its angle on the globe when the formula or the ellipsoid changes its
// sphere (wgs84 takes the ellipsoid's mean radius): its extent scales with it, within the new
// sphere's limits.
void keep_map_angle(FieldParams* p, double before_km) {
  if (p->projection != Projection::latlon && before_km > 0) {
    p->extent = std::min(p->extent * (sphere_radius_km(*p) / before_km), max_extent(*p));
  }
}

// haversine, seed, wgs84; wgs84 greyed out while the gl backend draws (its shaders have no
// geodesic), with the reason.
void formula_selector(FieldParams* p, const FrameInfo& info) {
  static const char* const kNames[] = {"haversine", "seed (numba answer)", "wgs84 (ellipsoid)"};
  const int current = static_cast<int>(p->formula);
  if (ImGui::BeginCombo("formula", kNames[current])) {
    for (int k = 0; k < 3; ++k) {
      const bool refused = k == static_cast<int>(Formula::wgs84) && info.backend == "gl";
      ImGui::BeginDisabled(refused);
      if (ImGui::Selectable(kNames[k], k == current) && k != current) {
        const double before_km = sphere_radius_km(*p);
        p->formula = static_cast<Formula>(k);
        keep_map_angle(p, before_km);
      }
      ImGui::EndDisabled();
      if (refused && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("%s: use cpu or cuda first", std::string(kGlNoWgs84).c_str());
      }
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "haversine: great circle on a sphere of the radius below\n"
        "seed: the numba answer's expression (not a distance)\n"
        "wgs84: geodesic on an ellipsoid (Karney's method, in double)");
  }
}

// param_check for the ellipsoid's a and 1/f: the candidate's map keeps its angle first, as the
// edit will (a smaller ellipsoid is not refused for the extent of the larger one).
ValueCheck ellipsoid_check(const FieldParams& p, ParamField field, double FieldParams::*member) {
  return [p, field, member](double v) -> std::optional<std::string> {
    FieldParams candidate = p;
    candidate.*member = v;
    keep_map_angle(&candidate, sphere_radius_km(p));  // check() names a and 1/f before extent
    if (const std::optional<ParamProblem> pr = check(candidate, field)) return pr->ui;
    return std::nullopt;
  };
}

// wgs84's ellipsoid: presets, then a (km) and 1/f typed, each refused with its message (the one
// validation's) under it.
void ellipsoid_section(FieldParams* p, TypedEdits* edits) {
  const double before_km = sphere_radius_km(*p);
  ImGui::TextDisabled("ellipsoid");
  for (const EllipsoidPreset& e : ellipsoid_presets()) {
    ImGui::SameLine();
    const bool on = p->ellipsoid_a_km == e.a_km && p->ellipsoid_inv_f == e.inv_f;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::SmallButton(e.name)) {
      p->ellipsoid_a_km = e.a_km;
      p->ellipsoid_inv_f = e.inv_f;
    }
    if (on) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("a = %.10g km, 1/f = %.12g (%s)", e.a_km, e.inv_f, e.source);
    }
  }
  const float box_w = ImGui::GetFontSize() * 11;
  const FieldParams q = *p;
  ImGui::SetNextItemWidth(box_w);
  typed_double("ellipsoid a", "a (km)", &p->ellipsoid_a_km, "%.10g",
               ellipsoid_check(q, ParamField::ellipsoid_a, &FieldParams::ellipsoid_a_km), edits);
  ImGui::SetNextItemWidth(box_w);
  typed_double("ellipsoid 1/f", "1/f (0: a sphere)", &p->ellipsoid_inv_f, "%.12g",
               ellipsoid_check(q, ParamField::ellipsoid_inv_f, &FieldParams::ellipsoid_inv_f),
               edits);
  keep_map_angle(p, before_km);
}

void field_section(ViewState* s, const FrameInfo& info, UiActions* a, TypedEdits* edits) {
  FieldParams* p = &s->params;
  ImGui::TextDisabled("Field");
  // The original numba answer's case: its grid, reference, expression and precision.
  ImGui::SameLine();
  if (ImGui::SmallButton("the numba answer's case")) {
    const FieldParams n = numba_case();
    p->lat_min_deg = n.lat_min_deg, p->lat_max_deg = n.lat_max_deg;
    p->lon_min_deg = n.lon_min_deg, p->lon_max_deg = n.lon_max_deg;
    p->nx = n.nx, p->ny = n.ny;
    p->ref_lat_deg = n.ref_lat_deg, p->ref_lon_deg = n.ref_lon_deg;
    p->formula = n.formula;
    p->precision = n.precision;
    p->units = n.units;
    p->radius_km = n.radius_km;
    p->projection = n.projection;
    s->follow_window = false;
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "the original answer's grid: lat 29:31, lon 99:101, 1000 x 1000 nodes, reference\n"
        "30N 101E, its expression (seed) in double; also --numba-case on the command line");
  }
  formula_selector(p, info);
  int units = static_cast<int>(p->units);
  if (ImGui::Combo("units", &units, "km\0nm\0mi\0m\0")) {
    change_units(p, static_cast<Units>(units));  // a projected map keeps its size
  }
  if (p->formula == Formula::wgs84) {
    ellipsoid_section(p, edits);
  } else {
    drag_typed("radius (km)", &p->radius_km, p->radius_km / 1000, 1e-3, kMaxRadiusKm, "%.4f",
               param_check(*p, ParamField::radius, &FieldParams::radius_km), edits);
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
    const bool no_cuda = o.choice == BackendChoice::cuda && !info.cuda_usable;
    const bool no_gl = o.choice == BackendChoice::gl && p->formula == Formula::wgs84;
    ImGui::BeginDisabled(no_cuda || no_gl);
    if (ImGui::SmallButton(o.button)) a->switch_backend = o.choice;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      if (no_cuda) {
        ImGui::SetTooltip("CUDA is not available: %s", info.cuda_why_not.c_str());
      } else if (no_gl) {
        ImGui::SetTooltip("%s: use cpu or cuda", std::string(kGlNoWgs84).c_str());
      } else {
        ImGui::SetTooltip("%s", o.tip);
      }
    }
  }
}

}  // namespace

// The common controls (bounds, reference) open; the grid and the formula, set once per
// session, in a section of their own, closed at first, so the panel fits 1280 x 800.
void draw_view_panel(ViewState* s, const SizeCaps& caps, const FrameInfo& info, UiActions* a,
                     TypedEdits* edits, PlaceSearch* search) {
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
    bounds_section(&s->params, info, edits);
    ImGui::Separator();
    reference_section(&s->params, !s->centres.empty(), info, edits, search);
  }
  if (ImGui::CollapsingHeader("Grid and formula")) {
    resolution_section(s, caps, info, edits);
    ImGui::Separator();
    field_section(s, info, a, edits);
  }
}

}  // namespace geofield
