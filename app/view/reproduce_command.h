// "Copy as command": the `geofield render` line that draws the current view without a window,
// and the figure the window would make of it.
#pragma once

#include <optional>
#include <string>

#include "view/view_state.h"

namespace geofield {

// Every value is written in full (shortest round-trip decimal), as --opt=value so negative
// numbers need no care; parsing it back gives the same FieldParams and colours. With centres
// the line reads them from `centres_csv` (--centres, which takes the place of the
// reference's --marker, and of --ref but on aeqd, whose map's centre it is): the Centres
// panel's file, which Export CSV writes. With sites: --sites FILE|@name as they were
// opened, and --signed when signed inside polygons is on.
// The figure the window's Export panel makes (its Figure PNG, PDF, SVG buttons): written into
// the line beside the raw map as --figure FILE --figure-width PX --style NAME.
struct FigureCommand {
  std::string file = "geofield-figure.png";
  int width_px = 1600;
  std::string style = "print";
};

std::string render_command_line(const ViewState& s, const std::string& png = "geofield.png",
                                const std::string& centres_csv = "centres.csv",
                                const std::optional<FigureCommand>& figure = std::nullopt);

// Shortest decimal that reads back as exactly v.
std::string exact_number(double v);

}  // namespace geofield
