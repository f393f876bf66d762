#include "view/cursor_value.h"

#include "view/field_measures.h"

namespace geofield {

std::optional<double> CursorValue::at(const ViewState& s, GeoPoint g) {
  if (!s.sites.empty()) {
    const std::optional<NearestSite> n = nearest_site(s, g);
    if (!n) return std::nullopt;
    return n->distance;
  }
  if (!s.centres.empty()) {
    const std::optional<NearestCentre> n = nearest_centre(s, g);
    if (!n) return std::nullopt;
    return n->distance;
  }
  return field_value_at(s.params, g);
}

}  // namespace geofield
