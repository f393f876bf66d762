#include "window/imgui_input_feed.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>

namespace geofield {

void ImguiInputFeed::release_all() {
  ImGuiIO& io = ImGui::GetIO();
  keys_.fill(false);
  buttons_.fill(false);
  for (bool& k : io.KeysDown) k = false;
}

int ImguiInputFeed::feed(InputQueue* q) {
  ImGuiIO& io = ImGui::GetIO();
  const std::vector<InputEvent> events = q->take_frame(io.WantTextInput);
  using K = InputEvent::Kind;
  for (const InputEvent& e : events) {
    switch (e.kind) {
      case K::key:
        ++fed_.keys;
        if (e.code >= 0 && e.code < kKeys) keys_[e.code] = io.KeysDown[e.code] = e.down;
        break;
      case K::text:
        ++fed_.chars;
        if (e.code > 0) io.AddInputCharacter(static_cast<unsigned int>(e.code));
        break;
      case K::button:
        ++fed_.buttons;
        if (e.code >= 0 && e.code < kButtons) buttons_[e.code] = e.down;
        break;
      case K::cursor:
        ++fed_.moves;
        pos_ = {e.x, e.y};
        break;
      case K::scroll:
        ++fed_.scrolls;
        io.MouseWheelH += static_cast<float>(e.x);
        io.MouseWheel += static_cast<float>(e.y);
        last_scroll_t_ = e.t;
        break;
      case K::focus:
        ++fed_.focus;
        io.AddFocusEvent(e.down);
        if (!e.down) release_all();  // keys released elsewhere never come back to us
        break;
    }
  }
  // The backend polled the buttons and the pointer as they are now; the queue's order wins.
  for (int b = 0; b < kButtons; ++b) io.MouseDown[b] = buttons_[b];
  if (pos_) {
    const bool outside = (*pos_)[0] <= kOutside;
    io.MousePos = outside ? ImVec2(-FLT_MAX, -FLT_MAX)
                          : ImVec2(static_cast<float>((*pos_)[0]), static_cast<float>((*pos_)[1]));
  }
  // As the backend's key callback: modifiers from the keys, not GLFW's unreliable mods.
  io.KeyCtrl = keys_[GLFW_KEY_LEFT_CONTROL] || keys_[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = keys_[GLFW_KEY_LEFT_SHIFT] || keys_[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = keys_[GLFW_KEY_LEFT_ALT] || keys_[GLFW_KEY_RIGHT_ALT];
  io.KeySuper = keys_[GLFW_KEY_LEFT_SUPER] || keys_[GLFW_KEY_RIGHT_SUPER];
  return static_cast<int>(events.size());
}

int ImguiInputFeed::keys_down() const {
  return static_cast<int>(std::count(keys_.begin(), keys_.end(), true));
}

int ImguiInputFeed::buttons_down() const {
  int mask = 0;
  for (int b = 0; b < kButtons; ++b) mask |= buttons_[b] ? 1 << b : 0;
  return mask;
}

std::optional<std::array<double, 2>> ImguiInputFeed::pointer() const {
  if (!pos_ || (*pos_)[0] <= kOutside) return std::nullopt;
  return pos_;
}

}  // namespace geofield
