// The gazetteer built into the binary (assets/places): GeoNames' places of 5000 people or more
// and every national capital, with their first-level region and country and the alternate
// names of the larger ones, read in place. What
// --ref NAME looks up (place_lookup.h). No GL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace geofield {

inline constexpr std::uint16_t kNoRegion = 0xFFFF;

struct PlaceCountry {
  std::string_view alpha2, alpha3;  // ISO 3166-1 codes, upper case ("IT", "ITA")
  std::string_view name;            // English ("Italy")
};

struct PlaceRegion {
  std::uint32_t country = 0;  // index into PlaceTable::countries
  std::string_view name;      // GeoNames' admin1 name ("Illinois", "Lazio")
};

struct Place {
  float lat_deg = 0, lon_deg = 0;  // lat in [-90, 90], lon in [-180, 180]
  std::uint32_t population = 0;
  std::string_view name;             // UTF-8, as GeoNames writes it ("São Paulo")
  std::string_view ascii_name;       // GeoNames' ASCII spelling ("Sao Paulo")
  std::uint16_t country = 0;         // index into PlaceTable::countries
  std::uint16_t region = kNoRegion;  // index into PlaceTable::regions, or kNoRegion
};

// Another name of a place (GeoNames' alternate names in plain ASCII letters: "New York" of New
// York City, "Seville" of Sevilla).
struct PlaceAlias {
  std::uint32_t place = 0;  // index into PlaceTable::places
  std::string_view name;
};

// The strings are views: of the pack's bytes, or of what a test built the table from.
struct PlaceTable {
  std::vector<PlaceCountry> countries;
  std::vector<PlaceRegion> regions;
  std::vector<Place> places;  // most populous first
  std::vector<PlaceAlias> aliases;
};

// The table of a place pack (make_places.js), viewing its bytes, which must outlive it. Throws
// RuntimeFailure saying what is wrong with a malformed pack (bad header, an offset or index out
// of range, a string not ended, a coordinate out of range, places not most populous first).
PlaceTable parse_place_pack(std::span<const std::byte> pack);

// The pack built into this binary, parsed once; throws RuntimeFailure when it is malformed.
const PlaceTable& embedded_places();

}  // namespace geofield
