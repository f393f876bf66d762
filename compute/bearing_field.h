// The bearing toward the nearest site (--bearing): at each node, the initial azimuth
// of the great circle toward the nearest point of any site, degrees clockwise from north in
// [0, 360), NaN where the distance is 0 (on a point or a line, inside a polygon unless signed)
// and off a projected map. Every kind of site set: points (a file's, and `--ref`'s one point)
// are taken as point features, so one search (shape_field.h) serves all. Always on the CPU, in
// double: the field itself may come from any backend.
#pragma once

#include <memory>
#include <vector>

#include "field_params.h"
#include "sites.h"
#include "subgrid.h"

namespace geofield {

struct ShapeTrees;

// UsageError naming --bearing for a view whose bearing is not the sphere's: wgs84 (the
// geodesic's azimuth on the ellipsoid is not computed).
void check_bearing_view(const FieldParams& p);

// The shapes of a site set: its own, or its points as point features (names kept).
ShapesPtr shapes_of_sites(const SiteSet& sites);

class BearingField {
 public:
  // r checked (check_sites) and check_bearing_view; the sites' search built once here.
  explicit BearingField(const FieldRequest& r);
  // Subgrid w's bearings (w.nx * w.ny, row 0 north), inside r's grid.
  std::vector<float> subgrid(const Subgrid& w) const;

 private:
  FieldParams params_;
  bool signed_inside_ = false;
  std::shared_ptr<const ShapeTrees> trees_;
};

}  // namespace geofield
