// The field of sites of every kind on the CPU: at each node of a grid (latlon, aeqd
// or ortho), or of a subgrid of it, the distance to the nearest point of any site (a point, a
// line's arcs, a polygon's boundary), 0 inside a polygon or, signed, minus the distance to its
// boundary; the index of the nearest feature (the one containing the node, inside a polygon;
// the lowest of those that tie); and on request the initial azimuth toward the nearest point,
// degrees clockwise from north (NaN where the distance is 0). The distance is the sphere's
// (haversine's radius and unit) in double, rounded to T. Two trees of caps (segment_tree.h)
// find the nearest arc: the polygons' rings (which decide the inside, polygon_side.h) and the
// points' and lines'. Inside a polygon the value is the polygon's (0, or minus the distance to
// its boundary), whatever line or point lies nearer. A node off a projected map gets NaN and
// index -1.
#pragma once

#include <cstddef>
#include <cstdint>

#include "field_params.h"
#include "site_shapes.h"
#include "subgrid.h"

namespace geofield {

struct ShapeFieldOptions {
  bool signed_inside = false;  // --signed: minus the distance to the boundary inside polygons
};

// Throws UsageError, naming --sites, for what the field of lines and polygons does not compute
// yet: the wgs84 formula (its distance to a geodesic segment on the ellipsoid), the seed
// formula (not a distance); and for no sites.
void check_shapes_view(const FieldParams& p, const SiteShapes& shapes);
// The same for the formula alone.
void check_shapes_formula(const FieldParams& p);

struct ShapeTrees;  // compute/shape_trees.h

// values (and index and bearing unless null) hold w.nx * w.ny elements, local node (i, j) the
// whole grid's node (w.row0 + i, w.col0 + j).
template <typename T>
void shape_field_on_cpu(const FieldParams& p, const SiteShapes& shapes, const ShapeFieldOptions& o,
                        const Subgrid& w, T* values, std::int32_t* index, float* bearing);

// The same with the shapes' trees built already (shape_trees_of): what the field of a SiteSet
// of shapes computes with.
template <typename T>
void shape_field_on_cpu(const FieldParams& p, const ShapeTrees& trees, const ShapeFieldOptions& o,
                        const Subgrid& w, T* values, std::int32_t* index, float* bearing);

// The same at n points instead of a grid's nodes: values[k] and, unless null,
// index[k] for the point (lat_deg[k], lon_deg[k]) (latitudes in [-90, 90]), on all cores; the
// same search and value as a node's (a node's point gets the node's value and feature).
template <typename T>
void shape_points_on_cpu(const FieldParams& p, const ShapeTrees& trees, const ShapeFieldOptions& o,
                         const double* lat_deg, const double* lon_deg, std::size_t n, T* values,
                         std::int32_t* index);

// The same by looking at every arc at every node: the tests' oracle.
template <typename T>
void shape_field_brute_force(const FieldParams& p, const SiteShapes& shapes,
                             const ShapeFieldOptions& o, const Subgrid& w, T* values,
                             std::int32_t* index, float* bearing);

}  // namespace geofield
