#include "figure/graticule_polylines.h"

#include <algorithm>
#include <cmath>

#include "gl/line_layer.h"
#include "gl/overlay_look.h"

namespace geofield {
namespace {

constexpr double kSampleDeg = 1.0;  // along a projected line at most; MapPixels subdivides
constexpr int kMinSamples = 64;     // along a line across the map's cap, however small
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

// Samples from `from` over `span` degrees: kSampleDeg apart, closer on a small map (MapPixels
// subdivides further where the projection curves them).
std::vector<double> samples(double from, double span) {
  const int n = std::max(kMinSamples, static_cast<int>(std::ceil(span / kSampleDeg)));
  std::vector<double> out(n + 1);
  for (int i = 0; i <= n; ++i) out[i] = from + span * i / n;
  return out;
}

// Only the lines that cross the part of the sphere the map shows (cap_bounds), sampled over it:
// a map a kilometre wide costs what a hemisphere does.
void projected_lines(const MapPixels& px, const ViewStyle& s, std::vector<Polyline>* out) {
  const double lat_step = s.graticule_lat_step_deg, lon_step = s.graticule_lon_step_deg;
  if (!(lat_step > 0) || !(lon_step > 0)) return;
  const GeoBounds cap = cap_bounds(s.map);
  PolylineCutter cutter(px.width(), px.height(), kOverlayLineWidthPx, out);
  std::vector<GeoPoint> run;
  // Parallels; round the whole circle from the meridian behind the centre when the cap holds a
  // pole (the seam out of sight).
  const bool all_round = cap.lon_span_deg >= 360;
  const double west = all_round ? s.map.centre_lon_deg - 180 : cap.lon_min_deg;
  const std::vector<double> lons = samples(west, cap.lon_span_deg);
  const double k0 = std::ceil(cap.lat_min_deg / lat_step),
               k1 = std::floor(cap.lat_max_deg / lat_step);
  for (double k = k0; k <= k1 && k - k0 < kMaxLines; ++k) {
    if (std::fabs(k * lat_step) >= 90) continue;  // a pole: a point
    run.clear();
    for (const double lon : lons) run.push_back({k * lat_step, lon});
    px.path(run, &cutter);
  }
  // Meridians across the cap, in runs where they are far enough apart to show.
  const std::vector<double> lats = samples(cap.lat_min_deg, cap.lat_max_deg - cap.lat_min_deg);
  const double j0 = std::ceil(west / lon_step);
  for (double j = j0; j * lon_step < west + cap.lon_span_deg && j - j0 < kMaxLines; ++j) {
    const double lon = j * lon_step;
    run.clear();
    for (std::size_t i = 0; i < lats.size(); ++i) {
      const GeoPoint p{lats[i], lon};
      const GeoPoint mid{(lats[i] + (i > 0 ? lats[i - 1] : lats[i])) / 2, lon};
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
