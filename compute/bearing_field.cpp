#include "compute/bearing_field.h"

#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "errors.h"

namespace geofield {

void check_bearing_view(const FieldParams& p) {
  if (p.formula == Formula::wgs84) {
    throw UsageError(
        "--bearing: the azimuth toward the nearest site is the sphere's (haversine); the "
        "wgs84 formula's, a geodesic's on the ellipsoid, is not computed yet");
  }
}

ShapesPtr shapes_of_sites(const SiteSet& sites) {
  if (sites.has_shapes()) return sites.shapes();
  return std::make_shared<const SiteShapes>(point_features(*sites.points()));
}

BearingField::BearingField(const FieldRequest& r)
    : params_(r.params), signed_inside_(r.signed_inside) {
  check_bearing_view(params_);
  // One point's field takes any formula (the seed's among them); its bearing is the sphere's
  // toward that point whatever the formula, so the search measures by haversine.
  if (params_.formula == Formula::seed) params_.formula = Formula::haversine;
  trees_ = shape_trees_of(shapes_of_sites(r.sites));  // a file's: the field's own, built once
}

std::vector<float> BearingField::subgrid(const Subgrid& w) const {
  const std::size_t n = static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny);
  std::vector<float> bearing(n);
  std::vector<double> values(n);  // the search fills them too
  shape_field_on_cpu<double>(params_, *trees_, {signed_inside_}, w, values.data(), nullptr,
                             bearing.data());
  return bearing;
}

}  // namespace geofield
