// The land mask of figures' land and sea tints (issue 29): land where Natural Earth has it, sea
// and lakes not, Antarctica round its pole, rings across the antimeridian, projected maps.
#include "figure/land_mask.h"

#include <gtest/gtest.h>

#include "field_params.h"
#include "gl/map_frame.h"

namespace geofield {
namespace {

// The cover of the one-degree cell whose north-west corner is (lat, lon) on a 1-degree grid of
// the whole world, west edge -180.
double world_cell(const std::vector<float>& cover, double lat, double lon) {
  const int row = static_cast<int>(90 - lat), col = static_cast<int>(lon + 180);
  return cover[static_cast<std::size_t>(row) * 360 + col];
}

TEST(LandMask, LandAndSeaOfTheWorld) {
  const std::vector<float> c = land_cover({-90, 90, -180, 360}, 360, 180, LineScale::s110m);
  EXPECT_EQ(world_cell(c, 24, 10), 1.0f);   // the Sahara
  EXPECT_EQ(world_cell(c, 31, -40), 0.0f);  // the Atlantic
  EXPECT_EQ(world_cell(c, 1, -150), 0.0f);  // the Pacific
  EXPECT_EQ(world_cell(c, -84, 40), 1.0f);  // Antarctica, round the south pole
  EXPECT_EQ(world_cell(c, -89, -120), 1.0f);
  EXPECT_EQ(world_cell(c, 89, 0), 0.0f);     // the Arctic Ocean
  EXPECT_EQ(world_cell(c, 43, 50), 0.0f);    // the Caspian: a lake in Eurasia's ring
  EXPECT_EQ(world_cell(c, 61, 100), 1.0f);   // Siberia
  EXPECT_EQ(world_cell(c, -24, 134), 1.0f);  // Australia
  // About a third of the Earth's surface is land: the cells weighed by their area.
  double land = 0, all = 0;
  for (int r = 0; r < 180; ++r) {
    const double w = std::cos((89.5 - r) * 3.14159265358979 / 180);
    for (int k = 0; k < 360; ++k) land += w * c[static_cast<std::size_t>(r) * 360 + k], all += w;
  }
  EXPECT_NEAR(land / all, 0.29, 0.02);
}

TEST(LandMask, RingsAcrossTheAntimeridianInEveryCopy) {
  // Chukotka (Russia) crosses 180 degrees: the same land in a box west of it and one east.
  const std::vector<float> east = land_cover({60, 72, 160, 40}, 40, 12, LineScale::s110m);
  const std::vector<float> west = land_cover({60, 72, -200, 40}, 40, 12, LineScale::s110m);
  EXPECT_EQ(east, west);
  EXPECT_EQ(east[4 * 40 + 15], 1.0f);  // 67.5 N, 175.5 E
  double sum = 0;
  for (float v : east) sum += v;
  EXPECT_GT(sum, 100);
}

TEST(LandMask, AProjectedMapSamplesItThroughTheInverseProjection) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.ref_lat_deg = 24;
  p.ref_lon_deg = 10;  // the Sahara at the centre
  p.extent = 6000;     // km: the Atlantic 40 degrees west within the map
  p.nx = p.ny = 201;
  ViewStyle s;
  s.map = s.field_map = map_frame_of(p);
  const std::vector<std::uint8_t> m = land_mask(s, 200, 200);
  EXPECT_EQ(m[100 * 200 + 100], 255);
  // 4500 km west along the parallel-ish: mid-Atlantic (about 24 N, 33 W): sea.
  EXPECT_EQ(m[100 * 200 + 25], 0);
}

TEST(LandMask, ALatLonViewIsItsOwnGrid) {
  ViewStyle s;
  s.view = s.field = {0, 40, -60, 80};  // the Atlantic (west) and the Sahara (east)
  const std::vector<std::uint8_t> m = land_mask(s, 80, 40);
  EXPECT_EQ(m[15 * 80 + 70], 255);  // 24.5 N, 10.5 E
  EXPECT_EQ(m[9 * 80 + 20], 0);     // 30.5 N, 39.5 W
}

}  // namespace
}  // namespace geofield
