// libgeofield's structs turned into the program's values, checked with the command line's
// words: what geofield_compute and geofield_params_check share.
#pragma once

#include <vector>

#include "centres.h"
#include "field_params.h"
#include "geofield.h"
#include "sites.h"

namespace geofield::api {

struct Request {
  FieldParams params;
  std::vector<Centre> centres;  // empty: the one reference point

  // The field's sites: the centres, or (centre_count 0) a set of one, the reference point.
  SiteSet sites() const {
    return centres.empty() ? SiteSet::one_point(params.ref_lat_deg, params.ref_lon_deg)
                           : SiteSet::points(centres);
  }
};

// Throws UsageError naming the option ("--lat: ...") or the struct field ("geofield_params:
// struct_size ...") of the first problem.
Request request_of(const geofield_params* p);

// The size in bytes of one value of an output dtype (GEOFIELD_FLOAT32 or _FLOAT64); throws
// UsageError for another.
std::size_t dtype_size(int dtype);

}  // namespace geofield::api
