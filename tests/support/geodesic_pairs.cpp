#include "geodesic_pairs.h"

#include <GeographicLib/Geodesic.hpp>
#include <algorithm>

namespace geofield::geodesic_pairs {

std::vector<Pair> random_pairs(int count, unsigned long long seed) {
  Sampler s(seed);
  std::vector<Pair> v;
  v.reserve(count);
  for (int k = 0; k < count; ++k) v.push_back({s.lat(), s.lon(), s.lat(), s.lon()});
  return v;
}

std::vector<Pair> nearly_antipodal_pairs(int count, unsigned long long seed) {
  Sampler s(seed);
  std::vector<Pair> v;
  v.reserve(count);
  for (int k = 0; k < count; ++k) {
    const double lat1 = s.lat() * (k % 7 == 0 ? 0.01 : 1), lon1 = s.lon();
    double dlat = s.log_uniform(-12, 0), dlon = s.log_uniform(-12, 0.3);
    if (k % 4 == 0) dlat = 0;
    if (k % 13 == 0) dlon = 0;
    v.push_back({lat1, lon1, std::clamp(-lat1 + dlat, -90.0, 90.0), lon1 + 180 + dlon});
  }
  return v;
}

// Beyond the limit a geodesic leaves the equator, as two mirror images: distances only there.
std::vector<PairSet> equatorial_sets(double f) {
  const double limit_deg = 180 * (1 - f);
  Sampler s(11);
  PairSet on{"wgs84_equatorial", {}, true};
  PairSet beyond{"wgs84_equatorial_beyond_limit", {}, false};
  PairSet near{"wgs84_near_equatorial", {}, false};
  for (int k = 0; k < 20000; ++k) {
    const double lon1 = s.lon();
    // Short of the limit: at it the azimuth is ill-conditioned (it leaves 90 like a square root).
    on.pairs.push_back(
        {k % 2 ? 0.0 : -0.0, lon1, 0.0, lon1 + s.uniform(-limit_deg, limit_deg) * (1 - 1e-9)});
    const double d = s.uniform(limit_deg, 180.0);
    beyond.pairs.push_back({0.0, lon1, 0.0, lon1 + (s.coin() ? d : -d)});
    // Near the limit from both sides, closer and closer.
    const double t = limit_deg + s.log_uniform(-12, -1);
    beyond.pairs.push_back({0.0, lon1, k % 3 ? 0.0 : -0.0, lon1 + std::min(t, 180.0)});
    // Just off the equator: tiny latitudes at one or both ends.
    near.pairs.push_back({s.log_uniform(-12, -3), lon1, k % 2 ? 0.0 : s.log_uniform(-12, -3),
                          lon1 + s.uniform(-180, 180)});
  }
  beyond.pairs.push_back({0, 0, 0, limit_deg});
  beyond.pairs.push_back({0, 0, 0, 180});
  beyond.pairs.push_back({0, 0, 0, std::nextafter(limit_deg, 180.0)});
  return {on, beyond, near};
}

PairSet meridional_set() {
  Sampler s(13);
  PairSet set{"wgs84_meridional", {}, false};
  for (int k = 0; k < 50000; ++k) {
    const double lon1 = s.lon();
    const double lon2 = k % 2 ? lon1 : lon1 + 180;
    set.pairs.push_back({s.lat(), lon1, s.lat(), lon2});
  }
  for (double lat = -90; lat <= 90; lat += 0.5) {
    set.pairs.push_back({lat, 10, -lat, 190});  // exact antipodes
    set.pairs.push_back({lat, 10, lat, 10});
  }
  return set;
}

// At a pole the azimuth is GeographicLib's too: measured from the meridian of its longitude.
std::vector<PairSet> pole_sets() {
  Sampler s(17);
  PairSet one_end{"wgs84_one_end_at_pole", {}, true};
  PairSet pairs{"wgs84_poles_and_near_poles", {}, false};
  for (int k = 0; k < 20000; ++k) {
    const double pole = k % 2 ? 90.0 : -90.0;
    one_end.pairs.push_back({pole, s.lon(), s.lat() * 0.999, s.lon()});
    one_end.pairs.push_back({s.lat() * 0.999, s.lon(), pole, s.lon()});
    pairs.pairs.push_back({pole, s.lon(), k % 3 ? pole : -pole, s.lon()});
    // Near the poles, on both sides.
    const double near = pole - std::copysign(s.log_uniform(-12, -1, false), pole);
    pairs.pairs.push_back({near, s.lon(), s.lat(), s.lon()});
    pairs.pairs.push_back({near, s.lon(), -near, s.lon()});
  }
  return {one_end, pairs};
}

// The short-line closed form up to sigma12 = 1e-4 (0.006 degree), Newton's loop beyond.
PairSet tiny_set() {
  Sampler s(23);
  PairSet set{"wgs84_tiny", {}, false};
  for (int k = 0; k < 100000; ++k) {
    double lat1 = s.lat();
    if (k % 5 == 0) lat1 = std::copysign(90 - s.log_uniform(-10, 0, false), lat1);
    if (k % 7 == 0) lat1 = s.log_uniform(-12, -2);
    const double lon1 = s.lon();
    const double d = s.log_uniform(-12, -1, false), az = s.uniform(0, 6.283185307179586);
    const double lat2 = std::clamp(lat1 + d * std::cos(az), -90.0, 90.0);
    set.pairs.push_back({lat1, lon1, lat2, lon1 + d * std::sin(az)});
  }
  return set;
}

// Azimuths are checked on the classes whose geodesics are unique.
std::vector<PairSet> geodtest_equivalent_sets(double f) {
  const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
  Sampler s(29);
  const int unit = 5000;  // GeodTest has 100000 random and 50000 of each other class
  auto direct = [&](double lat1, double lon1, double azi1, double s12) {
    double lat2, lon2;
    g.Direct(lat1, lon1, azi1, s12, lat2, lon2);
    return Pair{lat1, lon1, lat2, lon2};
  };
  auto arc_direct = [&](double lat1, double lon1, double azi1, double a12) {
    double lat2, lon2;
    g.ArcDirect(lat1, lon1, azi1, a12, lat2, lon2);
    return Pair{lat1, lon1, lat2, lon2};
  };
  const double half_meridian = 20003931.4586;
  PairSet random{"geodtest_random", {}, true};
  PairSet antipodal{"geodtest_nearly_antipodal", {}, false};
  PairSet short_{"geodtest_short", {}, false};
  PairSet one_pole{"geodtest_one_end_near_pole", {}, false};
  PairSet two_poles{"geodtest_both_ends_near_poles", {}, false};
  PairSet meridional{"geodtest_nearly_meridional", {}, false};
  PairSet equatorial{"geodtest_nearly_equatorial", {}, false};
  PairSet vertices{"geodtest_between_vertices", {}, false};
  PairSet near_vertex{"geodtest_ending_near_vertex", {}, false};
  for (int k = 0; k < 2 * unit; ++k)
    random.pairs.push_back(direct(s.lat(), 0, s.uniform(0, 180), s.uniform(0, half_meridian)));
  for (int k = 0; k < unit; ++k) {
    // Nearly antipodal: to within 1 degree of the antipode (arc 179..180 degrees).
    antipodal.pairs.push_back(
        arc_direct(s.lat(), 0, s.uniform(0, 180), 180 - s.log_uniform(-10, 0, false)));
    // Short: 1 mm to 10 km.
    short_.pairs.push_back(direct(s.lat(), 0, s.uniform(0, 180), s.log_uniform(-3, 4, false)));
    // One end within 1e-10..1 degree of a pole.
    const double pole_lat = 90 - s.log_uniform(-10, 0, false);
    one_pole.pairs.push_back({s.coin() ? pole_lat : -pole_lat, 0, s.lat(), s.uniform(0, 180)});
    // Both ends near opposite poles.
    two_poles.pairs.push_back(
        {pole_lat, 0, -(90 - s.log_uniform(-10, 0, false)), s.uniform(0, 180)});
    // Nearly meridional: azimuth within 1e-10..1 degree of 0 or 180.
    const double da = s.log_uniform(-10, 0, false);
    meridional.pairs.push_back(
        direct(s.lat(), 0, s.coin() ? da : 180 - da, s.uniform(0, half_meridian)));
    // Nearly equatorial: latitude and azimuth within 1e-10..1 degree of 0 and 90.
    equatorial.pairs.push_back(direct(s.log_uniform(-10, 0), 0, 90 + s.log_uniform(-10, 0),
                                      s.uniform(0, 2 * half_meridian)));
    // Between vertices: start at a vertex (azimuth 90), end at the next one (arc 180).
    vertices.pairs.push_back(arc_direct(s.lat(), 0, 90, 180));
    // Ending near a vertex: arc to the vertex (90 - sigma1 ...) plus or minus a little.
    const double lat1 = s.lat(), azi1 = s.uniform(0, 180);
    double a12_vertex;  // arc from point 1 to the geodesic's next vertex
    {
      const double rad = 3.141592653589793 / 180;
      const double sb = (1 - f) * std::sin(lat1 * rad), cb = std::cos(lat1 * rad);
      const double sig1 = std::atan2(sb, std::cos(azi1 * rad) * cb) / rad;
      a12_vertex = 90 - sig1;
      if (a12_vertex <= 0) a12_vertex += 180;
    }
    near_vertex.pairs.push_back(arc_direct(lat1, 0, azi1, a12_vertex + s.log_uniform(-10, 0)));
  }
  return {random,     antipodal,  short_,   one_pole,   two_poles,
          meridional, equatorial, vertices, near_vertex};
}

std::vector<PairSet> wgs84_sets(double f) {
  std::vector<PairSet> all;
  all.push_back({"wgs84_random_1e6", random_pairs(1000000, 20260115), true});
  all.push_back({"wgs84_nearly_antipodal", nearly_antipodal_pairs(200000, 7), false});
  for (PairSet& s : equatorial_sets(f)) all.push_back(std::move(s));
  all.push_back(meridional_set());
  for (PairSet& s : pole_sets()) all.push_back(std::move(s));
  all.push_back(tiny_set());
  for (PairSet& s : geodtest_equivalent_sets(f)) all.push_back(std::move(s));
  return all;
}

}  // namespace geofield::geodesic_pairs
