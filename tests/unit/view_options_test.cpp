// resolve(): option text to a validated view, each bad value a UsageError naming its option
// (how words become that text: command_line_test.cpp).
#include "cli/view_options.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

TEST(ResolveViewOptions, EmptyTextGivesTheDocumentedDefaults) {
  const ViewOptions v = resolve(ViewOptionText{});
  const FieldParams& p = v.params;
  EXPECT_EQ(p.lat_min_deg, 29.0);
  EXPECT_EQ(p.lat_max_deg, 31.0);
  EXPECT_EQ(p.lon_min_deg, 99.0);
  EXPECT_EQ(p.lon_max_deg, 101.0);
  EXPECT_EQ(p.nx, 1000);
  EXPECT_EQ(p.ny, 1000);
  EXPECT_EQ(p.ref_lat_deg, 30.0);
  EXPECT_EQ(p.ref_lon_deg, 101.0);
  EXPECT_EQ(p.formula, Formula::haversine);
  EXPECT_EQ(p.units, Units::km);
  EXPECT_EQ(p.radius_km, 6371.0088);
  EXPECT_EQ(p.precision, Precision::f32);
  EXPECT_EQ(v.backend, BackendChoice::automatic);
  EXPECT_EQ(v.colormap, Colormap::viridis);
  EXPECT_FALSE(v.reverse);
  EXPECT_FALSE(v.fixed_range.has_value());
}

TEST(ResolveViewOptions, EveryOptionIsRead) {
  ViewOptionText t;
  t.lat = "-10:10";
  t.lon = "170:-170";
  t.size = "640x480";
  t.ref = "-5,175";
  t.formula = "seed";
  t.units = "nm";
  t.radius = "1737.4";
  t.precision = "double";
  t.backend = "cpu";
  t.colormap = "magma";
  t.reverse = true;
  t.range = "0:500";
  const ViewOptions v = resolve(t);
  const FieldParams& p = v.params;
  EXPECT_EQ(p.lat_min_deg, -10.0);
  EXPECT_EQ(p.lat_max_deg, 10.0);
  EXPECT_EQ(p.lon_min_deg, 170.0);
  EXPECT_EQ(p.lon_max_deg, -170.0);
  EXPECT_EQ(p.nx, 640);
  EXPECT_EQ(p.ny, 480);
  EXPECT_EQ(p.ref_lat_deg, -5.0);
  EXPECT_EQ(p.ref_lon_deg, 175.0);
  EXPECT_EQ(p.formula, Formula::seed);
  EXPECT_EQ(p.units, Units::nm);
  EXPECT_EQ(p.radius_km, 1737.4);
  EXPECT_EQ(p.precision, Precision::f64);
  EXPECT_EQ(v.backend, BackendChoice::cpu);
  EXPECT_EQ(v.colormap, Colormap::magma);
  EXPECT_TRUE(v.reverse);
  ASSERT_TRUE(v.fixed_range.has_value());
  EXPECT_EQ(*v.fixed_range, (std::pair{0.0, 500.0}));
}

struct BadText {
  std::optional<std::string> ViewOptionText::*field;
  const char* value;
  const char* option;
};

TEST(ResolveViewOptions, EveryBadValueNamesItsOption) {
  const BadText cases[] = {
      {&ViewOptionText::lat, "-91:10", "--lat"},
      {&ViewOptionText::lat, "10:95", "--lat"},
      {&ViewOptionText::lat, "10:10", "--lat"},
      {&ViewOptionText::lat, "20:10", "--lat"},
      {&ViewOptionText::lat, "nan:10", "--lat"},
      {&ViewOptionText::lat, "abc", "--lat"},
      {&ViewOptionText::lon, "100:100", "--lon"},
      {&ViewOptionText::lon, "0:inf", "--lon"},
      {&ViewOptionText::lon, "-400:0", "--lon"},
      {&ViewOptionText::lon, "1:2:3", "--lon"},
      {&ViewOptionText::size, "1x1000", "--size"},
      {&ViewOptionText::size, "1000x1", "--size"},
      {&ViewOptionText::size, "1", "--size"},
      {&ViewOptionText::size, "0x0", "--size"},
      {&ViewOptionText::size, "-3x5", "--size"},
      {&ViewOptionText::size, "big", "--size"},
      {&ViewOptionText::size, "99999999999x9", "--size"},
      {&ViewOptionText::ref, "95,0", "--ref"},
      {&ViewOptionText::ref, "0,500", "--ref"},
      {&ViewOptionText::ref, "30", "--ref"},
      {&ViewOptionText::ref, "nan,1", "--ref"},
      {&ViewOptionText::radius, "0", "--radius"},
      {&ViewOptionText::radius, "-1", "--radius"},
      {&ViewOptionText::radius, "inf", "--radius"},
      {&ViewOptionText::radius, "6371km", "--radius"},
      {&ViewOptionText::formula, "vincenty", "--formula"},
      {&ViewOptionText::units, "feet", "--units"},
      {&ViewOptionText::units, "KM", "--units"},
      {&ViewOptionText::precision, "half", "--precision"},
      {&ViewOptionText::backend, "opencl", "--backend"},
      {&ViewOptionText::colormap, "jet", "--colormap"},
      {&ViewOptionText::range, "5:5", "--range"},
      {&ViewOptionText::range, "9:1", "--range"},
      {&ViewOptionText::range, "0:nan", "--range"},
      {&ViewOptionText::range, "x", "--range"},
  };
  for (const BadText& c : cases) {
    ViewOptionText t;
    t.*c.field = c.value;
    EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, c.option))
        << c.option << " '" << c.value << "'";
  }
}

// "" is a value typed empty, never "not given": every option refuses it, naming what it takes.
TEST(ResolveViewOptions, AnEmptyValueIsRefusedNotTakenAsNotGiven) {
  std::optional<std::string> ViewOptionText::*const fields[] = {
      &ViewOptionText::lat,        &ViewOptionText::lon,       &ViewOptionText::size,
      &ViewOptionText::ref,        &ViewOptionText::formula,   &ViewOptionText::units,
      &ViewOptionText::radius,     &ViewOptionText::precision, &ViewOptionText::backend,
      &ViewOptionText::colormap,   &ViewOptionText::range,     &ViewOptionText::contours,
      &ViewOptionText::line_color, &ViewOptionText::projection};
  for (auto field : fields) {
    ViewOptionText t;
    t.*field = "";
    try {
      resolve(t);
      ADD_FAILURE() << "an empty value was accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(": empty value; give "), std::string::npos) << e.what();
    }
  }
  ViewOptionText extent;
  extent.projection = "aeqd";
  extent.extent = "";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(extent); }, "--extent"));
}

// A value outside its range is reported as typed, not as the number it was read as.
TEST(ResolveViewOptions, ARangeErrorQuotesWhatWasTyped) {
  ViewOptionText t;
  t.lat = "90.00000001:90.00000002";
  try {
    resolve(t);
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("latitude 90.00000001 is outside"), std::string::npos) << what;
    EXPECT_NE(what.find("'90.00000001:90.00000002'"), std::string::npos) << what;
  }
  ViewOptionText r;
  r.radius = "1000000000.5";
  try {
    resolve(r);
    ADD_FAILURE() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'1000000000.5'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace geofield
