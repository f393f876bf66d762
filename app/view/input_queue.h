// The window's input events in the order they happened, handed to Dear ImGui one state change
// per frame. ImGui 1.86 keeps no input queue: it samples key and button state once a frame, so
// a press and release between two frames (a 10 ms tap, or real typing on a 100 ms llvmpipe
// frame) would never be seen. Every event is queued here instead, and each frame takes events
// until the next one would change something already changed in that frame (the rule of the
// input queue of ImGui 1.87+, which Debian 12 does not package). Pure logic: no GLFW, no ImGui;
// key and button codes are GLFW's numbers, carried through untouched.
#pragma once

#include <deque>
#include <vector>

namespace geofield {

struct InputEvent {
  enum class Kind { key, text, button, cursor, scroll, focus };
  Kind kind = Kind::key;
  int code = 0;         // key: GLFW key; button: GLFW mouse button; text: Unicode code point
  bool down = false;    // key, button: pressed (true) or released; focus: gained
  int mods = 0;         // key, button: GLFW modifier bits at the event
  double x = 0, y = 0;  // cursor: window pixels (outside: see kOutside); scroll: offsets
  double t = 0;         // when it happened, seconds (GLFW's clock): bursts of wheel notches
};

// The cursor left the window: the position ImGui reads as "no mouse".
constexpr double kOutside = -1e30;

// Whether a GLFW key code is one that types a character (letters, digits, punctuation, space,
// the keypad's digits and operators): such a press may share a frame with its character.
bool types_character(int glfw_key);
// Shift, Ctrl, Alt, Super, left or right.
bool is_modifier(int glfw_key);

class InputQueue {
 public:
  void push(const InputEvent& e);
  bool empty() const { return events_.empty(); }
  std::size_t size() const { return events_.size(); }

  // The events of one frame, oldest first, taken off the queue. Stops before an event that
  // would change a key or button already changed in this frame, a modifier after a key's press
  // (the press keeps the modifiers it was made with), a button change after a wheel
  // turn, a move or a wheel turn after a button change (so a press lands where it happened),
  // and, while a text field takes typing (text_field), typed text after an editing key (ImGui
  // applies a frame's text before its keys: Backspace then "x" would delete the x). At least
  // one event is taken when any is queued.
  std::vector<InputEvent> take_frame(bool text_field);

 private:
  std::deque<InputEvent> events_;
};

}  // namespace geofield
