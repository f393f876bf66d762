// The figure's map lines as vectors (app/figure/map_lines.*, issue 29), against what they must
// be: rings of a field whose rings are known circles, built-in coastline vertices at the pixels
// the textbook projections give, parallels at their latitude, lines cut where the map has no
// place for them, and the look the field shader gives each kind.
#include "figure/map_lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "field_constants.h"
#include "figure/contour_lines.h"
#include "figure/graticule_polylines.h"
#include "figure/map_pixels.h"
#include "gl/overlay_look.h"
#include "projection.h"
#include "sites/geo_lines.h"

namespace geofield {
namespace {

// A cone about (cx, cy) pixels: its rings at multiples of the interval are circles.
std::vector<float> cone(int nx, int ny, double dx, double dy, double cx, double cy,
                        double nan_beyond = INFINITY) {
  std::vector<float> v(static_cast<size_t>(nx) * ny);
  for (int i = 0; i < ny; ++i) {
    for (int j = 0; j < nx; ++j) {
      const double r = std::hypot(j * dx - cx, i * dy - cy);
      v[static_cast<size_t>(i) * nx + j] = r > nan_beyond ? NAN : static_cast<float>(r);
    }
  }
  return v;
}

TEST(ContourLines, RingsOfAConeAreItsCirclesWithinAHundredthOfAPixel) {
  const int nx = 301, ny = 201;
  const double dx = 1.25, dy = 1.0, cx = 180.3, cy = 97.6;  // not on a node
  const std::vector<float> v = cone(nx, ny, dx, dy, cx, cy);
  const std::vector<ContourLevel> levels = contour_lines({v, nx, ny, dx, dy}, 20.0);
  ASSERT_FALSE(levels.empty());
  double worst = 0;
  for (const ContourLevel& level : levels) {
    for (const Polyline& line : level.lines) {
      for (const PointPx& p : line) {
        worst = std::max(worst, std::fabs(std::hypot(p.x - cx, p.y - cy) - level.value));
      }
    }
  }
  EXPECT_LT(worst, 0.01) << "px off the circle";
  // The levels are the multiples of 20 the cone crosses (0 is its tip: no line), lowest first.
  EXPECT_EQ(levels.front().value, 20.0);
  const double farthest = std::hypot(cx, ny - 1 - cy);  // the corner farthest from the tip
  EXPECT_EQ(levels.back().value, std::floor(farthest / 20) * 20);
  // Rings wholly inside the grid are one closed polyline each, their first point repeated last.
  for (const ContourLevel& level : levels) {
    if (level.value >= cy) break;  // 97.6 pixels to the top edge
    ASSERT_EQ(level.lines.size(), 1u) << level.value;
    const Polyline& ring = level.lines[0];
    EXPECT_DOUBLE_EQ(ring.front().x, ring.back().x);
    EXPECT_DOUBLE_EQ(ring.front().y, ring.back().y);
    // Its length is the circle's within its chords' shortfall.
    double length = 0;
    for (size_t k = 1; k < ring.size(); ++k) {
      length += std::hypot(ring[k].x - ring[k - 1].x, ring[k].y - ring[k - 1].y);
    }
    EXPECT_NEAR(length, 2 * kPi * level.value, 2 * kPi * level.value * 2e-3);
  }
}

TEST(ContourLines, NodesWithNoValueHaveNoLinesAndCrowdedRingsAreLeftOut) {
  const int n = 201;
  // The field ends 70 pixels out (NaN beyond, as off a projected map): rings up to 60 only.
  const std::vector<float> v = cone(n, n, 1, 1, 100, 100, 70);
  const std::vector<ContourLevel> levels = contour_lines({v, n, n, 1, 1}, 10.0);
  ASSERT_EQ(levels.size(), 6u);
  EXPECT_EQ(levels.back().value, 60.0);
  // Rings 2 pixels apart change by 0.5 a pixel: more than the shader shows, none kept.
  EXPECT_TRUE(contour_lines({v, n, n, 1, 1}, 2.0, kDenseHalfFade).empty());
  EXPECT_EQ(contour_lines({v, n, n, 1, 1}, 10.0, 0.325).size(), 6u);
}

ViewStyle latlon_style(double lat_min, double lat_max, double lon_min, double lon_span) {
  ViewStyle s;
  s.view = s.field = {lat_min, lat_max, lon_min, lon_span};
  return s;
}

ViewStyle projected_style(Projection p, double lat, double lon, double half, double radius) {
  ViewStyle s;
  s.map = {p, lat, lon, half, half, radius};
  s.field_map = s.map;
  s.view = s.field = {-90, 90, -180, 360};
  return s;
}

// Every vertex of the built-in 1:110m coastlines, as (lat, lon).
std::vector<GeoPoint> coast_vertices() {
  const LineSet& set = embedded_lines(LineKind::coastlines, LineScale::s110m);
  std::vector<GeoPoint> out;
  for (size_t p = 0; p < set.points(); ++p)
    out.push_back({set.lonlat[2 * p + 1], set.lonlat[2 * p]});
  return out;
}

// Whether some point of the group's lines is within tol pixels of (x, y).
bool has_point_near(const LineGroup& g, double x, double y, double tol) {
  for (const Polyline& l : g.lines) {
    for (const PointPx& p : l) {
      if (std::hypot(p.x - x, p.y - y) <= tol) return true;
    }
  }
  return false;
}

const LineGroup* group_of(const MapLines& m, LineGroup::Kind kind) {
  for (const LineGroup& g : m.groups) {
    if (g.kind == kind) return &g;
  }
  return nullptr;
}

TEST(MapLines, CoastVerticesLandWhereTheTextbookProjectionsPutThem) {
  const std::vector<GeoPoint> coast = coast_vertices();
  ASSERT_GT(coast.size(), 1000u);
  // Lat/lon, the whole Earth on 3600 x 1800 pixels: ten pixels a degree from 180°W, 90°N.
  {
    ViewStyle s = latlon_style(-90, 90, -180, 360);
    s.lines.coastlines = true;
    const MapLines m = map_lines(s, 3600, 1800, {});
    const LineGroup* g = group_of(m, LineGroup::Kind::coastline);
    ASSERT_NE(g, nullptr);
    for (size_t k = 0; k < coast.size(); k += 97) {
      const GeoPoint c = coast[k];
      ASSERT_TRUE(has_point_near(*g, (c.lon_deg + 180) * 10, (90 - c.lat_deg) * 10, 1e-6))
          << c.lat_deg << ", " << c.lon_deg;
    }
  }
  // Orthographic about 45°N 10°E, R = 1000 px on a 2000-pixel disc: x = R cos φ sin Δλ,
  // y = R (cos φ0 sin φ - sin φ0 cos φ cos Δλ), on the near side only.
  {
    const double lat0 = 45 * kRadPerDeg, lon0 = 10;
    ViewStyle s = projected_style(Projection::ortho, 45, lon0, 6371, 6371);
    s.lines.coastlines = true;
    const MapLines m = map_lines(s, 2000, 2000, {});
    const LineGroup* g = group_of(m, LineGroup::Kind::coastline);
    ASSERT_NE(g, nullptr);
    int near_side = 0;
    for (size_t k = 0; k < coast.size(); k += 37) {
      const double f = coast[k].lat_deg * kRadPerDeg, dl = (coast[k].lon_deg - lon0) * kRadPerDeg;
      const double cos_c =
          std::sin(lat0) * std::sin(f) + std::cos(lat0) * std::cos(f) * std::cos(dl);
      if (cos_c < 0.01) continue;
      ++near_side;
      const double x = std::cos(f) * std::sin(dl);
      const double y = std::cos(lat0) * std::sin(f) - std::sin(lat0) * std::cos(f) * std::cos(dl);
      ASSERT_TRUE(has_point_near(*g, 1000 + 1000 * x, 1000 - 1000 * y, 1e-6))
          << coast[k].lat_deg << ", " << coast[k].lon_deg;
    }
    EXPECT_GT(near_side, 50);
    // Nothing of the far side: every point on the disc (the limb's points on its rim).
    for (const Polyline& l : g->lines) {
      for (const PointPx& p : l) EXPECT_LE(std::hypot(p.x - 1000, p.y - 1000), 1000 + 1e-6);
    }
  }
}

TEST(MapLines, AnAeqdWorldDiscHasNoChordAcrossItsRim) {
  // The whole sphere about 40°N 100°W on a disc of radius 1000 px: lines through the antipode's
  // neighbourhood are cut there, not drawn across the disc.
  const double radius = 6371;
  ViewStyle s = projected_style(Projection::aeqd, 40, -100, kPi * radius, radius);
  s.lines.coastlines = s.lines.borders = true;
  s.graticule_lat_step_deg = s.graticule_lon_step_deg = 30;
  const MapLines m = map_lines(s, 2000, 2000, {});
  const MapPixels px(s, 2000, 2000);
  for (const LineGroup& g : m.groups) {
    for (const Polyline& l : g.lines) {
      for (size_t k = 1; k < l.size(); ++k) {
        // Each segment follows the projection: its middle within a quarter pixel, so none
        // crosses the map from one side of the rim to the other.
        const double len = std::hypot(l[k].x - l[k - 1].x, l[k].y - l[k - 1].y);
        EXPECT_LT(len, 500) << "a segment " << len << " px long";
      }
    }
  }
  EXPECT_NE(group_of(m, LineGroup::Kind::border), nullptr);
}

TEST(MapLines, ParallelsLieOnTheirLatitudeAndMeridiansStopWhereTheyCrowd) {
  const double radius = 6371;
  ViewStyle s = projected_style(Projection::ortho, 30, 20, radius, radius);
  s.graticule_lat_step_deg = s.graticule_lon_step_deg = 15;
  const MapPixels px(s, 1200, 1200);
  const std::vector<Polyline> lines = graticule_polylines(px, s);
  ASSERT_FALSE(lines.empty());
  const ProjectionCentre<double> c = make_projection_centre(30.0, 20.0);
  int on_parallel = 0, near_pole = 0;
  for (const Polyline& l : lines) {
    for (const PointPx& p : l) {
      // Points at the limb may round a hair beyond it: taken back onto the disc.
      const double x = p.x / 600 - 1, y = 1 - p.y / 600;
      const double in = std::min(1.0, (1 - 1e-12) / std::hypot(x, y));
      ASSERT_LT(std::hypot(x, y), 1 + 1e-9);
      const SpherePoint<double> q =
          unproject(Projection::ortho, c, x * in * radius, y * in * radius, radius);
      ASSERT_TRUE(q.valid);
      const double off_lat = std::fabs(q.lat_deg / 15 - std::round(q.lat_deg / 15));
      const double off_lon = std::fabs(q.lon_deg / 15 - std::round(q.lon_deg / 15));
      // On a parallel or on a meridian, to a millionth of the step (at the limb, where a
      // pixel is many degrees, a ten-thousandth).
      const double tol = std::hypot(x, y) < 0.999 ? 1e-6 : 1e-4;
      EXPECT_LT(std::min(off_lat, off_lon), tol) << q.lat_deg << ", " << q.lon_deg;
      on_parallel += off_lat < 1e-6;
      near_pole += q.lat_deg > 89.5;
    }
  }
  EXPECT_GT(on_parallel, 100);
  // 24 meridians meet at the pole, 0.3 px apart within half a degree of it: not drawn there.
  EXPECT_EQ(near_pole, 0);
  // A map a kilometre across, lines every 0.001°: only the lines across it are sampled (a
  // parallel of the whole sphere at this step took 20 s), and they are there.
  ViewStyle small = projected_style(Projection::aeqd, 48, 2, 0.5, radius);
  small.graticule_lat_step_deg = small.graticule_lon_step_deg = 0.001;
  const std::vector<Polyline> few = graticule_polylines(MapPixels(small, 900, 900), small);
  size_t points = 0;
  for (const Polyline& l : few) points += l.size();
  EXPECT_GE(few.size(), 8u + 12u);  // 0.0090° of latitude, 0.0134° of longitude across
  EXPECT_LT(points, 20000u);
  // A lat/lon view: straight lines at the multiples of the steps.
  ViewStyle flat = latlon_style(0, 40, 0, 60);
  flat.graticule_lat_step_deg = flat.graticule_lon_step_deg = 10;
  const std::vector<Polyline> grid = graticule_polylines(MapPixels(flat, 600, 400), flat);
  ASSERT_EQ(grid.size(), 5u + 7u);
  EXPECT_DOUBLE_EQ(grid[1].front().y, 300.0);  // 10°N
  EXPECT_DOUBLE_EQ(grid[6].front().x, 100.0);  // 10°E
}

TEST(MapLines, EachKindHasTheShadersLook) {
  ViewStyle s = latlon_style(30, 50, 0, 30);
  s.field_nx = 301;
  s.field_ny = 201;
  s.contour_interval = 25;
  s.graticule_lat_step_deg = s.graticule_lon_step_deg = 5;
  s.lines.coastlines = s.lines.borders = true;
  s.lines.width_px = 3;
  s.lines.coast_rgba = {1, 1, 1, 1};
  s.lines.border_rgba = {1, 1, 1, 0.6f};
  s.marker = true;
  s.marker_lat_deg = 40, s.marker_lon_deg = 15 + 360;  // a copy of the middle
  s.marker_radius_px = 9;
  const std::vector<float> field = cone(301, 201, 1, 1, 150, 100);
  const MapLines m = map_lines(s, 300, 200, field);
  const LineGroup* ring = group_of(m, LineGroup::Kind::ring);
  ASSERT_NE(ring, nullptr);
  EXPECT_EQ(ring->rgba, (Rgba{0, 0, 0, 166}));  // 0.65 of black
  EXPECT_EQ(ring->width_px, 2.0);
  EXPECT_EQ(group_of(m, LineGroup::Kind::graticule)->rgba, (Rgba{255, 255, 255, 115}));
  EXPECT_EQ(group_of(m, LineGroup::Kind::coastline)->width_px, 3.0);
  EXPECT_EQ(group_of(m, LineGroup::Kind::border)->rgba, (Rgba{255, 255, 255, 153}));
  // Rings one group a value: 25 to 175 pixels (the corners are 180 away).
  EXPECT_EQ(std::count_if(m.groups.begin(), m.groups.end(),
                          [](const LineGroup& g) { return g.kind == LineGroup::Kind::ring; }),
            7);
  // The marker in the view's middle: a ring of its radius and the centre dot.
  ASSERT_EQ(m.dots.size(), 1u);
  EXPECT_NEAR(m.dots[0].at.x, 150, 1e-9);
  EXPECT_NEAR(m.dots[0].at.y, 100, 1e-9);
  const ViewStyle bare = without_map_lines(s);
  EXPECT_TRUE(map_lines(bare, 300, 200, field).empty());
}

}  // namespace
}  // namespace geofield
