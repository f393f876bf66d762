// validate(FieldParams): every invalid field is a UsageError naming its option.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "field_params.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

template <typename Edit>
::testing::AssertionResult rejected(Edit edit, const char* option) {
  FieldParams p;
  edit(p);
  return throws_usage_error_naming([&] { validate(p); }, option);
}

TEST(Validate, TheDefaultsAndTheEdgesAreValid) {
  EXPECT_NO_THROW(validate(FieldParams{}));
  FieldParams p;
  p.lat_min_deg = -90, p.lat_max_deg = 90, p.lon_min_deg = -360, p.lon_max_deg = 360;
  p.ref_lat_deg = -90, p.ref_lon_deg = 360, p.nx = 2, p.ny = 2, p.radius_km = 1e9;
  EXPECT_NO_THROW(validate(p));
  p.lon_min_deg = 170, p.lon_max_deg = -170;  // crosses the antimeridian
  EXPECT_NO_THROW(validate(p));
  p.nx = p.ny = kMaxGridSide;
  EXPECT_NO_THROW(validate(p));
}

TEST(Validate, Latitudes) {
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_min_deg = -90.0001; }, "--lat"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_max_deg = 91; }, "--lat"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_min_deg = 31; }, "--lat"));  // min > max
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_min_deg = p.lat_max_deg; }, "--lat"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_min_deg = kNaN; }, "--lat"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_max_deg = kInf; }, "--lat"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lat_min_deg = -kInf; }, "--lat"));
}

TEST(Validate, Longitudes) {
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lon_min_deg = p.lon_max_deg; }, "--lon"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lon_min_deg = -360.5; }, "--lon"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lon_max_deg = 400; }, "--lon"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lon_max_deg = kNaN; }, "--lon"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.lon_min_deg = kInf; }, "--lon"));
}

TEST(Validate, Sizes) {
  EXPECT_TRUE(rejected([](FieldParams& p) { p.nx = 1; }, "--size"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ny = 1; }, "--size"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.nx = 0; }, "--size"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ny = -5; }, "--size"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.nx = kMaxGridSide + 1; }, "--size"));
}

TEST(Validate, ReferencePoint) {
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ref_lat_deg = 90.5; }, "--ref"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ref_lat_deg = kNaN; }, "--ref"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ref_lon_deg = -361; }, "--ref"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.ref_lon_deg = kInf; }, "--ref"));
}

TEST(Validate, Radius) {
  EXPECT_TRUE(rejected([](FieldParams& p) { p.radius_km = 0; }, "--radius"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.radius_km = -6371; }, "--radius"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.radius_km = 2e9; }, "--radius"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.radius_km = kNaN; }, "--radius"));
  EXPECT_TRUE(rejected([](FieldParams& p) { p.radius_km = kInf; }, "--radius"));
}

TEST(Validate, NamesRoundTrip) {
  for (Units u : {Units::km, Units::nm, Units::mi, Units::m}) {
    Units back = Units::km;
    ASSERT_TRUE(parse_units(to_string(u), &back)) << to_string(u);
    EXPECT_EQ(back, u);
  }
  Formula f = Formula::haversine;
  EXPECT_TRUE(parse_formula("seed", &f));
  EXPECT_EQ(f, Formula::seed);
  EXPECT_FALSE(parse_formula("Haversine", &f));
  Units u = Units::m;
  EXPECT_FALSE(parse_units("KM", &u));
  EXPECT_FALSE(parse_units("", &u));
  EXPECT_EQ(u, Units::m);  // a failed parse leaves the value alone
  Precision pr = Precision::f32;
  EXPECT_TRUE(parse_precision("double", &pr));
  EXPECT_EQ(pr, Precision::f64);
  EXPECT_FALSE(parse_precision("f64", &pr));
}

// check(): the same problems, each naming the control it belongs to and worded for the window
// with the accepted range.
TEST(Check, NamesTheFieldAndTheRangeInTheUiWords) {
  FieldParams p;
  EXPECT_FALSE(check(p));
  p.lat_min_deg = 95;
  auto pr = check(p, ParamField::lat_min);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->field, ParamField::lat_min);
  EXPECT_EQ(pr->ui, "lat min must be from -90 to 90 degrees (got 95)");
  EXPECT_EQ(pr->cli, "--lat: latitude 95 is outside [-90, 90]");
  p = FieldParams{};
  p.lat_max_deg = 20;  // below lat min (29): the message is the edited control's
  pr = check(p, ParamField::lat_max);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->field, ParamField::lat_max);
  EXPECT_EQ(pr->ui, "lat max must be above lat min: from 29 to 90 degrees (got 20)");
  EXPECT_EQ(pr->cli.rfind("--lat: MIN must be below MAX", 0), 0u);
  p = FieldParams{};
  p.ref_lon_deg = 400;
  pr = check(p);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->field, ParamField::ref_lon);
  EXPECT_EQ(pr->ui, "ref lon must be from -360 to 360 degrees (got 400)");
  p = FieldParams{};
  p.radius_km = 0;
  pr = check(p);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->field, ParamField::radius);
  EXPECT_EQ(pr->ui, "radius must be from 0.001 to 1000000000 km (got 0)");
  EXPECT_EQ(pr->cli, "--radius: 0 km is outside [0.001, 1e+09] km");
  // Issue 33: a subnormal radius was accepted and gave an all-NaN field; the window, saved views
  // and the C API refuse it by this same check.
  p.radius_km = 1e-310;
  pr = check(p);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->cli, "--radius: 1e-310 km is outside [0.001, 1e+09] km");
  p.radius_km = kMinRadiusKm;
  EXPECT_FALSE(check(p));
  p.formula = Formula::wgs84;
  p.ellipsoid_a_km = 1e-320;
  pr = check(p);
  ASSERT_TRUE(pr);
  EXPECT_EQ(pr->field, ParamField::ellipsoid_a);
}

}  // namespace
}  // namespace geofield
