// Labels of the range rings on the window's map: each ring's distance and unit ("250 km") at
// points of the ring found with the spherical direct problem (wgs84: along the same great
// circles, where the geodesic distance is the ring's), kept inside the map and apart.
// Pure: the caller measures text and draws.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

// The direct problem on a sphere: the point reached from (lat1_deg in [-90, 90], lon1_deg)
// going `distance` (>= 0, the unit of `radius`) along the great circle that leaves it at
// azimuth_deg (clockwise from north). Longitude in [-180, 180). At a pole the azimuth is taken
// as GeographicLib does (the limit approaching the pole along the meridian lon1_deg).
GeoPoint spherical_direct(double lat1_deg, double lon1_deg, double azimuth_deg, double distance,
                          double radius);

// A ring's label: its value in the fewest decimals (up to 6) that write it, and the unit
// ("250 km"; typed intervals too: 12.5 nm rings read "12.5 nm", 0.1 x 3 reads "0.3").
std::string ring_label_text(double value, Units units);

struct RingLabel {
  double value = 0;     // the ring's distance, output unit
  std::string text;     // "250 km"
  double x = 0, y = 0;  // the box's top-left, window pixels
  double w = 0, h = 0;  // the box (text and padding), centred on a point of the ring
};

struct RingLabelLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 13;
  double pad_px = 2;                // around the text: the halo box
  double same_ring_apart_px = 240;  // labels of one ring at least this far apart (centres)
};

// Labels of the rings every `interval` (output unit, > 0) that cross the view of p drawn in
// `map`: candidates every 10 degrees of azimuth from 45 (north-east) round the reference,
// skipped where the box would leave the map or touch a label already placed, or (projected
// views) where any of it would be off the globe: past ortho's limb or aeqd's antipode circle. Every
// projection: in aeqd the rings are circles about the map's centre (haversine; with wgs84 nearly).
// Empty for the seed formula (its value is not a distance).
std::vector<RingLabel> ring_labels(const FieldParams& p, const MapRect& map, double interval,
                                   const RingLabelLook& look);

}  // namespace geofield
