// geofield_grid_describe (API 1.2): what `render --netcdf` writes about a grid besides
// its values (coordinates, CF attributes, the CRS), as JSON, from the NetCDF writer's own
// functions, so that Python's geofield.dataarray() carries the same numbers and words.
#pragma once

#include <cstdint>
#include <string>

#include "geofield.h"

namespace geofield::api {

// params' view (its sites and centres are not read; site_count: how many sites, 0 for the one
// reference point) as geofield.h describes the JSON. UsageError for a view the NetCDF refuses.
std::string grid_description(const geofield_params* params, std::int64_t site_count);

}  // namespace geofield::api
