// Maidenhead locators: known squares, the forms refused, and locator <-> square round trips.
#include "maidenhead.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace geofield {
namespace {

// The centre, to the tenth of a degree the issue asks for.
double tenth(double deg) { return std::round(deg * 10) / 10; }

TEST(Maidenhead, KnownSquaresHaveTheirCentres) {
  // JN61fv: Rome. Field J,N = 0°E..20°E, 40°N..50°N; square 6,1; subsquare f,v.
  const auto rome = maidenhead_square("JN61fv");
  ASSERT_TRUE(rome);
  EXPECT_NEAR(rome->lat_deg, 40 + 1 + 21.0 / 24 + 1.0 / 48, 1e-12);
  EXPECT_NEAR(rome->lon_deg, 12 + 5.0 / 12 + 1.0 / 24, 1e-12);
  EXPECT_EQ(tenth(rome->lat_deg), 41.9);
  EXPECT_EQ(tenth(rome->lon_deg), 12.5);
  EXPECT_NEAR(rome->lat_half_deg, 1.0 / 48, 1e-15);  // 2.5' by 5'
  EXPECT_NEAR(rome->lon_half_deg, 1.0 / 24, 1e-15);
  // FN31pr: Newington, Connecticut (the ARRL's headquarters), 41.7°N 72.7°W.
  const auto newington = maidenhead_square("FN31pr");
  ASSERT_TRUE(newington);
  EXPECT_EQ(tenth(newington->lat_deg), 41.7);
  EXPECT_EQ(tenth(newington->lon_deg), -72.7);
  // IO91wm: London, 51.5°N 0.1°W.
  const auto london = maidenhead_square("IO91wm");
  ASSERT_TRUE(london);
  EXPECT_NEAR(london->lat_deg, 51.5 + 1.0 / 48, 1e-12);
  EXPECT_NEAR(london->lon_deg, -0.125, 1e-12);
}

TEST(Maidenhead, EachLengthIsItsSquaresCentre) {
  const auto field = maidenhead_square("JN");
  ASSERT_TRUE(field);
  EXPECT_DOUBLE_EQ(field->lat_deg, 45);
  EXPECT_DOUBLE_EQ(field->lon_deg, 10);
  EXPECT_DOUBLE_EQ(field->lat_half_deg, 5);
  EXPECT_DOUBLE_EQ(field->lon_half_deg, 10);
  const auto square = maidenhead_square("JN61");
  ASSERT_TRUE(square);
  EXPECT_DOUBLE_EQ(square->lat_deg, 41.5);
  EXPECT_DOUBLE_EQ(square->lon_deg, 13);
  const auto extended = maidenhead_square("JN61fv55");
  ASSERT_TRUE(extended);
  EXPECT_NEAR(extended->lat_deg, 41.875 + 5.0 / 240 + 1.0 / 480, 1e-12);
  EXPECT_NEAR(extended->lon_deg, 12 + 5.0 / 12 + 5.0 / 120 + 1.0 / 240, 1e-12);
  EXPECT_NEAR(extended->lon_half_deg, 1.0 / 240, 1e-15);  // 30" by 15"
  // The corners of the grid: AA00aa00 is the south-west, RR99xx99 the north-east.
  const auto sw = maidenhead_square("AA00aa00"), ne = maidenhead_square("RR99xx99");
  ASSERT_TRUE(sw && ne);
  EXPECT_NEAR(sw->lat_deg, -90 + 1.0 / 480, 1e-12);
  EXPECT_NEAR(sw->lon_deg, -180 + 1.0 / 240, 1e-12);
  EXPECT_NEAR(ne->lat_deg, 90 - 1.0 / 480, 1e-12);
  EXPECT_NEAR(ne->lon_deg, 180 - 1.0 / 240, 1e-12);
}

TEST(Maidenhead, CaseDoesNotMatter) {
  const auto a = maidenhead_square("JN61fv"), b = maidenhead_square("jn61FV");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->lat_deg, b->lat_deg);
  EXPECT_EQ(a->lon_deg, b->lon_deg);
}

TEST(Maidenhead, RefusesWhatIsNotALocator) {
  for (const char* bad :
       {"", "J", "JN6", "JN61f", "JN61fv5", "JN61fv5x", "JN61fv555", "JS61", "SN61", "JN61fy",
        "JN61zv", "1N61", "J161", "JNxx", "JN6af", "JN61f1", "JN61fva5", "JN 61"}) {
    EXPECT_FALSE(maidenhead_square(bad)) << "'" << bad << "'";
  }
}

TEST(Maidenhead, LooksLikeALocatorOnlyWhenWrittenAsOne) {
  for (const char* yes : {"JN61fv", "jn61fv", "JN", "ii", "JN61f", "JS61", "JN61fv5x", "AB1"}) {
    EXPECT_TRUE(looks_like_maidenhead(yes)) << yes;
  }
  // Names: no digit, or two letters beyond R ("As", Belgium), or not letters first.
  for (const char* no :
       {"Rome", "As", "Paris, France", "N2", "A1B2", "JN61fv12345", "", "J", "São", "JN-61"}) {
    EXPECT_FALSE(looks_like_maidenhead(no)) << no;
  }
}

TEST(Maidenhead, LocatorsOfKnownPlaces) {
  EXPECT_EQ(maidenhead_locator(41.8919, 12.4964, 3), "JN61fv");   // Rome
  EXPECT_EQ(maidenhead_locator(41.7148, -72.7272, 3), "FN31pr");  // ARRL, Newington CT
  EXPECT_EQ(maidenhead_locator(51.5074, -0.1278, 3), "IO91wm");   // London
  // 12.5°E is the edge between subsquares f and g: the eastern one holds it.
  EXPECT_EQ(maidenhead_locator(41.9, 12.5, 3), "JN61gv");
  EXPECT_EQ(maidenhead_locator(41.9, 12.5, 1), "JN");
  EXPECT_EQ(maidenhead_locator(41.9, 12.5, 2), "JN61");
  // The edges: 180°E is 180°W (field A), the north pole is in the last row (R, 9, x, 9).
  EXPECT_EQ(maidenhead_locator(0, 180, 1), "AJ");
  EXPECT_EQ(maidenhead_locator(90, -180, 4), "AR09ax09");
  EXPECT_EQ(maidenhead_locator(-90, 179.9999, 4), "RA90xa90");
}

TEST(Maidenhead, RoundTripsOverTheGlobe) {
  for (int pairs = 1; pairs <= 4; ++pairs) {
    for (double lat = -89.95; lat < 90; lat += 7.3) {
      for (double lon = -179.97; lon < 180; lon += 11.9) {
        const std::string loc = maidenhead_locator(lat, lon, pairs);
        ASSERT_EQ(loc.size(), size_t(2 * pairs));
        const auto sq = maidenhead_square(loc);
        ASSERT_TRUE(sq) << loc;
        // The point is in its square, and the square's centre has the same locator.
        EXPECT_LE(std::fabs(lat - sq->lat_deg), sq->lat_half_deg + 1e-9) << loc;
        EXPECT_LE(std::fabs(lon - sq->lon_deg), sq->lon_half_deg + 1e-9) << loc;
        EXPECT_EQ(maidenhead_locator(sq->lat_deg, sq->lon_deg, pairs), loc);
      }
    }
  }
}

}  // namespace
}  // namespace geofield
