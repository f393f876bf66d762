// A figure's words when none are given: the plain title over the map, and the detail (formula,
// sphere or ellipsoid, projection) said under the colorbar with the unit.
#pragma once

#include <cstddef>
#include <string>

#include "field_params.h"

namespace geofield {

// The title line when none is given, plain: "Distance from Rome, Italy" for a reference given
// by name or locator (ref_label), "Distance from 41.90° N, 12.50° E" otherwise; with sites
// (sites > 0, `--centres` or the window's centres) "Distance to the nearest of N sites", or
// "Distance to " sites_words for sites of every kind (FigureSites). The seed formula's values
// are no distance: "Seed-formula value from ...". The window and `render` both call it.
std::string default_figure_title(const FieldParams& view, std::size_t sites = 0,
                                 const std::string& sites_words = "",
                                 const std::string& ref_label = "");

// The colorbar's caption: the quantity and unit, then the detail the title leaves out
// ("great-circle distance (km) · haversine, R = 6371.0088 km · azimuthal equidistant").
std::string figure_caption(const FieldParams& view);

}  // namespace geofield
