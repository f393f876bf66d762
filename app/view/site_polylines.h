// The sites' lines and polygon rings as the polylines the map draws over the field:
// each segment is the minor great-circle arc between its vertices (the field's own segments),
// so it is drawn as such: sampled at most kSiteLineStepDeg apart and broken where it crosses
// the antimeridian, so that no drawn piece crosses it (the line layer's contract, geo_lines.h)
// and a long arc curves on the map as it does on the globe. Points are not here: the map draws
// them as markers. No GL.
#pragma once

#include <cstdint>
#include <vector>

#include "site_shapes.h"
#include "sites/geo_lines.h"

namespace geofield {

// The longest drawn piece of an arc, degrees of arc: a short segment (a coastline's, ~1 km) is
// one piece; a segment of 40 degrees is 40, which curve as the great circle does.
inline constexpr double kSiteLineStepDeg = 1.0;

struct SitePolylines {
  std::vector<std::uint32_t> starts{0};  // polyline k: points [starts[k], starts[k + 1])
  std::vector<float> lonlat;             // (lon, lat) pairs, degrees, lon in [-180, 180]

  // A view of them as the line layer takes a line set (valid while this lives).
  LineSet as_line_set() const {
    LineSet s;
    s.starts = starts;
    s.lonlat = lonlat;
    return s;
  }
};

SitePolylines site_polylines(const SiteShapes& shapes);

}  // namespace geofield
