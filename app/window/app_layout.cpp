// The window's layout: the side panel's width (dragged by its right edge, kept in the
// view), its hide button, and the view extended to the map area's shape so the map fills it.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "view/map_fill.h"
#include "window/app.h"

namespace geofield {
namespace {

constexpr float kPanelMaxShare = 0.6f;  // the panel never takes more of the window's width
// A panel at its default width takes at most this share, so that in a small window (900 x 650)
// the map keeps two thirds of it; a width the user dragged is kept up to kPanelMaxShare.
constexpr float kDefaultPanelShare = 0.28f;

}  // namespace

float App::panel_width_px(float window_w) const {
  const float share =
      state_.panel_width == kDefaultPanelWidth ? kDefaultPanelShare : kPanelMaxShare;
  return std::min(float(state_.panel_width) * info_.scale, window_w * share);
}

void App::keep_panel_width(float width_px) {
  // Only a drag of the edge changes it (the button down, the pointer at the edge): ImGui may
  // draw the panel at another width while the window itself is resized, which is no choice.
  const ImGuiIO& io = ImGui::GetIO();
  if (std::fabs(width_px - panel_width_px(io.DisplaySize.x)) < 0.5f || !io.MouseDown[0] ||
      std::fabs(io.MousePos.x - width_px) > 8 * info_.scale) {
    return;
  }
  state_.panel_width =
      std::clamp(int(std::lround(width_px / info_.scale)), kMinPanelWidth, kMaxPanelWidth);
}

void App::draw_hide_button() {
  const float pad = 4 * info_.scale;
  ImGui::SetNextWindowPos(ImVec2(float(info_.map_area.x) + pad, pad));
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::Begin("hide panel", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  if (ImGui::SmallButton("<<")) panel_hidden_ = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("hide the panel (Tab); drag its edge to resize it");
  ImGui::End();
}

bool App::fill_window_shape() {
  // A projected view that follows the window's pixels fills the area already (map_rect).
  if (!state_.fill_window ||
      (state_.follow_window && state_.params.projection != Projection::latlon)) {
    return false;
  }
  if (!fill_area(&state_.params, info_.map_area)) return false;
  info_.map = map_rect(state_.params, state_.follow_window, info_.map_area);
  return true;
}

}  // namespace geofield
