// Undo/redo of the view: bounded, a gesture is one step, a new change clears redo, and what is
// not a person's choice (backend, a following grid size or range) is not a step.
#include "view/view_history.h"

#include <gtest/gtest.h>

#include "view/view_change_text.h"

namespace geofield {
namespace {

ViewState with_ref(double lat) {
  ViewState s;
  s.params.ref_lat_deg = lat;
  return s;
}

// Issue 30: the view extended to the window's shape is no step (follow), but a person's change
// made in the same frame keeps its step, the extension with it; the panel's width is no step.
TEST(ViewHistory, TheWindowsShapeIsNoStep) {
  ViewState s = with_ref(1);
  ViewHistory h(s);
  ViewState filled = s;
  filled.params.lon_min_deg = 98;
  h.follow(s, filled);
  h.observe(filled, false);
  EXPECT_EQ(h.undo_steps(), 0u);
  ViewState zoomed = filled;
  zoomed.params.lat_min_deg = 29.5;  // the person's change
  ViewState zoomed_filled = zoomed;
  zoomed_filled.params.lon_min_deg = 98.5;
  h.follow(zoomed, zoomed_filled);  // not what the history holds: no effect
  h.observe(zoomed_filled, false);
  EXPECT_EQ(h.undo_steps(), 1u);
  ViewState dragged = zoomed_filled;
  dragged.panel_width = 500;
  h.observe(dragged, false);
  EXPECT_EQ(h.undo_steps(), 1u);
  ASSERT_TRUE(h.undo(&dragged));
  EXPECT_EQ(dragged.params.lon_min_deg, 98);
  EXPECT_EQ(dragged.panel_width, 500);  // undo keeps the layout
}

TEST(ViewHistory, UndoRestoresAndRedoReapplies) {
  ViewState s = with_ref(1);
  ViewHistory h(s);
  s.params.ref_lat_deg = 2;
  h.observe(s, false);
  s.graticule = !s.graticule;
  h.observe(s, false);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 2);
  EXPECT_EQ(s.graticule, ViewState{}.graticule);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 1);
  EXPECT_FALSE(h.undo(&s));
  ASSERT_TRUE(h.redo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 2);
  ASSERT_TRUE(h.redo(&s));
  EXPECT_NE(s.graticule, ViewState{}.graticule);
  EXPECT_FALSE(h.redo(&s));
}

TEST(ViewHistory, ADragIsOneStep) {
  ViewState s = with_ref(0);
  ViewHistory h(s);
  for (int i = 1; i <= 30; ++i) {  // 30 frames of a drag
    s.params.ref_lat_deg = i;
    h.observe(s, true);
  }
  EXPECT_EQ(h.undo_steps(), 0u);
  EXPECT_FALSE(h.undo(&s));  // not in the middle of a drag
  h.observe(s, false);       // released
  EXPECT_EQ(h.undo_steps(), 1u);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 0);
}

TEST(ViewHistory, ANewChangeClearsRedo) {
  ViewState s = with_ref(0);
  ViewHistory h(s);
  s.params.ref_lat_deg = 5;
  h.observe(s, false);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(h.redo_steps(), 1u);
  s.params.ref_lat_deg = 7;
  h.observe(s, false);
  EXPECT_EQ(h.redo_steps(), 0u);
  EXPECT_FALSE(h.redo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 7);
}

TEST(ViewHistory, IsBounded) {
  ViewState s = with_ref(0);
  ViewHistory h(s, 10);
  for (int i = 1; i <= 25; ++i) {
    s.params.ref_lat_deg = i;
    h.observe(s, false);
  }
  EXPECT_EQ(h.undo_steps(), 10u);
  while (h.undo(&s)) {
  }
  EXPECT_EQ(s.params.ref_lat_deg, 15);  // the oldest 15 steps went
}

TEST(ViewHistory, AChangeMadeThisFrameIsUndoneFirst) {
  ViewState s = with_ref(0);
  ViewHistory h(s);
  s.params.ref_lat_deg = 3;
  h.observe(s, false);
  s.params.ref_lat_deg = 9;  // not yet observed: Ctrl+Z in the same frame as the change
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 3);
}

