// Whole-world azimuthal figures (issue 29, "azimuthal maps done right"): an aeqd map out to the
// antipode or an ortho globe is laid out as a disc with a bearing scale around it (0° at the
// top, clockwise) and its graticule labelled on it, no two labels touching; painted, the rim
// takes the map's colours from inside (no page steps, no ring along it) and nothing of the map
// lies beyond it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "field_constants.h"
#include "figure/figure_layout.h"
#include "figure/figure_paint.h"
#include "figure/maidenhead_grid.h"
#include "figure/map_disc.h"

namespace geofield {
namespace {

FieldParams world_aeqd() {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.ref_lat_deg = 40;
  p.ref_lon_deg = -105;
  p.extent = max_extent(p);
  p.nx = p.ny = 801;
  return p;
}

FieldParams globe(double centre_lat, double centre_lon) {
  FieldParams p;
  p.projection = Projection::ortho;
  p.lat_min_deg = centre_lat - 1, p.lat_max_deg = centre_lat + 1;
  p.lon_min_deg = centre_lon - 1, p.lon_max_deg = centre_lon + 1;
  p.ref_lat_deg = 40;
  p.ref_lon_deg = -105;
  p.extent = max_extent(p);
  p.nx = p.ny = 801;
  return p;
}

// The figure's look as `render` gives it: rings, a 30° graticule, the map's projected frame.
StyleForSize style_of(const FieldParams& p) {
  return [p](int, int) {
    ViewStyle s;
    s.value_min = 0;
    s.value_max = 20000;
    s.contour_interval = 2000;
    s.graticule_lat_step_deg = s.graticule_lon_step_deg = 30;
    s.map = map_frame_of(p);
    s.marker_radius_px = 6;
    return s;
  };
}

// Every text of the figure, with its painted box (the boxed labels' pad around them).
std::vector<PlacedText> boxes(const FigureLayout& L) {
  std::vector<PlacedText> out = L.azimuth_labels;
  for (const auto* boxed : {&L.ring_labels, &L.site_labels, &L.disc_labels}) {
    for (const PlacedText& t : *boxed) {
      const double p = L.ring_pad_px;
      out.push_back({t.text, t.x - p, t.y - p, t.w + 2 * p, t.h + 2 * p});
    }
  }
  out.push_back(L.title);
  out.push_back(L.caption);
  return out;
}

double centre_x(const PlacedText& t) { return t.x + t.w / 2; }
double centre_y(const PlacedText& t) { return t.y + t.h / 2; }

const PlacedText* find(const std::vector<PlacedText>& v, const std::string& text) {
  for (const PlacedText& t : v) {
    if (t.text == text) return &t;
  }
  return nullptr;
}

TEST(FigureDisc, AWholeWorldAeqdMapIsADiscWithABearingScale) {
  const FieldParams p = world_aeqd();
  for (int width : {800, 2400}) {
    SCOPED_TRACE(width);
    const FigureLayout L = layout_figure(p, width, "", style_of(p));
    ASSERT_TRUE(L.disc.has_value());
    const MapDisc& d = *L.disc;
    EXPECT_TRUE(d.bearings);
    EXPECT_NEAR(d.r, L.map.w / 2.0, 0.5);
    EXPECT_NEAR(d.x, L.map.x + L.map.w / 2.0, 1e-9);
    // 72 ticks (every 5°), 12 labels (every 30°), each label at its bearing beyond the rim.
    EXPECT_EQ(L.azimuth_ticks.size(), 72u);
    ASSERT_EQ(L.azimuth_labels.size(), 12u);
    for (const PlacedText& t : L.azimuth_labels) {
      const double bearing = std::stod(t.text) * kPi / 180;
      const double dx = centre_x(t) - d.x, dy = centre_y(t) - d.y;
      EXPECT_NEAR(std::atan2(dx, -dy), std::remainder(bearing, 2 * kPi), 1e-9) << t.text;
      // Its box wholly beyond the rim and the ticks, and on the page.
      for (double x : {t.x, t.x + t.w}) {
        for (double y : {t.y, t.y + t.h}) {
          EXPECT_GT(std::hypot(x - d.x, y - d.y), d.r + L.tick_len) << t.text;
        }
      }
      EXPECT_GE(t.x, 0);
      EXPECT_LE(t.x + t.w, L.width);
    }
    // 0° above the centre, 90° right, 180° below, 270° left.
    const PlacedText *n = find(L.azimuth_labels, "0°"), *e = find(L.azimuth_labels, "90°");
    const PlacedText *s = find(L.azimuth_labels, "180°"), *w = find(L.azimuth_labels, "270°");
    ASSERT_TRUE(n && e && s && w);
    EXPECT_LT(n->y + n->h, d.y - d.r);
    EXPECT_GT(e->x, d.x + d.r);
    EXPECT_GT(s->y, d.y + d.r);
    EXPECT_LT(w->x + w->w, d.x - d.r);
    // The title above the scale, the colorbar below it.
    EXPECT_LE(L.title.y + L.title.h, n->y);
    EXPECT_GE(L.bar.y, s->y + s->h);
  }
}

TEST(FigureDisc, NoTwoLabelsTouchAndTheGraticuleIsLabelledOnTheDisc) {
  for (const FieldParams& p : {world_aeqd(), globe(40, -105), globe(10, 60)}) {
    SCOPED_TRACE(to_string(p.projection));
    for (int width : {800, 1600, 2400}) {
      SCOPED_TRACE(width);
      const FigureLayout L = layout_figure(p, width, "", style_of(p));
      ASSERT_TRUE(L.disc.has_value());
      const std::vector<PlacedText> all = boxes(L);
      for (size_t i = 0; i < all.size(); ++i) {
        for (size_t j = i + 1; j < all.size(); ++j) {
          EXPECT_FALSE(boxes_touch(all[i], all[j], 0)) << all[i].text << " / " << all[j].text;
        }
      }
      int lats = 0, lons = 0;
      for (const PlacedText& t : L.disc_labels) {
        const char last = t.text.back();
        (last == 'N' || last == 'S' ? lats : lons) += 1;
        const double pad = L.ring_pad_px;
        for (double x : {t.x - pad, t.x + t.w + pad}) {
          for (double y : {t.y - pad, t.y + t.h + pad}) {
            EXPECT_LE(std::hypot(x - L.disc->x, y - L.disc->y), L.disc->r) << t.text;
          }
        }
      }
      EXPECT_GE(lats, 2);
      EXPECT_GE(lons, 4);
    }
  }
}

TEST(FigureDisc, OnlyGlobesAboutTheReferenceHaveABearingScale) {
  const FieldParams about_ref = globe(40, -105), elsewhere = globe(10, 60);
  EXPECT_EQ(layout_figure(about_ref, 1000, "", style_of(about_ref)).azimuth_labels.size(), 12u);
  const FigureLayout L = layout_figure(elsewhere, 1000, "", style_of(elsewhere));
  ASSERT_TRUE(L.disc.has_value());
  EXPECT_FALSE(L.disc->bearings);
  EXPECT_TRUE(L.azimuth_labels.empty());
  EXPECT_TRUE(L.azimuth_ticks.empty());
}

TEST(FigureDisc, ACutDiscOrALatLonMapIsNotOne) {
  FieldParams regional = world_aeqd();
  regional.extent = 3000;
  EXPECT_FALSE(layout_figure(regional, 1000, "", style_of(regional)).disc.has_value());
  FieldParams wide = world_aeqd();
  wide.ny = 401;  // the disc cut at the top and bottom
  EXPECT_FALSE(layout_figure(wide, 1000, "", style_of(wide)).disc.has_value());
  FieldParams latlon;
  EXPECT_FALSE(layout_figure(latlon, 1000, "", style_of(latlon)).disc.has_value());
}

// The Maidenhead fields on the world disc about Boulder (DM79): lines, and names on the disc
// touching no other label; DM's name within a field's width of the centre.
TEST(FigureDisc, MaidenheadFieldsAreNamedOnTheDiscApartFromTheOtherLabels) {
  const FieldParams p = world_aeqd();
  FigureLayout L = layout_figure(p, 1600, "", style_of(p));
  add_maidenhead_grid(&L);
  EXPECT_GE(L.maidenhead_lines.size(), 18u + 17u);
  ASSERT_GE(L.maidenhead_labels.size(), 100u);
  std::vector<PlacedText> all = boxes(L);
  for (const PlacedText& t : L.maidenhead_labels) {
    const double pad = L.ring_pad_px;
    all.push_back({t.text, t.x - pad, t.y - pad, t.w + 2 * pad, t.h + 2 * pad});
    EXPECT_LE(std::hypot(t.x - pad - L.disc->x, t.y - pad - L.disc->y), L.disc->r) << t.text;
  }
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = i + 1; j < all.size(); ++j) {
      EXPECT_FALSE(boxes_touch(all[i], all[j], 0)) << all[i].text << " / " << all[j].text;
    }
  }
  const PlacedText* dm = find(L.maidenhead_labels, "DM");
  ASSERT_NE(dm, nullptr);
  EXPECT_LT(std::hypot(centre_x(*dm) - L.disc->x, centre_y(*dm) - L.disc->y), L.disc->r / 9);
}

