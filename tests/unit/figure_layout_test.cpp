// The figure's layout: the map in its true shape at the width, graticule labels inside the
// page and apart, the colorbar's ticks, ring labels on the map, a bad width refused.
#include "figure/figure_layout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "errors.h"
#include "view/view_math.h"

namespace geofield {
namespace {

ViewStyle style_with_everything(const FieldParams& p, int w, int h) {
  ViewStyle s;
  s.value_min = 0;
  s.value_max = 1000;
  s.contour_interval = 50;
  s.graticule_lat_step_deg = nice_step_deg(p.lat_max_deg - p.lat_min_deg, std::max(1, h / 140));
  s.graticule_lon_step_deg = nice_step_deg(lon_span_of(p), std::max(1, w / 140));
  return s;
}

FieldParams region(double lat0, double lat1, double lon0, double lon1) {
  FieldParams p;
  p.lat_min_deg = lat0;
  p.lat_max_deg = lat1;
  p.lon_min_deg = lon0;
  p.lon_max_deg = lon1;
  p.ref_lat_deg = (lat0 + lat1) / 2;
  p.ref_lon_deg = lon0 + lon_span_of(p) / 2;
  return p;
}

bool apart(const PlacedText& a, const PlacedText& b) {
  return a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
}

void expect_readable(const FigureLayout& L) {
  for (size_t i = 0; i < L.graticule_labels.size(); ++i) {
    const PlacedText& a = L.graticule_labels[i];
    EXPECT_GE(a.x, 0) << a.text;
    EXPECT_GE(a.y, 0) << a.text;
    EXPECT_LE(a.x + a.w, L.width) << a.text;
    EXPECT_LE(a.y + a.h, L.height) << a.text;
    for (size_t j = i + 1; j < L.graticule_labels.size(); ++j) {
      EXPECT_TRUE(apart(a, L.graticule_labels[j])) << a.text << " / " << L.graticule_labels[j].text;
    }
  }
  EXPECT_GE(L.title.x, 0);
  EXPECT_LE(L.title.x + L.title.w, L.width);
  EXPECT_LE(L.caption.y + L.caption.h, L.height);
}

TEST(FigureLayout, MapHasTheTrueShapeAtTheWidth) {
  for (const FieldParams& p : {region(29, 31, 99, 103), region(-90, 90, -180, 180),
                               region(60, 80, 0, 40), region(-10, 10, 170, -170)}) {
    for (int width : {400, 1600, 4000}) {
      const FigureLayout L =
          layout_figure(p, width, "", [&](int w, int h) { return style_with_everything(p, w, h); });
      EXPECT_EQ(L.width, width);
      EXPECT_NEAR(double(L.map.w) / L.map.h, true_shape_aspect(p), 2.0 / L.map.h);
      EXPECT_GT(L.map.w, width * 0.75);  // the map is most of the figure
      EXPECT_GE(L.map.x, 0);
      EXPECT_LE(L.map.x + L.map.w, width);
      EXPECT_GT(L.map.y, L.title.y + L.title.h);
      EXPECT_GT(L.bar.y, L.map.y + L.map.h);
      expect_readable(L);
    }
  }
}

TEST(FigureLayout, GraticuleLabelsNameLinesAndNeverOverlap) {
  const FieldParams p = region(-90, 90, -180, 180);
  const FigureLayout L =
      layout_figure(p, 1600, "", [&](int w, int h) { return style_with_everything(p, w, h); });
  EXPECT_FALSE(L.lat_tick_y.empty());
  EXPECT_FALSE(L.lon_tick_x.empty());
  bool has_equator = false, has_180w = false;
  for (const PlacedText& t : L.graticule_labels) {
    has_equator |= t.text == "0°";
    has_180w |= t.text == "180°";
  }
  EXPECT_TRUE(has_equator);
  EXPECT_TRUE(has_180w);
  expect_readable(L);
}

TEST(FigureLayout, ColorbarTicksAndRingLabels) {
  const FieldParams p = region(29, 31, 99, 103);
  const FigureLayout L =
      layout_figure(p, 1600, "", [&](int w, int h) { return style_with_everything(p, w, h); });
  ASSERT_GE(L.bar_ticks.size(), 3u);
  EXPECT_EQ(L.bar_ticks.front().label, "0");
  EXPECT_EQ(L.bar_ticks.back().label, "1000");
  EXPECT_NEAR(L.bar_ticks.back().x_px, L.bar.w, 1.0);
  EXPECT_EQ(L.caption.text, "great-circle distance (km) · haversine, R = 6371.0088 km");
  ASSERT_FALSE(L.ring_labels.empty());
  for (const PlacedText& r : L.ring_labels) {
    EXPECT_GE(r.x, L.map.x);
    EXPECT_LE(r.x + r.w, L.map.x + L.map.w);
  }
}

// Plain titles (issue 29): the place or the point, or the sites; the formula, its sphere or
// ellipsoid and the projection said under the colorbar.
TEST(FigureLayout, TitleSaysWhereFromAndTheCaptionTheDetail) {
  FieldParams p = region(29, 31, 99, 103);
  p.ref_lat_deg = 30;
  p.ref_lon_deg = -101.5;
  EXPECT_EQ(default_figure_title(p), "Distance from 30.00° N, 101.50° W");
  p.ref_lat_deg = -41.9;
  p.ref_lon_deg = 12.5;
  EXPECT_EQ(default_figure_title(p), "Distance from 41.90° S, 12.50° E");
  p.ref_lat_deg = 0;
  p.ref_lon_deg = 180;  // no hemisphere on the equator nor on the antimeridian
  EXPECT_EQ(default_figure_title(p), "Distance from 0.00°, 180.00°");
  const FigureLayout L = layout_figure(p, 800, "My title", [](int, int) { return ViewStyle{}; });
  EXPECT_EQ(L.title.text, "My title");
  // A reference given by name is called by it; sites take its place.
  EXPECT_EQ(default_figure_title(p, 0, "", "Rome, Italy"), "Distance from Rome, Italy");
  EXPECT_EQ(default_figure_title(p, 55, "", "Rome, Italy"), "Distance to the nearest of 55 sites");
  EXPECT_EQ(default_figure_title(p, 1), "Distance to the site");
  EXPECT_EQ(default_figure_title(p, 1, "coastline"), "Distance to coastline");
  p.formula = Formula::seed;
  EXPECT_EQ(default_figure_title(p, 0, "", "Rome, Italy"), "Seed-formula value from Rome, Italy");
  EXPECT_EQ(figure_caption(p), "seed-formula value (km) · seed, R = 6371.0088 km");
  p.formula = Formula::wgs84;
  p.units = Units::nm;
  p.projection = Projection::aeqd;
  EXPECT_EQ(figure_caption(p), "geodesic distance (nm) · WGS84 ellipsoid · azimuthal equidistant");
}

TEST(FigureLayout, ProjectedMapsKeepTheirGridsShape) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.extent = 5000;
  p.nx = 1001;
  p.ny = 501;
  const FigureLayout L = layout_figure(p, 1600, "", [](int, int) { return ViewStyle{}; });
  EXPECT_NEAR(double(L.map.w) / L.map.h, 2.0, 2.0 / L.map.h);
  EXPECT_TRUE(L.graticule_labels.empty());  // no graticule asked for
}

// aeqd about Paris, 3000 km: the parallels every 10 degrees cross the west edge, and the
// meridians the south edge, where the spherical inverse projection (written out here) says.
TEST(FigureLayout, ProjectedGraticuleLabelsSitWhereTheLinesCrossTheEdges) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.ref_lat_deg = 48.85;
  p.ref_lon_deg = 2.35;
  p.extent = 3000;
  const FigureLayout L = layout_figure(p, 1000, "", [](int, int) {
    ViewStyle s;
    s.graticule_lat_step_deg = s.graticule_lon_step_deg = 10;
    return s;
  });
  const double r = p.radius_km, lat0 = p.ref_lat_deg * kPi / 180, lon0 = p.ref_lon_deg * kPi / 180;
  const auto inverse = [&](double x, double y, double* lat, double* lon) {
    const double rho = std::hypot(x, y), c = rho / r;
    *lat = std::asin(std::cos(c) * std::sin(lat0) + y * std::sin(c) * std::cos(lat0) / rho);
    *lon = lon0 + std::atan2(x * std::sin(c),
                             rho * std::cos(lat0) * std::cos(c) - y * std::sin(lat0) * std::sin(c));
    *lat *= 180 / kPi;
    *lon *= 180 / kPi;
  };
  int lats = 0, lons = 0;
  for (const PlacedText& t : L.graticule_labels) {
    const bool west = t.x + t.w <= L.map.x;
    double lat, lon;
    if (west) {  // the label is centred on its crossing
      const double y = p.extent - (t.y + t.h / 2 - L.map.y) / L.map.h * 2 * p.extent;
      inverse(-p.extent, y, &lat, &lon);
      const double want = std::stod(t.text);
      EXPECT_NEAR(lat, want, 0.1) << t.text;
      ++lats;
    } else {
      const double x = (t.x + t.w / 2 - L.map.x) / L.map.w * 2 * p.extent - p.extent;
      inverse(x, -p.extent, &lat, &lon);
      const double want = std::stod(t.text) * (t.text.find('W') != std::string::npos ? -1 : 1);
      EXPECT_NEAR(lon, want, 0.1) << t.text;
      ++lons;
    }
  }
  EXPECT_GE(lats, 4);  // 20N to 60N
  EXPECT_GE(lons, 4);  // 20W to 20E
  expect_readable(L);
}

