// Hands the queued input (InputEvents' queue) to Dear ImGui 1.86, one frame's share at a time
// (InputQueue::take_frame), between the GLFW backend's NewFrame and ImGui::NewFrame: keys and
// characters, and the mouse buttons and position, which overwrite what the backend polled (its
// polled state is "now", the queue's is "in order"). Keeps its own key and button state, so a
// lost focus releases everything at once.
#pragma once

#include <array>
#include <optional>

#include "view/input_queue.h"

namespace geofield {

class ImguiInputFeed {
 public:
  // Takes this frame's events from q and applies them to ImGui's IO; returns how many.
  int feed(InputQueue* q);
  // When the last wheel notch fed happened (GLFW's clock), however slow the frames since.
  double last_scroll_time() const { return last_scroll_t_; }

  // What has been handed to ImGui so far, by kind, and the state it left: for the display
  // tests' log (GEOFIELD_TEST_LOG_FRAMES), whose waits key on "the app has seen this input".
  struct Fed {
    long keys = 0, buttons = 0, scrolls = 0, moves = 0, chars = 0, focus = 0;
  };
  const Fed& fed() const { return fed_; }
  int keys_down() const;     // keys held now, as ImGui has them
  int buttons_down() const;  // a bit per mouse button held (1: left)
  // The pointer in window pixels; empty before the first move or when it left the window.
  std::optional<std::array<double, 2>> pointer() const;

 private:
  void release_all();

  static constexpr int kKeys = 512;   // ImGuiIO::KeysDown
  static constexpr int kButtons = 5;  // ImGuiIO::MouseDown
  std::array<bool, kKeys> keys_{};
  std::array<bool, kButtons> buttons_{};
  double last_scroll_t_ = -1e9;
  std::optional<std::array<double, 2>> pos_;  // empty until the first move: the backend's
  Fed fed_;
};

}  // namespace geofield
