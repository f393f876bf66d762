// The range rings' interval in the window (issue 30): automatic, it follows the view (zoom,
// projection, unit) with 4 to 12 rings over the range shown; typed, it is kept, and converted
// when the unit changes; neither kind makes an undo step of its own.
#include <gtest/gtest.h>

#include <cmath>

#include "field_math.h"
#include "field_range.h"
#include "sichuan_view.h"
#include "view/projected_view.h"
#include "view/view_commands.h"
#include "view/view_history.h"
#include "view/view_math.h"
#include "view/view_state.h"

namespace geofield {
namespace {

using test::sichuan_view;

const MapRect kMap{300, 0, 1100, 860};  // the map of a 1400 x 900 window beside its panel

// Rings drawn over the range shown: the multiples of the interval in it, 0 (the reference
// point itself) not one.
int rings_shown(const ValueRange& r, double interval) {
  const double k0 = std::max(1.0, std::ceil(r.min / interval));
  const double k1 = std::floor(r.max / interval);
  return static_cast<int>(k1 - k0 + 1);
}

// One frame: the field of the view computed, its range shown, the interval followed.
ValueRange frame(ViewState* s) {
  const ValueRange r = field_range(s->params);
  follow_ring_interval(s, r.min, r.max);
  return r;
}

TEST(RingInterval, ZoomingOutTwelveTimesKeepsFourToTwelveRings) {
  for (const Projection projection : {Projection::latlon, Projection::aeqd, Projection::ortho}) {
    ViewState s = sichuan_view();
    s.params.nx = 400, s.params.ny = 312;
    if (projection != Projection::latlon) {
      s.params.projection = projection;
      s.params.extent = 200;  // km about the reference, as the default view's 4 degrees
    }
    for (int press = 0; press <= 12; ++press) {
      if (press > 0) zoom_centre(&s.params, kMap, 1 / kKeyZoomFactor);
      const ValueRange r = frame(&s);
      const int n = rings_shown(r, s.contour_interval);
      EXPECT_GE(n, 4) << to_string(projection) << " press " << press << " every "
                      << s.contour_interval << " over " << r.min << ":" << r.max;
      EXPECT_LE(n, 12) << to_string(projection) << " press " << press << " every "
                       << s.contour_interval << " over " << r.min << ":" << r.max;
    }
    EXPECT_FALSE(s.contour_interval_typed);
    EXPECT_GT(s.contour_interval, 50) << to_string(projection);  // the default view's no longer
  }
}

TEST(RingInterval, WholeEarthAndZoomedInGetNiceIntervals) {
  ViewState s = sichuan_view();
  s.params.nx = 720, s.params.ny = 360;
  s.params.lat_min_deg = -90, s.params.lat_max_deg = 90;
  s.params.lon_min_deg = -180, s.params.lon_max_deg = 180;
  frame(&s);
  // 0 to 19990 km (the nodes nearest the antipode): 2000 km, 9 rings (500 km gave 40).
  EXPECT_EQ(s.contour_interval, 2000);
  s.params.lat_min_deg = 29.9, s.params.lat_max_deg = 30.1;  // 0.2 degrees about 30N 101E
  s.params.lon_min_deg = 100.9, s.params.lon_max_deg = 101.1;
  const ValueRange r = frame(&s);
  EXPECT_EQ(s.contour_interval, 2);  // 0 to 14 km: 7 rings (50 km gave none)
  EXPECT_EQ(rings_shown(r, s.contour_interval), 7);
}

TEST(RingInterval, FollowsTheUnit) {
  ViewState s = sichuan_view();
  s.params.nx = 400, s.params.ny = 400;
  frame(&s);
  const double km = s.contour_interval;
  change_units(&s.params, Units::nm);
  const ValueRange r = frame(&s);
  EXPECT_EQ(s.contour_units, Units::nm);
  EXPECT_EQ(s.contour_interval, ring_interval(r.min, r.max));
  EXPECT_NE(s.contour_interval, km);  // the range in nm is 0.54 times the km one
  EXPECT_GE(rings_shown(r, s.contour_interval), 4);
}

TEST(RingInterval, TypedIsKeptWhileZoomingAndConvertedWithTheUnit) {
  ViewState s = sichuan_view();
  s.params.nx = 400, s.params.ny = 312;
  s.contour_interval = 2000;
  s.contour_interval_typed = true;
  for (int press = 0; press < 12; ++press) {
    zoom_centre(&s.params, kMap, 1 / kKeyZoomFactor);
    frame(&s);
  }
  EXPECT_EQ(s.contour_interval, 2000);
  change_units(&s.params, Units::nm);
  frame(&s);
  // 2000 km = 1079.91 nm (1852 m each), to 3 digits.
  EXPECT_EQ(s.contour_interval, 1080);
  EXPECT_TRUE(s.contour_interval_typed);
  change_units(&s.params, Units::mi);
  frame(&s);
  EXPECT_EQ(s.contour_interval, 1240);  // 1080 nm = 1242.84 mi
  change_units(&s.params, Units::m);
  frame(&s);
  EXPECT_EQ(s.contour_interval, 2000000);  // 1240 mi = 1995.6 km, to 3 digits in metres
  frame(&s);
  EXPECT_EQ(s.contour_interval, 2000000);  // converted once, not every frame
}

TEST(RingInterval, ConversionRoundsToThreeDigitsAndKeepsTheFloatsEnds) {
  EXPECT_EQ(converted_interval(50, Units::km, Units::nm), 27);    // 26.998
  EXPECT_EQ(converted_interval(100, Units::mi, Units::km), 161);  // 160.934
  EXPECT_DOUBLE_EQ(converted_interval(0.25, Units::km, Units::m), 250);
  EXPECT_EQ(converted_interval(12.5, Units::nm, Units::nm), 12.5);
  // The largest interval the map carries, in nm, is too large in m once rounded up: exact.
  const double big = converted_interval(1e38, Units::nm, Units::km);
  EXPECT_NEAR(big, 1.852e38, 1e33);
}

TEST(RingInterval, SavedTypedOrAutomaticAndOlderViewsAutomatic) {
  ViewState s = sichuan_view();
  s.contour_interval = 120;
  s.contour_interval_typed = true;
  s.params.units = Units::mi;
  const ViewState back = state_from_text(state_to_text(s), "t");
  EXPECT_TRUE(back.contour_interval_typed);
  EXPECT_EQ(back.contour_interval, 120);
  EXPECT_EQ(back, s);
  // A view saved before the flag: its interval (50 km, or the suited one) follows the view.
  const ViewState old = state_from_text(R"({"contours": true, "contour_interval": 50})", "t");
  EXPECT_FALSE(old.contour_interval_typed);
  // Saved between a change of unit and the frame that converts: saved converted.
  s.contour_units = Units::mi;
  s.params.units = Units::km;
  const ViewState km = state_from_text(state_to_text(s), "t");
  EXPECT_EQ(km.contour_interval, 193);  // 120 mi = 193.12 km
}

TEST(RingInterval, AutomaticFollowingIsNoUndoStep) {
  ViewState s = sichuan_view();
  s.params.nx = 400, s.params.ny = 312;
  frame(&s);
  ViewHistory h(s);
  s.contour_interval *= 2;  // the interval alone follows a new range: no step
  h.observe(s, false);
  EXPECT_FALSE(h.undo(&s));
  for (int press = 0; press < 3; ++press) zoom_centre(&s.params, kMap, 1 / kKeyZoomFactor);
  h.observe(s, false);  // the zoom: one step
  frame(&s);            // its field shows and the interval follows: no second step
  h.observe(s, false);
  const double zoomed = s.contour_interval;
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.lat_min_deg, 28);
  EXPECT_EQ(s.contour_interval, zoomed);  // kept until the next frame follows the view
  EXPECT_FALSE(h.undo(&s));
  s.contour_interval = 5;  // typed: a step
  s.contour_interval_typed = true;
  h.observe(s, false);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_FALSE(s.contour_interval_typed);
}

}  // namespace
}  // namespace geofield
