#include "ui/map_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <vector>

#include "figure/degree_labels.h"
#include "figure/measure_overlay.h"
#include "view/centre_edits.h"
#include "view/field_measures.h"
#include "view/graticule_crossings.h"
#include "view/graticule_labels.h"
#include "view/great_circle.h"
#include "view/ring_labels.h"

namespace geofield {
namespace {

constexpr float kClickSlopPx = 3.0f;   // a press that moves less than this is a click
constexpr double kWheelZoom = 0.85;    // span factor per wheel notch
constexpr double kWheelBurstS = 0.6;   // notches closer than this are one zoom (one undo step)
constexpr int kMeasureSegments = 180;  // the measured arc, drawn as this many straight pieces

void label(ImDrawList* dl, ImVec2 at, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  dl->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + size.x + 2, at.y + size.y + 1),
                    IM_COL32(0, 0, 0, 140), 3.0f);
  dl->AddText(at, IM_COL32(255, 255, 255, 230), text);
}

}  // namespace

void MapView::handle_mouse(ViewState* s, const MapRect& r, float marker_radius_px,
                           double wheel_time_s) {
  const ImGuiIO& io = ImGui::GetIO();
  FieldParams* p = &s->params;
  const ImVec2 m = io.MousePos;
  const bool over = r.contains(m.x, m.y) && !io.WantCaptureMouse;

  if (drag_ == Drag::none && over && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    double mx = 0, my = 0;
    // aeqd's marker is the map's centre, and eqearth's is on its middle column (the central
    // meridian is the reference's), so dragging it would chase the pointer: a press there pans,
    // as anywhere else.
    const bool marker_drags = s->marker && s->centres.empty() && s->sites.empty() &&
                              p->projection != Projection::aeqd &&
                              p->projection != Projection::eqearth &&
                              screen_of(*p, r, {p->ref_lat_deg, p->ref_lon_deg}, &mx, &my) &&
                              std::hypot(m.x - mx, m.y - my) <= marker_radius_px + 4;
    drag_ = io.KeyShift ? Drag::measure : (marker_drags ? Drag::marker : Drag::pan);
    if (drag_ == Drag::measure) {
      measure_a_ = point_under(*p, r, m.x, m.y);  // empty off the globe: nothing to measure
      measure_b_ = measure_a_;
      if (!measure_a_) drag_ = Drag::none;
    }
    moved_ = false;
    press_x_ = pan_x_ = m.x;
    press_y_ = pan_y_ = m.y;
  }
  if (drag_ != Drag::none && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    // Released. The pointer may have moved on since the release within this frame's events,
    // so its position now is not part of the drag: only a click (no drag) acts here. A click
    // off the globe (ortho) or beyond the antipode's circle (aeqd) places nothing.
    if (!moved_ && drag_ == Drag::measure && measure_a_) {
      // Shift+click: a centre where the press was (a measure of nothing is no measure).
      std::string why;
      if (!add_centre(s, {measure_a_->lat_deg, measure_a_->lon_deg, ""}, &why)) message_ = why;
      clear_measure();
    } else if (drag_ == Drag::measure && measure_a_ && measure_b_) {
      // A Shift+drag: the measure is kept in the view (one undo step, saved with it).
      std::string why;
      if (!add_measurement(&s->measurements, {*measure_a_, *measure_b_}, &why)) message_ = why;
      clear_measure();
    } else if (!moved_ && drag_ != Drag::measure && s->centres.empty() && s->sites.empty()) {
      // With centres the reference is not used: a click places nothing (no step to undo).
      if (const std::optional<GeoPoint> g = point_under(*p, r, press_x_, press_y_)) {
        p->ref_lat_deg = g->lat_deg;
        p->ref_lon_deg = g->lon_deg;
      }
    }
    drag_ = Drag::none;
  }
  if (drag_ != Drag::none) {
    if (std::hypot(m.x - press_x_, m.y - press_y_) > kClickSlopPx) moved_ = true;
    if (drag_ == Drag::measure) {
      if (const std::optional<GeoPoint> g = point_under(*p, r, m.x, m.y)) measure_b_ = g;
    } else if (drag_ == Drag::marker && moved_) {
      const std::optional<GeoPoint> g = point_under(*p, r, std::clamp<double>(m.x, r.x, r.x + r.w),
                                                    std::clamp<double>(m.y, r.y, r.y + r.h));
      if (g) {
        p->ref_lat_deg = g->lat_deg;
        p->ref_lon_deg = g->lon_deg;
      }
    } else if (drag_ == Drag::pan && moved_ && (m.x != pan_x_ || m.y != pan_y_)) {
      pan(p, r, m.x - pan_x_, m.y - pan_y_);
      pan_x_ = m.x;
      pan_y_ = m.y;
    }
  }
  wheel_burst_now_ = 0;
  if (over && io.MouseWheel != 0) {
    zoom_about(p, r, std::pow(kWheelZoom, static_cast<double>(io.MouseWheel)), m.x, m.y);
    // The notches' own times, not the frames': on a slow frame notches apart in time would
    // otherwise look close, and notches close together far apart.
    if (wheel_time_s - last_wheel_s_ >= kWheelBurstS) ++wheel_burst_;
    last_wheel_s_ = wheel_time_s;
    wheel_burst_now_ = wheel_burst_;
  }
}

