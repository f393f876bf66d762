// The bearing field (issue 28's --bearing): at each node, the initial azimuth toward the nearest
// point of the nearest site, degrees clockwise from north in [0, 360); NaN where the distance is
// 0 (on a site, inside a polygon unsigned) and off a projected map. Computed on the CPU by the
// shapes' search (shape_field.h) for every site set: points (the reference point, centres)
// become point features, so one definition of "nearest point" and one azimuth serve them all.
#pragma once

#include "sites.h"
#include "subgrid.h"

namespace geofield {

// Throws UsageError naming --bearing for what it does not compute: the wgs84 formula (the
// azimuth of a geodesic on the ellipsoid).
void check_bearing(const FieldRequest& r);

// Subgrid w of r's bearings into bearing (w.nx * w.ny, row 0 north). r validated (check,
// check_sites, check_bearing). The seed formula's one point is the point's own direction.
void bearing_subgrid_on_cpu(const FieldRequest& r, const Subgrid& w, float* bearing);

}  // namespace geofield
