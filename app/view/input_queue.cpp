#include "view/input_queue.h"

#include <set>

namespace geofield {
namespace {

// GLFW's key codes (glfw3.h), named here so this model needs no GLFW header.
constexpr int kKeySpace = 32, kKeyGraveAccent = 96, kKeyWorld1 = 161, kKeyWorld2 = 162;
constexpr int kKeyKp0 = 320, kKeyKpAdd = 334, kKeyKpEqual = 336;
constexpr int kKeyLeftShift = 340, kKeyRightSuper = 347;  // the eight modifier keys

}  // namespace

bool types_character(int k) {
  return (k >= kKeySpace && k <= kKeyGraveAccent) || k == kKeyWorld1 || k == kKeyWorld2 ||
         (k >= kKeyKp0 && k <= kKeyKpAdd) || k == kKeyKpEqual;
}

bool is_modifier(int k) { return k >= kKeyLeftShift && k <= kKeyRightSuper; }

void InputQueue::push(const InputEvent& e) { events_.push_back(e); }

std::vector<InputEvent> InputQueue::take_frame(bool text_field) {
  std::vector<InputEvent> out;
  std::set<int> keys_changed, buttons_changed;
  bool wheeled = false, editing_key = false, key_pressed = false;
  using K = InputEvent::Kind;
  while (!events_.empty()) {
    const InputEvent& e = events_.front();
    bool stop = false;
    switch (e.kind) {
      case K::key: {
        const bool edits = e.down && !types_character(e.code);
        const bool modifier = is_modifier(e.code);
        // A press is seen with the modifiers it was made with: Ctrl released in the frame
        // that brings Q's press waits, or Ctrl+Q would read as Q.
        stop = keys_changed.count(e.code) || !buttons_changed.empty() || (modifier && key_pressed);
        if (!stop) {
          keys_changed.insert(e.code);
          editing_key |= edits;
          key_pressed |= e.down && !modifier;
        }
        break;
      }
      case K::text: stop = !buttons_changed.empty() || (text_field && editing_key); break;
      case K::button:
        stop = buttons_changed.count(e.code) || wheeled;
        if (!stop) buttons_changed.insert(e.code);
        break;
      case K::cursor: stop = !buttons_changed.empty() || wheeled; break;
      case K::scroll:
        stop = !buttons_changed.empty();
        if (!stop) wheeled = true;
        break;
      case K::focus: break;
    }
    if (stop && !out.empty()) break;
    out.push_back(e);
    events_.pop_front();
  }
  return out;
}

}  // namespace geofield
