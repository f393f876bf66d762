#include "compute/bearing_field.h"

#include <memory>
#include <vector>

#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "errors.h"

namespace geofield {
namespace {

// Points as point features: the shapes' search gives the azimuth toward them as toward a line.
SiteShapes point_features(const std::vector<Centre>& points) {
  SiteShapes s;
  s.vertices.reserve(points.size());
  s.parts.reserve(points.size());
  s.features.reserve(points.size());
  for (const Centre& c : points) {
    s.features.push_back(
        {FeatureKind::point, static_cast<std::uint32_t>(s.parts.size()), 1, std::string()});
    s.parts.push_back({PartKind::point, static_cast<std::uint32_t>(s.vertices.size()), 1});
    s.vertices.push_back({c.lat_deg, c.lon_deg});
  }
  return s;
}

}  // namespace

void check_bearing(const FieldRequest& r) {
  if (r.params.formula == Formula::wgs84) {
    throw UsageError(
        "--bearing: the bearing is the sphere's (haversine); the wgs84 formula's geodesic azimuth "
        "is not computed yet");
  }
}

void bearing_subgrid_on_cpu(const FieldRequest& r, const Subgrid& w, float* bearing) {
  check_bearing(r);
  // The azimuth toward a point does not depend on how its distance is measured: seed (only
  // ever one point, check_sites) takes the sphere's search.
  FieldParams p = r.params;
  if (p.formula == Formula::seed) p.formula = Formula::haversine;
  const std::size_t n = static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny);
  std::vector<double> values(n);  // the search gives them; the field's own come from its path
  const ShapeFieldOptions o{r.signed_inside};
  if (r.sites.has_shapes()) {
    shape_field_on_cpu<double>(p, *shape_trees_of(r.sites.shapes()), o, w, values.data(), nullptr,
                               bearing);
  } else if (r.sites.points()) {
    shape_field_on_cpu<double>(p, point_features(*r.sites.points()), o, w, values.data(), nullptr,
                               bearing);
  } else {
    throw UsageError("--centres: no centres");
  }
}

}  // namespace geofield