// `render --projection ortho --lat 20:60 --lon -20:20 --ref 48.85,2.35 --contours 1000
// --figure-width 1000`: ring labels sat on the frame and on the page beyond the globe. Every
// ring label's box (its text and pad, as painted) lies inside the frame and on the globe, in
// ortho and in an aeqd map whose antipode circle is inside the frame.
TEST(FigureLayout, RingLabelsOfProjectedFiguresAreOnTheGlobe) {
  FieldParams o;
  o.projection = Projection::ortho;
  o.lat_min_deg = 20, o.lat_max_deg = 60, o.lon_min_deg = -20, o.lon_max_deg = 20;
  o.ref_lat_deg = 48.85;
  o.ref_lon_deg = 2.35;
  o.extent = max_extent(o);
  o.nx = o.ny = 1000;
  FieldParams a = o;
  a.projection = Projection::aeqd;
  a.extent = 22000;
  for (const FieldParams& p : {o, a}) {
    SCOPED_TRACE(to_string(p.projection));
    const FigureLayout L = layout_figure(p, 1000, "", [](int, int) {
      ViewStyle s;
      s.contour_interval = 1000;
      return s;
    });
    ASSERT_GE(L.ring_labels.size(), 4u);
    const MapRect m{double(L.map.x), double(L.map.y), double(L.map.w), double(L.map.h)};
    const double pad = L.ring_pad_px;
    for (const PlacedText& t : L.ring_labels) {
      for (const double x : {t.x - pad, t.x + t.w + pad}) {
        for (const double y : {t.y - pad, t.y + t.h + pad}) {
          EXPECT_GE(x, m.x) << t.text;
          EXPECT_LE(x, m.x + m.w) << t.text;
          EXPECT_GE(y, m.y) << t.text;
          EXPECT_LE(y, m.y + m.h) << t.text;
          EXPECT_TRUE(point_under(p, m, x, y)) << t.text << " off the globe at " << x << ", " << y;
        }
      }
    }
  }
}

