#include "figure/contour_lines.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <utility>

#include "errors.h"

namespace geofield {
namespace {

// A cell edge: from node n = i nx + j east (2n) or south (2n + 1).
using EdgeId = std::uint64_t;

struct Segment {
  std::int64_t level;  // k: the line at k x interval
  EdgeId from, to;
};

// More lines than this through one cell are a smear, not rings: such cells are skipped.
constexpr std::int64_t kMaxLevelsPerCell = 64;

class Marcher {
 public:
  Marcher(const ContourGrid& g, double interval) : g_(g), interval_(interval) {}

  float value(std::int64_t node) const { return g_.values[static_cast<std::size_t>(node)]; }

  // Where the line at level k crosses edge e (the nodes at its ends on either side of it).
  PointPx on_edge(EdgeId e, std::int64_t k) const {
    const std::int64_t n = static_cast<std::int64_t>(e / 2);
    const bool south = e % 2 == 1;
    const std::int64_t m = south ? n + g_.nx : n + 1;
    const double a = value(n), b = value(m), level = static_cast<double>(k) * interval_;
    const double t = std::clamp((level - a) / (b - a), 0.0, 1.0);
    const double i = static_cast<double>(n / g_.nx), j = static_cast<double>(n % g_.nx);
    return south ? PointPx{g_.x0_px + j * g_.dx_px, g_.y0_px + (i + t) * g_.dy_px}
                 : PointPx{g_.x0_px + (j + t) * g_.dx_px, g_.y0_px + i * g_.dy_px};
  }

  // The segments of cell (i, j) (north-west node n) at level k, appended to out.
  void cell(std::int64_t i, std::int64_t j, std::int64_t k, std::vector<Segment>* out) const {
    const std::int64_t n = i * g_.nx + j;
    const double level = static_cast<double>(k) * interval_;
    const double a = value(n), b = value(n + 1), c = value(n + g_.nx), d = value(n + g_.nx + 1);
    const bool in_a = a >= level, in_b = b >= level, in_c = c >= level, in_d = d >= level;
    const EdgeId top = 2 * EdgeId(n), left = 2 * EdgeId(n) + 1;
    const EdgeId right = 2 * EdgeId(n + 1) + 1, bottom = 2 * EdgeId(n + g_.nx);
    EdgeId crossed[4];
    int count = 0;
    if (in_a != in_b) crossed[count++] = top;
    if (in_b != in_d) crossed[count++] = right;
    if (in_c != in_d) crossed[count++] = bottom;
    if (in_a != in_c) crossed[count++] = left;
    if (count == 2) {
      out->push_back({k, crossed[0], crossed[1]});
    } else if (count == 4) {
      // A saddle (a and d on one side, b and c on the other): the cell's mean decides which
      // pair of corners its lines cut off.
      const bool centre_in = (a + b + c + d) / 4 >= level;
      if (centre_in == in_a) {
        out->push_back({k, top, right});
        out->push_back({k, bottom, left});
      } else {
        out->push_back({k, top, left});
        out->push_back({k, right, bottom});
      }
    }
  }

