// The coastline layer in a headless GL context (Mesa's llvmpipe here): which segments a view
// draws after culling. What the lines cost a frame: bench/line_frame_time.cpp.
#include "gl/line_layer.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>

#include "errors.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl/offscreen_target.h"
#include "gl/renderer.h"  // GeoBounds

namespace geofield {
namespace {

constexpr int kWidth = 1280, kHeight = 800;  // the window's default size

size_t segments(LineKind kind, LineScale scale) {
  const LineSet& s = embedded_lines(kind, scale);
  return s.points() - s.polylines();
}

// A context and a framebuffer of the window's size for the whole suite.
class LineLayerTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    try {
      gl_.emplace();
    } catch (const RuntimeFailure& e) {
      why_ = e.what();
      return;
    }
    target_.emplace(kWidth, kHeight);
    GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, target_->fbo));
    GF_GL(glViewport(0, 0, kWidth, kHeight));
  }
  static void TearDownTestSuite() {
    target_.reset();  // before its context
    gl_.reset();
  }
  void SetUp() override {
    if (!gl_) GTEST_SKIP() << "no headless GL: " << why_;
  }

  static inline std::optional<HeadlessGlContext> gl_;
  static inline std::string why_;
  static inline std::optional<OffscreenTarget> target_;
};

LineOverlay both() {
  LineOverlay o;
  o.coastlines = o.borders = true;
  return o;
}

TEST_F(LineLayerTest, WholeEarthDrawsEvery110mSegmentOnce) {
  LineLayer layer;
  layer.draw({-90, 90, -180, 360}, kWidth, kHeight, both());
  EXPECT_EQ(layer.last_segments(),
            static_cast<long long>(segments(LineKind::coastlines, LineScale::s110m) +
                                   segments(LineKind::borders, LineScale::s110m)));
  // Shown from 0 E, the world is drawn in two copies, each of them the half in view.
  layer.draw({-90, 90, 0, 360}, kWidth, kHeight, both());
  EXPECT_GE(layer.last_segments(),
            static_cast<long long>(segments(LineKind::coastlines, LineScale::s110m) +
                                   segments(LineKind::borders, LineScale::s110m)));
}

// A 2-degree view at 1:10m draws the few blocks about it, not the 400 000 segments.
TEST_F(LineLayerTest, SmallViewCullsTheFinestScale) {
  LineLayer layer;
  LineOverlay coast;
  coast.coastlines = true;
  layer.draw({38, 40, -10, 2}, kWidth, kHeight, coast);
  const long long all = static_cast<long long>(segments(LineKind::coastlines, LineScale::s10m));
  EXPECT_GT(layer.last_segments(), 0);
  EXPECT_LT(layer.last_segments(), all / 50);
  // Over the middle of the Pacific there is nothing to draw.
  layer.draw({-31, -29, -121, 2}, kWidth, kHeight, coast);
  EXPECT_EQ(layer.last_segments(), 0);
  // Nothing asked, nothing drawn.
  layer.draw({38, 40, -10, 2}, kWidth, kHeight, LineOverlay{});
  EXPECT_EQ(layer.last_segments(), 0);
}

TEST_F(LineLayerTest, ViewsAcrossTheAntimeridianDrawBothSides) {
  LineLayer layer;
  LineOverlay coast;
  coast.coastlines = true;
  // All spans above 20 degrees: the same scale (1:50m) for each.
  layer.draw({50, 71, 170, 30}, kWidth, kHeight, coast);  // 170 E to 160 W
  const long long across = layer.last_segments();
  layer.draw({50, 71, 170, 10}, kWidth, kHeight, coast);  // 170 E to 180
  const long long west_half = layer.last_segments();
  layer.draw({50, 71, -180, 20}, kWidth, kHeight, coast);  // 180 to 160 W
  const long long east_half = layer.last_segments();
  EXPECT_GT(west_half, 0);
  EXPECT_GT(east_half, 0);
  EXPECT_GE(across, std::max(west_half, east_half));
  // The same view written as 170 to 200 draws the same.
  layer.draw({50, 71, -190, 30}, kWidth, kHeight, coast);
  EXPECT_EQ(layer.last_segments(), across);
}

MapFrame projected(Projection kind, double lat, double lon, double half_km) {
  MapFrame m;
  m.projection = kind;
  m.centre_lat_deg = lat;
  m.centre_lon_deg = lon;
  m.half_width = half_km;
  m.half_height = half_km * kHeight / kWidth;
  m.radius = 6371.0088;
  return m;
}

// A projected map draws each segment of the world at most once (no ±360 copies: the forward
// projection places any longitude), all of it for a whole aeqd disc.
TEST_F(LineLayerTest, ProjectedWholeEarthDrawsEachSegmentOnce) {
  LineLayer layer;
  layer.draw_projected(projected(Projection::aeqd, 48.85, 2.35, 20015.1), kWidth, kHeight, both());
  EXPECT_EQ(layer.last_segments(),
            static_cast<long long>(segments(LineKind::coastlines, LineScale::s110m) +
                                   segments(LineKind::borders, LineScale::s110m)));
  // The ortho globe culls the blocks of the far hemisphere.
  LineOverlay coast;
  coast.coastlines = true;
  layer.draw_projected(projected(Projection::ortho, 50, 0, 6371.0088), kWidth, kHeight, coast);
  EXPECT_GT(layer.last_segments(), 0);
  EXPECT_LT(layer.last_segments(),
            static_cast<long long>(segments(LineKind::coastlines, LineScale::s110m)));
}

// A zoomed aeqd map (200 km about Lisbon) culls the finest scale to the blocks around it, and
// one about the middle of the Pacific draws nothing.
TEST_F(LineLayerTest, ProjectedSmallMapCullsTheFinestScale) {
  LineLayer layer;
  LineOverlay coast;
  coast.coastlines = true;
  layer.draw_projected(projected(Projection::aeqd, 38.7, -9.1, 100), kWidth, kHeight, coast);
  const long long all = static_cast<long long>(segments(LineKind::coastlines, LineScale::s10m));
  EXPECT_GT(layer.last_segments(), 0);
  EXPECT_LT(layer.last_segments(), all / 50);
  layer.draw_projected(projected(Projection::aeqd, -30, -120, 100), kWidth, kHeight, coast);
  EXPECT_EQ(layer.last_segments(), 0);
  // Across the antimeridian (Fiji) and at a pole: both sides and every longitude are kept.
  layer.draw_projected(projected(Projection::ortho, -17.5, 179.9, 300), kWidth, kHeight, coast);
  EXPECT_GT(layer.last_segments(), 0);
  layer.draw_projected(projected(Projection::aeqd, 90, 0, 2000), kWidth, kHeight, coast);
  EXPECT_GT(layer.last_segments(), 0);
}

}  // namespace
}  // namespace geofield
