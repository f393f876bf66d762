#include "cli/ref_point.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <tuple>

#include "cli/value_parsers.h"
#include "errors.h"
#include "maidenhead.h"

namespace geofield {
namespace {

// A UsageError is one line of at most 512 bytes: the candidates listed stop short of it.
constexpr std::size_t kMaxListBytes = 440;

std::string candidate(const PlaceLookup& places, std::uint32_t i) {
  const Place& p = places.table().places[i];
  char where[48];
  std::snprintf(where, sizeof where, " (%.2f,%.2f)", p.lat_deg, p.lon_deg);
  return places.full_label(i) + where;
}

[[noreturn]] void ambiguous(std::string_view text, const char* option, const PlaceLookup& places,
                            const std::vector<std::uint32_t>& found) {
  std::string m = std::string(option) + ": " + quoted_excerpt(text) + " names " +
                  std::to_string(found.size()) +
                  " places of comparable population; add the region or country: ";
  std::size_t listed = 0;
  for (; listed < found.size(); ++listed) {
    const std::string c = (listed ? "; " : "") + candidate(places, found[listed]);
    if (m.size() + c.size() > kMaxListBytes) break;
    m += c;
  }
  if (listed < found.size()) m += "; and " + std::to_string(found.size() - listed) + " more";
  throw UsageError(m);
}

// LAT,LON or a locator; nothing for a name.
std::optional<RefPoint> point_or_locator(std::string_view text, const char* option) {
  RefPoint r;
  const char c0 = text.empty() ? '\0' : text.front();
  if ((c0 >= '0' && c0 <= '9') || c0 == '+' || c0 == '-' || c0 == '.') {
    std::tie(r.lat_deg, r.lon_deg) = parse_point(text, option);
    return r;
  }
  if (!looks_like_maidenhead(text)) return std::nullopt;
  const std::optional<MaidenheadSquare> sq = maidenhead_square(text);
  if (!sq) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + " is not " +
                     kMaidenheadForm);
  }
  r.lat_deg = sq->lat_deg;
  r.lon_deg = sq->lon_deg;
  r.label = maidenhead_locator(sq->lat_deg, sq->lon_deg, static_cast<int>(text.size() / 2));
  return r;
}

RefPoint named_place(std::string_view text, const char* option, const PlaceLookup& places) {
  const PlaceFind f = places.find(text);
  if (f.kind == PlaceFind::Kind::ambiguous) ambiguous(text, option, places, f.places);
  if (f.kind == PlaceFind::Kind::none) {
    if (f.named > 0) {
      throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + ": none of the " +
                       std::to_string(f.named) +
                       " places of that name is in that country or region (give its English "
                       "name, its ISO code such as FR, or a region such as Texas)");
    }
    throw UsageError(std::string(option) + ": no place named " + quoted_excerpt(text) +
                     " in the built-in gazetteer (GeoNames' places of 5000 people or more); "
                     "give LAT,LON (e.g. 30,101), a place (e.g. Rome, or Paris, France) or a "
                     "Maidenhead locator (e.g. JN61fv)");
  }
  const Place& p = places.table().places[f.places[0]];
  return {p.lat_deg, p.lon_deg, places.label_as_asked(f)};
}

}  // namespace

RefPoint parse_ref(std::string_view text, const char* option, const PlaceLookup& places) {
  if (std::optional<RefPoint> r = point_or_locator(text, option)) return *r;
  return named_place(text, option, places);
}

RefPoint parse_ref(std::string_view text, const char* option) {
  if (std::optional<RefPoint> r = point_or_locator(text, option)) return *r;
  return named_place(text, option, embedded_place_lookup());  // read only for a name
}

RouteEnd parse_path_end(std::string_view text, const char* option, const FieldParams& view) {
  const RefPoint r = parse_ref(text, option);
  // --ref's ranges (check() holds them for the reference point itself).
  if (!(std::fabs(r.lat_deg) <= 90) || !(std::fabs(r.lon_deg) <= kMaxAbsLonDeg)) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(text) +
                     ": the latitude must be in [-90, 90] and the longitude in [-360, 360] "
                     "degrees");
  }
  const std::string why =
      route_problem({view.ref_lat_deg, view.ref_lon_deg}, {r.lat_deg, r.lon_deg});
  if (!why.empty()) throw UsageError(std::string(option) + ": " + quoted_excerpt(text) + " " + why);
  return {r.lat_deg, r.lon_deg, r.label};
}

}  // namespace geofield
