// The window's edits of its centres: adding (Shift+click, the panel), changing,
// renaming, deleting, clearing and importing, each checked so that the view's centres are
// always valid, at most kMaxViewCentres, and on a view that can take them. Every taken edit
// gives a list that is no file's (CentreSet::file is null): the caller attaches the file of an
// import. A refused edit
// changes nothing and says why in one line; the undo history sees every taken edit as a step.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "view/view_state.h"

namespace geofield {

// Why a view of p cannot have n centres (n > 0): more than kMaxViewCentres, the seed formula,
// a projected view (check_centres_view's words); nothing when it can, or when n is 0.
std::optional<std::string> centres_view_problem(const FieldParams& p, std::size_t n);

// Each returns false with *why, the view unchanged, when the edit cannot be taken: a centre
// outside the ranges (centre_problem), one more than kMaxViewCentres, a view that cannot take
// centres, an index out of range. Names are trimmed of spaces at their ends (as a centres file's
// are read).
bool add_centre(ViewState* s, Centre c, std::string* why);
bool set_centre(ViewState* s, std::size_t k, Centre c, std::string* why);
bool remove_centre(ViewState* s, std::size_t k, std::string* why);
void clear_centres(ViewState* s);
// add_centre is refused while the view has sites (a view has one or the other).
// The view's centres replaced by `list` (an import), its sites cleared: refused whole when any
// is invalid or there are more than kMaxViewCentres.
bool replace_centres(ViewState* s, std::vector<Centre> list, std::string* why);

// How the window names centre k (0-based): its name, or "centre #k+1" when it has none (the
// Centres panel numbers its rows from 1).
std::string centre_label(const CentreSet& centres, std::size_t k);

}  // namespace geofield