void MapView::draw_overlays(const ViewState& s, const MapRect& r, double lat_step, double lon_step,
                            bool hover_readout, std::span<const std::uint32_t> centre_rgb) {
  const FieldParams& p = s.params;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  if (s.graticule && lat_step > 0 && lon_step > 0) {
    // At the west and south edges, inside the map and apart (graticule_labels.h); a projected
    // graticule curves, so its labels go where its lines cross the edges.
    const int lat_dec = degree_decimals(lat_step), lon_dec = degree_decimals(lon_step);
    GraticuleLabelLook look;
    look.text_width_px = [](std::string_view t) {
      return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
    };
    look.text_height_px = ImGui::GetFontSize();
    const std::vector<GraticuleCrossing> crossings =
        graticule_edge_crossings(p, r, lat_step, lon_step, 4 * ImGui::GetFontSize());
    const auto text_of = [&](const GraticuleCrossing& c) {
      return c.latitude ? lat_label(c.value_deg, lat_dec) : lon_label(c.value_deg, lon_dec);
    };
    for (const GraticuleLabel& l : place_graticule_labels(crossings, r, text_of, look)) {
      label(
          dl,
          ImVec2(static_cast<float>(l.x + look.pad_x_px), static_cast<float>(l.y + look.pad_y_px)),
          l.text.c_str());
    }
  }
  // Each ring's distance along it, on a dark box: readable on any colormap. Placed about the
  // reference: with centres the rings are the nearest centre's, which the labels do not follow.
  if (s.contours && s.centres.empty() && s.sites.empty()) {
    RingLabelLook look;
    look.text_width_px = [](std::string_view t) {
      return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
    };
    look.text_height_px = ImGui::GetFontSize();
    look.same_ring_apart_px = 36.0 * ImGui::GetFontSize();  // two or three on a ring across the map
    // The graticule's labels own a band along the west and south edges.
    MapRect free = r;
    if (s.graticule && lat_step > 0 && lon_step > 0) {
      const double band = ImGui::GetFontSize() + 8;
      free.x += 6 * ImGui::GetFontSize();
      free.w = std::max(1.0, free.w - 6 * ImGui::GetFontSize());
      free.h = std::max(1.0, free.h - band);
    }
    for (const RingLabel& l : ring_labels(p, free, s.contour_interval, look)) {
      const ImVec2 a(static_cast<float>(l.x), static_cast<float>(l.y));
      dl->AddRectFilled(a, ImVec2(a.x + static_cast<float>(l.w), a.y + static_cast<float>(l.h)),
                        IM_COL32(0, 0, 0, 140), 3.0f);
      const float pad = static_cast<float>(look.pad_px);
      dl->AddText(ImVec2(a.x + pad, a.y + pad), IM_COL32(255, 255, 255, 230), l.text.c_str());
    }
  }
  draw_centres(s, r, centre_rgb);
  draw_site_points(s, r);
  for (std::size_t k = 0; k < s.measurements.size(); ++k) {
    const Measurement& m = s.measurements[k];
    draw_measure(p, r, m.a, m.b, numbered_measurement_label(p, s.measurements, k));
  }
  if (measure_a_ && measure_b_) {  // the one being drawn, numbered as it will be kept
    std::vector<Measurement> with(s.measurements);
    with.push_back({*measure_a_, *measure_b_});
    draw_measure(p, r, *measure_a_, *measure_b_,
                 numbered_measurement_label(p, with, with.size() - 1));
  }
  const ImGuiIO& io = ImGui::GetIO();
  if (hover_readout && r.contains(io.MousePos.x, io.MousePos.y) && !io.WantCaptureMouse) {
    draw_readout(s, r);
  } else {
    readout_text_.clear();
  }
}

