#include "figure/graticule_polylines.h"

#include <cmath>

#include "gl/overlay_look.h"

namespace geofield {
namespace {

constexpr double kSampleDeg = 1.0;  // along a projected line; MapPixels subdivides further
constexpr int kMaxLines = 400;      // of one kind, as the figure's labels take at most

// Parallels across and meridians down a lat/lon view: where the shader's t is an integer.
void latlon_lines(const MapPixels& px, const ViewStyle& s, std::vector<Polyline>* out) {
  const GeoBounds& v = s.view;
  const double w = px.width(), h = px.height();
  if (const double step = s.graticule_lat_step_deg; step > 0) {
    const double k0 = std::ceil(v.lat_min_deg / step), k1 = std::floor(v.lat_max_deg / step);
    for (double k = k0; k <= k1 && k - k0 < kMaxLines; ++k) {
      const double y = (v.lat_max_deg - k * step) / (v.lat_max_deg - v.lat_min_deg) * h;
      out->push_back({{0, y}, {w, y}});
    }
  }
  if (const double step = s.graticule_lon_step_deg; step > 0) {
    const double west = v.lon_min_deg, east = v.lon_min_deg + v.lon_span_deg;
    const double j0 = std::ceil(west / step), j1 = std::floor(east / step);
    for (double j = j0; j <= j1 && j - j0 < kMaxLines; ++j) {
      const double x = (j * step - west) / v.lon_span_deg * w;
      out->push_back({{x, 0}, {x, h}});
    }
  }
}

// How much t = lon / step changes over a pixel at p (|dt/dx| + |dt/dy|, the shader's fwidth),
// from the projection's derivatives; infinite where they vanish (a pole).
double meridian_change_per_px(const MapPixels& px, GeoPoint p, double step) {
  constexpr double d = 1e-4;  // degrees
  const double dlat = p.lat_deg + d > 90 ? -d : d;
  const auto o = px.at(p), n = px.at({p.lat_deg + dlat, p.lon_deg}),
             e = px.at({p.lat_deg, p.lon_deg + d});
  if (!o || !n || !e) return INFINITY;
  // Columns: pixels per degree of latitude and of longitude; the inverse's longitude row.
  const double a = (n->x - o->x) / dlat, b = (e->x - o->x) / d;
  const double c = (n->y - o->y) / dlat, dd = (e->y - o->y) / d;
  const double det = a * dd - b * c;
  if (!(std::fabs(det) > 0)) return INFINITY;
  return (std::fabs(c) + std::fabs(a)) / std::fabs(det) / step;
}

void projected_lines(const MapPixels& px, const ViewStyle& s, std::vector<Polyline>* out) {
  const double lat_step = s.graticule_lat_step_deg, lon_step = s.graticule_lon_step_deg;
  if (!(lat_step > 0) || !(lon_step > 0)) return;
  const double centre_lon = s.map.centre_lon_deg;
  PolylineCutter cutter(px.width(), px.height(), kOverlayLineWidthPx, out);
  std::vector<GeoPoint> run;
  // Parallels: the whole circle from the meridian behind the centre round to it again.
  const int samples = static_cast<int>(std::lround(360 / kSampleDeg));
  for (double k = std::floor(-90 / lat_step) + 1; k * lat_step < 90; ++k) {
    run.clear();
    for (int i = 0; i <= samples; ++i) {
      run.push_back({k * lat_step, centre_lon - 180 + i * kSampleDeg});
    }
    px.path(run, &cutter);
  }
  // Meridians pole to pole, in runs where they are far enough apart to show.
  const int lat_samples = static_cast<int>(std::lround(180 / kSampleDeg));
  for (int j = 0; j * lon_step < 360 && j < kMaxLines; ++j) {
    const double lon = j * lon_step;
    run.clear();
    for (int i = 0; i <= lat_samples; ++i) {
      const GeoPoint p{-90 + i * kSampleDeg, lon};
      const GeoPoint mid{p.lat_deg - kSampleDeg / 2, lon};
      if (i > 0 && meridian_change_per_px(px, mid, lon_step) > kDenseHalfFade) {
        px.path(run, &cutter);
        run.clear();
      }
      run.push_back(p);
    }
    px.path(run, &cutter);
  }
}

}  // namespace

std::vector<Polyline> graticule_polylines(const MapPixels& px, const ViewStyle& style) {
  std::vector<Polyline> out;
  if (px.projected()) {
    projected_lines(px, style, &out);
  } else {
    latlon_lines(px, style, &out);
  }
  return out;
}

}  // namespace geofield
