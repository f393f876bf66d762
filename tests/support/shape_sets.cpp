#include "shape_sets.h"

#include <algorithm>
#include <random>
#include <string>

#include "sites/sites_file.h"

namespace geofield::test {

SiteShapes hard_shapes(int random_lines, unsigned seed) {
  std::string f = R"({"type":"FeatureCollection","features":[)";
  auto add = [&](const std::string& geometry) {
    if (f.back() != '[') f += ",";
    f += R"({"type":"Feature","properties":{},"geometry":)" + geometry + "}";
  };
  add(R"({"type":"LineString","coordinates":[[170,-10],[-170,10],[-170,10],[-150,0]]})");
  add(R"({"type":"LineString","coordinates":[[0,80],[180,80]]})");
  add(R"({"type":"LineString","coordinates":[[-60,-30],[60,-30]]})");
  add(R"({"type":"LineString","coordinates":[[-60,-30],[60,-30]]})");  // the same: ties
  add(R"({"type":"Polygon","coordinates":[[[0,0],[40,0],[40,30],[0,30],[0,0]],)"
      R"([[10,10],[10,20],[20,20],[20,10],[10,10]]]})");
  add(R"({"type":"Polygon","coordinates":[[[0,-70],[120,-70],[-120,-70],[0,-70]]]})");
  add(R"({"type":"Point","coordinates":[100,45]})");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> lat(-60, 60), lon(-180, 180), step(-8, 8);
  for (int k = 0; k < random_lines; ++k) {
    double a = lat(rng), o = lon(rng);
    std::string line = R"({"type":"LineString","coordinates":[)";
    for (int v = 0; v < 6; ++v) {
      if (v) line += ",";
      line += "[" + std::to_string(o) + "," + std::to_string(a) + "]";
      a = std::clamp(a + step(rng), -85.0, 85.0);
      o += step(rng);
      if (o > 180) o -= 360;
    }
    add(line + "]}");
  }
  return parse_sites_geojson(f + "]}", "hard shapes");
}

}  // namespace geofield::test
