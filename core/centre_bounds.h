// The bounds by which the nearest-centre kernels (nearest_centres.cu) prune, on the unit sphere,
// host and device alike: the CPU's argument (compute/nearest_centre.cpp, docs/centres.md)
// written for a tile of nodes seen from a middle direction q.
//
// A tile is a cap: q and rho, the largest angle from q to the tile's nodes. For any centre c*,
// every node x of the tile has its nearest centre within angle(x, c*) <= angle(q, c*) + rho, so
// with theta_c the smallest angle from q to the centres looked at (any subset will do), every
// node's nearest is within theta_c + rho of it. A centre can win at x only within reach(that)
// of x (the formula's error bound, below), so only within reach(theta_c + rho) + rho of q: the
// tile's candidates are the centres inside that cap.
//
// Every angle here is computed in double from unit vectors computed in double: chord^2 from
// vector differences (well conditioned at 0, where 1 - dot is not), an error of a few 1e-16
// absolute. The margins below (relative 1e-12 and absolute 1e-15 on rho, 1e-12 and 1e-24 on
// the chord^2 tested) are thousands of times larger, and the reach itself carries 1e-5 (pi +
// theta), so the rounding of these computations cannot drop a centre that can win.
#pragma once

#include "field_math.h"

namespace geofield {

using std::asin;

struct UnitVec {
  double x = 0, y = 0, z = 1;
};

// |a - b|^2 with every rounding fixed (no contraction chosen by the compiler): the counting and
// the writing of a candidate list evaluate it twice and must agree to the bit.
GF_HD double chord2(const UnitVec& a, const UnitVec& b) {
  const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
#if defined(__CUDA_ARCH__)
  return __fma_rn(dx, dx, __fma_rn(dy, dy, __dmul_rn(dz, dz)));
#else
  return std::fma(dx, dx, std::fma(dy, dy, dz * dz));
#endif
}

// The angle (radians) of a chord^2 of the unit sphere.
GF_HD double angle_of_chord2(double c2) {
  const double half = sqrt(c2) / 2;
  return 2 * asin(half < 1 ? half : 1.0);
}

// The chord^2 of an angle (radians, clamped to pi), rounded up past its own evaluation's error.
GF_HD double chord2_of_angle(double theta) {
  const double c = 2 * sin((theta < kPi ? theta : kPi) / 2);
  return c * c * (1 + 1e-12) + 1e-24;
}

// rho from the largest chord^2 between q and the tile's nodes, rounded up.
GF_HD double cap_angle(double largest_chord2) {
  return angle_of_chord2(largest_chord2) * (1 + 1e-12) + 1e-15;
}

// How far from a node a centre can still win when some centre lies within theta of it:
// - haversine: the float path's values are within 2e-6 (pi R + value) of the true distance, so
//   two centres can swap order only within 4e-6 (pi + theta) of each other; 1e-5 (pi + theta)
//   covers it (the CPU's reach, nearest_centre.cpp; double is far finer);
// - wgs84: the ellipsoid's lengths are within 1 +- delta of the sphere of its mean radius, so a
//   centre whose geodesic is at most that of a centre within theta lies within
//   theta (1 + delta) / (1 - delta) (the CPU's tile reach).
struct ReachBound {
  bool wgs84 = false;
  double stretch = 1;  // wgs84: (1 + delta) / (1 - delta), delta = 2f + f^2
};

GF_HD double reach_of(const ReachBound& b, double theta) {
  if (b.wgs84) return theta * b.stretch * (1 + 1e-9) + 1e-12;
  return theta + 1e-5 * (kPi + theta) + 1e-12;
}

// The chord^2 from q within which a tile's candidates lie: theta_c the smallest angle from q to
// the centres looked at, rho the tile's cap.
GF_HD double candidate_chord2(const ReachBound& b, double theta_c, double rho) {
  return chord2_of_angle(reach_of(b, theta_c + rho) + rho);
}

}  // namespace geofield
