// The status bar along the window's bottom edge, outside the scrolling panel: the view (grid,
// reference, the point under the pointer and the field's value there), the timings (backend,
// last recompute, the frame's own drawing time or "idle"), the last result (a saved path) and
// the last problem. Below a width where one row cannot hold it all, it takes two rows: the
// messages get a row of their own. A message longer than its room is cut with "..." and shown
// whole in its tooltip, never cut at the window's edge.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/ui_model.h"
#include "view/projected_view.h"

namespace geofield {
namespace {

constexpr float kOneRowMinWidth = 1100.0f;  // logical pixels: narrower windows get two rows
constexpr double kIdleAfterMs = 250.0;      // a longer gap between frames: nothing was drawn

int rows_for(float window_w, float scale) { return window_w >= kOneRowMinWidth * scale ? 1 : 2; }

const ImVec4 kOkColour(0.35f, 0.75f, 0.35f, 1.0f);
const ImVec4 kNoteColour(0.95f, 0.70f, 0.20f, 1.0f);  // amber: no error, but worth reading
const ImVec4 kErrorColour(0.95f, 0.30f, 0.25f, 1.0f);

// "30.512N 100.250E" to `dec` decimals.
std::string lat_lon_text(double lat, double lon, int dec) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f%c %.*f%c", dec, std::fabs(lat), lat < 0 ? 'S' : 'N', dec,
                std::fabs(lon), lon < 0 ? 'W' : 'E');
  return buf;
}

// `text` cut to `width` pixels with "..." at its end (whole when it fits).
std::string elided(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::size_t lo = 0, hi = text.size();  // the longest prefix that fits with the dots
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize((text.substr(0, mid) + "...").c_str()).x <= width) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return text.substr(0, lo) + "...";
}

}  // namespace

std::string status_performance_text(const FrameInfo& info) {
  // No time measured yet (the GL backend's timer answers frames after its first compute): dots
  // (ImGui's font has ASCII only), not "0 ms", which a first screenshot showed as if measured.
  std::string compute = info.backend + (info.busy ? " (computing)" : "") + " ...";
  if (info.compute_ms) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s%s %.3g ms", info.backend.c_str(),
                  info.busy ? " (computing)" : "", *info.compute_ms);
    compute = buf;
  }
  char draw[64];
  std::snprintf(draw, sizeof draw, "%s %.1f ms", info.frame_ms > kIdleAfterMs ? "idle" : "draw",
                info.draw_ms);
  return compute + " | " + draw;
}

std::string status_view_text(const FrameInfo& info, const ViewState& s) {
  const FieldParams& p = s.params;
  const int dec = p.projection == Projection::latlon
                      ? std::max(view_decimals(p.lat_max_deg - p.lat_min_deg, info.map.h),
                                 view_decimals(lon_span_of(p), info.map.w))
                      : view_decimals(projected_span_deg(p), info.map.w);
  std::string text = "grid " + std::to_string(p.nx) + " x " + std::to_string(p.ny) + " | ";
  if (!s.sites.empty()) {
    text += "sites";
  } else if (!s.centres.empty()) {
    text += std::to_string(s.centres.size()) + (s.centres.size() == 1 ? " centre" : " centres");
  } else {
    text += "ref " + lat_lon_text(p.ref_lat_deg, p.ref_lon_deg, dec);
  }
  if (info.cursor) {
    text += " | " + lat_lon_text(info.cursor->lat_deg, info.cursor->lon_deg, dec);
    if (info.cursor_value) {
      char value[64];
      std::snprintf(value, sizeof value, ": %.6g %s", *info.cursor_value,
                    p.formula == Formula::seed ? "" : std::string(to_string(p.units)).c_str());
      text += value;
      while (!text.empty() && text.back() == ' ') text.pop_back();
    }
  }
  return text;
}

float status_bar_height(float window_w, float scale) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return rows_for(window_w, scale) * ImGui::GetTextLineHeightWithSpacing() +
         2 * style.WindowPadding.y;
}

void draw_status_bar(const FrameInfo& info, const MessageLog& log, const ViewState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  const float h = status_bar_height(io.DisplaySize.x, info.scale);
  ImGui::SetNextWindowPos(ImVec2(0, io.DisplaySize.y - h));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, h));
  ImGui::Begin("status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const float gap = ImGui::GetFontSize();
  const std::string view = status_view_text(info, s);
  ImGui::TextUnformatted(view.c_str());
  ImGui::SameLine(0, gap);
  const std::string perf = status_performance_text(info);
  ImGui::TextDisabled("%s", perf.c_str());
  if (ImGui::IsItemHovered()) {
    const double nodes = info.shown ? double(node_count(*info.shown)) : 0.0;
    const double ms = info.compute_ms.value_or(0);
    ImGui::SetTooltip(
        "%s: the last field's compute time%s\n"
        "draw: the last frame's own work (panels, map, overlays), not the wait between frames;\n"
        "idle: nothing changed, so nothing is drawn until the next input",
        info.backend.c_str(),
        ms > 0 && nodes > 0
            ? (" (" + std::to_string(std::lround(nodes / (ms / 1000.0) / 1e6)) + " M eval/s)")
                  .c_str()
            : "");
  }
  const MessageLog::Message* ok = log.last(true);
  const MessageLog::Message* bad = log.last(false);
  if (rows_for(io.DisplaySize.x, info.scale) == 1) ImGui::SameLine(0, gap);
  // The newest message first: a saved path in full; a problem stays until a newer one replaces
  // it or (a typed value's) its value is corrected or put back.
  const bool error_newer = bad && (!ok || &log.items.back() == bad);
  const MessageLog::Message* order[] = {error_newer ? bad : ok, error_newer ? ok : bad};
  for (const MessageLog::Message* m : order) {
    if (!m) continue;
    const float room = ImGui::GetContentRegionAvail().x;
    if (room < 3 * gap) break;
    const std::string shown = elided(m->text, room);
    ImGui::PushStyleColor(ImGuiCol_Text, m->ok ? kOkColour : m->note ? kNoteColour : kErrorColour);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) {  // the whole message, wrapped
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 45);
      ImGui::TextUnformatted(m->text.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::SameLine(0, gap);
  }
  ImGui::End();
}

}  // namespace geofield
