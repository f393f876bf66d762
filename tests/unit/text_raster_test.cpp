// The figure's text: DejaVu Sans from the binary, rasterised by stb_truetype. Ink where a glyph
// has it, none where it has not; widths that grow with the text and the size.
#include "figure/text_raster.h"

#include <gtest/gtest.h>

#include <string>

namespace geofield {
namespace {

// Coverage summed over a rectangle [x0, x1) x [y0, y1) of the mask.
long ink(const TextMask& m, int x0, int y0, int x1, int y1) {
  long sum = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) sum += m.at(x, y);
  }
  return sum;
}

TEST(TextRaster, CapitalIHasInkInItsStemOnly) {
  const TextRaster t(40);
  const TextMask m = t.render("I");
  ASSERT_GT(m.width, 0);
  ASSERT_EQ(m.height, 40);  // ascent + descent, rounded up
  const int baseline = static_cast<int>(t.ascent() + 0.5);
  // The stem: the middle column, from the cap height down to the baseline.
  const int mid = static_cast<int>(t.width("I") / 2);
  EXPECT_GT(ink(m, mid - 1, baseline - 20, mid + 2, baseline - 2), 3 * 18 * 200);
  // Nothing below the baseline (I has no descender) and nothing above the cap height.
  EXPECT_EQ(ink(m, 0, baseline + 1, m.width, m.height), 0);
  EXPECT_EQ(ink(m, 0, 0, m.width, baseline - 32), 0);
}

TEST(TextRaster, DotSitsOnTheBaselineAndDashAtMidHeight) {
  const TextRaster t(40);
  const int baseline = static_cast<int>(t.ascent() + 0.5);
  const TextMask dot = t.render(".");
  EXPECT_GT(ink(dot, 0, baseline - 6, dot.width, baseline + 1), 0);
  EXPECT_EQ(ink(dot, 0, 0, dot.width, baseline - 10), 0);
  const TextMask dash = t.render("-");
  EXPECT_GT(ink(dash, 0, baseline - 16, dash.width, baseline - 8), 0);
  EXPECT_EQ(ink(dash, 0, baseline - 4, dash.width, dash.height), 0);
  EXPECT_EQ(ink(dash, 0, 0, dash.width, baseline - 22), 0);
}

TEST(TextRaster, SpaceHasWidthButNoInk) {
  const TextRaster t(20);
  const TextMask m = t.render(" ");
  EXPECT_GT(t.width(" "), 3.0);
  EXPECT_EQ(ink(m, 0, 0, m.width, m.height), 0);
}

TEST(TextRaster, WidthGrowsWithEveryCharacterAndWithTheSize) {
  const std::string text = "12 500 km 45.5°N W";
  double last = 0;
  for (size_t n = 1; n <= text.size(); ++n) {
    if ((text[n - 1] & 0xc0) == 0x80 || (n < text.size() && (text[n] & 0xc0) == 0x80)) continue;
    const double w = TextRaster(16).width(text.substr(0, n));
    EXPECT_GT(w, last) << "after " << n << " bytes";
    last = w;
  }
  double last_size = 0;
  for (double px : {8.0, 12.0, 16.0, 24.0, 48.0}) {
    const double w = TextRaster(px).width(text);
    EXPECT_GT(w, last_size);
    last_size = w;
  }
  // DejaVu Sans's digits are tabular: every digit as wide as the others.
  EXPECT_DOUBLE_EQ(TextRaster(16).width("1111"), TextRaster(16).width("8888"));
}

TEST(TextRaster, DegreeSignIsAGlyphNotAReplacement) {
  const TextRaster t(30);
  const TextMask m = t.render("°");
  const int baseline = static_cast<int>(t.ascent() + 0.5);
  EXPECT_GT(ink(m, 0, 0, m.width, baseline - 12), 0);  // up high, as a degree sign is
  EXPECT_EQ(ink(m, 0, baseline - 6, m.width, m.height), 0);
  EXPECT_LT(t.width("°"), t.width("\xef\xbf\xbd"));  // narrower than U+FFFD
}

TEST(TextRaster, DrawBlendsIntoThePictureAndClipsAtItsEdges) {
  Image img{60, 30, std::vector<std::uint8_t>(60 * 30 * 4, 255)};
  const TextRaster t(20);
  t.draw(&img, -5, -5, "WWWW", {0, 0, 0, 255}, 2, {255, 255, 255, 255});  // partly outside
  int dark = 0;
  for (size_t i = 0; i < img.rgba.size(); i += 4) dark += img.rgba[i] < 100;
  EXPECT_GT(dark, 20);
  t.draw(&img, 100, 100, "W", {0, 0, 0, 255});  // wholly outside: nothing, no crash
}

}  // namespace
}  // namespace geofield
