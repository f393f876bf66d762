#include "figure/map_lines.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include "errors.h"
#include "field_math.h"
#include "figure/contour_lines.h"
#include "figure/graticule_polylines.h"
#include "figure/map_pixels.h"
#include "gl/line_layer.h"
#include "gl/overlay_look.h"
#include "projection.h"

namespace geofield {
namespace {

constexpr int kMarkerSides = 96;  // the marker's rings as polygons: smooth at any print size

std::uint8_t byte_of(double unit) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(unit, 0.0, 1.0) * 255));
}

Rgba rgba_bytes(const std::array<float, 4>& c) {
  return {byte_of(c[0]), byte_of(c[1]), byte_of(c[2]), byte_of(c[3])};
}

void add_rings(const ViewStyle& s, int w, int h, std::span<const float> field, MapLines* out) {
  if (!(s.contour_interval > 0) || field.empty()) return;
  const bool same_grid = s.map.projected() ? s.map == s.field_map : s.view == s.field;
  if (!same_grid || field.size() != static_cast<std::size_t>(s.field_nx) * s.field_ny) {
    GF_FAIL("map_lines: the field's grid is not the map's");
  }
  const ContourGrid grid{field, s.field_nx, s.field_ny, double(w) / (s.field_nx - 1),
                         double(h) / (s.field_ny - 1)};
  for (ContourLevel& level : contour_lines(grid, s.contour_interval, kDenseHalfFade)) {
    out->groups.push_back({LineGroup::Kind::ring,
                           {0, 0, 0, byte_of(kRingDarken)},
                           kOverlayLineWidthPx,
                           std::move(level.lines)});
  }
}

// One layer of the built-in lines (no segment of which crosses the antimeridian), each world
// copy a lat/lon view needs.
std::vector<Polyline> geo_lines(const MapPixels& px, const LineSet& set, double width_px) {
  std::vector<Polyline> out;
  {
    PolylineCutter cutter(px.width(), px.height(), width_px, &out);  // done before out returns
    std::vector<GeoPoint> run;
    for (const double copy : px.world_copies_deg()) {
      for (std::size_t k = 0; k < set.polylines(); ++k) {
        run.clear();
        for (std::uint32_t p = set.starts[k]; p < set.starts[k + 1]; ++p) {
          run.push_back({set.lonlat[2 * p + 1], set.lonlat[2 * p] + copy});
        }
        px.path(run, &cutter);
      }
    }
  }
  return out;
}

void add_marker(const ViewStyle& s, const MapPixels& px, MapLines* out) {
  if (!s.marker) return;
  std::optional<PointPx> at;
  if (px.projected()) {
    at = px.at({s.marker_lat_deg, s.marker_lon_deg});
  } else {
    // The copy of the point nearest the view's middle, as the renderer places it.
    const GeoBounds& v = s.view;
    const double east = reduce_deg_180(s.marker_lon_deg - (v.lon_min_deg + v.lon_span_deg / 2));
    at = px.at({s.marker_lat_deg, px.west_deg() + v.lon_span_deg / 2 + east});
  }
  if (!at) return;
  Polyline circle;
  for (int k = 0; k <= kMarkerSides; ++k) {
    const double a = 2 * std::numbers::pi * k / kMarkerSides;
    circle.push_back(
        {at->x + s.marker_radius_px * std::cos(a), at->y + s.marker_radius_px * std::sin(a)});
  }
  out->groups.push_back({LineGroup::Kind::marker, {0, 0, 0, 255}, kMarkerDarkWidthPx, {circle}});
  out->groups.push_back(
      {LineGroup::Kind::marker, {255, 255, 255, 255}, kMarkerWhiteWidthPx, {circle}});
  out->dots.push_back({*at, kMarkerDotRadiusPx, {255, 255, 255, 255}});
}

}  // namespace

MapLines map_lines(const ViewStyle& s, int w, int h, std::span<const float> field,
                   const LineSet& sites) {
  MapLines out;
  // The renderer's overlays need the map's geography: a lat/lon view or a projected map.
  const bool projected = s.map.projected() && s.field_map.projected();
  if (!projected && !(s.view.valid() && s.field.valid())) return out;
  const MapPixels px(s, w, h);
  add_rings(s, w, h, field, &out);
  if (std::vector<Polyline> g = graticule_polylines(px, s); !g.empty()) {
    out.groups.push_back({LineGroup::Kind::graticule,
                          {255, 255, 255, byte_of(kGraticuleLighten)},
                          kOverlayLineWidthPx,
                          std::move(g)});
  }
  const LineOverlay& o = s.lines;
  if (o.borders || o.coastlines) {
    const LineScale scale =
        projected ? scale_for_map(s.map)
                  : scale_for_view(s.view.lon_span_deg, s.view.lat_max_deg - s.view.lat_min_deg);
    if (o.borders) {
      out.groups.push_back({LineGroup::Kind::border, rgba_bytes(o.border_rgba), o.width_px,
                            geo_lines(px, embedded_lines(LineKind::borders, scale), o.width_px)});
    }
    if (o.coastlines) {
      out.groups.push_back(
          {LineGroup::Kind::coastline, rgba_bytes(o.coast_rgba), o.width_px,
           geo_lines(px, embedded_lines(LineKind::coastlines, scale), o.width_px)});
    }
  }
  if (o.sites && sites.points() >= 2) {
    // As the line layer draws them: on a dark edge 0.75 pixel wider each side.
    std::vector<Polyline> lines = geo_lines(px, sites, o.sites_width_px + kSiteEdgePx);
    out.groups.push_back({LineGroup::Kind::site_edge,
                          {0, 0, 0, byte_of(kSiteEdgeAlpha)},
                          o.sites_width_px + kSiteEdgePx,
                          lines});
    out.groups.push_back(
        {LineGroup::Kind::site, rgba_bytes(o.sites_rgba), o.sites_width_px, std::move(lines)});
  }
  add_marker(s, px, &out);
  return out;
}

ViewStyle without_map_lines(ViewStyle s) {
  s.contour_interval = 0;
  s.graticule_lat_step_deg = s.graticule_lon_step_deg = 0;
  s.marker = false;
  s.lines.coastlines = s.lines.borders = s.lines.sites = false;
  return s;
}

}  // namespace geofield
