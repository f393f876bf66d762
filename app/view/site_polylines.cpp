#include "view/site_polylines.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "field_math.h"

namespace geofield {
namespace {

using Vec = std::array<double, 3>;

Vec unit_of(const SiteVertex& v) {
  const double la = v.lat_deg * kRadPerDeg, lo = v.lon_deg * kRadPerDeg;
  return {std::cos(la) * std::cos(lo), std::cos(la) * std::sin(lo), std::sin(la)};
}

struct LonLat {
  double lon, lat;
};

LonLat lonlat_of(const Vec& p) {
  return {std::atan2(p[1], p[0]) / kRadPerDeg,
          std::atan2(p[2], std::hypot(p[0], p[1])) / kRadPerDeg};
}

// Builds polylines point by point, breaking them at the antimeridian.
class Builder {
 public:
  explicit Builder(SitePolylines* out) : out_(out) {}

  void add(LonLat p) {
    if (open_ > 0) {
      const LonLat& q = last_;
      if (p.lon == q.lon && p.lat == q.lat) return;
      const double d = p.lon - q.lon;
      if (std::fabs(d) > 180.0) {
        // The piece crosses the antimeridian: where, by its own (short) run; the part before
        // ends on one edge, the rest starts on the other.
        const double edge = d < 0 ? 180.0 : -180.0;  // q's side
        const double p_lon = p.lon + (d < 0 ? 360.0 : -360.0);
        const double t = (edge - q.lon) / (p_lon - q.lon);
        const double lat = q.lat + t * (p.lat - q.lat);
        push({edge, lat});
        end();
        push({-edge, lat});
      }
    }
    push(p);
  }

  void end() {
    if (open_ == 1) {  // one point draws nothing
      out_->lonlat.resize(out_->lonlat.size() - 2);
    } else if (open_ > 1) {
      out_->starts.push_back(static_cast<std::uint32_t>(out_->lonlat.size() / 2));
    }
    open_ = 0;
  }

 private:
  void push(LonLat p) {
    out_->lonlat.push_back(static_cast<float>(p.lon));
    out_->lonlat.push_back(static_cast<float>(p.lat));
    last_ = p;
    ++open_;
  }

  SitePolylines* out_;
  LonLat last_{0, 0};
  std::size_t open_ = 0;
};

// The arc from a to b sampled after a (a itself is the builder's last point).
void add_arc(const SiteVertex& va, const SiteVertex& vb, Builder* b) {
  const Vec a = unit_of(va), c = unit_of(vb);
  const Vec x{a[1] * c[2] - a[2] * c[1], a[2] * c[0] - a[0] * c[2], a[0] * c[1] - a[1] * c[0]};
  const double s = std::sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
  const double theta = std::atan2(s, a[0] * c[0] + a[1] * c[1] + a[2] * c[2]);
  const int n = std::max(1, static_cast<int>(std::ceil(theta / kRadPerDeg / kSiteLineStepDeg)));
  for (int k = 1; k < n; ++k) {
    const double t = static_cast<double>(k) / n;
    const double wa = std::sin((1 - t) * theta) / s, wc = std::sin(t * theta) / s;
    b->add(lonlat_of({wa * a[0] + wc * c[0], wa * a[1] + wc * c[1], wa * a[2] + wc * c[2]}));
  }
  b->add({reduce_deg_180(vb.lon_deg), vb.lat_deg});
}

}  // namespace

SitePolylines site_polylines(const SiteShapes& shapes) {
  SitePolylines out;
  Builder b(&out);
  for (const SitePart& part : shapes.parts) {
    if (part.kind == PartKind::point || part.count < 2) continue;
    const SiteVertex* v = &shapes.vertices[part.first];
    b.add({reduce_deg_180(v[0].lon_deg), v[0].lat_deg});
    for (std::uint32_t k = 1; k < part.count; ++k) add_arc(v[k - 1], v[k], &b);
    if (part.kind == PartKind::ring) add_arc(v[part.count - 1], v[0], &b);  // closed
    b.end();
  }
  return out;
}

}  // namespace geofield
