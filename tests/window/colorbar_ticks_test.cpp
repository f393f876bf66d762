// Colorbar ticks: nice steps (1, 2, 5 x 10^k), their values, labels and places, and labels that
// never overlap or leave the bar for the widths a font gives them.
#include "view/colorbar_ticks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace geofield {
namespace {

// A monospace font of 7 px per character, as ImGui's default font is close to.
double mono7(std::string_view t) { return 7.0 * static_cast<double>(t.size()); }

std::vector<double> values(const ColorbarTicks& c) {
  std::vector<double> v;
  for (const ColorbarTick& t : c.ticks) v.push_back(t.value);
  return v;
}

void expect_no_overlap(const ColorbarTicks& c, double bar_w, double gap) {
  for (std::size_t k = 0; k < c.ticks.size(); ++k) {
    const ColorbarTick& t = c.ticks[k];
    EXPECT_GE(t.label_x, 0.0) << t.label;
    EXPECT_LE(t.label_x + t.label_w, bar_w + 1e-9) << t.label;
    if (k > 0) {
      const ColorbarTick& prev = c.ticks[k - 1];
      EXPECT_GE(t.label_x, prev.label_x + prev.label_w + gap) << prev.label << " / " << t.label;
    }
  }
}

TEST(ColorbarTicks, WideBarTakesTheSmallestStepThatFits) {
  // 0..10000 km over 300 px, labels of 7 px a character, 8 px apart: at step 1000 ticks are
  // 30 px apart and "1000" is 28 px wide, so it does not fit; 2000 does (6 labels).
  const ColorbarTicks c = colorbar_ticks(0, 10000, 300, mono7, 8);
  EXPECT_DOUBLE_EQ(c.step, 2000);
  EXPECT_EQ(values(c), (std::vector<double>{0, 2000, 4000, 6000, 8000, 10000}));
  ASSERT_EQ(c.ticks.size(), 6u);
  EXPECT_EQ(c.ticks[0].label, "0");
  EXPECT_EQ(c.ticks[5].label, "10000");
  EXPECT_DOUBLE_EQ(c.ticks[0].x_px, 0);
  EXPECT_DOUBLE_EQ(c.ticks[1].x_px, 60);
  EXPECT_DOUBLE_EQ(c.ticks[5].x_px, 300);
  EXPECT_DOUBLE_EQ(c.ticks[0].label_x, 0);         // kept inside at the left end
  EXPECT_DOUBLE_EQ(c.ticks[1].label_x, 60 - 14);   // "2000" centred on its tick
  EXPECT_DOUBLE_EQ(c.ticks[5].label_x, 300 - 35);  // kept inside at the right end
  expect_no_overlap(c, 300, 8);
}

TEST(ColorbarTicks, RangeNotOnTheStepStartsAtTheFirstMultiple) {
  // An automatic range such as the field's exact min:max: 1234.5 .. 5678.9 km.
  const ColorbarTicks c = colorbar_ticks(1234.5, 5678.9, 300, mono7, 14);
  EXPECT_DOUBLE_EQ(c.step, 1000);
  EXPECT_EQ(values(c), (std::vector<double>{2000, 3000, 4000, 5000}));
  EXPECT_NEAR(c.ticks[0].x_px, (2000 - 1234.5) / (5678.9 - 1234.5) * 300, 1e-9);
  expect_no_overlap(c, 300, 14);
}

TEST(ColorbarTicks, NarrowBarTakesFewerTicks) {
  const ColorbarTicks wide = colorbar_ticks(0, 10000, 600, mono7, 8);
  const ColorbarTicks narrow = colorbar_ticks(0, 10000, 120, mono7, 8);
  EXPECT_DOUBLE_EQ(wide.step, 1000);
  EXPECT_EQ(wide.ticks.size(), 11u);
  EXPECT_DOUBLE_EQ(narrow.step, 5000);
  EXPECT_EQ(values(narrow), (std::vector<double>{0, 5000, 10000}));
  expect_no_overlap(wide, 600, 8);
  expect_no_overlap(narrow, 120, 8);
}

TEST(ColorbarTicks, SmallStepsCarryTheirDecimals) {
  const ColorbarTicks c = colorbar_ticks(0.013, 0.087, 300, mono7, 8);
  EXPECT_DOUBLE_EQ(c.step, 0.01);
  ASSERT_EQ(c.ticks.size(), 7u);
  EXPECT_EQ(c.ticks[0].label, "0.02");
  EXPECT_EQ(c.ticks[6].label, "0.08");
  expect_no_overlap(c, 300, 8);
}

TEST(ColorbarTicks, NegativeValuesAndZeroWithoutASign) {
  // At step 0.2 ticks are 30 px apart, less than "-0.8" and the gap: step 0.5.
  const ColorbarTicks c = colorbar_ticks(-1.0, 1.0, 300, mono7, 14);
  EXPECT_DOUBLE_EQ(c.step, 0.5);
  std::vector<std::string> labels;
  for (const ColorbarTick& t : c.ticks) labels.push_back(t.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"-1.0", "-0.5", "0.0", "0.5", "1.0"}));
  EXPECT_EQ(tick_label(-1e-17, 0.5), "0.0");
  EXPECT_EQ(tick_label(250, 50), "250");
  expect_no_overlap(c, 300, 14);
}

TEST(ColorbarTicks, WideLabelsNeverOverlapAtAnyWidth) {
  const auto wide_font = [](std::string_view t) { return 11.0 * static_cast<double>(t.size()); };
  for (double w = 40; w <= 1000; w += 7) {
    const ColorbarTicks c = colorbar_ticks(3.7, 19987.3, w, wide_font, 8);
    expect_no_overlap(c, w, 8);
    if (!c.ticks.empty()) {
      const double k = c.step / std::pow(10.0, std::floor(std::log10(c.step)));
      EXPECT_TRUE(std::fabs(k - 1) < 1e-9 || std::fabs(k - 2) < 1e-9 || std::fabs(k - 5) < 1e-9)
          << c.step;
    }
  }
}

TEST(ColorbarTicks, NoTicksWhenNothingFitsOrTheRangeIsNotValid) {
  EXPECT_TRUE(colorbar_ticks(0, 10000, 5, mono7, 14).ticks.empty());  // not even "0" fits
  const ColorbarTicks one = colorbar_ticks(0, 10000, 20, mono7, 14);  // "0" fits, "10000" not
  EXPECT_EQ(values(one), (std::vector<double>{0}));
  EXPECT_TRUE(colorbar_ticks(5, 5, 300, mono7, 14).ticks.empty());
  EXPECT_TRUE(colorbar_ticks(6, 5, 300, mono7, 14).ticks.empty());
  EXPECT_TRUE(colorbar_ticks(0, std::nan(""), 300, mono7, 14).ticks.empty());
}

}  // namespace
}  // namespace geofield