// A picture as the renderer draws a disc a node a pixel: the page's white where the pixel's
// centre is beyond the rim, a dark ring on the last pixel inside it, a colour within.
Image stepped_disc(int n, const MapDisc& d) {
  Image img{n, n, std::vector<std::uint8_t>(static_cast<size_t>(n) * n * 4, 255)};
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) {
      const double r = std::hypot(x + 0.5 - d.x, y + 0.5 - d.y);
      std::uint8_t* p = &img.rgba[(static_cast<size_t>(y) * n + x) * 4];
      if (r < d.r - 1) {
        p[0] = 40, p[1] = 160, p[2] = 120;
      } else if (r < d.r) {
        p[0] = p[1] = p[2] = 20;
      }
    }
  }
  return img;
}

TEST(FigureDisc, ThePaintedRimHasTheMapsColoursAndNothingBeyondIt) {
  const FieldParams p = world_aeqd();
  const FigureLayout L = layout_figure(p, 800, "", style_of(p));
  const MapDisc& d = *L.disc;
  const Image map = stepped_disc(L.map.w, disc_from(d, L.map.x, L.map.y));
  const Image fig = paint_figure(L, map);
  int dark_at_rim = 0, map_beyond = 0, inside = 0;
  for (int y = L.map.y; y < L.map.y + L.map.h; ++y) {
    for (int x = L.map.x; x < L.map.x + L.map.w; ++x) {
      const std::uint8_t* c = &fig.rgba[(static_cast<size_t>(y) * fig.width + x) * 4];
      const double r = std::hypot(x + 0.5 - d.x, y + 0.5 - d.y);
      const bool dark = c[0] + c[1] + c[2] < 3 * 100;
      if (std::fabs(r - d.r) < 2 && dark) ++dark_at_rim;
      // Beyond a pixel past the rim: the page, or the scale's grey ink in the square's corners.
      const int spread = std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]});
      if (r > d.r + 1 && spread > 8) ++map_beyond;
      if (r < d.r - 4) inside += c[0] == 40 && c[1] == 160 && c[2] == 120;
    }
  }
  EXPECT_EQ(dark_at_rim, 0);
  EXPECT_EQ(map_beyond, 0);
  EXPECT_GT(inside, 0.7 * L.map.w * L.map.h);
  // No frame: the map's square corner is the page.
  const std::uint8_t* corner = &fig.rgba[(static_cast<size_t>(L.map.y) * fig.width + L.map.x) * 4];
  EXPECT_EQ(corner[0] + corner[1] + corner[2], 3 * 255);
}

}  // namespace
}  // namespace geofield
