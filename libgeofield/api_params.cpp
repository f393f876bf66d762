#include "api_params.h"

#include <cstddef>
#include <string>
#include <vector>

#include "api_sites.h"
#include "compute/cpu_field.h"
#include "compute/nearest_centre.h"
#include "errors.h"

namespace geofield::api {
namespace {

// The size of the first version of a struct: callers built against a later header pass a
// larger one, whose extra fields this library does not know and leaves alone.
constexpr std::size_t kParamsV1 = offsetof(geofield_params, centre_lon) + sizeof(const double*);
// API 1.1 added sites and signed_inside.
constexpr std::size_t kParamsV1_1 = offsetof(geofield_params, signed_inside) + sizeof(std::int32_t);
// API 1.2 added registration.
constexpr std::size_t kParamsV1_2 = offsetof(geofield_params, registration) + sizeof(std::int32_t);

// "--formula: 7 is not one of haversine (0), seed (1), wgs84 (2)"
template <typename E>
E enum_of(int value, const char* option, std::initializer_list<std::pair<const char*, E>> names) {
  std::string all;
  int k = 0;
  for (const auto& [name, e] : names) {
    if (k == value) return e;
    all += std::string(k == 0 ? "" : ", ") + name + " (" + std::to_string(k) + ")";
    ++k;
  }
  throw UsageError(std::string(option) + ": " + std::to_string(value) + " is not one of " + all);
}

// The centres of centre_count, centre_lat and centre_lon (at least one), checked.
std::vector<Centre> centres_of(const geofield_params* c, const FieldParams& p) {
  if (static_cast<std::uint64_t>(c->centre_count) > kMaxCentres) {
    throw UsageError("--centres: more than " + std::to_string(kMaxCentres) + " centres");
  }
  if (c->centre_lat == nullptr || c->centre_lon == nullptr) {
    throw UsageError("--centres: centre_lat and centre_lon must point to centre_count (" +
                     std::to_string(c->centre_count) + ") values each");
  }
  std::vector<Centre> centres(static_cast<std::size_t>(c->centre_count));
  for (std::size_t k = 0; k < centres.size(); ++k) {
    centres[k].lat_deg = c->centre_lat[k];
    centres[k].lon_deg = c->centre_lon[k];
    const std::string problem = centre_problem(centres[k]);
    if (!problem.empty()) {
      throw UsageError("--centres: centre " + std::to_string(k) + ": " + problem);
    }
  }
  check_centres_view(p, centres);
  return centres;
}

// check_sites' refusals of sites (wgs84, seed) name the command line's --sites, or --centres
// for a file of points; the caller set the struct's field.
void check_sites_field(const FieldRequest& r) {
  try {
    check_sites(r);
  } catch (const UsageError& e) {
    std::string_view line = e.what();
    for (const std::string_view option : {"--sites: ", "--centres: "}) {
      if (line.substr(0, option.size()) == option) line.remove_prefix(option.size());
    }
    throw UsageError("sites: " + std::string(line));
  }
}

}  // namespace

std::size_t dtype_size(int dtype) {
  if (dtype == GEOFIELD_FLOAT32) return sizeof(float);
  if (dtype == GEOFIELD_FLOAT64) return sizeof(double);
  throw UsageError("geofield_output.dtype: " + std::to_string(dtype) +
                   " is not GEOFIELD_FLOAT32 (0) or GEOFIELD_FLOAT64 (1)");
}

FieldParams field_params_of(const geofield_params* c) {
  if (c == nullptr) throw UsageError("geofield_params: NULL");
  if (c->struct_size < kParamsV1) {
    throw UsageError("geofield_params: struct_size " + std::to_string(c->struct_size) +
                     " is smaller than the first version's " + std::to_string(kParamsV1) +
                     " bytes: start from geofield_params_init");
  }
  FieldParams p;
  p.lat_min_deg = c->lat_min;
  p.lat_max_deg = c->lat_max;
  p.lon_min_deg = c->lon_min;
  p.lon_max_deg = c->lon_max;
  p.nx = c->nx;
  p.ny = c->ny;
  p.ref_lat_deg = c->ref_lat;
  p.ref_lon_deg = c->ref_lon;
  p.formula = enum_of<Formula>(
      c->formula, "--formula",
      {{"haversine", Formula::haversine}, {"seed", Formula::seed}, {"wgs84", Formula::wgs84}});
  p.units =
      enum_of<Units>(c->units, "--units",
                     {{"km", Units::km}, {"nm", Units::nm}, {"mi", Units::mi}, {"m", Units::m}});
  p.radius_km = c->radius_km;
  p.ellipsoid_a_km = c->ellipsoid_a_km;
  p.ellipsoid_inv_f = c->ellipsoid_inv_f;
  p.precision = enum_of<Precision>(c->precision, "--precision",
                                   {{"float", Precision::f32}, {"double", Precision::f64}});
  p.projection = enum_of<Projection>(c->projection, "--projection",
                                     {{"latlon", Projection::latlon},
                                      {"aeqd", Projection::aeqd},
                                      {"ortho", Projection::ortho},
                                      {"eqearth", Projection::eqearth}});
  // A caller built before API 1.2 has node registration, the one there was.
  if (c->struct_size >= kParamsV1_2) {
    p.registration =
        enum_of<Registration>(c->registration, "--registration",
                              {{"node", Registration::node}, {"pixel", Registration::pixel}});
  }
  // The command line's default extent where none is given (0).
  p.extent = c->extent == 0 && p.projection != Projection::latlon ? default_extent(p) : c->extent;
  validate(p);
  return p;
}

Request request_of(const geofield_params* c, SitesCache* cache) {
  Request r;
  FieldParams& p = r.field.params;
  p = field_params_of(c);
  // A caller built against API 1.0 has no sites or signed_inside: read them only when there.
  const bool v1_1 = c->struct_size >= kParamsV1_1;
  const char* const sites = v1_1 ? c->sites : nullptr;
  const bool signed_inside = v1_1 && c->signed_inside != 0;

  if (c->centre_count < 0) {
    throw UsageError("--centres: centre_count " + std::to_string(c->centre_count) + " is negative");
  }
  if (sites != nullptr && c->centre_count > 0) {
    throw UsageError("sites: give sites or centres (centre_count " +
                     std::to_string(c->centre_count) +
                     "), not both: they are two ways to say what the distance is measured to");
  }
  if (sites != nullptr) {
    const ShapesPtr shapes = cache != nullptr ? cache->get(sites) : read_sites_parameter(sites);
    r.field.sites = SiteSet::shapes(shapes);
    r.many_sites = true;
    check_sites_field(r.field);
  } else if (c->centre_count > 0) {
    r.field.sites = SiteSet::points(centres_of(c, p));
    r.many_sites = true;
  } else {
    r.field.sites = SiteSet::one_point(p.ref_lat_deg, p.ref_lon_deg);
  }
  if (signed_inside && !r.field.sites.has_polygons()) {
    throw UsageError(
        "signed_inside: signs the inside of polygons, and these sites have none: give sites with "
        "Polygon or MultiPolygon features (or @land), or signed_inside 0");
  }
  r.field.signed_inside = signed_inside;
  return r;
}

}  // namespace geofield::api
