// The one tiling policy of the nearest-site search: how many nodes a tile of the
// pruned search spans, decided here once for the CPU, CUDA and GL. A tile shares one list of
// the sites that can win in it (centre_bounds.h says why the list is exact); the tile's side
// trades the lists' length (wider tiles hold more sites every node must look at) against how
// often a list is made (narrower tiles repeat the search for little). Both depend only on the
// sites' typical spacing, sqrt(4 pi / N) radians for N sites spread over the sphere, measured
// in node steps. docs/centres.md gives the measurements behind the constants.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace geofield {

// The typical spacing of n sites over the sphere, radians: the side of the square each holds.
inline double site_spacing_rad(std::size_t n) {
  return std::sqrt(4 * 3.14159265358979323846 / static_cast<double>(std::max<std::size_t>(n, 1)));
}

// The GPUs' two levels, nodes a side: a fine tile (one list a warp or workgroup of nodes
// scans) and the coarse tile whose list the fine tiles' lists are taken from.
struct GpuSiteTiles {
  int fine = 16;    // 8 or 16
  int coarse = 32;  // a power of two in [32, 256], so a multiple of the fine side
};

// Fine: about the sites' spacing, 16 nodes where that spans 12 nodes or more, else 8 (smaller
// would leave a warp half empty). Coarse: the coarse pass costs about N nodes / C^2 chords and
// the fine pass about N (nodes / f^2) rho_c^2, rho_c ~ 0.56 C step; their sum is least at
// C ~ 1.5 sqrt(f / step), taken as the power of two within a factor sqrt(2) of it.
// node_step_rad: the grid's largest step between neighbouring nodes, radians (> 0).
inline GpuSiteTiles gpu_site_tiles(std::size_t sites, double node_step_rad) {
  GpuSiteTiles t;
  t.fine = site_spacing_rad(sites) >= 12 * node_step_rad ? 16 : 8;
  const double best = 1.5 * std::sqrt(t.fine / node_step_rad);
  t.coarse = 32;
  while (t.coarse < 256 && t.coarse * 1.41 < best) t.coarse *= 2;
  return t;
}

// The CPU's run of nodes along a row that share one list: about two spacings, 1 to 32 nodes
// (a million sites: thousands in a wider run's list). Clamped as a double, then converted: the
// ratio may be beyond an int.
inline int cpu_site_run(std::size_t sites, double node_step_rad) {
  return static_cast<int>(std::clamp(2 * site_spacing_rad(sites) / node_step_rad, 1.0, 32.0));
}

}  // namespace geofield
