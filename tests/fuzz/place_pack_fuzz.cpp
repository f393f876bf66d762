// Fuzz target: the place-pack decoder (parse_place_pack, sites/place_pack.h) on arbitrary
// bytes, and the lookup (sites/place_lookup.h) over what it accepts. The bytes are copied to a
// heap buffer of exactly their size, so a sanitized build sees any read past the end. What must
// hold: a malformed pack is refused with RuntimeFailure and a one-line "place pack: ..."
// message, never anything else; an accepted table keeps the promises PlaceTable documents
// (indices in range, coordinates in range, most populous first), and looking up each of its
// names (whatever bytes they hold) finds a place of the table or says why not.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "errors.h"
#include "sites/place_lookup.h"
#include "sites/place_pack.h"

#define check(cond) \
  ((cond) ? void(0) : (std::fprintf(stderr, "place_pack_fuzz: %s fails\n", #cond), std::abort()))

namespace {

void check_lookup(const geofield::PlaceTable& t) {
  using geofield::PlaceFind;
  const geofield::PlaceLookup lookup(t);
  // Each name, and each name narrowed by its country's code, as --ref would read them.
  for (std::size_t i = 0; i < t.places.size() && i < 64; ++i) {
    const std::string name(t.places[i].name);
    const std::string code(t.countries[t.places[i].country].alpha2);
    for (const std::string& query : {name, name + ", " + code}) {
      const PlaceFind f = lookup.find(query);
      for (std::uint32_t k : f.places) check(k < t.places.size());
      check(f.kind != PlaceFind::Kind::found || f.places.size() == 1);
      check(f.kind != PlaceFind::Kind::ambiguous || f.places.size() >= 2);
      if (f.kind == PlaceFind::Kind::found) check(!lookup.label(f.places[0]).empty());
    }
    for (std::uint32_t k : lookup.starting_with(name.substr(0, 2), 8)) {
      check(k < t.places.size());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::unique_ptr<std::byte[]> buf(new std::byte[size == 0 ? 1 : size]);
  if (size > 0) std::memcpy(buf.get(), data, size);
  try {
    const geofield::PlaceTable t = geofield::parse_place_pack({buf.get(), size});
    for (const geofield::PlaceRegion& r : t.regions) check(r.country < t.countries.size());
    for (std::size_t i = 0; i < t.places.size(); ++i) {
      const geofield::Place& p = t.places[i];
      check(std::fabs(p.lat_deg) <= 90.0f && std::fabs(p.lon_deg) <= 180.0f);
      check(p.country < t.countries.size());
      check(p.region == geofield::kNoRegion || p.region < t.regions.size());
      check(i == 0 || t.places[i - 1].population >= p.population);
    }
    for (const geofield::PlaceAlias& a : t.aliases) check(a.place < t.places.size());
    check_lookup(t);
  } catch (const geofield::RuntimeFailure& e) {
    const std::string_view what = e.what();
    check(what.rfind("place pack: ", 0) == 0);
    check(what.find('\n') == std::string_view::npos);
  }
  return 0;
}
