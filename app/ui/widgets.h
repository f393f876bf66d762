// Small widget helpers shared by the panels: a drag with a typed box beside it, whose typed
// value, when it cannot be taken, stays as typed with its message under it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "ui/ui_model.h"

namespace geofield {

// The message for a value that cannot be taken (the UI's words, with the accepted range), or
// none when it can.
using ValueCheck = std::function<std::optional<std::string>(double)>;

// A drag and a typed box for one double; returns true when either changed *v. The drag moves
// `speed` per pixel (Shift: 10 times, Alt: a tenth, ImGui's own modifiers), so a caller gives a
// speed that suits the view (a fraction of its extent); it shows its digits in full (no
// handle). A drag never passes [lo, hi] or a value `check` refuses: it stops at the last good
// one. A typed value that `check` refuses is not taken: the box keeps the text in a red frame
// and the message is written under it until the text is corrected or Esc is pressed.
bool drag_typed(const char* label, double* v, double speed, double lo, double hi,
                const char* format, const ValueCheck& check, TypedEdits* edits);
bool drag_typed_int(const char* label, int* v, float speed, int lo, int hi, const ValueCheck& check,
                    TypedEdits* edits);

// A typed box alone (its width the caller's SetNextItemWidth or the item width), refusing as
// drag_typed does; `shown_label` is written after it. True when *v changed. With
// `message_below` false the caller writes the message (pending_message) after its row, for
// boxes that share one row.
bool typed_double(const char* label, const char* shown_label, double* v, const char* format,
                  const ValueCheck& check, TypedEdits* edits, bool message_below = true);

// One box for one value (not a drag and a box showing the same number): typed_double
// with `decimals` digits after the point (view_decimals: as many as the map's zoom needs) and
// the label after it.
bool value_box(const char* label, double* v, int decimals, const ValueCheck& check,
               TypedEdits* edits);

// A typed box for a whole number in [lo, hi], refusing as typed_double does.
bool typed_int(const char* label, const char* shown_label, int* v, int lo, int hi,
               TypedEdits* edits);

// The message of a pending typed value of `label`, in red, wrapped to the panel; nothing when
// there is none. drag_typed calls it; other controls with a typed value can too.
void pending_message(const char* label, const TypedEdits& edits);

// Rows of buttons and checkboxes that wrap in a narrow panel: on the last item's row when an
// item of width w still fits there before the panel's right edge, else on the next row. The
// widths of a button and of a checkbox with their labels.
void same_line_if_fits(float w);
float button_width(const char* label);
float checkbox_width(const char* label);

}  // namespace geofield
