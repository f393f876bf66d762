#include "view/cursor_value.h"

#include "view/field_measures.h"

namespace geofield {

std::optional<double> CursorValue::at(const ViewState& s, GeoPoint g) {
  if (!s.sites.empty()) {
    const std::optional<NearestSite> n =
        sites_.nearest(s.params, s.sites.shapes(), s.signed_inside, g);
    if (!n) return std::nullopt;
    return n->distance;
  }
  if (!s.centres.empty()) {
    const std::optional<NearestCentre> n = centres_.nearest(s.params, s.centres, g);
    if (!n) return std::nullopt;
    return n->distance;
  }
  return field_value_at(s.params, g);
}

}  // namespace geofield
