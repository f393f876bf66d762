// Fuzz target: the command-line value parsers (app/cli/value_parsers.h) on arbitrary bytes.
// The first byte picks the parser, the rest is the value. What must hold for every input:
// only geofield::UsageError escapes, its message names the option and is one bounded line
// (control characters escaped); an accepted value is finite (sizes: within the sides allowed), and
// an accepted number is the one strtod reads from the same text.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "cli/value_parsers.h"
#include "errors.h"

namespace {

constexpr const char* kOption = "--fuzzed";
constexpr std::size_t kMaxMessageBytes = 512;

// A broken promise is a finding: say which, then abort (libFuzzer keeps the input).
#define check(cond) \
  ((cond) ? void(0) : (std::fprintf(stderr, "value_parsers_fuzz: %s fails\n", #cond), std::abort()))

void check_message(const geofield::UsageError& e) {
  const std::string_view what = e.what();
  check(what.rfind(std::string(kOption) + ": ", 0) == 0);
  check(what.size() <= kMaxMessageBytes);
  for (const char c : what) check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F);
}

// strtod on the same text, with no '+' dropped (strtod takes it): the reference value.
void check_number(std::string_view s, double v) {
  check(std::isfinite(v));
  const std::string z(s);
  const double ref = std::strtod(z.c_str(), nullptr);
  if (v == 0 && std::fabs(ref) < DBL_MIN) return;  // below the normal range: read as zero
  check(std::memcmp(&v, &ref, sizeof v) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view s(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 4) {
      case 0: check_number(s, geofield::parse_number(s, kOption)); break;
      case 1: {
        const auto [a, b] = geofield::parse_range(s, kOption);
        const std::size_t colon = s.find(':');
        check_number(s.substr(0, colon), a);
        check_number(s.substr(colon + 1), b);
        break;
      }
      case 2: {
        // A side outside [kMinSide, kMaxSide] is refused, never clamped.
        constexpr int kMinSide = 2, kMaxSide = 1 << 20;
        const auto [nx, ny] = geofield::parse_size(s, kOption, kMinSide, kMaxSide);
        check(nx >= kMinSide && nx <= kMaxSide && ny >= kMinSide && ny <= kMaxSide);
        break;
      }
      case 3: {
        const auto [lat, lon] = geofield::parse_point(s, kOption);
        const std::size_t comma = s.find(',');
        check_number(s.substr(0, comma), lat);
        check_number(s.substr(comma + 1), lon);
        break;
      }
    }
  } catch (const geofield::UsageError& e) {
    check_message(e);
  }
  return 0;
}
