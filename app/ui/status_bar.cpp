// The status bar along the window's bottom edge, outside the scrolling panel: the backend, the
// last recompute, the frame (its own drawing time, or "idle" while nothing is drawn), the last
// result (a saved path in full) and the last error. Below a width where one row cannot hold it
// all, it takes two rows: the messages get a row of their own.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "ui/ui_model.h"

namespace geofield {
namespace {

constexpr float kOneRowMinWidth = 1100.0f;  // logical pixels: narrower windows get two rows
constexpr double kIdleAfterMs = 250.0;      // a longer gap between frames: nothing was drawn

int rows_for(float window_w, float scale) { return window_w >= kOneRowMinWidth * scale ? 1 : 2; }

const ImVec4 kOkColour(0.35f, 0.75f, 0.35f, 1.0f);
const ImVec4 kNoteColour(0.95f, 0.70f, 0.20f, 1.0f);  // amber: no error, but worth reading
const ImVec4 kErrorColour(0.95f, 0.30f, 0.25f, 1.0f);

}  // namespace

std::string status_performance_text(const FrameInfo& info) {
  // No time measured yet (the GL backend's timer answers frames after its first compute): dots
  // (ImGui's font has ASCII only), not "0 ms (0 eval/s)", which a first screenshot showed as if
  // it had been measured.
  std::string recompute = "recompute ...";
  if (info.compute_ms) {
    char buf[96];
    const double ms = *info.compute_ms;
    const double nodes = info.shown ? double(node_count(*info.shown)) : 0.0;
    if (ms > 0 && nodes > 0) {
      std::snprintf(buf, sizeof buf, "recompute %.3g ms (%.3g eval/s)", ms, nodes / (ms / 1000.0));
    } else {
      std::snprintf(buf, sizeof buf, "recompute %.3g ms", ms);
    }
    recompute = buf;
  }
  char draw[64];
  std::snprintf(draw, sizeof draw, "%s %.1f ms",
                info.frame_ms > kIdleAfterMs ? "idle; last draw" : "draw", info.draw_ms);
  return info.backend + (info.busy ? " (computing)" : "") + " | " + recompute + " | " + draw;
}

float status_bar_height(float window_w, float scale) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return rows_for(window_w, scale) * ImGui::GetTextLineHeightWithSpacing() +
         2 * style.WindowPadding.y;
}

void draw_status_bar(const FrameInfo& info, const MessageLog& log) {
  const ImGuiIO& io = ImGui::GetIO();
  const float h = status_bar_height(io.DisplaySize.x, info.scale);
  ImGui::SetNextWindowPos(ImVec2(0, io.DisplaySize.y - h));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, h));
  ImGui::Begin("status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  const std::string perf = status_performance_text(info);
  ImGui::TextUnformatted(perf.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "recompute: the last field's compute time\n"
        "draw: the last frame's own work (panels, map, overlays), not the wait between frames;\n"
        "idle: nothing changed, so nothing is drawn until the next input");
  }
  const MessageLog::Message* ok = log.last(true);
  const MessageLog::Message* bad = log.last(false);
  const float gap = ImGui::GetFontSize();
  if (rows_for(io.DisplaySize.x, info.scale) == 1) {
    ImGui::SameLine(0, gap);
  }
  // The newest message first: a saved path in full; an error stays until a newer one replaces it.
  const bool error_newer = bad && (!ok || &log.items.back() == bad);
  for (const MessageLog::Message* m : {error_newer ? bad : ok, error_newer ? ok : bad}) {
    if (!m) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, m->ok ? kOkColour : m->note ? kNoteColour : kErrorColour);
    ImGui::TextUnformatted(m->text.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", m->text.c_str());
    ImGui::SameLine(0, gap);
  }
  ImGui::End();
}

}  // namespace geofield
