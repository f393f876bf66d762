// Undo and redo over the view and the look (ViewState). The frame loop shows the history the
// state after each frame; a change becomes one step once no gesture is in progress, so a drag
// (pan, marker, slider) or a text field's editing is one step however many frames it takes.
// Bounded (steps, and centres held): the oldest steps go first. What is not a person's choice is
// not history: the backend (a machine choice, switched in the View panel), the grid size while it
// follows the window, and the colour range while it follows the field.
#pragma once

#include <cstddef>
#include <deque>

#include "view/view_state.h"

namespace geofield {

// About 1 GB of centres (48 bytes each and their names).
inline constexpr std::size_t kMaxHistoryCentres = 20'000'000;

class ViewHistory {
 public:
  // max_centres: the undo steps hold at most this many centres in their distinct lists (a
  // step's list is shared with the next step's when the centres did not change; every edit of
  // a million-centre list is a list of its own), the oldest steps going first, but one step
  // always kept.
  explicit ViewHistory(const ViewState& start, std::size_t max_steps = 200,
                       std::size_t max_centres = kMaxHistoryCentres);

  // Once a frame with the state as it is now. gesture: a drag or an edit is in progress
  // (its change is kept for when it ends). burst: nonzero when this change belongs to a burst
  // of small changes (wheel notches close together); a change of the same burst as the last
  // step joins that step instead of making one of its own. The caller says what a burst is.
  void observe(const ViewState& now, bool gesture, unsigned burst = 0);
  // A change that is no person's (the view extended to the window's shape, map_fill.h) made
  // to `before`: when `before` is what the history holds, `now` replaces it with no step.
  void follow(const ViewState& before, const ViewState& now);
  // The state before the last step (the backend and anything not history taken from *s);
  // false, and *s unchanged, when there is none or a gesture is in progress.
  bool undo(ViewState* s);
  bool redo(ViewState* s);
  std::size_t undo_steps() const { return undo_.size(); }
  std::size_t redo_steps() const { return redo_.size(); }

 private:
  void restore(const ViewState& to, ViewState* s);

  // The centres the undo steps hold, each distinct list counted once.
  std::size_t held_centres() const;

  std::size_t max_steps_;
  std::size_t max_centres_;
  ViewState committed_;  // the state after the last step
  std::deque<ViewState> undo_, redo_;
  bool gesture_ = false;
  unsigned last_step_burst_ = 0;  // the burst the last step belongs to, 0: none
};

// Whether two states differ in something the history keeps.
bool same_for_history(const ViewState& a, const ViewState& b);

}  // namespace geofield
