#include "view/place_search.h"

#include <algorithm>
#include <optional>

#include "maidenhead.h"
#include "view/projected_view.h"
#include "view/view_math.h"

namespace geofield {

std::vector<PlaceHit> place_hits(std::string_view text, const PlaceLookup& places,
                                 std::size_t max) {
  std::vector<PlaceHit> hits;
  if (max == 0) return hits;
  if (looks_like_maidenhead(text)) {
    if (const std::optional<MaidenheadSquare> sq = maidenhead_square(text)) {
      const int pairs = static_cast<int>(text.size() / 2);
      hits.push_back({maidenhead_locator(sq->lat_deg, sq->lon_deg, pairs) + " (Maidenhead square)",
                      sq->lat_deg, sq->lon_deg});
    }
    return hits;
  }
  std::vector<std::uint32_t> found = places.find(text).places;
  for (std::uint32_t i : places.starting_with(text.substr(0, text.find(',')), max)) {
    if (std::find(found.begin(), found.end(), i) == found.end()) found.push_back(i);
  }
  for (std::uint32_t i : found) {
    if (hits.size() == max) break;
    const Place& p = places.table().places[i];
    hits.push_back({places.full_label(i), p.lat_deg, p.lon_deg});
  }
  return hits;
}

void move_reference(FieldParams* p, double lat_deg, double lon_deg) {
  p->ref_lat_deg = lat_deg;
  p->ref_lon_deg = lon_deg;
  if (p->projection == Projection::ortho) set_view_centre(p, lat_deg, lon_deg);
  if (p->projection != Projection::latlon) return;
  const double half_lat = (p->lat_max_deg - p->lat_min_deg) / 2;
  set_lat_bounds(p, lat_deg - half_lat, lat_deg + half_lat);  // near a pole: kept inside
  const double span = lon_span_of(*p);
  set_lon_bounds(p, lon_deg - span / 2, span);
}

}  // namespace geofield