// Value and bearing from the reference; with centres, the nearest centre (its name, or its
// number) and the distance to it, found on the host (centre_lookup.h); with sites, the nearest
// feature (its name, or "feature K"), the distance to it and the bearing toward it, by the
// shape field itself (site_lookup.h).
void MapView::draw_readout(const ViewState& s, const MapRect& r) {
  const FieldParams& p = s.params;
  const ImGuiIO& io = ImGui::GetIO();
  readout_text_.clear();
  ImGui::BeginTooltip();
  char text[160];
  if (const std::optional<GeoPoint> g = point_under(p, r, io.MousePos.x, io.MousePos.y)) {
    std::snprintf(text, sizeof text, "lat %.6f  lon %.6f", g->lat_deg, g->lon_deg);
    readout_line(text);
    const std::string unit(to_string(p.units));
    const std::optional<NearestSite> site = lookups_.nearest_site(s, *g);
    if (site) {
      readout_line("nearest: " + site_label(*s.sites.shapes(), site->index));
      std::snprintf(text, sizeof text, "distance %.6g %s%s", site->distance, unit.c_str(),
                    site->distance < 0 ? " (inside)" : "");
      readout_line(text);
      if (std::isnan(site->bearing_deg)) {
        readout_line(site->distance == 0 ? "inside: no bearing" : "bearing toward it: none");
      } else {
        std::snprintf(text, sizeof text, "bearing toward it %.2f°", site->bearing_deg);
        readout_line(text);
      }
    } else if (const std::optional<NearestCentre> c = lookups_.nearest_centre(s, *g)) {
      readout_line("nearest: " + centre_label(s.centres, c->index));
      std::snprintf(text, sizeof text, "%s %.6g %s",
                    p.formula == Formula::wgs84 ? "geodesic distance" : "distance", c->distance,
                    unit.c_str());
      readout_line(text);
      const Centre& at = s.centres[c->index];
      std::snprintf(text, sizeof text, "bearing from it %.2f°",
                    bearing_between(p, {at.lat_deg, at.lon_deg}, *g));
      readout_line(text);
    } else {
      std::snprintf(text, sizeof text, "%s %.6g %s",
                    p.formula == Formula::seed    ? "seed value"
                    : p.formula == Formula::wgs84 ? "geodesic distance"
                                                  : "distance",
                    field_value_at(p, *g), unit.c_str());
      readout_line(text);
      std::snprintf(text, sizeof text, "bearing from the reference %.2f°",
                    bearing_between(p, {p.ref_lat_deg, p.ref_lon_deg}, *g));
      readout_line(text);
    }
  } else {
    readout_line(p.projection == Projection::ortho     ? "off the globe"
                 : p.projection == Projection::eqearth ? "outside the world's outline"
                                                       : "beyond the antipode");
  }
  ImGui::EndTooltip();
}

void MapView::readout_line(const std::string& text) {
  ImGui::TextUnformatted(text.c_str());
  if (!readout_text_.empty()) readout_text_ += "; ";
  readout_text_ += text;
}

// The sites' point features (a MultiPoint's points among them), each a dot in the sites' line
// colour ringed in white and black; none beyond kMaxCentreMarkers, as for centres.
void MapView::draw_site_points(const ViewState& s, const MapRect& r) const {
  if (s.sites.empty() || !s.marker) return;
  const SiteShapes& shapes = *s.sites.shapes();
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 lo(static_cast<float>(r.x), static_cast<float>(r.y));
  dl->PushClipRect(lo, ImVec2(lo.x + static_cast<float>(r.w), lo.y + static_cast<float>(r.h)),
                   true);
  const float unit = ImGui::GetFontSize() / 13.0f;
  std::size_t drawn = 0;
  for (const SitePart& part : shapes.parts) {
    if (part.kind != PartKind::point) continue;
    if (++drawn > kMaxCentreMarkers) break;
    const SiteVertex& v = shapes.vertices[part.first];
    double x = 0, y = 0;
    if (!screen_of(s.params, r, {v.lat_deg, v.lon_deg}, &x, &y)) continue;
    const ImVec2 at(static_cast<float>(x), static_cast<float>(y));
    dl->AddCircleFilled(at, 5.5f * unit, IM_COL32(0, 0, 0, 255));
    dl->AddCircleFilled(at, 4.5f * unit, IM_COL32(255, 255, 255, 255));
    dl->AddCircleFilled(at, 3.0f * unit, IM_COL32(255, 46, 148, 255));
  }
  dl->PopClipRect();
}