 private:
  const ContourGrid& g_;
  double interval_;
};

// One level's segments joined end to end: each edge is shared by at most two of them.
std::vector<Polyline> join(const Marcher& m, std::span<const Segment> segs) {
  std::unordered_map<EdgeId, std::pair<int, int>> at;  // edge -> up to two segments, -1: none
  at.reserve(segs.size() * 2);
  for (int s = 0; s < static_cast<int>(segs.size()); ++s) {
    for (const EdgeId e : {segs[s].from, segs[s].to}) {
      auto [it, fresh] = at.try_emplace(e, s, -1);
      if (!fresh) it->second.second = s;
    }
  }
  std::vector<bool> used(segs.size(), false);
  // From segment s across edge e: the next segment's far edge, or none.
  auto walk = [&](int s, EdgeId e, std::vector<EdgeId>* edges) {
    for (;;) {
      const std::pair<int, int>& two = at.at(e);
      const int next = two.first == s ? two.second : two.first;
      if (next < 0 || used[next]) return;
      used[next] = true;
      e = segs[next].from == e ? segs[next].to : segs[next].from;
      edges->push_back(e);
      s = next;
    }
  };
  std::vector<Polyline> out;
  std::vector<EdgeId> ahead, behind;
  for (int s = 0; s < static_cast<int>(segs.size()); ++s) {
    if (used[s]) continue;
    used[s] = true;
    ahead = {segs[s].to};
    behind = {segs[s].from};
    walk(s, segs[s].to, &ahead);
    walk(s, segs[s].from, &behind);
    Polyline line;
    line.reserve(ahead.size() + behind.size());
    for (auto e = behind.rbegin(); e != behind.rend(); ++e)
      line.push_back(m.on_edge(*e, segs[s].level));
    for (const EdgeId e : ahead) line.push_back(m.on_edge(e, segs[s].level));
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace

std::vector<ContourLevel> contour_lines(const ContourGrid& g, double interval,
                                        double max_change_per_px) {
  if (!(interval > 0) || g.nx < 2 || g.ny < 2) return {};
  if (g.values.size() != static_cast<std::size_t>(g.nx) * static_cast<std::size_t>(g.ny)) {
    GF_FAIL("contour_lines: values of the wrong size");
  }
  const Marcher m(g, interval);
  // Nodes within one row and column of a node with no value (NaN off a projected map).
  std::vector<bool> near_gap(g.values.size(), false);
  for (std::int64_t i = 0; i < g.ny; ++i) {
    for (std::int64_t j = 0; j < g.nx; ++j) {
      if (std::isfinite(m.value(i * g.nx + j))) continue;
      for (std::int64_t a = std::max<std::int64_t>(0, i - 1);
           a <= std::min<std::int64_t>(g.ny - 1, i + 1); ++a) {
        for (std::int64_t b = std::max<std::int64_t>(0, j - 1);
             b <= std::min<std::int64_t>(g.nx - 1, j + 1); ++b) {
          near_gap[static_cast<std::size_t>(a * g.nx + b)] = true;
        }
      }
    }
  }
  std::vector<Segment> segs;
  for (std::int64_t i = 0; i + 1 < g.ny; ++i) {
    for (std::int64_t j = 0; j + 1 < g.nx; ++j) {
      const std::int64_t n = i * g.nx + j;
      const auto gap = [&](std::int64_t node) { return near_gap[static_cast<std::size_t>(node)]; };
      if (gap(n) || gap(n + 1) || gap(n + g.nx) || gap(n + g.nx + 1)) continue;
      const float v[4] = {m.value(n), m.value(n + 1), m.value(n + g.nx), m.value(n + g.nx + 1)};
      if (max_change_per_px > 0) {
        const double gx = ((v[1] - v[0]) + (v[3] - v[2])) / (2 * g.dx_px);
        const double gy = ((v[2] - v[0]) + (v[3] - v[1])) / (2 * g.dy_px);
        if ((std::fabs(gx) + std::fabs(gy)) / interval > max_change_per_px) continue;
      }
      const double lo = *std::min_element(v, v + 4), hi = *std::max_element(v, v + 4);
      // Levels in (lo, hi]: a corner on each side of them (a corner at the level counts as in).
      const auto k0 = static_cast<std::int64_t>(std::floor(lo / interval)) + 1;
      const auto k1 = static_cast<std::int64_t>(std::floor(hi / interval));
      if (k1 - k0 >= kMaxLevelsPerCell) continue;
      for (std::int64_t k = k0; k <= k1; ++k) m.cell(i, j, k, &segs);
    }
  }
  std::stable_sort(segs.begin(), segs.end(),
                   [](const Segment& a, const Segment& b) { return a.level < b.level; });
  std::vector<ContourLevel> out;
  for (std::size_t first = 0; first < segs.size();) {
    std::size_t end = first;
    while (end < segs.size() && segs[end].level == segs[first].level) ++end;
    out.push_back({static_cast<double>(segs[first].level) * interval,
                   join(m, std::span<const Segment>(segs).subspan(first, end - first))});
    first = end;
  }
  return out;
}

ContourGrid contour_grid_over(std::span<const float> values, int nx, int ny, double w, double h,
                              bool cells) {
  if (cells) return {values, nx, ny, w / nx, h / ny, 0.5 * w / nx, 0.5 * h / ny};
  return {values, nx, ny, w / (nx - 1), h / (ny - 1)};
}

}  // namespace geofield
