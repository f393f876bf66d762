// The sites of `geofield render` (--centres FILE, --sites FILE|@name):
// read into the one field request, checked, and described for the lines render prints and the
// figure's title (the point sites' markers and colours: view/marked_sites.h, the window's too).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "centres.h"
#include "cli/render_command.h"
#include "sites.h"

namespace geofield {

// The sites of a render (the file's or the built-in set's, else params' reference point) with
// params and --signed, checked (check_sites; --signed only with polygons) before any work. Every
// problem is one UsageError naming the option given (--sites or --centres).
FieldRequest field_request_of(const RenderRequest& request, const FieldParams& params);

// How many sites the field is the nearest of (the index outputs' count); none for the one
// reference point.
std::optional<std::size_t> sites_described(const RenderRequest& request, const FieldRequest& r);

// What render's stderr line adds about the sites: "; the nearest of 7 centres", "; the nearest
// of 3 sites (1 point, 1 line, 1 polygon)", "; ... of @land:110m, signed"; "" for one point.
std::string nearest_text(const RenderRequest& request, const FieldRequest& r);

// The figure's title words after "distance to ": "the nearest of 3 sites", "@land:110m";
// "" for a set of points (the figure's own "the nearest of N centres").
std::string figure_sites_words(const RenderRequest& request, const FieldRequest& r);

}  // namespace geofield
