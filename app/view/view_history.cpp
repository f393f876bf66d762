#include "view/view_history.h"

#include <algorithm>
#include <vector>

namespace geofield {
namespace {

// The state with what is not history set to fixed values, for comparing.
ViewState history_part(ViewState s) {
  s.backend = BackendChoice::automatic;
  s.panel_width = 0;  // the panel's edge dragged is layout, not the view
  if (s.follow_window) s.params.nx = s.params.ny = 0;
  if (s.auto_range) s.range_min = s.range_max = 0;
  if (!s.contour_interval_typed) s.contour_interval = 0;  // follows the view
  s.contour_units.reset();  // what the last frame saw: no change of its own
  return s;
}

}  // namespace

bool same_for_history(const ViewState& a, const ViewState& b) {
  return history_part(a) == history_part(b);
}

ViewHistory::ViewHistory(const ViewState& start, std::size_t max_steps, std::size_t max_centres)
    : max_steps_(max_steps < 1 ? 1 : max_steps), max_centres_(max_centres), committed_(start) {}

std::size_t ViewHistory::held_centres() const {
  std::vector<const void*> seen;
  std::size_t n = 0;
  for (const ViewState& s : undo_) {
    const void* list = s.centres.shared().get();
    if (!list || std::find(seen.begin(), seen.end(), list) != seen.end()) continue;
    seen.push_back(list);
    n += s.centres.size();
  }
  return n;
}

void ViewHistory::observe(const ViewState& now, bool gesture, unsigned burst) {
  gesture_ = gesture;
  if (gesture || same_for_history(now, committed_)) {
    if (!gesture) committed_ = now;  // follow what is not history (the range, the grid size)
    return;
  }
  if (burst == 0 || burst != last_step_burst_ || undo_.empty()) {
    undo_.push_back(committed_);
    while (undo_.size() > max_steps_) undo_.pop_front();
    while (undo_.size() > 1 && held_centres() > max_centres_) undo_.pop_front();
  }
  last_step_burst_ = burst;
  redo_.clear();
  committed_ = now;
}

void ViewHistory::restore(const ViewState& to, ViewState* s) {
  ViewState next = to;
  next.backend = s->backend;
  next.panel_width = s->panel_width;
  if (next.follow_window && s->follow_window) {
    next.params.nx = s->params.nx;
    next.params.ny = s->params.ny;
  }
  if (next.auto_range && s->auto_range) {
    next.range_min = s->range_min;
    next.range_max = s->range_max;
  }
  if (!next.contour_interval_typed && !s->contour_interval_typed &&
      next.params.units == s->params.units) {
    next.contour_interval = s->contour_interval;  // the next frame sets it for the view
  }
  *s = next;
  committed_ = next;
  last_step_burst_ = 0;  // a wheel notch after an undo or redo is a new step
}

void ViewHistory::follow(const ViewState& before, const ViewState& now) {
  if (!gesture_ && same_for_history(before, committed_)) committed_ = now;
}

bool ViewHistory::undo(ViewState* s) {
  if (gesture_ || undo_.empty()) return false;
  // A change not yet observed (made earlier this frame) is a step of its own first.
  observe(*s, false);
  redo_.push_back(committed_);
  const ViewState to = undo_.back();
  undo_.pop_back();
  restore(to, s);
  return true;
}

bool ViewHistory::redo(ViewState* s) {
  if (gesture_ || redo_.empty()) return false;
  observe(*s, false);
  if (redo_.empty()) return false;  // that change was new: it cleared what could be redone
  undo_.push_back(committed_);
  const ViewState to = redo_.back();
  redo_.pop_back();
  restore(to, s);
  return true;
}

}  // namespace geofield
