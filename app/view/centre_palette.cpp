#include "view/centre_palette.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <thread>
#include <utility>

#include "compute/centre_index.h"
#include "field_math.h"

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

using Near = std::pair<double, std::int32_t>;  // squared chord, centre; ordered as pairs

// A k-d tree over the centres' unit vectors for each centre's m nearest others: the palette
// stays near-linear in the centres (a million in about a second, docs/centres.md).
class NearestOthers {
 public:
  explicit NearestOthers(const std::vector<UnitVector>& at) : at_(at), order_(at.size()) {
    std::iota(order_.begin(), order_.end(), 0);
    nodes_.reserve(2 * (at.size() / kLeaf + 1));
    if (!at.empty()) build(0, static_cast<std::int32_t>(at.size()));
  }

  // The centres in the tree's order: neighbours in space are near in it (queries in this order
  // find their points in cache).
  const std::vector<std::int32_t>& order() const { return order_; }

  // The m nearest centres to centre k other than k itself, by (squared chord, index): the
  // same as sorting all others by that pair and taking the first m. Returns how many.
  int query(std::int32_t k, int m, Near* best) const {
    const UnitVector& q = at_[std::size_t(k)];
    int found = 0;
    std::int32_t stack[128];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const Node& n = nodes_[std::size_t(stack[--top])];
      if (found == m && box_distance2(n, q) > best[m - 1].first) continue;
      if (n.left < 0) {
        for (std::int32_t i = n.first; i < n.last; ++i) {
          const std::int32_t j = order_[std::size_t(i)];
          if (j == k) continue;
          const Near c{chord2(q, at_[std::size_t(j)]), j};
          if (found == m && !(c < best[m - 1])) continue;
          int at = found < m ? found++ : m - 1;
          while (at > 0 && c < best[at - 1]) {
            best[at] = best[at - 1];
            --at;
          }
          best[at] = c;
        }
        continue;
      }
      const bool left_first = q[std::size_t(n.axis)] < n.split;  // the nearer child first
      stack[top++] = left_first ? n.right : n.left;
      stack[top++] = left_first ? n.left : n.right;
    }
    return found;
  }

 private:
  static constexpr std::int32_t kLeaf = 8;
  struct Node {
    std::int32_t first = 0, last = 0, left = -1, right = -1;
    int axis = 0;
    double split = 0;
    UnitVector lo{}, hi{};
  };

  static double box_distance2(const Node& n, const UnitVector& q) {
    double d2 = 0;
    for (std::size_t a = 0; a < 3; ++a) {
      const double d = q[a] < n.lo[a] ? n.lo[a] - q[a] : (q[a] > n.hi[a] ? q[a] - n.hi[a] : 0.0);
      d2 += d * d;
    }
    return d2;
  }

  // Splits on the widest axis at the median.
  std::int32_t build(std::int32_t first, std::int32_t last) {
    const std::int32_t id = static_cast<std::int32_t>(nodes_.size());
    nodes_.emplace_back();
    Node n;
    n.first = first;
    n.last = last;
    for (std::size_t a = 0; a < 3; ++a) {
      n.lo[a] = std::numeric_limits<double>::infinity();
      n.hi[a] = -n.lo[a];
    }
    for (std::int32_t i = first; i < last; ++i) {
      const UnitVector& v = at_[std::size_t(order_[std::size_t(i)])];
      for (std::size_t a = 0; a < 3; ++a) {
        n.lo[a] = std::min(n.lo[a], v[a]);
        n.hi[a] = std::max(n.hi[a], v[a]);
      }
    }
    if (last - first > kLeaf) {
      std::size_t axis = 0;
      for (std::size_t a = 1; a < 3; ++a) {
        if (n.hi[a] - n.lo[a] > n.hi[axis] - n.lo[axis]) axis = a;
      }
      const std::int32_t mid = first + (last - first) / 2;
      std::nth_element(order_.begin() + first, order_.begin() + mid, order_.begin() + last,
                       [&](std::int32_t x, std::int32_t y) {
                         return at_[std::size_t(x)][axis] < at_[std::size_t(y)][axis];
                       });
      n.axis = int(axis);
      n.split = at_[std::size_t(order_[std::size_t(mid)])][axis];
      n.left = build(first, mid);
      n.right = build(mid, last);
    }
    nodes_[std::size_t(id)] = n;
    return id;
  }

  const std::vector<UnitVector>& at_;
  std::vector<std::int32_t> order_;
  std::vector<Node> nodes_;
};

}  // namespace

