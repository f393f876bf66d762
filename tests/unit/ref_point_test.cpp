// --ref's value: LAT,LON, a Maidenhead locator, or a place of the built-in gazetteer, and the
// one-line refusals of each.
#include "cli/ref_point.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "errors.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

std::string message_of(const std::string& ref) {
  try {
    parse_ref(ref, "--ref");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ParseRef, LatLonStaysAsItWas) {
  const RefPoint r = parse_ref("30,101", "--ref");
  EXPECT_EQ(r.lat_deg, 30);
  EXPECT_EQ(r.lon_deg, 101);
  EXPECT_EQ(r.label, "");
  EXPECT_EQ(parse_ref("-33.9,+18.4", "--ref").lon_deg, 18.4);
  for (const char* bad : {"30", "30,", "1.2.3,4", "30,101,5", "-nan,1"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_ref(bad, "--ref"); }, "--ref")) << bad;
  }
  EXPECT_NE(message_of("30").find("LAT,LON"), std::string::npos);
}

TEST(ParseRef, ALocatorIsItsSquaresCentre) {
  const RefPoint r = parse_ref("JN61fv", "--ref");
  EXPECT_NEAR(r.lat_deg, 41.8958, 1e-4);
  EXPECT_NEAR(r.lon_deg, 12.4583, 1e-4);
  EXPECT_EQ(r.label, "JN61fv");
  EXPECT_EQ(parse_ref("jn61FV", "--ref").label, "JN61fv");
  EXPECT_EQ(parse_ref("io91", "--ref").label, "IO91");
  for (const char* bad : {"JS61", "JN61f", "JN61fy", "JN61fv5", "ZZ99"}) {
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_ref(bad, "--ref"); }, "--ref")) << bad;
    EXPECT_NE(message_of(bad).find("Maidenhead locator of 2, 4, 6 or 8 characters"),
              std::string::npos)
        << message_of(bad);
  }
}

TEST(ParseRef, APlaceByName) {
  const RefPoint rome = parse_ref("Rome", "--ref");
  EXPECT_EQ(rome.label, "Rome, Italy");
  EXPECT_NEAR(rome.lat_deg, 41.89, 0.1);
  EXPECT_NEAR(rome.lon_deg, 12.48, 0.1);
  const RefPoint paris = parse_ref("paris, france", "--ref");
  EXPECT_EQ(paris.label, "Paris, France");
  EXPECT_NEAR(paris.lat_deg, 48.86, 0.1);
  EXPECT_NEAR(paris.lon_deg, 2.35, 0.1);
  // A name beginning with a digit is not a place here: it is read as LAT,LON.
  EXPECT_TRUE(throws_usage_error_naming([] { parse_ref("1 Decembrie", "--ref"); }, "--ref"));
}

TEST(ParseRef, AnAmbiguousNameListsItsCandidatesInOneLine) {
  EXPECT_TRUE(throws_usage_error_naming([] { parse_ref("Springfield", "--ref"); }, "--ref"));
  const std::string m = message_of("Springfield");
  EXPECT_EQ(m.rfind("--ref: 'Springfield' names ", 0), 0u) << m;
  EXPECT_NE(m.find("Springfield, Illinois, United States (39.80,-89.64)"), std::string::npos) << m;
  EXPECT_NE(m.find("Springfield, Missouri, United States (37.22,-93.30)"), std::string::npos) << m;
  // Narrowed, the same name is one place, said as it was asked for.
  EXPECT_EQ(parse_ref("Springfield, Illinois", "--ref").label, "Springfield, Illinois");
}

// Twenty places of one name and equal population: the line lists what fits and counts the rest.
TEST(ParseRef, ManyCandidatesStayOneBoundedLine) {
  PlaceTable t;
  t.countries = {{"XX", "XXX", "A Country Whose English Name Is Rather Long Indeed"}};
  std::vector<std::string> regions;
  for (int k = 0; k < 20; ++k) regions.push_back("Region Number " + std::to_string(k));
  for (int k = 0; k < 20; ++k) {
    t.regions.push_back({0, regions[k]});
    t.places.push_back(
        {float(k), float(k), 1000, "Samename", "Samename", 0, static_cast<std::uint16_t>(k)});
  }
  const PlaceLookup lookup(t);
  std::string m;
  try {
    parse_ref("Samename", "--ref", lookup);
  } catch (const UsageError& e) {
    m = e.what();
  }
  EXPECT_EQ(m.rfind("--ref: 'Samename' names 20 places", 0), 0u) << m;
  EXPECT_NE(m.find("Samename, Region Number 0, A Country"), std::string::npos) << m;
  EXPECT_NE(m.find(" more"), std::string::npos) << m;
  EXPECT_LE(m.size(), test::kMaxUsageMessageBytes);
  EXPECT_EQ(m.find('\n'), std::string::npos);
  EXPECT_EQ(parse_ref("Samename, Region Number 7", "--ref", lookup).lat_deg, 7);
}

TEST(ParseRef, AnUnknownNameIsRefusedInOneLine) {
  EXPECT_TRUE(throws_usage_error_naming([] { parse_ref("Xyzzy", "--ref"); }, "--ref"));
  EXPECT_EQ(message_of("Xyzzy").rfind("--ref: no place named 'Xyzzy' in the built-in "
                                      "gazetteer",
                                      0),
            0u);
  const std::string m = message_of("Paris, Germany");
  EXPECT_NE(m.find("none of the"), std::string::npos) << m;
  // Whatever was typed, the message stays one bounded line.
  EXPECT_TRUE(throws_usage_error_naming(
      [] { parse_ref(std::string(2000, 'x') + "\n\x01", "--ref"); }, "--ref"));
}

}  // namespace
}  // namespace geofield

namespace geofield {
namespace {

// --path's far end: read as --ref, named by its label; refused at the reference point or its
// antipode, each in one line naming --path.
TEST(ParsePathEnd, ReadAsRefAndRefusedWhereNoOneCircleJoins) {
  FieldParams view;
  view.ref_lat_deg = 40.01499;
  view.ref_lon_deg = -105.27055;
  const RouteEnd tokyo = parse_path_end("Tokyo", "--path", view);
  EXPECT_EQ(tokyo.name, "Tokyo, Japan");
  EXPECT_NEAR(tokyo.lat_deg, 35.69, 0.01);
  EXPECT_EQ(parse_path_end("-33.87,151.21", "--path", view).name, "");
  EXPECT_EQ(parse_path_end("PM95", "--path", view).name, "PM95");
  EXPECT_TRUE(throws_usage_error_naming(
      [&] { parse_path_end("40.01499,-105.27055", "--path", view); }, "--path"));
  EXPECT_TRUE(throws_usage_error_naming(
      [&] { parse_path_end("-40.01499,74.72945", "--path", view); }, "--path"));
  EXPECT_TRUE(
      throws_usage_error_naming([&] { parse_path_end("Springfield", "--path", view); }, "--path"));
  EXPECT_TRUE(
      throws_usage_error_naming([&] { parse_path_end("95,10", "--path", view); }, "--path"));
}

}  // namespace
}  // namespace geofield
