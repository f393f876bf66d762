// The status bar's reading under the pointer: the field's value there, by the same
// host lookups as the hover readout (the reference's distance, the nearest centre's, the
// nearest feature's), so the bar and the tooltip agree. No read-back of the field.
#pragma once

#include <optional>

#include "view/centre_lookup.h"
#include "view/site_lookup.h"
#include "view/view_math.h"
#include "view/view_state.h"

namespace geofield {

class CursorValue {
 public:
  // The field's value of s at g, output unit (seed: the expression's value); nothing where the
  // view's sites give none (a formula they are not computed with).
  std::optional<double> at(const ViewState& s, GeoPoint g);
  // The nearest feature of s's sites, and the nearest of its centres, to g; each search kept for
  // the last point asked, so the hover readout and the status bar share one.
  std::optional<NearestSite> nearest_site(const ViewState& s, GeoPoint g) {
    return sites_.nearest(s.params, s.sites.shapes(), s.signed_inside, g);
  }
  std::optional<NearestCentre> nearest_centre(const ViewState& s, GeoPoint g) {
    return centres_.nearest(s.params, s.centres, g);
  }

 private:
  CentreLookup centres_;
  SiteLookup sites_;
};

}  // namespace geofield
