#include "sites/place_pack.h"

#include <cmath>
#include <cstring>
#include <string>
#include <utility>

#include "errors.h"
#include "sites/pack_bytes.h"

extern "C" {
extern const unsigned char geofield_place_pack[];  // assets/places/place_pack.S.in
extern const unsigned char geofield_place_pack_end[];
}

namespace geofield {
namespace {

constexpr char kMagic[8] = {'G', 'F', 'P', 'L', 'A', 'C', 'E', '1'};
constexpr std::uint32_t kVersion = 2;
constexpr std::size_t kHeaderWords = 11, kHeaderBytes = 8 + kHeaderWords * 4, kCountryBytes = 12,
                      kRegionBytes = 8, kPlaceBytes = 24, kAliasBytes = 8;

[[noreturn]] void bad_pack(const std::string& why) { GF_FAIL("place pack: " + why); }

// The pack's strings: each name an offset into them, ended by a zero byte.
class Strings {
 public:
  Strings(std::span<const std::byte> b, std::uint64_t at, std::uint64_t bytes) {
    if (bytes == 0) bad_pack("no strings");
    if (at + bytes > b.size()) bad_pack("strings beyond the end of the pack");
    text_ = {reinterpret_cast<const char*>(b.data() + at), static_cast<std::size_t>(bytes)};
    if (text_.back() != '\0') bad_pack("the last string is not ended");
  }
  std::string_view at(std::uint32_t offset, const char* what) const {
    if (offset >= text_.size()) bad_pack(std::string(what) + ": a name beyond the strings");
    return {text_.data() + offset, std::strlen(text_.data() + offset)};
  }

 private:
  std::string_view text_;
};

// A region's or an alias's 8 bytes: the index of what it belongs to (below `count`, else
// `orphan` is the complaint), and its name.
std::pair<std::uint32_t, std::string_view> owner_and_name(std::span<const std::byte> b,
                                                          std::size_t at, const Strings& strings,
                                                          std::uint64_t count, const char* what,
                                                          const char* orphan) {
  const std::uint32_t owner = pack_value_at<std::uint32_t>(b, at);
  if (owner >= count) bad_pack(orphan);
  return {owner, strings.at(pack_value_at<std::uint32_t>(b, at + 4), what)};
}

}  // namespace

PlaceTable parse_place_pack(std::span<const std::byte> b) {
  if (b.size() < kHeaderBytes || std::memcmp(b.data(), kMagic, 8) != 0) {
    bad_pack("not a geofield place pack (no GFPLACE1 header)");
  }
  std::uint64_t h[kHeaderWords];
  for (std::size_t k = 0; k < kHeaderWords; ++k) h[k] = pack_value_at<std::uint32_t>(b, 8 + 4 * k);
  if (h[0] != kVersion) bad_pack("version " + std::to_string(h[0]) + ", not 2");
  const std::uint64_t countries = h[1], regions = h[2], places = h[3], aliases = h[4];
  if (h[5] + countries * kCountryBytes > b.size() || h[6] + regions * kRegionBytes > b.size() ||
      h[7] + places * kPlaceBytes > b.size() || h[8] + aliases * kAliasBytes > b.size()) {
    bad_pack("records beyond the end of the pack");
  }
  if (countries > kNoRegion || regions > kNoRegion) bad_pack("more countries or regions than fit");
  const Strings strings(b, h[9], h[10]);
  PlaceTable t;
  for (std::uint64_t i = 0; i < countries; ++i) {
    const std::size_t at = h[5] + i * kCountryBytes;
    const char* codes = reinterpret_cast<const char*>(b.data() + at);
    t.countries.push_back({{codes, 2},
                           {codes + 2, 3},
                           strings.at(pack_value_at<std::uint32_t>(b, at + 8), "a country")});
  }
  for (std::uint64_t i = 0; i < regions; ++i) {
    const auto [country, name] = owner_and_name(b, h[6] + i * kRegionBytes, strings, countries,
                                                "a region", "a region of no country");
    t.regions.push_back({country, name});
  }
  for (std::uint64_t i = 0; i < places; ++i) {
    const std::size_t at = h[7] + i * kPlaceBytes;
    Place p;
    p.lat_deg = pack_value_at<float>(b, at);
    p.lon_deg = pack_value_at<float>(b, at + 4);
    p.population = pack_value_at<std::uint32_t>(b, at + 8);
    p.name = strings.at(pack_value_at<std::uint32_t>(b, at + 12), "a place");
    p.ascii_name = strings.at(pack_value_at<std::uint32_t>(b, at + 16), "a place");
    p.country = pack_value_at<std::uint16_t>(b, at + 20);
    p.region = pack_value_at<std::uint16_t>(b, at + 22);
    if (!(std::fabs(p.lat_deg) <= 90.0f) || !(std::fabs(p.lon_deg) <= 180.0f)) {
      bad_pack("a place outside [-90, 90] x [-180, 180]");
    }
    if (p.country >= countries || (p.region != kNoRegion && p.region >= regions)) {
      bad_pack("a place of no country or region");
    }
    if (!t.places.empty() && p.population > t.places.back().population) {
      bad_pack("places not most populous first");
    }
    t.places.push_back(p);
  }
  for (std::uint64_t i = 0; i < aliases; ++i) {
    const auto [place, name] = owner_and_name(b, h[8] + i * kAliasBytes, strings, places,
                                              "an alternate name", "an alternate name of no place");
    t.aliases.push_back({place, name});
  }
  return t;
}

const PlaceTable& embedded_places() {
  static const PlaceTable table =
      parse_place_pack({reinterpret_cast<const std::byte*>(geofield_place_pack),
                        static_cast<std::size_t>(geofield_place_pack_end - geofield_place_pack)});
  return table;
}

}  // namespace geofield
