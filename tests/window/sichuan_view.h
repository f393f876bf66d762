// The view the ring-interval and graticule-label tests were measured on: 28:32 N, 99:103 E about
// 30 N 101 E (the window's first view until it became London's), with the first view's look.
#pragma once

#include "view/view_state.h"

namespace geofield::test {

inline ViewState sichuan_view() {
  ViewState s = first_view();
  s.params.lat_min_deg = 28, s.params.lat_max_deg = 32;
  s.params.lon_min_deg = 99, s.params.lon_max_deg = 103;
  s.params.ref_lat_deg = 30, s.params.ref_lon_deg = 101;
  return s;
}

}  // namespace geofield::test
