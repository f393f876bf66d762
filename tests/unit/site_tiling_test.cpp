// The one tiling policy (core/site_tiling.h) that the CPU, CUDA and GL searches take their
// tiles' sides from: the sides the GPUs' kernels accept, and tiles that track the sites'
// spacing in node steps (the measurements in docs/centres.md were made at these sides).
#include "site_tiling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>

namespace geofield {
namespace {

constexpr double kPi = 3.14159265358979323846;

TEST(SiteTiling, SpacingIsTheSideOfEachSitesShareOfTheSphere) {
  EXPECT_NEAR(site_spacing_rad(1), std::sqrt(4 * kPi), 1e-15);
  EXPECT_NEAR(site_spacing_rad(10000), 0.035449077018110, 1e-14);
  // Ten thousand sites' squares cover the sphere: N s^2 = 4 pi.
  EXPECT_NEAR(10000 * site_spacing_rad(10000) * site_spacing_rad(10000), 4 * kPi, 1e-12);
}

TEST(SiteTiling, GpuSidesAreWhatTheKernelsAccept) {
  for (std::size_t n :
       {std::size_t{1}, std::size_t{55}, std::size_t{10000}, std::size_t{1000000}}) {
    for (int nodes : {64, 1000, 2048, 8192, 65536}) {
      const double step = kPi / (nodes - 1);
      const GpuSiteTiles t = gpu_site_tiles(n, step);
      EXPECT_TRUE(t.fine == 8 || t.fine == 16) << n << " sites, " << nodes;
      EXPECT_GE(t.coarse, 32);
      EXPECT_LE(t.coarse, 256);
      EXPECT_EQ(t.coarse & (t.coarse - 1), 0) << "a power of two";
      EXPECT_EQ(t.coarse % t.fine, 0);
    }
  }
}

TEST(SiteTiling, FineTilesFollowTheSpacing) {
  // 10,000 sites are 0.0354 rad apart: 11.3 steps of a 1000-node half circle (8), 92 of 8192's.
  EXPECT_EQ(gpu_site_tiles(10000, kPi / 999).fine, 8);
  EXPECT_EQ(gpu_site_tiles(10000, kPi / 8191).fine, 16);
  // Coarse tiles near 1.5 sqrt(f / step): 8192 nodes, f 16: 1.5 sqrt(16 / 3.8e-4) = 307 -> 256.
  EXPECT_EQ(gpu_site_tiles(10000, kPi / 8191).coarse, 256);
  // 1000 nodes, f 8: 1.5 sqrt(8 / 3.1e-3) = 76 -> 64 (76 / 64 < 1.41).
  EXPECT_EQ(gpu_site_tiles(10000, kPi / 999).coarse, 64);
}

TEST(SiteTiling, CpuRunsAreTwoSpacingsWithinOneToThirtyTwoNodes) {
  EXPECT_EQ(cpu_site_run(1, kPi / 1000), 32);         // one site: the widest run
  EXPECT_EQ(cpu_site_run(10000, kPi / 180), 4);       // 2 x 0.0354 / 0.01745 = 4.06
  EXPECT_EQ(cpu_site_run(100000000, kPi / 1000), 1);  // denser than the nodes
  EXPECT_EQ(cpu_site_run(2, 1e-300), 32);             // a ratio beyond any int, clamped
}

}  // namespace
}  // namespace geofield