// Each centre a dot of its colour ringed in white and black, readable on any colour; named
// beside it while there are few enough for names to be read. None beyond kMaxCentreMarkers
// (draws_centre_markers): a dot each for hundreds of thousands would cost the frame and hide
// the map; colour by nearest centre shows where they are.
void MapView::draw_centres(const ViewState& s, const MapRect& r,
                           std::span<const std::uint32_t> centre_rgb) const {
  // The Look panel's "marker" is theirs too.
  if (!draws_centre_markers(s.centres.size()) || !s.marker) return;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 lo(static_cast<float>(r.x), static_cast<float>(r.y));
  dl->PushClipRect(lo, ImVec2(lo.x + static_cast<float>(r.w), lo.y + static_cast<float>(r.h)),
                   true);
  const float unit = ImGui::GetFontSize() / 13.0f;
  const bool named = s.centres.size() <= kNamedCentres;
  for (std::size_t k = 0; k < s.centres.size(); ++k) {
    const Centre& c = s.centres[k];
    double x = 0, y = 0;
    if (!screen_of(s.params, r, {c.lat_deg, c.lon_deg}, &x, &y)) continue;
    const ImVec2 at(static_cast<float>(x), static_cast<float>(y));
    const std::uint32_t rgb = k < centre_rgb.size() ? centre_rgb[k] : 0xffffff;
    dl->AddCircleFilled(at, 6.0f * unit, IM_COL32(0, 0, 0, 255));
    dl->AddCircleFilled(at, 5.0f * unit, IM_COL32(255, 255, 255, 255));
    dl->AddCircleFilled(at, 3.5f * unit, IM_COL32(rgb >> 16, (rgb >> 8) & 0xff, rgb & 0xff, 255));
    if (named)
      label(dl, ImVec2(at.x + 8 * unit, at.y - 8 * unit), centre_label(s.centres, k).c_str());
  }
  dl->PopClipRect();
}

void MapView::clear_measure() {
  measure_a_.reset();
  measure_b_.reset();
  if (drag_ == Drag::measure) drag_ = Drag::none;  // Esc mid-drag: the release keeps nothing
}

// The arc sampled along the great circle and projected point by point, so it curves as the
// projection does; broken where a point has no place (ortho's far side) or jumps across the map
// (latlon's 180th meridian), with the distance and initial bearing written at its end: by the
// view's formula (field_measures.h): for wgs84 the geodesic's, whose path the drawn great circle
// only stands for (close to it, except near the antipode where they may take other routes).
void MapView::draw_measure(const FieldParams& p, const MapRect& r, GeoPoint a, GeoPoint b,
                           const std::string& text) const {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 lo(static_cast<float>(r.x), static_cast<float>(r.y));
  dl->PushClipRect(lo, ImVec2(lo.x + static_cast<float>(r.w), lo.y + static_cast<float>(r.h)),
                   true);
  const ImU32 colour = IM_COL32(255, 90, 60, 255);
  const float width = 2.0f * ImGui::GetFontSize() / 13.0f;
  std::vector<ImVec2> piece;
  auto flush = [&] {
    if (piece.size() >= 2) dl->AddPolyline(piece.data(), int(piece.size()), colour, 0, width);
    piece.clear();
  };
  for (const GeoPoint& g : great_circle_path(a, b, kMeasureSegments)) {
    double x = 0, y = 0;
    if (!screen_of(p, r, g, &x, &y)) {
      flush();
      continue;
    }
    const ImVec2 v(static_cast<float>(x), static_cast<float>(y));
    if (!piece.empty() && std::fabs(v.x - piece.back().x) > r.w / 2) flush();
    piece.push_back(v);
  }
  flush();
  double ax = 0, ay = 0, bx = 0, by = 0;
  if (screen_of(p, r, a, &ax, &ay))
    dl->AddCircleFilled(ImVec2(float(ax), float(ay)), 3 * width, colour);
  const bool b_shown = screen_of(p, r, b, &bx, &by);
  if (b_shown) dl->AddCircleFilled(ImVec2(float(bx), float(by)), 3 * width, colour);
  dl->PopClipRect();
  if (b_shown) {  // above and left of the end: the hover readout opens below-right of it
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float x = std::clamp(float(bx) - size.x - 8, float(r.x) + 4,
                               std::max(float(r.x) + 4, float(r.x + r.w) - size.x - 4));
    const float y = std::clamp(float(by) - size.y - 8, float(r.y) + 4,
                               std::max(float(r.y) + 4, float(r.y + r.h) - size.y - 4));
    label(dl, ImVec2(x, y), text.c_str());  // inside the map: the panel would cover it
  }
}

}  // namespace geofield
