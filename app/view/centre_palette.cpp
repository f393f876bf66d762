#include "view/centre_palette.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <utility>

#include "backends/centre_index.h"

namespace geofield {
namespace {

constexpr std::array<std::uint32_t, 12> kPalette{
    0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948,
    0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac, 0x17becf, 0xbcbd22,
};

double chord2(const UnitVector& a, const UnitVector& b) {
  const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

}  // namespace

std::span<const std::uint32_t> centre_palette() { return kPalette; }

std::vector<std::uint32_t> centre_colours(std::span<const Centre> centres) {
  const std::size_t n = centres.size();
  std::vector<UnitVector> at(n);
  for (std::size_t k = 0; k < n; ++k) at[k] = unit_vector(centres[k].lat_deg, centres[k].lon_deg);
  // Neighbours: each centre's few nearest, both ways (the window holds at most a thousand
  // centres, so all pairs are cheap).
  std::vector<std::vector<std::size_t>> near(n);
  std::vector<std::pair<double, std::size_t>> by_distance;
  for (std::size_t k = 0; k < n; ++k) {
    by_distance.clear();
    for (std::size_t j = 0; j < n; ++j) {
      if (j != k) by_distance.emplace_back(chord2(at[k], at[j]), j);
    }
    const std::size_t m = std::min<std::size_t>(kPaletteNeighbours, by_distance.size());
    std::partial_sort(by_distance.begin(), by_distance.begin() + std::ptrdiff_t(m),
                      by_distance.end());
    for (std::size_t i = 0; i < m; ++i) {
      near[k].push_back(by_distance[i].second);
      near[by_distance[i].second].push_back(k);
    }
  }
  std::vector<int> colour(n, -1);
  for (std::size_t k = 0; k < n; ++k) {
    std::array<int, kPalette.size()> used{};
    for (const std::size_t j : near[k]) {
      if (colour[j] >= 0) ++used[std::size_t(colour[j])];
    }
    // The first colour no neighbour has, counting from k's own place in the palette so that
    // far-apart centres do not all take the first colours; else the least used.
    int best = -1;
    for (std::size_t i = 0; i < kPalette.size(); ++i) {
      const std::size_t c = (k + i) % kPalette.size();
      if (best < 0 || used[c] < used[std::size_t(best)]) best = int(c);
      if (used[c] == 0) break;
    }
    colour[k] = best;
  }
  std::vector<std::uint32_t> out(n);
  for (std::size_t k = 0; k < n; ++k) out[k] = kPalette[std::size_t(colour[k])];
  return out;
}

}  // namespace geofield
