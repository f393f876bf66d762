#include "sites/ring_cleaning.h"

#include <cmath>
#include <cstddef>

#include "polygon_side.h"

namespace geofield {

bool same_place(const SiteVertex& a, const SiteVertex& b) {
  if (a.lat_deg != b.lat_deg) return false;
  return a.lon_deg == b.lon_deg || (std::fabs(a.lon_deg) == 180 && std::fabs(b.lon_deg) == 180) ||
         std::fabs(a.lat_deg) == 90;
}

namespace {

// Whether the ring turns back at vertex k (prev -> k -> next within 1e-9 of a U-turn).
bool spike_at(const std::vector<SiteVertex>& r, std::size_t k) {
  const std::size_t n = r.size();
  const SiteVertex &p = r[(k + n - 1) % n], &v = r[k], &q = r[(k + 1) % n];
  if (same_place(p, q)) return true;
  const ArcSegment in = make_arc(p.lat_deg, p.lon_deg, v.lat_deg, v.lon_deg);
  const ArcSegment out = make_arc(v.lat_deg, v.lon_deg, q.lat_deg, q.lon_deg);
  return std::fabs(vertex_turn(in.b, in.n, out.n)) > kPi - 1e-9;
}

}  // namespace

std::vector<SiteVertex> cleaned_ring(std::vector<SiteVertex> ring) {
  std::vector<SiteVertex> r;
  r.reserve(ring.size());
  for (const SiteVertex& v : ring) {
    if (r.empty() || !same_place(r.back(), v)) r.push_back(v);
  }
  while (r.size() > 1 && same_place(r.front(), r.back())) r.pop_back();
  // Spikes, until none is left: dropping one may make its neighbour one.
  for (bool changed = true; changed && r.size() >= 3;) {
    changed = false;
    std::vector<SiteVertex> kept;
    kept.reserve(r.size());
    bool dropped_last = false;  // a spike's neighbours are judged again in the next pass
    for (std::size_t k = 0; k < r.size(); ++k) {
      if (!dropped_last && r.size() - (k - kept.size()) > 3 && spike_at(r, k)) {
        changed = dropped_last = true;
        continue;
      }
      dropped_last = false;
      kept.push_back(r[k]);
    }
    // Dropping a spike's tip may leave its base repeated.
    r.clear();
    for (const SiteVertex& v : kept) {
      if (r.empty() || !same_place(r.back(), v)) r.push_back(v);
    }
    while (r.size() > 1 && same_place(r.front(), r.back())) r.pop_back();
  }
  return r;
}

double ring_signed_area(const std::vector<SiteVertex>& ring) {
  // A fixed point that no data is likely to hold as a vertex (a vertex there would make its
  // triangles degenerate; the modulo absorbs their jumps of 4 pi anyway).
  const UnitVec q = unit_vec_of_deg(37.0111, -11.5231);
  const std::size_t m = ring.size();
  double sum = 0;
  for (std::size_t k = 0; k < m; ++k) {
    const SiteVertex &va = ring[k], &vb = ring[(k + 1) % m];
    const UnitVec a = unit_vec_of_deg(va.lat_deg, va.lon_deg);
    const UnitVec b = unit_vec_of_deg(vb.lat_deg, vb.lon_deg);
    sum += 2 * std::atan2(dot(q, cross(a, b)), 1 + dot(q, a) + dot(a, b) + dot(b, q));
  }
  double area = std::fmod(sum, 4 * kPi);
  if (area < 0) area += 4 * kPi;
  return area > 2 * kPi ? area - 4 * kPi : area;
}

}  // namespace geofield
