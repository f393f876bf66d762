// The window's graticule labels (issue 30): over random views of every projection, no two
// boxes overlap, none leaves the map, each sits at its own line; the default view's corner
// and east edge, which put "99°E" over "28°N" and "103°E" in the grey.
#include "view/graticule_labels.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "figure/degree_labels.h"
#include "sichuan_view.h"
#include "view/projected_view.h"
#include "view/view_state.h"

namespace geofield {
namespace {

using test::sichuan_view;

constexpr double kCharPx = 7, kFontPx = 13;  // ImGui's default font, about

double width_of(std::string_view t) {  // code points: "°" is one character wide
  double n = 0;
  for (const char c : t) n += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  return n * kCharPx;
}

GraticuleLabelLook look() {
  GraticuleLabelLook l;
  l.text_width_px = width_of;
  l.text_height_px = kFontPx;
  return l;
}

std::vector<GraticuleLabel> labels(const FieldParams& p, const MapRect& r, double lat_step,
                                   double lon_step) {
  const int lat_dec = degree_decimals(lat_step), lon_dec = degree_decimals(lon_step);
  return place_graticule_labels(
      graticule_edge_crossings(p, r, lat_step, lon_step, 4 * kFontPx), r,
      [&](const GraticuleCrossing& c) {
        return c.latitude ? lat_label(c.value_deg, lat_dec) : lon_label(c.value_deg, lon_dec);
      },
      look());
}

bool overlap(const GraticuleLabel& a, const GraticuleLabel& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

TEST(GraticuleLabels, FiftyRandomViewsNoOverlapNoneOutsideEachAtItsLine) {
  std::mt19937_64 rng(30);
  std::uniform_real_distribution<double> u(0, 1);
  const Projection kinds[] = {Projection::latlon, Projection::aeqd, Projection::ortho,
                              Projection::eqearth};
  int placed = 0, latitudes = 0, meridians = 0;
  for (int k = 0; k < 50; ++k) {
    FieldParams p;
    p.projection = kinds[k % 4];
    const MapRect r{300 * u(rng), 50 * u(rng), 300 + 1100 * u(rng), 200 + 700 * u(rng)};
    p.nx = static_cast<int>(r.w), p.ny = static_cast<int>(r.h);
    p.ref_lat_deg = -80 + 160 * u(rng), p.ref_lon_deg = -180 + 360 * u(rng);
    const double span = std::pow(10.0, -1 + 3.3 * u(rng));  // 0.1 to 200 degrees
    const double lat_span = std::min(179.0, span * r.h / r.w);
    const double lat_c = (-90 + lat_span / 2) + (180 - lat_span) * u(rng);
    p.lat_min_deg = lat_c - lat_span / 2, p.lat_max_deg = lat_c + lat_span / 2;
    p.lon_min_deg = -180 + 360 * u(rng), p.lon_max_deg = p.lon_min_deg + std::min(360.0, span);
    if (p.lon_max_deg > 180) p.lon_max_deg -= 360;
    double lat_step = nice_step_deg(lat_span, std::max(1, int(r.h / 140)));
    double lon_step = nice_step_deg(std::min(360.0, span), std::max(1, int(r.w / 140)));
    if (p.projection != Projection::latlon) {
      p.extent = std::min(max_extent(p), radius_in_units(p) * span * kRadPerDeg / 2);
      lat_step = lon_step = nice_step_deg(projected_span_deg(p), std::max(1, int(r.w / 140)));
    }
    const std::vector<GraticuleLabel> ls = labels(p, r, lat_step, lon_step);
    for (std::size_t a = 0; a < ls.size(); ++a) {
      const GraticuleLabel& l = ls[a];
      SCOPED_TRACE(std::to_string(k) + " " + std::string(to_string(p.projection)) + " " + l.text);
      EXPECT_GE(l.x, r.x);
      EXPECT_GE(l.y, r.y);
      EXPECT_LE(l.x + l.w, r.x + r.w);
      EXPECT_LE(l.y + l.h, r.y + r.h);
      EXPECT_EQ(l.w, width_of(l.text) + 4);
      if (l.latitude) {  // against the west edge, just above (or below) its parallel
        EXPECT_NEAR(l.x, r.x + 2, 1e-9);
        EXPECT_TRUE(std::fabs(l.y + l.h + 2 - l.line_px) < 1e-9 ||
                    std::fabs(l.y - 2 - l.line_px) < 1e-9);
      } else {  // against the south edge, just right (or left) of its meridian
        EXPECT_NEAR(l.y + l.h, r.y + r.h - 2, 1e-9);
        EXPECT_TRUE(std::fabs(l.x - 2 - l.line_px) < 1e-9 ||
                    std::fabs(l.x + l.w + 2 - l.line_px) < 1e-9);
      }
      for (std::size_t b = a + 1; b < ls.size(); ++b) {
        EXPECT_FALSE(overlap(l, ls[b])) << "over " << ls[b].text;
      }
      ++placed, latitudes += l.latitude, meridians += !l.latitude;
    }
  }
  // Labels were placed, of both kinds: the test is not passed by placing none.
  EXPECT_GT(placed, 200);
  EXPECT_GT(latitudes, 60);
  EXPECT_GT(meridians, 60);
}

TEST(GraticuleLabels, TheDefaultViewsCornerAndEastEdge) {
  const FieldParams p = sichuan_view().params;  // 28:32 N, 99:103 E
  const MapRect r{300, 0, 1100, 860};
  const std::vector<GraticuleLabel> ls = labels(p, r, 1, 1);
  std::vector<std::string> texts;
  for (const GraticuleLabel& l : ls) texts.push_back(l.text);
  // The corner: 99°E keeps it, 28°N (above the south edge, over it) gives way.
  EXPECT_EQ(texts, (std::vector<std::string>{"99°E", "100°E", "101°E", "102°E", "103°E", "29°N",
                                             "30°N", "31°N", "32°N"}));
  const GraticuleLabel& east = ls[4];  // 103°E: the east edge's, left of its meridian
  EXPECT_NEAR(east.x + east.w, r.x + r.w - 2, 1e-9);
  const GraticuleLabel& top = ls[8];  // 32°N: the top edge's, below its parallel
  EXPECT_NEAR(top.y, r.y + 2, 1e-9);
}

}  // namespace
}  // namespace geofield
