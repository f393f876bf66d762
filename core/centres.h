// Reference points for the nearest-centre field: each a latitude, a longitude and
// an optional name. `--ref` is the one-centre case.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace geofield {

struct Centre {
  double lat_deg = 0;
  double lon_deg = 0;
  std::string name;  // may be empty; UTF-8 as given, at most kMaxCentreNameBytes

  bool operator==(const Centre&) const = default;
};

// A list of centres shared, never changed in place: copies cost a pointer.
using CentreList = std::shared_ptr<const std::vector<Centre>>;

// A station's, airport's or town's name is short; a longer one is refused rather than carried.
inline constexpr std::size_t kMaxCentreNameBytes = 256;
// More centres than this are refused (ten million: ten times the million asked for still fits).
inline constexpr std::size_t kMaxCentres = 10'000'000;

// What is wrong with one centre, in the words of --ref ("latitude 91 is outside [-90, 90]");
// empty when it is valid. The readers' check, the window's for a typed or clicked centre, and
// the C API's.
std::string centre_problem(const Centre& c);

// A coordinate as text that reads back to the same double (%.17g), for messages and files.
std::string coordinate_text(double v);

}  // namespace geofield
