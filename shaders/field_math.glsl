// The shared math of core/field_math.h in GLSL, for the GL backend's compute shaders
// (app/backends/gl_backend.cpp). DESIGN.md wants the math in one header; GLSL cannot include it,
// so this is a port, the one place the math's code exists twice. Its numbers do not: the
// program prepends field_constants.glsl, which the build prints from core/field_constants.h.
// The code is kept equal by tests, not by construction: tests/gl checks every node of the
// foundation's grids against the header's CPU double field with the CUDA backend's tolerances
// (both formulas, every unit, float and double). Change both together.
// Compiled in float or double: the program prepends "#define REAL float" (or double) and
// IS_DOUBLE. Constants are double literals converted to REAL, so that the double programs get
// every digit. GLSL's own sin, cos and atan are not used: their error is absolute and
// implementation-defined, too coarse for sin^2 of a small half-angle; these polynomials on
// exactly reduced arguments are as accurate as the CPU's libm, to a few ulp.

// sin and cos of r in radians, |r| <= pi/4, by Taylor polynomials (truncation below 1e-19
// relative in double, 2e-9 in float).
void sincos_reduced(REAL r, out REAL s, out REAL c) {
  REAL r2 = r * r;
#if IS_DOUBLE
  s = r + r * r2 * (-1.0LF / 6.0LF + r2 * (1.0LF / 120.0LF + r2 * (-1.0LF / 5040.0LF +
      r2 * (1.0LF / 362880.0LF + r2 * (-1.0LF / 39916800.0LF + r2 * (1.0LF / 6227020800.0LF +
      r2 * (-1.0LF / 1307674368000.0LF + r2 * (1.0LF / 355687428096000.0LF))))))));
  c = 1.0LF + r2 * (-0.5LF + r2 * (1.0LF / 24.0LF + r2 * (-1.0LF / 720.0LF +
      r2 * (1.0LF / 40320.0LF + r2 * (-1.0LF / 3628800.0LF + r2 * (1.0LF / 479001600.0LF +
      r2 * (-1.0LF / 87178291200.0LF + r2 * (1.0LF / 20922789888000.0LF +
      r2 * (-1.0LF / 6402373705728000.0LF)))))))));
#else
  s = r + r * r2 * (-1.0 / 6.0 + r2 * (1.0 / 120.0 + r2 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0))));
  c = 1.0 + r2 * (-0.5 + r2 * (1.0 / 24.0 + r2 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0 +
      r2 * (-1.0 / 3628800.0)))));
#endif
}

// (s, c) rotated by q quarter turns.
void quadrant(REAL q, REAL s0, REAL c0, out REAL s, out REAL c) {
  int n = int(q) & 3;  // two's complement: ((q % 4) + 4) % 4
  if (n == 0) { s = s0; c = c0; }
  else if (n == 1) { s = c0; c = -s0; }
  else if (n == 2) { s = -s0; c = -c0; }
  else { s = -c0; c = s0; }
}

// sincos_deg: reduced exactly to [-45, 45] degrees first, as field_math.h does.
void sincos_deg(REAL x_deg, out REAL s, out REAL c) {
  precise REAL q = roundEven(x_deg / REAL(90.0LF));
  precise REAL r_deg = x_deg - q * REAL(90.0LF);
  REAL s0, c0;
  sincos_reduced(r_deg * kRadPerDeg, s0, c0);
  quadrant(q, s0, c0, s, c);
}

// sin and cos of x radians (the seed formula's literal expressions), reduced by quarter turns with
// pi/2 in two parts (|x| stays below 20 here).
void sincos_rad(REAL x, out REAL s, out REAL c) {
  precise REAL q = roundEven(x * kTwoOverPi);
  precise REAL r = fma(-q, kHalfPiHi, x) - q * kHalfPiLo;
  REAL s0, c0;
  sincos_reduced(r, s0, c0);
  quadrant(q, s0, c0, s, c);
}
REAL sin_rad(REAL x) {
  REAL s, c;
  sincos_rad(x, s, c);
  return s;
}

// atan(t) for t in [0, 1]: about the nearest of 0, 1/4, 1/2, 3/4, 1, then Taylor on the rest
// (|v| <= 1/8).
REAL atan_01(REAL t) {
  REAL k = roundEven(t * REAL(4.0LF));
  REAL centre = k * REAL(0.25LF);
  REAL base = k < 0.5 ? kAtanOfQuarters[0]
            : k < 1.5 ? kAtanOfQuarters[1]
            : k < 2.5 ? kAtanOfQuarters[2]
            : k < 3.5 ? kAtanOfQuarters[3]
                      : kAtanOfQuarters[4];
  REAL v = (t - centre) / (REAL(1.0LF) + t * centre);
  REAL v2 = v * v;
#if IS_DOUBLE
  REAL p = -1.0LF / 17.0LF;
  p = p * v2 + 1.0LF / 15.0LF;
  p = p * v2 - 1.0LF / 13.0LF;
  p = p * v2 + 1.0LF / 11.0LF;
  p = p * v2 - 1.0LF / 9.0LF;
  p = p * v2 + 1.0LF / 7.0LF;
  p = p * v2 - 1.0LF / 5.0LF;
  p = p * v2 + 1.0LF / 3.0LF;
  p = p * v2 - 1.0LF;
#else
  REAL p = 1.0 / 9.0;
  p = p * v2 - 1.0 / 7.0;
  p = p * v2 + 1.0 / 5.0;
  p = p * v2 - 1.0 / 3.0;
  p = p * v2 + 1.0;
  p = -p;
#endif
  return base - v * p;  // atan(v) = v (1 - v^2/3 + ...) = -v p
}

// atan2(y, x) for y >= 0 (the seed's a is a sum of non-negative terms).
REAL atan2_nonneg_y(REAL y, REAL x) {
  REAL ax = abs(x);
  REAL th = y <= ax ? (ax > REAL(0.0LF) ? atan_01(y / ax) : REAL(0.0LF))
                    : (kHalfPiHi - atan_01(ax / y)) + kHalfPiLo;
  return x < REAL(0.0LF) ? (kPi - th) : th;
}

// sqrt to the last bits without a division: GLSL leaves the precision of a double
// inversesqrt to the implementation, so two Newton steps on the exact residual (fma) make the
// result the double square root whatever the seed's accuracy (float's is enough).
REAL sqrt_full(REAL m) {
#if IS_DOUBLE
  if (!(m > 0.0LF)) return 0.0LF;  // m >= 0 where it is used: sums of squares
  REAL y = inversesqrt(m);
  REAL s = m * y;
  s = fma(fma(-s, s, m), 0.5LF * y, s);
  s = fma(fma(-s, s, m), 0.5LF * y, s);
  return s;
#else
  return sqrt(m);
#endif
}
