#include "view/site_lookup.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "view/site_edits.h"

namespace geofield {
namespace {

constexpr double kCellDeg = 1e-3;  // the one-node grid's spacing: any, its node 0 is the point

// A latlon grid of 2 x 2 nodes whose node (row 0, column 0) is g exactly: row 0 is the grid's
// north edge and column 0 its west edge (field_math.h). Near the south pole the grid lies north
// of g and g is its last row.
FieldParams one_node_grid(const FieldParams& view, GeoPoint g, Subgrid* node) {
  FieldParams q = view;
  q.projection = Projection::latlon;
  q.registration = Registration::node;  // node (0, 0) on the bounds' corner
  q.nx = q.ny = 2;
  q.precision = Precision::f64;
  q.lon_min_deg = g.lon_deg;
  q.lon_max_deg = g.lon_deg + kCellDeg;
  *node = Subgrid{0, 0, 1, 1};
  if (g.lat_deg - kCellDeg >= -90.0) {
    q.lat_max_deg = g.lat_deg;
    q.lat_min_deg = g.lat_deg - kCellDeg;
  } else {
    q.lat_min_deg = g.lat_deg;
    q.lat_max_deg = g.lat_deg + kCellDeg;
    node->row0 = 1;
  }
  q.ref_lat_deg = g.lat_deg;  // not used by the shapes' field; kept valid
  q.ref_lon_deg = g.lon_deg;
  return q;
}

}  // namespace

std::optional<NearestSite> SiteLookup::nearest(const FieldParams& p, const ShapesPtr& shapes,
                                               bool signed_inside, GeoPoint g) {
  if (!shapes || shapes->features.empty() || sites_view_problem(p)) return std::nullopt;
  const Asked asked{shapes, signed_inside, g.lat_deg, g.lon_deg, p.radius_km, p.units, p.formula};
  if (asked_ && *asked_ == asked) return found_;
  Subgrid node;
  const FieldParams q = one_node_grid(p, g, &node);
  double value = 0;
  std::int32_t index = -1;
  float bearing = 0;
  shape_field_on_cpu<double>(q, *shape_trees_of(shapes), ShapeFieldOptions{signed_inside}, node,
                             &value, &index, &bearing);
  asked_ = asked;
  found_.reset();
  if (index >= 0) {
    // The field's bearing is a float: just below 360 it can round up to 360, which is north.
    double b = static_cast<double>(bearing);
    if (b >= 360.0) b -= 360.0;
    found_ = NearestSite{static_cast<std::size_t>(index), value, b};
  }
  return found_;
}

}  // namespace geofield
