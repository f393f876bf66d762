// `--places` on figures (issue 29): the larger places of the built-in gazetteer named on the
// map, the most populous first, about one per kPlaceCellFonts-square cell, each name's box and
// dot clear of every other label, marker and dot, inside the map (and its disc).
#include "figure/place_labels.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "figure/map_label_boxes.h"
#include "figure/route_overlay.h"
#include "gl/map_frame.h"
#include "sites/place_pack.h"
#include "view/view_math.h"

namespace geofield {
namespace {

FieldParams europe() {  // 30° of longitude about Rome, as a figure centred on it shows it
  FieldParams p;
  p.lat_min_deg = 34, p.lat_max_deg = 58;
  p.lon_min_deg = -6, p.lon_max_deg = 30;
  p.ref_lat_deg = 41.89193, p.ref_lon_deg = 12.51133;
  return p;
}

StyleForSize rings_and_graticule(const FieldParams& p) {
  return [p](int, int) {
    ViewStyle s;
    s.value_min = 0;
    s.value_max = 2500;
    s.contour_interval = 500;
    s.graticule_lat_step_deg = s.graticule_lon_step_deg = 10;
    s.view = s.field = {p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, lon_span_of(p)};
    s.map = map_frame_of(p);
    s.marker = true;
    s.marker_radius_px = 6;
    return s;
  };
}

// The boxes painted on the map: every boxed label with its pad, every marker and dot.
std::vector<PlacedText> painted(const FigureLayout& L) {
  std::vector<PlacedText> out;
  const double p = L.ring_pad_px;
  for (const auto* boxed : {&L.ring_labels, &L.site_labels, &L.disc_labels, &L.maidenhead_labels,
                            &L.route_labels, &L.place_labels}) {
    for (const PlacedText& t : *boxed)
      out.push_back({t.text, t.x - p, t.y - p, t.w + 2 * p, t.h + 2 * p});
  }
  for (const PointPx& d : L.place_dots) {
    const double r = L.place_dot_px;
    out.push_back({"dot", d.x - r, d.y - r, 2 * r, 2 * r});
  }
  for (const SiteMark& m : L.route_ends) {
    const double r = L.route_end_px;
    out.push_back({"end", m.x - r, m.y - r, 2 * r, 2 * r});
  }
  return out;
}

void expect_no_overlap(const FigureLayout& L) {
  const std::vector<PlacedText> all = painted(L);
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      EXPECT_FALSE(boxes_touch(all[i], all[j], 0)) << all[i].text << " / " << all[j].text;
    }
  }
  for (const PlacedText& t : L.place_labels) {
    EXPECT_TRUE(box_on_map(t, L.ring_pad_px, L)) << t.text;
  }
}

std::set<std::string> names(const FigureLayout& L) {
  std::set<std::string> out;
  for (const PlacedText& t : L.place_labels) out.insert(t.text);
  return out;
}

// The population of the named place least populous (names are unique enough among the few
// hundred largest places for this).
std::uint32_t least_population(const FigureLayout& L) {
  std::uint32_t least = UINT32_MAX;
  for (const PlacedText& t : L.place_labels) {
    for (const Place& p : embedded_places().places) {
      if (p.name == t.text) {
        least = std::min(least, p.population);
        break;
      }
    }
  }
  return least;
}

TEST(PlaceLabels, EuropeAboutRomeNamesItsCapitalsAndNoSmallTowns) {
  const FieldParams view = europe();
  FigureLayout L = layout_figure(view, 1600, "", rings_and_graticule(view));
  add_place_labels(&L, view, embedded_places().places);
  const std::set<std::string> n = names(L);
  for (const char* city : {"Rome", "Paris", "London", "Madrid", "Berlin"}) {
    EXPECT_TRUE(n.count(city)) << city;
  }
  // Rome is the reference: named beside its marker, with no dot of its own.
  EXPECT_EQ(L.place_labels.size(), L.place_dots.size() + 1);
  EXPECT_LE(L.place_labels.size(), place_label_count(L));
  EXPECT_GE(L.place_labels.size(), place_label_count(L) * 3 / 4);  // the map is mostly land
  EXPECT_GE(least_population(L), 500000u) << "a small town is named";
  expect_no_overlap(L);
}

TEST(PlaceLabels, AZoomedMapNamesSmallerPlaces) {
  FieldParams view;  // 2° about Rome: Lazio's towns
  view.lat_min_deg = 41, view.lat_max_deg = 43;
  view.lon_min_deg = 11.5, view.lon_max_deg = 13.5;
  view.ref_lat_deg = 41.89193, view.ref_lon_deg = 12.51133;
  FigureLayout L = layout_figure(view, 1600, "", rings_and_graticule(view));
  add_place_labels(&L, view, embedded_places().places);
  EXPECT_TRUE(names(L).count("Rome"));
  EXPECT_GE(L.place_labels.size(), 10u);
  EXPECT_LT(least_population(L), 100000u);
  expect_no_overlap(L);
}

TEST(PlaceLabels, DiscsAndGlobesNameOnlyWhatTheyShowAndAvoidThePath) {
  FieldParams aeqd;
  aeqd.projection = Projection::aeqd;
  aeqd.ref_lat_deg = 40.01499, aeqd.ref_lon_deg = -105.27055;  // Boulder
  aeqd.extent = max_extent(aeqd);
  FieldParams ortho = aeqd;
  ortho.projection = Projection::ortho;
  ortho.lat_min_deg = 39, ortho.lat_max_deg = 41, ortho.lon_min_deg = -106,
  ortho.lon_max_deg = -104;
  ortho.extent = max_extent(ortho);
  for (const FieldParams& view : {aeqd, ortho}) {
    FigureLayout L = layout_figure(view, 1600, "", rings_and_graticule(view));
    ASSERT_TRUE(L.disc);
    add_route(&L, view, {35.6895, 139.69171, "Tokyo, Japan"});
    add_place_labels(&L, view, embedded_places().places);
    EXPECT_GE(L.place_labels.size(), 10u);
    const std::set<std::string> n = names(L);
    if (view.projection == Projection::ortho) {
      EXPECT_TRUE(n.count("New York City"));
      EXPECT_FALSE(n.count("Tokyo")) << "on the far side of the globe";
      EXPECT_FALSE(n.count("Delhi"));
    }
    expect_no_overlap(L);
  }
}

}  // namespace
}  // namespace geofield
