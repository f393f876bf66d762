// Device functions of the field kernel that the kernel variants probe measures as they are.
#pragma once

#include "field_math.h"

namespace geofield {

// Double rounded to the nearest float by cvt.rn (the ftz form -ftz=true would pick costs a
// compare and a multiply more per node).
__device__ __forceinline__ float to_float(double v) {
  float f;
  asm("cvt.rn.f32.f64 %0, %1;" : "=f"(f) : "d"(v));
  return f;
}
__device__ __forceinline__ float to_float(float v) { return v; }

// The float haversine's end as few instructions as it takes (the float kernel issues an
// instruction per cycle at best, and the stores leave room for about 30 a node), from
// a = hav(angle) and b = hav(pi - angle): the same angle as haversine_half_angle<float> (asin of
// the smaller haversine by the same polynomial), with the hardware's approximate square root,
// and 2R, the far half's sign and pi R folded into one multiply and one fma: 2R asin(sqrt m) or
// pi R - 2R asin(sqrt m). What each step saves: docs/kernel-tuning.md.
__device__ __forceinline__ float haversine_distance_ab_f32(float a, float b, float two_r,
                                                           float pi_r) {
  const bool near = a <= b;
  const float m = fminf(a, b);
  float s;
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(s) : "f"(m));
  return fmaf(s * (near ? two_r : -two_r), asin_sqrt_over_sqrt(m), near ? 0.0f : pi_r);
}

// The latlon field's float haversine: a and b from the row's and the column's factors (two FMAs).
__device__ __forceinline__ float haversine_distance_f32(const RowFactors<float>& r,
                                                        const ColFactors<float>& c, float two_r,
                                                        float pi_r) {
  return haversine_distance_ab_f32(fmaf(r.c, c.s, r.a0), fmaf(r.c, c.k, r.b0), two_r, pi_r);
}

}  // namespace geofield
