// libFuzzer target: any bytes as a centres file (issue 16's --centres; issue 14 asks a fuzz
// target for each reader). The first byte picks the reader (even: CSV, odd: GeoJSON; with its
// high bit set, read_centres_file's choice by content, as for a file not named .geojson/.json
// when even), the rest is the text. A reader may refuse it, only with UsageError, whose message
// is one printable line of valid UTF-8 of bounded length; anything else escaping, or a crash, is
// a finding. What it takes must be valid centres: latitudes in [-90, 90], longitudes in
// [-360, 360], names of UTF-8 text of at most kMaxCentreNameBytes. Seeds:
// tests/fuzz/corpus/centres_file/ (CSV and GeoJSON, with BOMs, quoted '#', text not UTF-8).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "errors.h"
#include "fuzz_checks.h"
#include "sites/centres_file.h"
#include "utf8.h"

namespace {

// The source's name, a line or feature number, a problem and up to two excerpts of 64 bytes
// (escaped: up to 4 bytes each) and the JSON reader's reason.
constexpr std::size_t kMaxMessageBytes = 1200;

[[noreturn]] void finding(const char* what, const std::string& detail) {
  geofield::fuzz::finding("centres_file", what, detail);
}

void check_message(const std::string& m) {
  geofield::fuzz::check_message("centres_file", m, kMaxMessageBytes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<geofield::Centre> centres;
  try {
    const bool odd = data[0] % 2 == 1;
    if (data[0] & 0x80) {
      centres = geofield::parse_centres_text(text, "'fuzz.txt'", odd);
    } else {
      centres = odd ? geofield::parse_centres_geojson(text, "'fuzz.geojson'")
                    : geofield::parse_centres_csv(text, "'fuzz.csv'");
    }
  } catch (const geofield::UsageError& e) {
    check_message(e.what());
    return 0;
  }
  for (const geofield::Centre& c : centres) {
    if (!(std::isfinite(c.lat_deg) && c.lat_deg >= -90 && c.lat_deg <= 90)) {
      finding("a latitude outside [-90, 90] taken", std::to_string(c.lat_deg));
    }
    if (!(std::isfinite(c.lon_deg) && c.lon_deg >= -360 && c.lon_deg <= 360)) {
      finding("a longitude outside [-360, 360] taken", std::to_string(c.lon_deg));
    }
    if (c.name.size() > geofield::kMaxCentreNameBytes) finding("a name too long taken", c.name);
    if (!geofield::is_utf8(c.name)) finding("a name that is not UTF-8 taken", c.name);
  }
  return 0;
}
