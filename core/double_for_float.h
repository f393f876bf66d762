// The double path's haversine for values that end as floats: the GL texture that is drawn and the
// float buffers behind it. The factors stay double (they carry the accuracy: a + b = 1 with each
// term to its last bit); the combine stops at ~1.4e-12 relative instead of ~4e-16, some 40000
// times finer than the float each value is rounded to (2^-24 = 6e-8): the texture holds the
// double value correctly rounded except within 1.4e-12 of a halfway point, where it may hold the
// other neighbour (never more than half a float ulp + 1.4e-12 off).
// Exports in double (render --f64, read back as f64) use haversine_combine, to the last bits.
//
// Why: on the H200 the double kernel is bound by FP64 issue (half the FP32 rate); this combine
// issues 19 FP64 instructions a node where the full combine in the same kernel issues 28 (ncu;
// docs/kernel-tuning.md).
//   - sqrt(m) from a reciprocal square root seed and one Newton step folded with the radius:
//     2R sqrt(m) = R g (3 - g y) to ~2^-42, g = m y, where y ~ 1/sqrt(m) (the device's
//     MUFU.RSQ64H, ~2^-22; the host's exact 1/sqrt);
//   - asin(sqrt m) / sqrt m by 12 coefficients (scripts/fit_asin_poly.py double 12: 1.12e-12);
//   - the far half (a > b: angle past the quarter circle) as pi R - 2R sqrt(b) P(b): its sign
//     flipped on the high word, pi R added by the final fma.
#pragma once

#include <cfloat>
#include <cstring>

#include "field_math.h"

namespace geofield {

// asin(sqrt m) / sqrt m = 1 + m Q(m) to 1.12e-12 relative for m in [0, 0.5005], Q's
// coefficients kAsinQForFloat (field_constants.h). On the device they live in constant memory,
// where the FMAs read them as operands (as literals they cost a register move each per node).
#if defined(__CUDACC__)
__constant__ double kAsinQForFloatDevice[kAsinQForFloatTerms] = {GF_ASIN_Q_FOR_FLOAT};
#endif

#if defined(__CUDA_ARCH__)
// ~1/sqrt(m) from the hardware (MUFU.RSQ64H reads the high word only). m = 0 is raised to the
// smallest normal on its high word, so that m * y stays 0 instead of 0 * inf.
__device__ __forceinline__ double rsqrt_seed(double m, int m_hi) {
  double y;
  const double safe = __hiloint2double(m_hi > 0x00100000 ? m_hi : 0x00100000, __double2loint(m));
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(safe));
  return y;
}
__device__ __forceinline__ int high_word(double v) { return __double2hiint(v); }
__device__ __forceinline__ double flip_sign_if(double v, bool flip) {
  return __hiloint2double(__double2hiint(v) ^ (flip ? int(0x80000000u) : 0), __double2loint(v));
}
#else
inline double rsqrt_seed(double m, int) { return 1.0 / std::sqrt(m > DBL_MIN ? m : DBL_MIN); }
inline int high_word(double v) {
  unsigned long long u = 0;
  std::memcpy(&u, &v, sizeof u);
  return static_cast<int>(static_cast<unsigned>(u >> 32));
}
inline double flip_sign_if(double v, bool flip) { return flip ? -v : v; }
#endif

// Great-circle distance for a value that is rounded to float next; radius in the output unit.
// From a = hav(angle) and b = hav(pi - angle) (each to its last bits, a + b = 1), as the
// projected views' double kernel gives them (projected_chord.h).
GF_HD double haversine_ab_for_float(double a, double b, double radius) {
  // a, b >= 0, so their high words order them; equal high words mean both are 1/2 within
  // 2^-20, inside the polynomial's range whichever is taken.
  const int a_hi = high_word(a), b_hi = high_word(b);
  const bool near = a_hi <= b_hi;
  const double m = near ? a : b;
  const double y = rsqrt_seed(m, near ? a_hi : b_hi);
  const double g = m * y;
  const double t = flip_sign_if((g * radius) * fma(-g, y, 3.0), !near);  // +-2R sqrt(m)
#if defined(__CUDA_ARCH__)
  const double* const c = kAsinQForFloatDevice;
#else
  const double* const c = kAsinQForFloat;
#endif
  double q = c[kAsinQForFloatTerms - 1];
  for (int k = kAsinQForFloatTerms - 2; k >= 0; --k) q = fma(q, m, c[k]);
  return fma(t, fma(m, q, 1.0), near ? 0.0 : kPi * radius);
}

// As haversine_ab_for_float with b = 1 - a, for a path whose b would cost instructions of its
// own (ortho's double texture kernel: three FP64 a node). Past the quarter circle 1 - a is exact
// (a in [1/2, 2]) and carries a's absolute error, ~1e-16, which near the antipode moves the
// distance by at most 2R sqrt(1e-16), ~0.13 m on the Earth, where a float holds 20,000 km to 2 m.
GF_HD double haversine_a_for_float(double a, double radius) {
  return haversine_ab_for_float(a, 1.0 - a, radius);
}

GF_HD double haversine_combine_for_float(const RowFactors<double>& r, const ColFactors<double>& col,
                                         double radius) {
  return haversine_ab_for_float(fma(r.c, col.s, r.a0), fma(r.c, col.k, r.b0), radius);
}

}  // namespace geofield