TEST(FigureLayout, WidthOutsideTheRangeIsRefused) {
  const FieldParams p;
  EXPECT_THROW(layout_figure(p, kMinFigureWidthPx - 1, "", [](int, int) { return ViewStyle{}; }),
               UsageError);
  EXPECT_THROW(layout_figure(p, kMaxFigureWidthPx + 1, "", [](int, int) { return ViewStyle{}; }),
               UsageError);
}

// `render --lat 29:31 --lon 99:101 --figure-width 16384` was refused only with the map's size
// (16041x18523 > 16384): the message now gives the largest width that works for the view, which
// is found from the layout itself (the one above it does not fit).
TEST(FigureLayout, AMapTooLargeSaysTheLargestWidthThatFits) {
  const FieldParams p = region(29, 31, 99, 101);
  const StyleForSize style = [&](int w, int h) { return style_with_everything(p, w, h); };
  for (int limit : {16384, 8192}) {
    const FigureLayout L = layout_figure(p, 16384, "", style);
    ASSERT_GT(L.map.h, limit);  // taller than wide (cos 30°): the height passes first
    const int w = largest_figure_width(p, 16384, "", style, limit);
    ASSERT_GE(w, kMinFigureWidthPx);
    const FigureLayout fits = layout_figure(p, w, "", style);
    EXPECT_LE(fits.map.h, limit);
    EXPECT_LE(fits.map.w, limit);
    EXPECT_GT(layout_figure(p, w + 1, "", style).map.h, limit) << w << " is not the largest";
    EXPECT_NEAR(w, 16384.0 * limit / L.map.h, 16384.0 / 400) << "about the overshoot's share";
    EXPECT_EQ(figure_size_problem(L, p, "", style, limit, "--figure-width"),
              "--figure-width 16384: its map (" + std::to_string(L.map.w) + "x" +
                  std::to_string(L.map.h) + " pixels) is larger than this OpenGL's " +
                  std::to_string(limit) + " pixels a side; the largest --figure-width for this " +
                  "view is " + std::to_string(w));
    EXPECT_FALSE(figure_size_problem(fits, p, "", style, limit, "--figure-width"));
  }
}

