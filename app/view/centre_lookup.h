// The hover readout's nearest centre, found on the host from the view's centres, not
// read back from the GPU: a k-d tree over the centres (centre_index.h) gives the centres that
// can be nearest by the view's formula, and distance_between decides among them. Built once a
// list (the tree is kept while the list is the same).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "compute/centre_index.h"
#include "view/centre_set.h"
#include "view/view_math.h"

namespace geofield {

struct NearestCentre {
  std::size_t index = 0;  // into the list; the lowest of those at the same distance
  double distance = 0;    // output unit, by the view's formula (distance_between)
};

class CentreLookup {
 public:
  // The centre of `centres` nearest to g by p's formula; nothing when there are no centres.
  std::optional<NearestCentre> nearest(const FieldParams& p, const CentreSet& centres, GeoPoint g);

 private:
  CentreList of_;  // the list the tree was built for
  std::unique_ptr<CentreIndex> tree_;
};

}  // namespace geofield
