#include "figure/land_mask.h"

#include <algorithm>
#include <cmath>

#include "gl/line_layer.h"
#include "projection.h"

namespace geofield {
namespace {

constexpr int kSubRows = 4;          // samples a row, down
constexpr int kMaxCoverSide = 8192;  // a projected map's grid, cells a side at most

struct Vertex {
  double lon, lat;
};

// Ring k of the land as a polygon in continuous longitudes (each vertex within 180° of the last);
// one that goes round a pole (its longitudes end 360° from where they start) closed along the
// pole on the land's side: the land lies left of its rings, so going west it is south.
std::vector<Vertex> unwrapped_ring(const LineSet& set, std::size_t k) {
  std::vector<Vertex> ring;
  for (std::uint32_t p = set.starts[k]; p < set.starts[k + 1]; ++p) {
    double lon = set.lonlat[2 * p];
    const double lat = set.lonlat[2 * p + 1];
    if (!ring.empty()) lon = ring.back().lon + std::remainder(lon - ring.back().lon, 360.0);
    ring.push_back({lon, lat});
  }
  if (ring.size() < 3) return {};
  const double turn = ring.back().lon - ring.front().lon;
  if (std::abs(turn) > 180) {
    const double pole = turn < 0 ? -90.0 : 90.0;
    ring.push_back({ring.back().lon, pole});
    ring.push_back({ring.front().lon, pole});
    ring.push_back(ring.front());
  }
  return ring;
}

// Adds coverage of the spans between crossings (sorted, taken in pairs) to row, weight each.
void add_spans(std::vector<double>& x, std::vector<float>* row, int w, float weight) {
  std::sort(x.begin(), x.end());
  for (std::size_t k = 0; k + 1 < x.size(); k += 2) {
    const double a = std::clamp(x[k], 0.0, double(w)), b = std::clamp(x[k + 1], 0.0, double(w));
    if (!(b > a)) continue;
    const int ia = static_cast<int>(a), ib = static_cast<int>(b);
    if (ia == ib) {
      (*row)[std::min(ia, w - 1)] += static_cast<float>((b - a) * weight);
      continue;
    }
    (*row)[ia] += static_cast<float>((ia + 1 - a) * weight);
    for (int c = ia + 1; c < ib; ++c) (*row)[c] += weight;
    if (ib < w) (*row)[ib] += static_cast<float>((b - ib) * weight);
  }
}

}  // namespace

std::vector<float> land_cover(const GeoBounds& b, int w, int h, LineScale scale) {
  std::vector<float> cover(static_cast<std::size_t>(w) * h, 0.0f);
  if (w <= 0 || h <= 0 || !b.valid()) return cover;
  const LineSet& land = embedded_lines(LineKind::land, scale);
  const double lat_span = b.lat_max_deg - b.lat_min_deg;
  const int sub_rows = h * kSubRows;
  // Each sub-row's crossings, in cells from the west edge.
  std::vector<std::vector<double>> crossings(static_cast<std::size_t>(sub_rows));
  for (std::size_t k = 0; k < land.polylines(); ++k) {
    const std::vector<Vertex> ring = unwrapped_ring(land, k);
    if (ring.empty()) continue;
    double lo = ring[0].lon, hi = ring[0].lon;
    for (const Vertex& v : ring) lo = std::min(lo, v.lon), hi = std::max(hi, v.lon);
    // Every copy of the ring (360° apart) that reaches into the bounds.
    const double first = std::ceil((b.lon_min_deg - hi) / 360.0);
    for (double copy = first; lo + 360 * copy < b.lon_min_deg + b.lon_span_deg; ++copy) {
      const double shift = 360 * copy - b.lon_min_deg;
      for (std::size_t i = 1; i < ring.size(); ++i) {
        const double x0 = (ring[i - 1].lon + shift) / b.lon_span_deg * w;
        const double x1 = (ring[i].lon + shift) / b.lon_span_deg * w;
        const double y0 = (b.lat_max_deg - ring[i - 1].lat) / lat_span * sub_rows;
        const double y1 = (b.lat_max_deg - ring[i].lat) / lat_span * sub_rows;
        if (y0 == y1) continue;
        // Sub-rows whose centre (s + 0.5) lies in [min y, max y): each crossing counted once.
        const double ya = std::min(y0, y1), yb = std::max(y0, y1);
        const int s0 = std::max(0, static_cast<int>(std::ceil(ya - 0.5)));
        const int s1 = std::min(sub_rows - 1, static_cast<int>(std::ceil(yb - 0.5)) - 1);
        for (int s = s0; s <= s1; ++s) {
          const double t = (s + 0.5 - y0) / (y1 - y0);
          crossings[static_cast<std::size_t>(s)].push_back(x0 + t * (x1 - x0));
        }
      }
    }
  }
  std::vector<float> row(static_cast<std::size_t>(w));
  for (int r = 0; r < h; ++r) {
    std::fill(row.begin(), row.end(), 0.0f);
    for (int s = 0; s < kSubRows; ++s) {
      add_spans(crossings[static_cast<std::size_t>(r * kSubRows + s)], &row, w, 1.0f / kSubRows);
    }
    for (int c = 0; c < w; ++c) {
      cover[static_cast<std::size_t>(r) * w + c] = std::clamp(row[c], 0.0f, 1.0f);
    }
  }
  return cover;
}

std::vector<std::uint8_t> land_mask(const ViewStyle& s, int w, int h) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(w) * h, 0);
  auto byte = [](float c) { return static_cast<std::uint8_t>(std::lround(c * 255)); };
  if (!s.map.projected()) {
    const GeoBounds& v = s.view;
    if (!v.valid()) return mask;
    const std::vector<float> cover =
        land_cover(v, w, h, scale_for_view(v.lon_span_deg, v.lat_max_deg - v.lat_min_deg));
    std::transform(cover.begin(), cover.end(), mask.begin(), byte);
    return mask;
  }
  const MapFrame& m = s.map;
  const GeoBounds b = cap_bounds(m);
  const int gw = std::min(kMaxCoverSide, 2 * w), gh = std::min(kMaxCoverSide, 2 * h);
  const std::vector<float> cover = land_cover(b, gw, gh, scale_for_map(m));
  const ProjectionCentre<double> centre =
      make_projection_centre(m.centre_lat_deg, m.centre_lon_deg);
  for (int i = 0; i < h; ++i) {
    for (int j = 0; j < w; ++j) {
      // The pixel's centre on the map's plane (x east, y north), as the shader places it.
      const double x = ((j + 0.5) / w * 2 - 1) * m.half_width;
      const double y = (1 - (i + 0.5) / h * 2) * m.half_height;
      const SpherePoint<double> q = unproject<double>(m.projection, centre, x, y, m.radius);
      if (!q.valid) continue;
      // Bilinear in the grid, its cell centres at (c + 0.5); longitudes east of the west edge.
      const double east = std::remainder(q.lon_deg - b.lon_min_deg - 180, 360.0) + 180;
      const double gx = east / b.lon_span_deg * gw - 0.5;
      const double gy = (b.lat_max_deg - q.lat_deg) / (b.lat_max_deg - b.lat_min_deg) * gh - 0.5;
      const int x0 = static_cast<int>(std::floor(gx)), y0 = static_cast<int>(std::floor(gy));
      const double fx = gx - x0, fy = gy - y0;
      auto at = [&](int cx, int cy) -> double {
        if (b.lon_span_deg >= 360) cx = (cx % gw + gw) % gw;  // all round: wraps
        cx = std::clamp(cx, 0, gw - 1);
        cy = std::clamp(cy, 0, gh - 1);
        return cover[static_cast<std::size_t>(cy) * gw + cx];
      };
      const double c = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) +
                       fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
      mask[static_cast<std::size_t>(i) * w + j] = byte(static_cast<float>(c));
    }
  }
  return mask;
}

}  // namespace geofield
