// geofield_sites (API 1.2): sites read by read_sites_parameter, the parser
// geofield_params.sites and the command line use, laid out as the flat arrays of
// geofield_sites_table so that a caller (Python) takes a million features in a few calls.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "geofield.h"
#include "site_shapes.h"

namespace geofield::api {

struct SitesTable {
  std::vector<std::int32_t> feature_kind;
  std::vector<std::int64_t> feature_part;  // one more than the features
  std::string names;
  std::vector<std::int64_t> name_offset;  // one more than the features
  std::vector<std::int32_t> part_kind;
  std::vector<std::int64_t> part_vertex;  // one more than the parts
  std::vector<double> lat, lon;
};

SitesTable sites_table(const SiteShapes& shapes);

// Fills `out` with views of `table`; UsageError when out->struct_size is less than API 1.2's.
void fill_table(const SitesTable& table, geofield_sites_table* out);

}  // namespace geofield::api
