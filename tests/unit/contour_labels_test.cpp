// The labels of rings that are no one point's circles (app/figure/contour_labels.*): each sits
// on its ring (the field's value at its centre is the label's), inside the map, over values,
// clear of every other label and of what was taken, a few per ring.
#include "figure/contour_labels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace geofield {
namespace {

// The distance in pixels to the nearer of two points: rings of two sites, merged where they
// meet. NaN beyond nan_x (a projected map's far side).
// Node (i, j) at pixel (j px, i px).
std::vector<float> two_sites(int nx, int ny, double px, double nan_x = INFINITY) {
  std::vector<float> v(static_cast<std::size_t>(nx) * ny);
  for (int i = 0; i < ny; ++i) {
    for (int j = 0; j < nx; ++j) {
      const double x = j * px, y = i * px;
      const double d = std::min(std::hypot(x - 150, y - 200), std::hypot(x - 420, y - 180));
      v[static_cast<std::size_t>(i) * nx + j] = x > nan_x ? NAN : static_cast<float>(d);
    }
  }
  return v;
}

// The grid's value at (x, y) map pixels, bilinear.
double value_at(const ContourGrid& g, double x, double y) {
  const int j = std::clamp(static_cast<int>(x / g.dx_px), 0, g.nx - 2);
  const int i = std::clamp(static_cast<int>(y / g.dy_px), 0, g.ny - 2);
  const double fx = x / g.dx_px - j, fy = y / g.dy_px - i;
  auto at = [&](int a, int b) { return double(g.values[static_cast<std::size_t>(a) * g.nx + b]); };
  return (1 - fy) * ((1 - fx) * at(i, j) + fx * at(i, j + 1)) +
         fy * ((1 - fx) * at(i + 1, j) + fx * at(i + 1, j + 1));
}

ContourLabelLook look() {
  ContourLabelLook l;
  l.text_width_px = [](std::string_view s) { return 7.0 * s.size(); };
  l.text_height_px = 12;
  l.pad_px = 2;
  l.same_ring_apart_px = 200;
  return l;
}

bool touch(const PlacedText& a, const PlacedText& b, double pad) {
  return a.x - pad < b.x + b.w + pad && b.x - pad < a.x + a.w + pad &&
         a.y - pad < b.y + b.h + pad && b.y - pad < a.y + a.h + pad;
}

TEST(ContourLabels, EachSitsOnItsRingInsideTheMapAndClearOfEveryOther) {
  // The field at half the map's resolution (the window's field under a larger figure).
  const int nx = 301, ny = 201;
  const std::vector<float> v = two_sites(nx, ny, 2.0);
  const ContourGrid grid{v, nx, ny, 2.0, 2.0};
  const PixelRect map{40, 30, 600, 400};
  const PlacedText taken{"Site A", map.x + 150.0 + 8, map.y + 200.0 - 6, 42, 12};
  const std::vector<PlacedText> labels = contour_labels(grid, 50, Units::km, map, {taken}, look());
  ASSERT_GE(labels.size(), 8u);
  std::vector<std::string> seen;
  for (std::size_t a = 0; a < labels.size(); ++a) {
    const PlacedText& t = labels[a];
    const double value = std::stod(t.text);
    EXPECT_EQ(t.text, std::to_string(static_cast<int>(value)) + " km");
    EXPECT_GT(value, 0);  // none at 0, where the sites are
    EXPECT_EQ(std::fmod(value, 50.0), 0.0) << t.text;
    EXPECT_DOUBLE_EQ(t.w, 7.0 * t.text.size());
    // On its ring: the value under the label's centre is the ring's, within a pixel's change.
    const double cx = t.x + t.w / 2 - map.x, cy = t.y + t.h / 2 - map.y;
    EXPECT_NEAR(value_at(grid, cx, cy), value, 1.0) << t.text << " at " << cx << "," << cy;
    // Its halo inside the map, clear of the taken box and of the other labels.
    EXPECT_GE(t.x - 2, map.x);
    EXPECT_GE(t.y - 2, map.y);
    EXPECT_LE(t.x + t.w + 2, map.x + map.w);
    EXPECT_LE(t.y + t.h + 2, map.y + map.h);
    EXPECT_FALSE(touch(t, taken, 2)) << t.text;
    for (std::size_t b = a + 1; b < labels.size(); ++b) {
      EXPECT_FALSE(touch(t, labels[b], 2)) << t.text << " and " << labels[b].text;
      if (labels[b].text == t.text) {  // one ring's labels apart
        EXPECT_GE(std::hypot(labels[b].x - t.x, labels[b].y - t.y), 200 - 1e-9) << t.text;
      }
    }
    seen.push_back(t.text);
  }
  for (const char* ring : {"50 km", "100 km", "150 km"}) {
    EXPECT_NE(std::find(seen.begin(), seen.end(), ring), seen.end()) << ring;
  }
}

TEST(ContourLabels, NoneOverTheMapsFarSideNoneForNoRings) {
  const int nx = 601, ny = 401;
  const std::vector<float> v = two_sites(nx, ny, 1.0, 300);
  const ContourGrid grid{v, nx, ny, 1.0, 1.0};
  const PixelRect map{0, 0, 600, 400};
  const std::vector<PlacedText> labels = contour_labels(grid, 50, Units::nm, map, {}, look());
  ASSERT_FALSE(labels.empty());
  for (const PlacedText& t : labels) {
    EXPECT_LE(t.x + t.w + 2, 300 + 1) << t.text;  // the box over values only
    EXPECT_NE(t.text.find(" nm"), std::string::npos);
  }
  EXPECT_TRUE(contour_labels(grid, 0, Units::km, map, {}, look()).empty());
  EXPECT_TRUE(contour_labels(grid, 1e6, Units::km, map, {}, look()).empty());  // no ring crosses
}

TEST(ContourLabels, ASignedFieldsRingsInsideAreLabelledItsEdgeIsNot) {
  const int nx = 601, ny = 401;
  std::vector<float> v = two_sites(nx, ny, 1.0);
  for (float& x : v) x -= 120;  // negative within 120 px of a site: inside the shape
  const ContourGrid grid{v, nx, ny, 1.0, 1.0};
  const PixelRect map{0, 0, 600, 400};
  bool inside = false;
  for (const PlacedText& t : contour_labels(grid, 50, Units::km, map, {}, look())) {
    EXPECT_NE(t.text, "0 km");
    inside |= t.text == "-50 km";
    const double value = std::stod(t.text);
    EXPECT_NEAR(value_at(grid, t.x + t.w / 2, t.y + t.h / 2), value, 1.0) << t.text;
  }
  EXPECT_TRUE(inside);
}

}  // namespace
}  // namespace geofield
