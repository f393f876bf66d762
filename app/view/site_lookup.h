// The hover readout's nearest feature: at the point under the pointer, the nearest
// line, polygon or point of the view's sites, the distance to it (0 inside a polygon, or minus
// the distance to its boundary when signed) and the initial bearing toward its nearest point,
// found on the host by the shape field itself (shape_field_on_cpu over a grid whose one node is
// the point, with the sites' shared arc trees), so the readout is the field's value, not a
// second formula's. Kept while the point, the sites and the view's sphere stay the same.
#pragma once

#include <cstddef>
#include <optional>

#include "field_params.h"
#include "sites.h"
#include "view/view_math.h"

namespace geofield {

struct NearestSite {
  std::size_t index = 0;   // the feature's position in the set, 0 first
  double distance = 0;     // the output unit of the view, on its sphere (haversine's radius)
  double bearing_deg = 0;  // toward the nearest point, clockwise from north, [0, 360); NaN at 0
};

class SiteLookup {
 public:
  // The feature of `shapes` nearest to g on p's sphere and in p's unit; nothing when there are
  // no shapes or p's formula is not a distance to lines (sites_view_problem).
  std::optional<NearestSite> nearest(const FieldParams& p, const ShapesPtr& shapes,
                                     bool signed_inside, GeoPoint g);

 private:
  struct Asked {
    ShapesPtr shapes;
    bool signed_inside = false;
    double lat_deg = 0, lon_deg = 0, radius_km = 0;
    Units units = Units::km;
    Formula formula = Formula::haversine;
    bool operator==(const Asked&) const = default;
  };
  std::optional<Asked> asked_;
  std::optional<NearestSite> found_;
};

}  // namespace geofield