// A tall strip (`--lat -89:89 --lon 0:1`) fails at every width: its height follows the width, so
// the message says why and what to change, never a width that would fail too.
TEST(FigureLayout, AStripTooTallAtEveryWidthSaysWhatToChange) {
  const FieldParams p = region(-89, 89, 0, 1);
  const StyleForSize style = [&](int w, int h) { return style_with_everything(p, w, h); };
  EXPECT_EQ(largest_figure_width(p, 16384, "", style, 16384), 0);
  const FigureLayout least = layout_figure(p, kMinFigureWidthPx, "", style);
  const std::optional<std::string> m =
      figure_size_problem(least, p, "", style, 16384, "--figure-width");
  ASSERT_TRUE(m);
  EXPECT_NE(m->find("--figure-width 400: its map (" + std::to_string(least.map.w) + "x" +
                    std::to_string(least.map.h) +
                    " pixels) is larger than this OpenGL's 16384 "
                    "pixels a side at every width: the map is "),
            std::string::npos)
      << *m;
  EXPECT_NE(
      m->find("times as tall as wide, so even at the least width, 400, it is " +
              std::to_string(least.map.h) + " pixels tall; give a wider --lon or a narrower --lat"),
      std::string::npos)
      << *m;
  EXPECT_GT(least.map.h, 16384);
  // A projected grid's shape is its --size.
  FieldParams q;
  q.projection = Projection::aeqd;
  q.extent = 5000;
  q.nx = 11;
  q.ny = 1001;
  const StyleForSize plain = [](int, int) { return ViewStyle{}; };
  const std::optional<std::string> mq =
      figure_size_problem(layout_figure(q, 1000, "", plain), q, "", plain, 16384, "figure width");
  ASSERT_TRUE(mq);
  EXPECT_NE(mq->find("figure width 1000: "), std::string::npos) << *mq;
  EXPECT_NE(mq->find("the map is 100 times as tall as wide"), std::string::npos) << *mq;
  EXPECT_NE(mq->find("give a --size less tall for its width"), std::string::npos) << *mq;
  // A strip thin enough for its height to pass an int is held beyond any GL's limit.
  const FieldParams thin = region(-89, 89, 0, 1e-6);
  EXPECT_GT(layout_figure(thin, kMinFigureWidthPx, "", plain).map.h, 1 << 29);
}

}  // namespace
}  // namespace geofield
