// The kept measurements (issue 30): the cap and the checks, distance and bearing against
// GeographicLib (a sphere for haversine, WGS 84 for wgs84), the saved view's round trip, the
// densified paths on the great circle / geodesic, the rings' vertices at their distance from
// the reference, the antimeridian cut, the GeoJSON read back, the file name's checks, and the
// figure's labels.
#include "view/measurements.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "errors.h"
#include "figure/figure_layout.h"
#include "figure/measure_geometry.h"
#include "figure/measure_overlay.h"
#include "view/view_history.h"
#include "view/view_state.h"

namespace geofield {
namespace {

const Measurement kLondonNewYork{{51.5074, -0.1278}, {40.7128, -74.0060}};
const Measurement kFijiSamoa{{-18.1416, 178.4419}, {-13.8333, -171.7500}};  // across 180°

FieldParams haversine_km() {
  FieldParams p;
  p.formula = Formula::haversine;
  p.units = Units::km;
  return p;
}

FieldParams wgs84_km() {
  FieldParams p = haversine_km();
  p.formula = Formula::wgs84;
  return p;
}

double angle_diff(double a, double b) { return std::fabs(std::remainder(a - b, 360.0)); }

TEST(Measurements, KeptUpToTheCapAndInRange) {
  std::vector<Measurement> list;
  std::string why;
  for (std::size_t k = 0; k < kMaxMeasurements; ++k) {
    ASSERT_TRUE(add_measurement(&list, kLondonNewYork, &why)) << why;
  }
  EXPECT_FALSE(add_measurement(&list, kLondonNewYork, &why));
  EXPECT_NE(why.find("at most 40"), std::string::npos) << why;
  EXPECT_EQ(list.size(), kMaxMeasurements);
  list.clear();
  EXPECT_FALSE(add_measurement(&list, {{91, 0}, {0, 0}}, &why));
  EXPECT_FALSE(add_measurement(&list, {{0, 0}, {0, NAN}}, &why));
  EXPECT_TRUE(list.empty());
}

TEST(Measurements, DistanceAndBearingAreGeographicLibs) {
  const FieldParams sphere_view = haversine_km();
  const GeographicLib::Geodesic sphere(sphere_view.radius_km * 1000, 0);
  const GeographicLib::Geodesic& wgs84 = GeographicLib::Geodesic::WGS84();
  for (const Measurement& m : {kLondonNewYork, kFijiSamoa, Measurement{{0, 0}, {0, 90}},
                               Measurement{{-89.5, 10}, {89.5, -160}}}) {
    double s12 = 0, azi1 = 0, azi2 = 0;
    sphere.Inverse(m.a.lat_deg, m.a.lon_deg, m.b.lat_deg, m.b.lon_deg, s12, azi1, azi2);
    EXPECT_NEAR(measurement_distance(sphere_view, m), s12 / 1000, 1e-6);
    EXPECT_LT(angle_diff(measurement_bearing(sphere_view, m), azi1), 1e-8);
    wgs84.Inverse(m.a.lat_deg, m.a.lon_deg, m.b.lat_deg, m.b.lon_deg, s12, azi1, azi2);
    EXPECT_NEAR(measurement_distance(wgs84_km(), m), s12 / 1000, 1e-6);
    EXPECT_LT(angle_diff(measurement_bearing(wgs84_km(), m), azi1), 1e-8);
  }
  FieldParams nm = haversine_km();
  nm.units = Units::nm;
  EXPECT_NEAR(measurement_distance(nm, kLondonNewYork),
              measurement_distance(haversine_km(), kLondonNewYork) / 1.852, 1e-9);
  EXPECT_EQ(measurement_label(haversine_km(), kLondonNewYork), "5,570 km at 288°");
}

TEST(Measurements, SavedWithTheViewAndCheckedOnLoad) {
  ViewState s = first_view();
  s.measurements = {kLondonNewYork, kFijiSamoa};
  const ViewState back = state_from_text(state_to_text(s), "the view");
  EXPECT_EQ(back.measurements, s.measurements);
  EXPECT_TRUE(back == s);
  nlohmann::json j = nlohmann::json::parse(state_to_text(s));
  j["measurements"][1]["b"] = {95, 0};
  EXPECT_THROW(state_from_text(j.dump(), "the view"), UsageError);
  j["measurements"][1]["b"] = "north";
  try {
    state_from_text(j.dump(), "the view");
    FAIL() << "a bad end was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'measurements' entry 2"), std::string::npos) << e.what();
  }
  j["measurements"] = nlohmann::json::array();
  for (std::size_t k = 0; k <= kMaxMeasurements; ++k) {
    j["measurements"].push_back(measurements_json({kLondonNewYork})[0]);
  }
  EXPECT_THROW(state_from_text(j.dump(), "the view"), UsageError);
}

