// libgeofield's structs turned into the program's values, checked with the command line's
// words: what geofield_compute and geofield_params_check share.
#pragma once

#include "geofield.h"
#include "sites.h"

namespace geofield::api {

class SitesCache;

struct Request {
  // The view, the sites (the reference point, the centres, or sites=) and --signed.
  FieldRequest field;
  // Centres or sites were given: the index says which is nearest (for the one reference point
  // there is nothing to say).
  bool many_sites = false;

  const FieldParams& params() const { return field.params; }
};

// The view of p alone (no sites read), checked: throws as request_of does.
FieldParams field_params_of(const geofield_params* p);

// Throws UsageError naming the option ("--lat: ...") or the struct field ("geofield_params:
// struct_size ...", "sites: ...") of the first problem. sites= is read through cache (the
// context's) where one is given.
Request request_of(const geofield_params* p, SitesCache* cache = nullptr);

// The size in bytes of one value of an output dtype (GEOFIELD_FLOAT32 or _FLOAT64); throws
// UsageError for another.
std::size_t dtype_size(int dtype);

}  // namespace geofield::api
