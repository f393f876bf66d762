// A figure's site markers and names: markers where the projection puts the sites (none beyond
// kMaxCentreMarkers), names beside them inside the map, apart from each other, from every
// marker and from the boxes taken already; none beyond kNamedCentres sites.
#include "figure/site_names.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "view/projected_view.h"

namespace geofield {
namespace {

FieldParams world() {
  FieldParams p;
  p.lat_min_deg = -60;
  p.lat_max_deg = 60;
  p.lon_min_deg = -180;
  p.lon_max_deg = 180;
  return p;
}

SiteNameLook look() {
  SiteNameLook l;
  l.text_width_px = [](std::string_view s) { return 7.0 * double(s.size()); };
  l.text_height_px = 14;
  l.pad_px = 2;
  l.marker_radius_px = 6;
  return l;
}

bool apart(double ax0, double ay0, double ax1, double ay1, double bx0, double by0, double bx1,
           double by1) {
  return ax1 <= bx0 || bx1 <= ax0 || ay1 <= by0 || by1 <= ay0;
}

// Every name's box (text and pad) inside the map, apart from the others, from every marker and
// from what was taken.
void expect_well_placed(const std::vector<PlacedText>& names, const std::vector<SiteMark>& marks,
                        const PixelRect& map, const std::vector<PlacedText>& taken) {
  const SiteNameLook l = look();
  const double p = l.pad_px, r = l.marker_radius_px;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const PlacedText& a = names[i];
    const double x0 = a.x - p, y0 = a.y - p, x1 = a.x + a.w + p, y1 = a.y + a.h + p;
    EXPECT_GE(x0, map.x) << a.text;
    EXPECT_GE(y0, map.y) << a.text;
    EXPECT_LE(x1, map.x + map.w) << a.text;
    EXPECT_LE(y1, map.y + map.h) << a.text;
    for (std::size_t j = i + 1; j < names.size(); ++j) {
      const PlacedText& b = names[j];
      EXPECT_TRUE(apart(x0, y0, x1, y1, b.x - p, b.y - p, b.x + b.w + p, b.y + b.h + p))
          << a.text << " / " << b.text;
    }
    for (const SiteMark& m : marks) {
      EXPECT_TRUE(apart(x0, y0, x1, y1, m.x - r, m.y - r, m.x + r, m.y + r))
          << a.text << " covers the marker of site " << m.site;
    }
    for (const PlacedText& t : taken) {
      EXPECT_TRUE(apart(x0, y0, x1, y1, t.x, t.y, t.x + t.w, t.y + t.h)) << a.text;
    }
  }
}

TEST(SiteNames, MarkersWhereTheMapPutsThem) {
  const FieldParams p = world();
  const PixelRect map{100, 50, 720, 240};
  const std::vector<Centre> sites = {{0, 0, "a"}, {30, -90, "b"}, {-60, 180, "c"}, {80, 0, "d"}};
  const std::vector<SiteMark> m = site_marks(p, map, sites, std::vector<std::uint32_t>{1, 2, 3, 4});
  ASSERT_EQ(m.size(), 3u);  // d lies north of the map
  EXPECT_DOUBLE_EQ(m[0].x, 460);
  EXPECT_DOUBLE_EQ(m[0].y, 170);
  EXPECT_DOUBLE_EQ(m[1].x, 280);
  EXPECT_DOUBLE_EQ(m[1].y, 110);
  EXPECT_EQ(m[1].rgb, 2u);
  EXPECT_EQ(m[2].site, 2u);
}

TEST(SiteNames, MarkersByTheProjection) {
  FieldParams p = world();
  p.projection = Projection::ortho;
  p.lat_min_deg = -90;
  p.lat_max_deg = 90;
  p.lon_min_deg = -90;
  p.lon_max_deg = 90;  // centred on (0, 0)
  p.extent = 6371.0088;
  p.nx = p.ny = 401;
  const PixelRect map{0, 0, 400, 400};
  const std::vector<Centre> sites = {{0, 0, "near"}, {0, 180, "far side"}, {45, 30, "x"}};
  const std::vector<SiteMark> m = site_marks(p, map, sites, {});
  ASSERT_EQ(m.size(), 2u);  // the far side has no place
  EXPECT_NEAR(m[0].x, 200, 1e-6);
  EXPECT_NEAR(m[0].y, 200, 1e-6);
  double x = 0, y = 0;
  ASSERT_TRUE(projected_geo_to_screen(p, MapRect{0, 0, 400, 400}, {45, 30}, &x, &y));
  EXPECT_NEAR(m[1].x, x, 1e-9);
  EXPECT_NEAR(m[1].y, y, 1e-9);
}

TEST(SiteNames, NoMarkersBeyondTheCap) {
  std::vector<Centre> many(kMaxCentreMarkers + 1, Centre{1, 2, ""});
  EXPECT_TRUE(site_marks(world(), {0, 0, 500, 200}, many, {}).empty());
  many.pop_back();
  EXPECT_EQ(site_marks(world(), {0, 0, 500, 200}, many, {}).size(), kMaxCentreMarkers);
}

TEST(SiteNames, NamesBesideTheirMarkersApartAndInside) {
  const FieldParams p = world();
  const PixelRect map{10, 20, 900, 300};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> lat(-60, 60), lon(-180, 180);
  std::vector<Centre> sites;
  for (std::size_t k = 0; k < kNamedCentres; ++k) {
    sites.push_back({lat(rng), lon(rng), k % 3 ? "station " + std::to_string(k) : ""});
  }
  sites.back() = {59.9, 179.9, "corner"};  // only places west and south of it are inside
  const std::vector<SiteMark> marks = site_marks(p, map, sites, {});
  const std::vector<PlacedText> taken = {{"ring", 400, 150, 60, 20}};
  const std::vector<PlacedText> names = place_site_names(marks, sites, map, taken, look());
  EXPECT_GT(names.size(), sites.size() / 2);  // most find a place on a map this size
  expect_well_placed(names, marks, map, taken);
  bool corner = false;
  for (const PlacedText& t : names) {
    corner = corner || t.text == "corner";
    EXPECT_TRUE(t.text.rfind("station", 0) == 0 || t.text.rfind("centre #", 0) == 0 ||
                t.text == "corner")
        << t.text;
  }
  EXPECT_TRUE(corner);
}

TEST(SiteNames, CrowdedMarkersLeaveNamesOut) {
  // Ten sites on one spot: a name a place around the pile, not ten on each other.
  const FieldParams p = world();
  const PixelRect map{0, 0, 720, 240};
  std::vector<Centre> sites(10, Centre{0, 0, "same place"});
  const std::vector<SiteMark> marks = site_marks(p, map, sites, {});
  const std::vector<PlacedText> names = place_site_names(marks, sites, map, {}, look());
  EXPECT_LE(names.size(), 8u);  // one a place around the pile at most
  EXPECT_GE(names.size(), 1u);
  expect_well_placed(names, {}, map, {});
}

TEST(SiteNames, NoNamesBeyondTheWindowsRule) {
  const FieldParams p = world();
  const PixelRect map{0, 0, 3600, 1200};
  std::vector<Centre> sites;
  for (std::size_t k = 0; k <= kNamedCentres; ++k) sites.push_back({0, -170 + 8.0 * k, "n"});
  const std::vector<SiteMark> marks = site_marks(p, map, sites, {});
  EXPECT_EQ(marks.size(), sites.size());
  EXPECT_TRUE(place_site_names(marks, sites, map, {}, look()).empty());
  sites.pop_back();
  EXPECT_EQ(place_site_names(site_marks(p, map, sites, {}), sites, map, {}, look()).size(),
            sites.size());
}

TEST(SiteNames, UnnamedSitesAreNumbered) {
  const std::vector<Centre> sites = {{0, 0, ""}, {1, 1, "b"}};
  EXPECT_EQ(site_name(sites, 0), "centre #1");
  EXPECT_EQ(site_name(sites, 1), "b");
}

}  // namespace
}  // namespace geofield