TEST(Measurements, EachKeptIsOneUndoStep) {
  ViewState s = first_view();
  ViewHistory history(s);
  std::string why;
  ASSERT_TRUE(add_measurement(&s.measurements, kLondonNewYork, &why));
  history.observe(s, false);
  ASSERT_TRUE(add_measurement(&s.measurements, kFijiSamoa, &why));
  history.observe(s, false);
  s.measurements.erase(s.measurements.begin());  // the panel's x
  history.observe(s, false);
  ASSERT_TRUE(history.undo(&s));
  EXPECT_EQ(s.measurements, (std::vector<Measurement>{kLondonNewYork, kFijiSamoa}));
  ASSERT_TRUE(history.undo(&s));
  EXPECT_EQ(s.measurements, std::vector<Measurement>{kLondonNewYork});
  ASSERT_TRUE(history.redo(&s));
  EXPECT_EQ(s.measurements.size(), 2u);
}

TEST(Measurements, PathVerticesLieOnTheGreatCircleAndTheGeodesic) {
  const FieldParams sphere_view = haversine_km();
  const GeographicLib::Geodesic sphere(sphere_view.radius_km * 1000, 0);
  const GeographicLib::Geodesic& wgs84 = GeographicLib::Geodesic::WGS84();
  for (const Measurement& m : {kLondonNewYork, kFijiSamoa}) {
    for (const bool ellipsoid : {false, true}) {
      const FieldParams p = ellipsoid ? wgs84_km() : sphere_view;
      const GeographicLib::Geodesic& g = ellipsoid ? wgs84 : sphere;
      const std::vector<RoutePoint> path = measurement_points(p, m);
      ASSERT_GE(path.size(), 10u);
      EXPECT_EQ(path.front().lat_deg, m.a.lat_deg);
      EXPECT_NEAR(std::remainder(path.back().lon_deg - m.b.lon_deg, 360), 0, 1e-12);
      const double total = measurement_distance(p, m) * 1000;
      for (const RoutePoint& v : path) {  // on the line: a to v and v to b add up to a to b
        double s1 = 0, s2 = 0;
        g.Inverse(m.a.lat_deg, m.a.lon_deg, v.lat_deg, v.lon_deg, s1);
        g.Inverse(v.lat_deg, v.lon_deg, m.b.lat_deg, m.b.lon_deg, s2);
        EXPECT_NEAR(s1 + s2, total, 1e-3) << v.lat_deg << "," << v.lon_deg;  // 1 mm
      }
      for (std::size_t k = 1; k < path.size(); ++k) {  // continuous longitudes
        EXPECT_LT(std::fabs(path[k].lon_deg - path[k - 1].lon_deg), 1.0);
      }
    }
  }
}

TEST(Measurements, RingVerticesAreAtTheirDistanceFromTheReference) {
  for (const bool ellipsoid : {false, true}) {
    FieldParams p = ellipsoid ? wgs84_km() : haversine_km();
    p.ref_lat_deg = 64.1466, p.ref_lon_deg = -21.9426;  // Reykjavik
    const GeographicLib::Geodesic& g = ellipsoid ? GeographicLib::Geodesic::WGS84()
                                                 : GeographicLib::Geodesic(p.radius_km * 1000, 0);
    for (const double d : {50.0, 3000.0, 12000.0}) {
      const std::vector<RoutePoint> ring = ring_points(p, d);
      ASSERT_EQ(ring.size(), 721u);
      EXPECT_EQ(ring.front().lat_deg, ring.back().lat_deg);
      for (const RoutePoint& v : ring) {
        double s12 = 0;
        g.Inverse(p.ref_lat_deg, p.ref_lon_deg, v.lat_deg, v.lon_deg, s12);
        EXPECT_NEAR(s12 / 1000, d, 1e-6) << v.lat_deg << "," << v.lon_deg;
      }
    }
  }
  EXPECT_EQ(ring_distances(500, 1999), (std::vector<double>{500, 1000, 1500}));
  EXPECT_EQ(ring_distances(1, 1e9).size(), kMaxExportRings);
}

TEST(Measurements, CutAtTheAntimeridian) {
  const std::vector<std::vector<RoutePoint>> pieces =
      split_at_antimeridian({{10, 170}, {0, 180 + 10}, {-10, 200}});
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].back().lon_deg, 180);
  EXPECT_EQ(pieces[1].front().lon_deg, -180);
  // The cut on the great circle from (10, 170) to (0, -170): its two parts add up to it.
  EXPECT_EQ(pieces[0].back().lat_deg, pieces[1].front().lat_deg);
  const FieldParams p = haversine_km();
  const GeoPoint cut{pieces[0].back().lat_deg, 180};
  EXPECT_NEAR(measurement_distance(p, {{10, 170}, cut}) + measurement_distance(p, {cut, {0, -170}}),
              measurement_distance(p, {{10, 170}, {0, -170}}), 1e-9);
  EXPECT_GT(cut.lat_deg, 5);  // north of the chord of the map: the great circle bows poleward
  EXPECT_NEAR(pieces[1].back().lon_deg, -160, 1e-12);
  // Westward, and a line that stays on one side.
  const auto west = split_at_antimeridian({{0, -170}, {0, -190}});
  ASSERT_EQ(west.size(), 2u);
  EXPECT_EQ(west[0].back().lon_deg, -180);
  EXPECT_EQ(west[1].front().lon_deg, 180);
  EXPECT_NEAR(west[1].back().lon_deg, 170, 1e-12);
  EXPECT_EQ(split_at_antimeridian({{0, 10}, {5, 20}}).size(), 1u);
}