std::span<const std::uint32_t> centre_palette() { return kPalette; }

std::vector<std::uint32_t> centre_colours(std::span<const Centre> centres) {
  const std::size_t n = centres.size();
  std::vector<UnitVector> at(n);
  for (std::size_t k = 0; k < n; ++k) at[k] = unit_vector(centres[k].lat_deg, centres[k].lon_deg);
  // Neighbours: each centre's few nearest, both ways, as lists in one array (CSR).
  const NearestOthers tree(at);
  std::vector<Near> nearest(n * kPaletteNeighbours);
  std::vector<int> found(n);
  std::vector<std::size_t> start(n + 1, 0);
  // The queries on every core, each a run of the tree's order (each writes its own centres').
  {
    const std::vector<std::int32_t>& order = tree.order();
    const std::size_t threads =
        n < 20'000 ? 1 : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 16);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        for (std::size_t i = n * t / threads; i < n * (t + 1) / threads; ++i) {
          const std::size_t k = std::size_t(order[i]);
          found[k] = tree.query(order[i], kPaletteNeighbours, &nearest[k * kPaletteNeighbours]);
        }
      });
    }
    for (std::thread& th : pool) th.join();
  }
  for (std::size_t k = 0; k < n; ++k) {
    for (int i = 0; i < found[k]; ++i) {
      ++start[k + 1];
      ++start[std::size_t(nearest[k * kPaletteNeighbours + std::size_t(i)].second) + 1];
    }
  }
  for (std::size_t k = 0; k < n; ++k) start[k + 1] += start[k];
  std::vector<std::int32_t> near(start[n]);
  {
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t k = 0; k < n; ++k) {
      for (int i = 0; i < found[k]; ++i) {
        const std::int32_t j = nearest[k * kPaletteNeighbours + std::size_t(i)].second;
        near[fill[k]++] = j;
        near[fill[std::size_t(j)]++] = std::int32_t(k);
      }
    }
  }
  std::vector<int> colour(n, -1);
  for (std::size_t k = 0; k < n; ++k) {
    std::array<int, kPalette.size()> used{};
    for (std::size_t i = start[k]; i < start[k + 1]; ++i) {
      const int c = colour[std::size_t(near[i])];
      if (c >= 0) ++used[std::size_t(c)];
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

namespace geofield {

std::vector<std::uint32_t> feature_colours(const SiteShapes& shapes) {
  std::vector<Centre> at;
  at.reserve(shapes.features.size());
  for (const SiteFeature& f : shapes.features) {
    double x = 0, y = 0, z = 0;
    const SiteVertex* first = nullptr;
    for (std::uint32_t k = f.first_part; k < f.first_part + f.part_count; ++k) {
      const SitePart& part = shapes.parts[k];
      for (std::uint32_t v = part.first; v < part.first + part.count; ++v) {
        const SiteVertex& p = shapes.vertices[v];
        if (!first) first = &p;
        const double la = p.lat_deg * kRadPerDeg, lo = p.lon_deg * kRadPerDeg;
        x += std::cos(la) * std::cos(lo);
        y += std::cos(la) * std::sin(lo);
        z += std::sin(la);
      }
    }
    const double n = std::sqrt(x * x + y * y + z * z);
    if (n > 1e-9 || !first) {
      at.push_back(
          Centre{std::atan2(z, std::hypot(x, y)) / kRadPerDeg, std::atan2(y, x) / kRadPerDeg, {}});
    } else {
      at.push_back(Centre{first->lat_deg, first->lon_deg, {}});
    }
  }
  return centre_colours(at);
}

}  // namespace geofield
