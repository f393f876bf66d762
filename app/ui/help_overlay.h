// F1: a window over the map listing every shortcut and what the mouse does; Esc or F1 closes it.
#pragma once

#include <span>

namespace geofield {

struct HelpRow {
  const char* keys;
  const char* what;
};

// Draws the overlay while *open; its close button clears *open.
void draw_help_overlay(std::span<const HelpRow> keys, bool* open);

}  // namespace geofield
