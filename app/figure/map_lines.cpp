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
  const ContourGrid grid = contour_grid_over(field, s.field_nx, s.field_ny, w, h, s.field_cells);
  const OverlayLook& o = s.overlay;
  const int every = std::max(1, o.major_every);
  // The major rings traced at their own interval, so that they fade (are left out) by their own
  // spacing, as the shader fades them; the minor ones at the interval, less the majors.
  for (ContourLevel& level : contour_lines(grid, s.contour_interval * every, kDenseHalfFade)) {
    out->groups.push_back(
        {LineGroup::Kind::ring, rgba_bytes(o.ring_rgba), o.ring_width_px, std::move(level.lines)});
  }
  if (every == 1) return;
  for (ContourLevel& level : contour_lines(grid, s.contour_interval, kDenseHalfFade)) {
    if (is_major_ring(std::llround(level.value / s.contour_interval), every)) continue;
    out->groups.push_back({LineGroup::Kind::ring, rgba_bytes(o.ring_rgba), o.minor_ring_width_px,
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
  const OverlayLook& o = s.overlay;
  const double r = s.marker_radius_px;
  std::vector<Polyline> outline;
  if (o.marker_shape == MarkerShape::ring || o.marker_shape == MarkerShape::dot) {
    Polyline circle;
    for (int k = 0; k <= kMarkerSides; ++k) {
      const double a = 2 * std::numbers::pi * k / kMarkerSides;
      circle.push_back({at->x + r * std::cos(a), at->y + r * std::sin(a)});
    }
    outline.push_back(std::move(circle));
  } else {
    const std::vector<std::array<double, 2>> p = marker_outline(o.marker_shape, r);
    const std::size_t run = o.marker_shape == MarkerShape::cross ? 2 : p.size();
    for (std::size_t k = 0; k < p.size(); k += run) {
      Polyline line;
      for (std::size_t j = k; j < k + run; ++j) line.push_back({at->x + p[j][0], at->y + p[j][1]});
      outline.push_back(std::move(line));
    }
  }
  if (o.marker_shape == MarkerShape::dot) {  // discs: the dark one, the light one inside its rim
    const double rim = (o.marker_dark_width_px - o.marker_light_width_px) / 2;
    out->dots.push_back({*at, r, {0, 0, 0, 255}});
    out->dots.push_back({*at, std::max(0.0, r - rim), {255, 255, 255, 255}});
    return;
  }
  out->groups.push_back({LineGroup::Kind::marker, {0, 0, 0, 255}, o.marker_dark_width_px, outline});
  out->groups.push_back(
      {LineGroup::Kind::marker, {255, 255, 255, 255}, o.marker_light_width_px, outline});
  if (o.marker_shape == MarkerShape::ring) {
    out->dots.push_back({*at, kMarkerDotRadiusPx, {255, 255, 255, 255}});
  }
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
    out.groups.push_back({LineGroup::Kind::graticule, rgba_bytes(s.overlay.graticule_rgba),
                          s.overlay.graticule_width_px, std::move(g)});
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
