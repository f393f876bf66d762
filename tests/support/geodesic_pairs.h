// Sets of point pairs for the geodesic inverse's tests (issue 15), shared by the CPU's
// (tests/unit/geodesic_test.cpp) and the GPU's (tests/gpu/geodesic_pairs_test.cpp), so both
// meet GeographicLib on the same pairs: a million random pairs and the hard classes (nearly
// antipodal, equatorial and beyond the equator's conjugate point, meridional, poles, tiny
// separations, and the classes of Karney's GeodTest set made with GeographicLib's direct
// solution). Every set is fixed by its seed.
#pragma once

#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace geofield::geodesic_pairs {

struct Pair {
  double lat1, lon1, lat2, lon2;
};

// A named set; azimuths are compared only where the geodesic is unique (check_azimuth).
struct PairSet {
  std::string name;
  std::vector<Pair> pairs;
  bool check_azimuth = false;
};

// Uniform over the sphere: latitude from a uniform sine.
struct Sampler {
  std::mt19937_64 rng;
  explicit Sampler(unsigned long long seed) : rng(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  double lat() { return std::asin(uniform(-1, 1)) * 180 / 3.141592653589793; }
  double lon() { return uniform(-180, 180); }
  // 10^u for u uniform in [lo_exp, hi_exp], with a random sign.
  double log_uniform(double lo_exp, double hi_exp, bool signed_ = true) {
    const double m = std::pow(10.0, uniform(lo_exp, hi_exp));
    return signed_ && uniform(0, 1) < 0.5 ? -m : m;
  }
  bool coin() { return uniform(0, 1) < 0.5; }
};

// Uniform over the sphere at both ends.
std::vector<Pair> random_pairs(int count, unsigned long long seed);

// Point 2 near the antipode of point 1, offsets from 1e-12 to 1 degree; a quarter exactly
// symmetric in latitude (the astroid's y = 0), some exactly opposite in longitude.
std::vector<Pair> nearly_antipodal_pairs(int count, unsigned long long seed);

// On WGS84 (flattening f): on the equator up to lambda12 = (1 - f) 180 degrees, beyond it, and
// just off it.
std::vector<PairSet> equatorial_sets(double f);
// On a meridian and its opposite, exact antipodes and coincident points (closed form).
PairSet meridional_set();
// One end at a pole (azimuths unique), and pairs at and near the poles.
std::vector<PairSet> pole_sets();
// Separations from 1e-12 to 0.1 degree, near the poles and the equator too.
PairSet tiny_set();
// The classes of Karney's GeodTest set on WGS84, made with GeographicLib's direct solution.
std::vector<PairSet> geodtest_equivalent_sets(double f);

// Every WGS84 set above, the million random pairs first: what the GPU test runs.
std::vector<PairSet> wgs84_sets(double f);

}  // namespace geofield::geodesic_pairs
