// "Copy as command": the `geofield render` line that draws the current view without a window.
#pragma once

#include <string>

#include "view/view_state.h"

namespace geofield {

// Every value is written in full (shortest round-trip decimal), as --opt=value so negative
// numbers need no care; parsing it back gives the same FieldParams and colours. With centres
// (issue 16) the line reads them from `centres_csv` (--centres, which takes the place of the
// reference's --marker, and of --ref but on aeqd, whose map's centre it is): the Centres
// panel's file, which Export CSV writes. With sites (issue 28): --sites FILE|@name as they were
// opened, and --signed when signed inside polygons is on.
std::string render_command_line(const ViewState& s, const std::string& png = "geofield.png",
                                const std::string& centres_csv = "centres.csv");

// Shortest decimal that reads back as exactly v.
std::string exact_number(double v);

}  // namespace geofield