TEST(ViewHistory, ABurstOfWheelNotchesIsOneStep) {
  ViewState s = with_ref(0);
  ViewHistory h(s);
  for (int notch = 1; notch <= 12; ++notch) {  // one burst: twelve notches
    s.params.ref_lat_deg = notch;
    h.observe(s, false, 1);
    h.observe(s, false);  // idle frames between notches change nothing
  }
  EXPECT_EQ(h.undo_steps(), 1u);
  for (int notch = 1; notch <= 3; ++notch) {  // a second burst after a pause
    s.params.ref_lat_deg = 20 + notch;
    h.observe(s, false, 2);
  }
  EXPECT_EQ(h.undo_steps(), 2u);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 12);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 0);
}

TEST(ViewHistory, AnotherChangeOrAnUndoEndsAWheelBurst) {
  ViewState s = with_ref(0);
  ViewHistory h(s);
  s.params.ref_lat_deg = 1;
  h.observe(s, false, 5);
  s.params.ref_lon_deg = 50;  // a click between notches
  h.observe(s, false);
  s.params.ref_lat_deg = 2;  // the same burst's next notch: a step of its own now
  h.observe(s, false, 5);
  EXPECT_EQ(h.undo_steps(), 3u);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 1);
  s.params.ref_lat_deg = 3;  // a notch right after the undo starts a new step
  h.observe(s, false, 5);
  EXPECT_EQ(h.undo_steps(), 3u);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.params.ref_lat_deg, 1);
}

TEST(ViewHistory, WhatIsNotAChoiceIsNoStep) {
  ViewState s;
  s.follow_window = true;
  ViewHistory h(s);
  s.backend = BackendChoice::cpu;
  s.params.nx = 777;  // the window was resized
  s.range_min = 12;   // the range follows the field
  h.observe(s, false);
  EXPECT_EQ(h.undo_steps(), 0u);
  s.params.ref_lon_deg = 40;
  h.observe(s, false);
  ASSERT_TRUE(h.undo(&s));
  EXPECT_EQ(s.backend, BackendChoice::cpu);  // the backend stays
  EXPECT_EQ(s.params.nx, 777);               // so does the window's grid size
  EXPECT_EQ(s.params.ref_lon_deg, ViewState{}.params.ref_lon_deg);
}

}  // namespace
}  // namespace geofield

namespace geofield {
namespace {

// What an undo says it undid: a bound by the panel's name, with both values.
TEST(ViewChangeText, NamesTheBoundAndBothValues) {
  ViewState a = first_view();
  ViewState b = a;
  b.params.lat_max_deg = 45.5;
  EXPECT_EQ(view_change_text(b, a), "lat max 45.5 \u2192 58");
}

// A pan moves every bound: one item for the view. Look changes by their names; more than
// three are counted.
TEST(ViewChangeText, PanIsOneItemAndManyAreCounted) {
  ViewState a = first_view();
  ViewState b = a;
  b.params.lat_min_deg += 1, b.params.lat_max_deg += 1;
  b.params.lon_min_deg -= 2, b.params.lon_max_deg -= 2;
  EXPECT_EQ(view_change_text(a, b), "view lat 45:58 lon -9:8.5 \u2192 lat 46:59 lon -11:6.5");
  b = a;
  b.colormap = Colormap::turbo;
  EXPECT_EQ(view_change_text(a, b), "colormap viridis \u2192 turbo");
  b.reverse = true, b.graticule = false, b.borders = true, b.contour_interval = 200;
  b.contour_interval_typed = true;
  EXPECT_EQ(view_change_text(a, b),
            "colormap viridis \u2192 turbo, reverse off \u2192 on, rings every 100 \u2192 200 and "
            "3 more");
  EXPECT_EQ(view_change_text(a, a), "the view");
}

TEST(ViewChangeText, CountsCentres) {
  ViewState a = first_view();
  ViewState b = a;
  b.centres = CentreSet({Centre{29, 100, "A"}, Centre{31, 102, "B"}});
  EXPECT_EQ(view_change_text(b, a), "centres: 2 centres \u2192 0 centres");
}

}  // namespace
}  // namespace geofield
