// A projected map (aeqd, ortho, eqearth) as the drawing shaders see it: the map's plane about a
// centre, drawn with square pixels. The viewport spans x in [-half_width, half_width] (east) and y
// in
// [-half_height, half_height] (north); a field's texture spans its own frame the same way, node
// 0 at (-half_width, +half_height), as the grid contract places it (DESIGN.md).
#pragma once

#include "field_params.h"

namespace geofield {

struct MapFrame {
  Projection projection = Projection::latlon;  // latlon: no projected frame
  double centre_lat_deg = 0, centre_lon_deg = 0;
  double half_width = 0, half_height = 0;  // output unit
  double radius = 0;                       // the sphere's, output unit
  bool projected() const {
    return projection != Projection::latlon && half_width > 0 && half_height > 0 && radius > 0;
  }
  bool operator==(const MapFrame&) const = default;
};

// The frame of a projected view's grid (FieldParams.projection != latlon): the grid's own
// half-width and half-height, about the reference point (aeqd), the bounds' middle (ortho) or
// the equator on the central meridian (eqearth).
inline MapFrame map_frame_of(const FieldParams& p) {
  MapFrame f;
  if (p.projection == Projection::latlon || p.nx < 2 || p.ny < 2) return f;
  f.projection = p.projection;
  const MapCentre c = projection_centre_of(p);
  f.centre_lat_deg = c.lat_deg;
  f.centre_lon_deg = c.lon_deg;
  f.half_width = p.extent;
  f.half_height = projected_half_height(p);
  f.radius = radius_in_units(p);
  return f;
}

}  // namespace geofield
