// The coastlines and borders built into the binary: the pinned data's counts at each scale,
// known coasts where they must be, nothing across the antimeridian, malformed packs refused.
#include "sites/geo_lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "errors.h"

namespace geofield {
namespace {

constexpr double kKmPerDeg = 6371.0088 * M_PI / 180;

// Distance in km from (lat, lon) to the nearest segment of the set, in the local plane (x
// scaled by cos lat): exact enough for the few km these tests measure.
double nearest_km(const LineSet& s, double lat, double lon) {
  const double c = std::cos(lat * M_PI / 180);
  double best = std::numeric_limits<double>::infinity();
  for (size_t k = 0; k < s.polylines(); ++k) {
    for (std::uint32_t p = s.starts[k]; p + 1 < s.starts[k + 1]; ++p) {
      const double ax = (s.lonlat[2 * p] - lon) * c, ay = s.lonlat[2 * p + 1] - lat;
      const double bx = (s.lonlat[2 * p + 2] - lon) * c, by = s.lonlat[2 * p + 3] - lat;
      const double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
      const double t = l2 > 0 ? std::clamp(-(ax * dx + ay * dy) / l2, 0.0, 1.0) : 0.0;
      best = std::min(best, std::hypot(ax + t * dx, ay + t * dy));
    }
  }
  return best * kKmPerDeg;
}

const LineSet& coast(LineScale s) { return embedded_lines(LineKind::coastlines, s); }
const LineSet& borders(LineScale s) { return embedded_lines(LineKind::borders, s); }

// world-atlas 2.0.2, pinned by assets/coastlines/SHA256SUMS: these counts change only with it.
TEST(GeoLines, CountsOfThePinnedDataAtEachScale) {
  EXPECT_EQ(embedded_line_sets().size(), 9u);
  struct Expected {
    LineScale scale;
    size_t coast_lines, coast_points, border_lines, border_points;
  };
  for (const Expected& e : {Expected{LineScale::s110m, 128, 5117, 159, 2807},
                            Expected{LineScale::s50m, 1421, 60360, 187, 19439},
                            Expected{LineScale::s10m, 4055, 408916, 206, 68157}}) {
    SCOPED_TRACE(static_cast<int>(e.scale));
    EXPECT_EQ(coast(e.scale).polylines(), e.coast_lines);
    EXPECT_EQ(coast(e.scale).points(), e.coast_points);
    EXPECT_EQ(borders(e.scale).polylines(), e.border_lines);
    EXPECT_EQ(borders(e.scale).points(), e.border_points);
  }
}

// Cabo da Roca (38.7804 N, 9.4989 W) and Cape Agulhas (34.8337 S, 20.0098 E), the western and
// southern ends of their continents: on the finest coast within the data's ~200 m quantisation
// and Natural Earth's own generalisation, and still close at the coarsest.
TEST(GeoLines, KnownCapesLieOnTheCoast) {
  EXPECT_LT(nearest_km(coast(LineScale::s10m), 38.7804, -9.4989), 1.0);
  EXPECT_LT(nearest_km(coast(LineScale::s10m), -34.8337, 20.0098), 3.0);
  EXPECT_LT(nearest_km(coast(LineScale::s110m), 38.7804, -9.4989), 10.0);
  EXPECT_LT(nearest_km(coast(LineScale::s110m), -34.8337, 20.0098), 10.0);
}

TEST(GeoLines, InlandAndOpenSeaAreFarFromAnyCoast) {
  EXPECT_GT(nearest_km(coast(LineScale::s10m), 30.0, 101.0), 1000.0);  // Sichuan
  EXPECT_GT(nearest_km(coast(LineScale::s10m), 0.0, -140.0), 800.0);   // the equatorial Pacific
}

// Borders are shared arcs only: Andorra's are near Andorra la Vella, none runs along the
// Portuguese coast at Cabo da Roca, and none is in the open sea.
TEST(GeoLines, BordersAreBetweenCountriesNotAlongCoasts) {
  EXPECT_LT(nearest_km(borders(LineScale::s10m), 42.5063, 1.5218), 10.0);
  EXPECT_GT(nearest_km(borders(LineScale::s10m), 38.7804, -9.4989), 150.0);
  EXPECT_GT(nearest_km(borders(LineScale::s10m), 0.0, -140.0), 4000.0);
}

// Natural Earth cuts polygons at ±180 and closes them along it; the converter drops those
// edges and no segment of a drawn line may jump across the map (land rings are arcs of the
// sphere, which may).
TEST(GeoLines, NoSegmentCrossesOrRunsAlongTheAntimeridian) {
  for (const LineSet& s : embedded_line_sets()) {
    if (s.kind == LineKind::land) continue;
    for (size_t k = 0; k < s.polylines(); ++k) {
      for (std::uint32_t p = s.starts[k]; p + 1 < s.starts[k + 1]; ++p) {
        const float lon0 = s.lonlat[2 * p], lon1 = s.lonlat[2 * p + 2];
        ASSERT_LE(std::fabs(lon1 - lon0), 180.0f);
        ASSERT_FALSE(std::fabs(lon0) == 180.0f && std::fabs(lon1) == 180.0f)
            << "scale " << static_cast<int>(s.scale) << " polyline " << k;
      }
    }
  }
}

TEST(GeoLines, ScaleFollowsTheViewsExtent) {
  EXPECT_EQ(scale_for_view(360, 180), LineScale::s110m);
  EXPECT_EQ(scale_for_view(120.5, 60), LineScale::s110m);
  EXPECT_EQ(scale_for_view(120, 60), LineScale::s50m);
  EXPECT_EQ(scale_for_view(30, 90), LineScale::s50m);  // the larger span decides
  EXPECT_EQ(scale_for_view(20, 10), LineScale::s10m);
  EXPECT_EQ(scale_for_view(0.01, 0.01), LineScale::s10m);
}

std::string failure_of(const std::vector<std::uint32_t>& words, size_t bytes) {
  try {
    parse_line_pack({reinterpret_cast<const std::byte*>(words.data()), bytes});
  } catch (const RuntimeFailure& e) {
    return e.what();
  }
  return "";
}

std::vector<std::uint32_t> header(std::uint32_t version, std::uint32_t layers) {
  std::vector<std::uint32_t> w(4);
  std::memcpy(w.data(), "GFLINES1", 8);
  w[2] = version;
  w[3] = layers;
  return w;
}

TEST(GeoLines, MalformedPacksAreRefusedWithTheReason) {
  std::vector<std::uint32_t> w = header(1, 0);
  EXPECT_TRUE(parse_line_pack({reinterpret_cast<const std::byte*>(w.data()), 16}).empty());
  w[0] = 0;
  EXPECT_NE(failure_of(w, 16).find("no GFLINES1 header"), std::string::npos);
  EXPECT_NE(failure_of(header(2, 0), 16).find("version 2"), std::string::npos);
  EXPECT_NE(failure_of(header(1, 1), 16).find("truncated layer table"), std::string::npos);
  // One coastline layer whose 3 points would lie beyond the pack's end.
  w = header(1, 1);
  w.insert(w.end(), {0, 110, 1, 3, 40, 48, 0, 3});
  EXPECT_NE(failure_of(w, w.size() * 4).find("beyond the end"), std::string::npos);
  // The same with its points present, one of them outside [-90, 90].
  for (float v : {0.0f, 0.0f, 1.0f, 1.0f, 2.0f, 95.0f}) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    w.push_back(u);
  }
  EXPECT_NE(failure_of(w, w.size() * 4).find("outside"), std::string::npos);
}

// Starts near 2^32 once wrapped around in the check (starts[k - 1] + 2 in 32 bits), so
// [0, 0xFFFFFFFF, 1] passed as two polylines, the first reaching far past the layer's one point.
TEST(GeoLines, StartsThatWrapAroundAreRefused) {
  std::vector<std::uint32_t> w = header(1, 1);
  w.insert(w.end(), {0, 110, 2, 1, 40, 52, 0, 0xFFFFFFFFu, 1});
  for (float v : {1.0f, 2.0f}) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    w.push_back(u);
  }
  EXPECT_NE(failure_of(w, w.size() * 4).find("fewer than 2 points"), std::string::npos);
}

}  // namespace
}  // namespace geofield
