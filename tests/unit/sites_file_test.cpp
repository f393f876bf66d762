// Reading sites of every GeoJSON kind (sites/sites_file.*, issue 28): what each geometry
// becomes, rings oriented whatever their winding, repeated positions taken once, and each thing
// that cannot be a line or a polygon refused in one line naming the feature and the part.
#include "sites/sites_file.h"

#include <gtest/gtest.h>

#include <string>

#include "polygon_side.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

std::string collection(const std::string& features) {
  return R"({"type":"FeatureCollection","features":[)" + features + "]}";
}
std::string feature(const std::string& geometry, const std::string& name = "") {
  return R"({"type":"Feature","properties":{"name":")" + name + R"("},"geometry":)" + geometry +
         "}";
}

// The area to the left of a stored ring.
double stored_left_area(const SiteShapes& s, const SitePart& p) {
  std::vector<UnitVec> v, n;
  for (std::uint32_t k = 0; k < p.count; ++k) {
    const SiteVertex &a = s.vertices[p.first + k], &b = s.vertices[p.first + (k + 1) % p.count];
    const ArcSegment arc = make_arc(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg);
    v.push_back(arc.a);
    n.push_back(arc.n);
  }
  return ring_left_area(v.data(), n.data(), static_cast<int>(p.count));
}

TEST(SitesFile, EveryKindBecomesFeaturesPartsAndVertices) {
  const std::string text = collection(
      feature(R"({"type":"Point","coordinates":[12.5,41.9]})", "Rome") + "," +
      feature(R"({"type":"MultiPoint","coordinates":[[0,0],[1,1]]})", "two") + "," +
      feature(R"({"type":"LineString","coordinates":[[170,0],[-170,0],[-170,0],[-160,5]]})",
              "route") +
      "," + feature(R"({"type":"MultiLineString","coordinates":[[[0,0],[0,1]],[[5,5],[6,6]]]})") +
      "," +
      feature(R"({"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],)"
              R"([[2,2],[2,4],[4,4],[4,2],[2,2]]]})",
              "box") +
      "," +
      feature(R"({"type":"MultiPolygon","coordinates":[[[[20,0],[21,0],[21,1],[20,0]]],)"
              R"([[[30,0],[31,0],[31,1],[30,0]]]]})"));
  const SiteShapes s = parse_sites_geojson(text, "sites.geojson");
  ASSERT_EQ(s.features.size(), 6u);
  EXPECT_EQ(s.features[0].kind, FeatureKind::point);
  EXPECT_EQ(s.features[0].name, "Rome");
  EXPECT_EQ(s.vertices[s.parts[0].first], (SiteVertex{41.9, 12.5}));  // [lon, lat]
  EXPECT_EQ(s.features[1].part_count, 2u);
  EXPECT_EQ(s.features[2].kind, FeatureKind::line);
  // The repeated position is taken once: 3 vertices, 2 arcs.
  const SitePart& route = s.parts[s.features[2].first_part];
  EXPECT_EQ(route.kind, PartKind::line);
  EXPECT_EQ(route.count, 3u);
  EXPECT_EQ(s.features[3].part_count, 2u);
  EXPECT_EQ(s.features[4].kind, FeatureKind::polygon);
  EXPECT_EQ(s.features[4].part_count, 2u);  // the outer ring and its hole
  EXPECT_EQ(s.features[5].part_count, 2u);  // two polygons of one ring each
  // Arcs: 1 + 2 points, 2 + 1 + 1 line arcs, 4 + 4 box ring arcs, 3 + 3 triangle arcs.
  EXPECT_EQ(s.segment_count(), 3u + 4u + 8u + 6u);
  // Stored rings: 4 distinct vertices (the closing one dropped), the outer about its smaller
  // region (a 10-degree box: left area ~0.03 sr), the hole the other way (its left ~4 pi).
  const SitePart& outer = s.parts[s.features[4].first_part];
  const SitePart& hole = s.parts[s.features[4].first_part + 1];
  EXPECT_EQ(outer.count, 4u);
  EXPECT_LT(stored_left_area(s, outer), 0.031);
  EXPECT_GT(stored_left_area(s, hole), 4 * kPi - 0.002);
}

