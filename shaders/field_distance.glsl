// The distance from a node's row and column factors (field_math.h's haversine_combine<T> and
// seed_combine<T>), shared by the latlon field (field_combine.comp) and the projected field
// (field_projected.comp). Needs REAL, VEC2, VEC4, IS_DOUBLE, SEED, OUT_F64,
// field_constants.glsl and field_math.glsl before it.

// asin(sqrt m) / sqrt m = 1 + m Q(m), m in [0, 0.5005]: field_math.h's coefficients; for the
// double values bound for the float texture, the 12 of core/double_for_float.h (1.12e-12
// relative, 50 000 times finer than the float they are rounded to), as the CUDA kernel does.
// The lists come with field_constants.glsl, lowest coefficient first.
#if IS_DOUBLE && !OUT_F64
#define ASIN_Q kAsinQForFloat
#elif IS_DOUBLE
#define ASIN_Q kAsinQ64
#else
#define ASIN_Q kAsinQ32
#endif
REAL asin_sqrt_over_sqrt(REAL m) {
  REAL q = ASIN_Q[ASIN_Q.length() - 1];
  for (int k = ASIN_Q.length() - 2; k >= 0; --k) q = q * m + ASIN_Q[k];
  return REAL(1.0LF) + m * q;
}

// r = (a0, b0, c, unused) of the row, col = (s, k) of the column; radius in the output unit.
REAL distance_from_factors(VEC4 r, VEC2 col, REAL radius) {
  REAL a = r.x + r.z * col.x;
#if SEED
  return atan2_nonneg_y(a, REAL(1.0LF) - a) * REAL(2.0LF) * radius;
#else
  REAL b = r.y + r.z * col.y;
  // haversine_half_angle: asin(sqrt a) while a <= b, else pi/2 - asin(sqrt b).
  REAL m = a <= b ? a : b;
  REAL h = sqrt_full(m) * asin_sqrt_over_sqrt(m);
  REAL far = (kHalfPiHi - h) + kHalfPiLo;
  return REAL(2.0LF) * radius * (a <= b ? h : far);
#endif
}
