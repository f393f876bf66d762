#include "view/centre_lookup.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "view/field_measures.h"

namespace geofield {

std::optional<NearestCentre> CentreLookup::nearest(const FieldParams& p, const CentreSet& centres,
                                                   GeoPoint g) {
  if (centres.empty()) return std::nullopt;
  if (of_ != centres.shared()) {
    tree_ = std::make_unique<CentreIndex>(centres.list());
    of_ = centres.shared();
  }
  const UnitVector q = unit_vector(g.lat_deg, g.lon_deg);
  const double chord2 = tree_->nearest_chord2(q);
  // On the sphere the chord-nearest is the nearest; every centre within a little more of its
  // angle is weighed by the formula, so float-level ties and, for wgs84, the ellipsoid's
  // stretch against the sphere (within 1 +- d, d = 2f + f^2; docs/centres.md) are decided by
  // the distance itself.
  const double theta = 2 * std::asin(std::min(1.0, std::sqrt(chord2) / 2));
  double reach = theta * (1 + 1e-9) + 1e-12;
  if (p.formula == Formula::wgs84) {
    const double f = 1 / p.ellipsoid_inv_f, d = 2 * f + f * f;
    reach = theta * (1 + d) / std::max(1e-3, 1 - d) + 1e-9;
  }
  reach = std::min(reach, std::numbers::pi);
  const double r = 2 * std::sin(reach / 2);
  std::vector<std::int32_t> near;
  tree_->within(q, r * r * (1 + 1e-12) + 1e-18, &near);
  std::sort(near.begin(), near.end());
  std::optional<NearestCentre> best;
  for (const std::int32_t k : near) {
    const Centre& c = centres[static_cast<std::size_t>(k)];
    const double d = distance_between(p, {c.lat_deg, c.lon_deg}, g);
    if (!best || d < best->distance) best = NearestCentre{static_cast<std::size_t>(k), d};
  }
  if (!best) {  // cannot happen (the chord-nearest is within its own chord); stay correct anyway
    for (std::size_t k = 0; k < centres.size(); ++k) {
      const double d = distance_between(p, {centres[k].lat_deg, centres[k].lon_deg}, g);
      if (!best || d < best->distance) best = NearestCentre{k, d};
    }
  }
  return best;
}

}  // namespace geofield