TEST(SitesFile, RingsReadTheSameWhateverTheirWinding) {
  const SiteShapes ccw = parse_sites_geojson(
      R"({"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]]]})", "a");
  const SiteShapes cw = parse_sites_geojson(
      R"({"type":"Polygon","coordinates":[[[0,0],[0,10],[10,10],[10,0],[0,0]]]})", "b");
  EXPECT_NEAR(stored_left_area(ccw, ccw.parts[0]), stored_left_area(cw, cw.parts[0]), 1e-15);
  EXPECT_LT(stored_left_area(cw, cw.parts[0]), 0.031);
  // A ring about the south pole, wound either way: its inside is the small cap, not the rest.
  const SiteShapes pole = parse_sites_geojson(
      R"({"type":"Polygon","coordinates":[[[0,-80],[120,-80],[-120,-80],[0,-80]]]})", "c");
  EXPECT_LT(stored_left_area(pole, pole.parts[0]), 0.2);
}

TEST(SitesFile, SpikesAreTakenOutOfRings) {
  // The box with a spike out to (20, 5) and straight back, and one to (5, -3) and back: the
  // ring reads as the box (a spike's turn of +-pi would otherwise decide nothing).
  const SiteShapes s = parse_sites_geojson(
      R"({"type":"Polygon","coordinates":[[[0,0],[5,0],[5,-3],[5,0],[10,0],[10,5],[20,5],)"
      R"([10,5],[10,10],[0,10],[0,0]]]})",
      "spiky");
  ASSERT_EQ(s.parts[0].count, 6u);  // the box and the spikes' bases, on its sides
  EXPECT_LT(stored_left_area(s, s.parts[0]), 0.031);
}

TEST(SitesFile, ALineOfOnePositionIsAPoint) {
  const SiteShapes s =
      parse_sites_geojson(R"({"type":"LineString","coordinates":[[3,4],[3,4],[3,4]]})", "x");
  ASSERT_EQ(s.parts.size(), 1u);
  EXPECT_EQ(s.parts[0].kind, PartKind::point);
  EXPECT_EQ(s.features[0].kind, FeatureKind::line);
}

TEST(SitesFile, CsvRowsArePointFeatures) {
  const SiteShapes s =
      parse_sites_text("lat,lon,name\n41.9,12.5,Rome\n48.85,2.35,Paris\n", "x.csv", false);
  ASSERT_EQ(s.features.size(), 2u);
  EXPECT_EQ(s.features[1].name, "Paris");
  EXPECT_EQ(s.vertices[1], (SiteVertex{48.85, 2.35}));
}

TEST(SitesFile, WhatCannotBeALineOrAPolygonIsRefusedNamingTheFeature) {
  const struct {
    const char* what;
    std::string geometry;
    const char* names;
  } bad[] = {
      {"a ring of 3 positions", R"({"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]})",
       "feature 1: a Polygon's ring 0: a ring has at least 4 positions"},
      {"an unclosed ring", R"({"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]})",
       "feature 1: a Polygon's ring 0: the ring is not closed"},
      {"a hole of 2 distinct positions",
       R"({"type":"Polygon","coordinates":[[[0,0],[9,0],[9,9],[0,0]],[[1,1],[2,2],[2,2],[1,1]]]})",
       "feature 1: a Polygon's ring 1: a ring has at least 3 distinct positions"},
      {"antipodal positions", R"({"type":"LineString","coordinates":[[0,0],[180,0]]})",
       "feature 1: a LineString: positions 0 and 1 are antipodal"},
      {"the equator as a ring",
       R"({"type":"Polygon","coordinates":[[[0,0],[90,0],[180,0],[-90,0],[0,0]]]})",
       "feature 1: a Polygon's ring 0: the ring is a great circle's half"},
      {"a line of one position", R"({"type":"LineString","coordinates":[[0,0]]})",
       "feature 1: a LineString: a line has at least 2 positions"},
      {"a latitude beyond the pole", R"({"type":"MultiLineString","coordinates":[[[0,0],[0,91]]]})",
       "feature 1: LineString 0: latitude 91"},
      {"a collection of geometries", R"({"type":"GeometryCollection","geometries":[]})",
       "feature 1: sites are Point, MultiPoint, LineString"},
  };
  for (const auto& b : bad) {
    const std::string text =
        collection(feature(R"({"type":"Point","coordinates":[0,0]})") + "," + feature(b.geometry));
    EXPECT_TRUE(throws_usage_error_naming([&] { parse_sites_geojson(text, "f.geojson"); },
                                          std::string("f.geojson, ") + b.names))
        << b.what;
  }
}

}  // namespace
}  // namespace geofield
