// Maidenhead locators (the radio amateurs' grid squares): a field of 20° of longitude by 10° of
// latitude (letters A..R), a square of 2° by 1° (digits), a subsquare of 5' by 2.5' (letters
// A..X), an extended square of 30" by 15" (digits). JN61fv is Rome. Host only.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace geofield {

// The accepted form, for messages.
inline constexpr const char* kMaidenheadForm =
    "a Maidenhead locator of 2, 4, 6 or 8 characters: field letters A-R, square digits 0-9, "
    "subsquare letters A-X, extended square digits 0-9 (e.g. JN61fv)";

// A locator's square: its centre and half its size, in degrees.
struct MaidenheadSquare {
  double lat_deg = 0, lon_deg = 0;            // centre, lat in (-90, 90), lon in (-180, 180)
  double lat_half_deg = 0, lon_half_deg = 0;  // the centre is the square's to within these
};

// Whether text is written as a locator is: two letters A-R (either case), or 3 to 10 ASCII
// letters and digits that start with two letters and hold a digit. Such a text is a locator or
// a mistyped one (maidenhead_square says which), never a place name.
bool looks_like_maidenhead(std::string_view text);

// The square of a locator of 2, 4, 6 or 8 characters, either case; nothing when text is not one.
std::optional<MaidenheadSquare> maidenhead_square(std::string_view text);

// The locator of `pairs` pairs (1 to 4: 2 to 8 characters) of the square holding (lat, lon):
// field and square as JN61, subsquare in lower case (fv). lat in [-90, 90] (90 is in the
// northernmost row), lon any finite value (taken modulo 360).
std::string maidenhead_locator(double lat_deg, double lon_deg, int pairs);

}  // namespace geofield
