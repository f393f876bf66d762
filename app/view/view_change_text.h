// What an undo or redo changed, in the panels' words: "lat max 60 → 45", "colormap viridis →
// turbo", "3 centres → 2". The status bar says it, so a person knows what Ctrl+Z did.
#pragma once

#include <string>

#include "view/view_state.h"

namespace geofield {

// The differences between two states that the history keeps (view_history.h), the first
// kMaxChangesNamed named and the rest counted ("and 2 more"); "the view" when the two differ
// in nothing named here.
inline constexpr int kMaxChangesNamed = 3;
std::string view_change_text(const ViewState& from, const ViewState& to);

}  // namespace geofield