TEST(Measurements, GeoJsonReadsBack) {
  FieldParams p = haversine_km();
  p.ref_lat_deg = 10, p.ref_lon_deg = 175;  // its rings cross the antimeridian
  const std::vector<Measurement> list = {kLondonNewYork, kFijiSamoa};
  const std::vector<double> rings = {1000, 2000};
  const nlohmann::json j = nlohmann::json::parse(measurements_geojson(p, list, rings));
  ASSERT_EQ(j["type"], "FeatureCollection");
  ASSERT_EQ(j["features"].size(), 4u);
  const nlohmann::json& london = j["features"][0];
  EXPECT_EQ(london["geometry"]["type"], "LineString");
  EXPECT_EQ(london["properties"]["kind"], "measurement");
  EXPECT_EQ(london["properties"]["unit"], "km");
  EXPECT_NEAR(london["properties"]["distance"].get<double>(),
              measurement_distance(p, kLondonNewYork), 1e-9);
  EXPECT_NEAR(london["properties"]["bearing"].get<double>(), measurement_bearing(p, kLondonNewYork),
              1e-9);
  const nlohmann::json& first = london["geometry"]["coordinates"][0];
  EXPECT_EQ(first[0].get<double>(), kLondonNewYork.a.lon_deg);  // [lon, lat]
  EXPECT_EQ(first[1].get<double>(), kLondonNewYork.a.lat_deg);
  const nlohmann::json& fiji = j["features"][1]["geometry"];
  ASSERT_EQ(fiji["type"], "MultiLineString");
  ASSERT_EQ(fiji["coordinates"].size(), 2u);
  EXPECT_EQ(fiji["coordinates"][0].back()[0].get<double>(), 180);
  EXPECT_EQ(fiji["coordinates"][1].front()[0].get<double>(), -180);
  // The cut is on the great circle: from a to it and on to b is the whole way.
  const nlohmann::json& cut = fiji["coordinates"][0].back();
  const GeoPoint at{cut[1].get<double>(), 180};
  EXPECT_NEAR(
      measurement_distance(p, {kFijiSamoa.a, at}) + measurement_distance(p, {at, kFijiSamoa.b}),
      measurement_distance(p, kFijiSamoa), 1e-6);
  for (std::size_t k = 2; k < 4; ++k) {
    const nlohmann::json& ring = j["features"][k];
    EXPECT_EQ(ring["properties"]["kind"], "ring");
    EXPECT_EQ(ring["properties"]["distance"].get<double>(), rings[k - 2]);
    ASSERT_EQ(ring["geometry"]["type"], "MultiLineString");
    for (const nlohmann::json& piece : ring["geometry"]["coordinates"]) {
      for (const nlohmann::json& v : piece) {
        const double lon = v[0].get<double>(), lat = v[1].get<double>();
        EXPECT_LE(std::fabs(lon), 180);
        // The cut's vertex lies on the great circle between two of the ring's (metres off it).
        if (std::fabs(lon) == 180) continue;
        EXPECT_NEAR(measurement_distance(p, {{p.ref_lat_deg, p.ref_lon_deg}, {lat, lon}}),
                    rings[k - 2], 1e-6);
      }
    }
  }
}

TEST(Measurements, FileNamesInTheExportFolder) {
  EXPECT_EQ(measurements_file_problem("measurements.geojson"), "");
  EXPECT_EQ(measurements_file_problem("trip.json"), "");
  EXPECT_NE(measurements_file_problem(""), "");
  EXPECT_NE(measurements_file_problem("../x.geojson"), "");
  EXPECT_NE(measurements_file_problem("/tmp/x.geojson"), "");
  EXPECT_NE(measurements_file_problem("x.csv").find(".geojson or .json"), std::string::npos);
}

TEST(Measurements, FigureDrawsEachWithItsLabel) {
  FieldParams view = haversine_km();
  view.lat_min_deg = 20, view.lat_max_deg = 70, view.lon_min_deg = -90, view.lon_max_deg = 20;
  FigureLayout L = layout_figure(view, 1600, "", [](int, int) { return ViewStyle{}; });
  const std::vector<Measurement> list = {kLondonNewYork, {{48.8566, 2.3522}, {41.9028, 12.4964}}};
  add_measurements(&L, view, list);
  EXPECT_GE(L.route_short.size(), 2u);
  EXPECT_EQ(L.route_ends.size(), 4u);
  ASSERT_EQ(L.route_labels.size(), 2u);
  EXPECT_EQ(L.route_labels[0].text, "1: " + measurement_label(view, list[0]));
  EXPECT_EQ(L.route_labels[1].text, "2: " + measurement_label(view, list[1]));
  for (const PlacedText& t : L.route_labels) {
    EXPECT_TRUE(t.x >= L.map.x && t.x + t.w <= L.map.x + L.map.w) << t.text;
  }
}

}  // namespace
}  // namespace geofield
