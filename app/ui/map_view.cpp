#include "ui/map_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>

#include "view/graticule_crossings.h"
#include "view/ring_labels.h"

namespace geofield {
namespace {

constexpr float kClickSlopPx = 3.0f;  // a press that moves less than this is a click
constexpr double kWheelZoom = 0.85;   // span factor per wheel notch

int decimals_for(double step_deg) {
  const int d = static_cast<int>(std::ceil(-std::log10(step_deg) - 1e-9));
  return d < 0 ? 0 : (d > 8 ? 8 : d);
}

void label(ImDrawList* dl, ImVec2 at, const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  dl->AddRectFilled(ImVec2(at.x - 2, at.y - 1), ImVec2(at.x + size.x + 2, at.y + size.y + 1),
                    IM_COL32(0, 0, 0, 140), 3.0f);
  dl->AddText(at, IM_COL32(255, 255, 255, 230), text);
}

}  // namespace

double value_at(const FieldParams& p, GeoPoint g) {
  const double radius = p.radius_km * units_per_km(p.units);
  if (p.formula == Formula::seed)
    return seed_value(p.ref_lat_deg, p.ref_lon_deg, g.lat_deg, g.lon_deg, radius);
  return haversine_distance(p.ref_lat_deg, p.ref_lon_deg, g.lat_deg, g.lon_deg, radius);
}

void MapView::handle_mouse(ViewState* s, const MapRect& r, float marker_radius_px) {
  const ImGuiIO& io = ImGui::GetIO();
  FieldParams* p = &s->params;
  const ImVec2 m = io.MousePos;
  const bool over = r.contains(m.x, m.y) && !io.WantCaptureMouse;

  if (drag_ == Drag::none && over && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    double mx = 0, my = 0;
    // aeqd's marker is the map's centre, so dragging it would chase the pointer: a press there
    // pans, as anywhere else.
    const bool marker_drags = s->marker && p->projection != Projection::aeqd &&
                              screen_of(*p, r, {p->ref_lat_deg, p->ref_lon_deg}, &mx, &my) &&
                              std::hypot(m.x - mx, m.y - my) <= marker_radius_px + 4;
    drag_ = marker_drags ? Drag::marker : Drag::pan;
    moved_ = false;
    press_x_ = pan_x_ = m.x;
    press_y_ = pan_y_ = m.y;
  }
  if (drag_ != Drag::none && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    // Released. The pointer may have moved on since the release within this frame's events,
    // so its position now is not part of the drag: only a click (no drag) acts here. A click
    // off the globe (ortho) or beyond the antipode's circle (aeqd) places nothing.
    if (!moved_) {
      if (const std::optional<GeoPoint> g = point_under(*p, r, press_x_, press_y_)) {
        p->ref_lat_deg = g->lat_deg;
        p->ref_lon_deg = g->lon_deg;
      }
    }
    drag_ = Drag::none;
  }
  if (drag_ != Drag::none) {
    if (std::hypot(m.x - press_x_, m.y - press_y_) > kClickSlopPx) moved_ = true;
    if (drag_ == Drag::marker && moved_) {
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
  if (over && io.MouseWheel != 0) {
    zoom_about(p, r, std::pow(kWheelZoom, static_cast<double>(io.MouseWheel)), m.x, m.y);
  }
}

void MapView::draw_overlays(const ViewState& s, const MapRect& r, double lat_step, double lon_step,
                            bool hover_readout) const {
  const FieldParams& p = s.params;
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  char text[64];
  if (s.graticule && lat_step > 0 && lon_step > 0 && p.projection != Projection::latlon) {
    // A projected graticule curves: each line is labelled where it leaves the map.
    const int lat_dec = decimals_for(lat_step), lon_dec = decimals_for(lon_step);
    const float font = ImGui::GetFontSize();
    for (const GraticuleCrossing& c : graticule_crossings(p, r, lat_step, lon_step, 4 * font)) {
      const double v = c.value_deg;
      if (c.latitude) {
        std::snprintf(text, sizeof text, "%.*f°%s", lat_dec, std::fabs(v),
                      v > 0 ? "N" : (v < 0 ? "S" : ""));
        label(dl, ImVec2(static_cast<float>(r.x) + 4, static_cast<float>(c.y) - font - 1), text);
      } else {
        const bool edge = std::fabs(std::fabs(v) - 180.0) < 1e-9;
        std::snprintf(text, sizeof text, "%.*f°%s", lon_dec, std::fabs(v),
                      edge ? "" : (v > 0 ? "E" : (v < 0 ? "W" : "")));
        label(dl, ImVec2(static_cast<float>(c.x) + 3, static_cast<float>(r.y + r.h) - font - 4),
              text);
      }
    }
  }
  if (s.graticule && lat_step > 0 && lon_step > 0 && p.projection == Projection::latlon) {
    const int lat_dec = decimals_for(lat_step), lon_dec = decimals_for(lon_step);
    const double k0 = std::ceil(p.lat_min_deg / lat_step),
                 k1 = std::floor(p.lat_max_deg / lat_step);
    for (double k = k0; k <= k1 && k - k0 < 200; ++k) {
      const double lat = k * lat_step;
      const float y =
          static_cast<float>(r.y + (p.lat_max_deg - lat) / (p.lat_max_deg - p.lat_min_deg) * r.h);
      std::snprintf(text, sizeof text, "%.*f°%s", lat_dec, std::fabs(lat),
                    lat > 0 ? "N" : (lat < 0 ? "S" : ""));
      label(dl, ImVec2(static_cast<float>(r.x) + 4, y - ImGui::GetFontSize() - 1), text);
    }
    const double span = lon_span_of(p);
    const double j0 = std::ceil(p.lon_min_deg / lon_step),
                 j1 = std::floor((p.lon_min_deg + span) / lon_step);
    for (double j = j0; j <= j1 && j - j0 < 200; ++j) {
      const double lon_raw = j * lon_step;
      const float x = static_cast<float>(r.x + (lon_raw - p.lon_min_deg) / span * r.w);
      const double lon = reduce_deg_180(lon_raw);
      const bool edge = std::fabs(std::fabs(lon) - 180.0) < 1e-9;
      std::snprintf(text, sizeof text, "%.*f°%s", lon_dec, std::fabs(lon),
                    edge ? "" : (lon > 0 ? "E" : (lon < 0 ? "W" : "")));
      label(dl, ImVec2(x + 3, static_cast<float>(r.y + r.h) - ImGui::GetFontSize() - 4), text);
    }
  }
  if (s.contours) {  // each ring's distance along it, on a dark box: readable on any colormap
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
  const ImGuiIO& io = ImGui::GetIO();
  if (hover_readout && r.contains(io.MousePos.x, io.MousePos.y) && !io.WantCaptureMouse) {
    ImGui::BeginTooltip();
    if (const std::optional<GeoPoint> g = point_under(p, r, io.MousePos.x, io.MousePos.y)) {
      ImGui::Text("lat %.6f  lon %.6f", g->lat_deg, g->lon_deg);
      ImGui::Text("%s %.6g %s", p.formula == Formula::seed ? "seed value" : "distance",
                  value_at(p, *g), std::string(to_string(p.units)).c_str());
    } else {
      ImGui::TextUnformatted(p.projection == Projection::ortho ? "off the globe"
                                                               : "beyond the antipode");
    }
    ImGui::EndTooltip();
  }
}

}  // namespace geofield
