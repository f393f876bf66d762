// Every number geofield's math shares between C++, CUDA and GLSL, written once. field_math.h and
// double_for_float.h use it; the GL backend's shaders get the same values from the
// field_constants.glsl that the build prints from this header (shaders/write_glsl_constants.cpp).
// Plain constexprs and literals only: nvcc, the host compiler and that printer all read it.
#pragma once

namespace geofield {

constexpr double kPi = 3.14159265358979323846;
constexpr double kRadPerDeg = kPi / 180.0;
constexpr double kDegPerRad = 180.0 / kPi;

// The seed formula's literal constants (pi/360 and pi/180 as typed in the original answer).
constexpr double kSeedHalfRadPerDeg = 0.008726645;
constexpr double kSeedRadPerDeg = 0.01745329;
// pi/2 - 90 * 0.01745329: the truncated constant stops this short of pi/2 at a pole, so the
// seed's cos(0.01745329 lat) = sin(kSeedPoleGapRad + 0.01745329 (90 - |lat|)) is 2.3e-7 there.
constexpr double kSeedPoleGapRad = kPi / 2 - 90.0 * kSeedRadPerDeg;

// pi/2 as the nearest T plus its remainder, so that pi/2 - r keeps its last bit.
template <typename T>
struct HalfPi;
template <>
struct HalfPi<float> {
  static constexpr float hi = 1.57079637f, lo = -4.37113883e-08f;
};
template <>
struct HalfPi<double> {
  static constexpr double hi = 1.5707963267948966, lo = 6.123233995736766e-17;
};

// asin(sqrt m) / sqrt m = 1 + m Q(m) for m in [0, 0.5005], Q minimax in the relative error:
// Q's coefficients, lowest first, as scripts/fit_asin_poly.py prints them. Macros, because
// device code cannot read a host constexpr array: field_math.h takes them as literal arguments.
// float, 7 terms (fit_asin_poly.py float 7).
#define GF_ASIN_Q32                                                                           \
  1.6666907e-01f, 7.488408e-02f, 4.651311e-02f, 1.631871e-02f, 7.720237e-02f, -9.298604e-02f, \
      1.1154396e-01f
// double, 18 terms, to the last bits (fit_asin_poly.py double 18).
#define GF_ASIN_Q64                                                                          \
  1.6666666666665203e-01, 7.5000000004162e-02, 4.4642856726550204e-02, 3.03819656502614e-02, \
      2.2371511464467295e-02, 1.7365764027454614e-02, 1.3783166507626489e-02,                \
      1.3388084562730912e-02, -4.004590389785901e-03, 8.617110918926801e-02,                 \
      -3.267245562038436e-01, 1.0984773265875025e+00, -2.6957386893111184e+00,               \
      4.985321847685702e+00, -6.641127757788607e+00, 6.092505961346284e+00,                  \
      -3.4437492001521215e+00, 9.264578716301071e-01
// double, 12 terms, to 1.12e-12 relative, for values rounded to float next (double_for_float.h;
// fit_asin_poly.py double 12).
#define GF_ASIN_Q_FOR_FLOAT                                                                    \
  1.6666666620012108e-01, 7.50000612277798e-02, 4.4640061912354416e-02, 3.044569886639864e-02, \
      2.1524679018920554e-02, 2.446936195886098e-02, -2.544236818254346e-02,                   \
      1.580017188722634e-01, -3.536344439498757e-01, 5.903870764688959e-01,                    \
      -5.443969512667522e-01, 2.5017433508719805e-01
constexpr float kAsinQ32[] = {GF_ASIN_Q32};
constexpr double kAsinQ64[] = {GF_ASIN_Q64};
constexpr double kAsinQForFloat[] = {GF_ASIN_Q_FOR_FLOAT};
constexpr int kAsinQForFloatTerms = static_cast<int>(sizeof kAsinQForFloat / sizeof(double));

// Equal Earth (Savric, Patterson & Jenny 2018, "The Equal Earth map projection", IJGIS 33(3)):
// y = R theta (A1 + A2 theta^2 + theta^6 (A3 + A4 theta^2)) with sin theta = M sin(lat), the
// paper's polynomial coefficients and M = sqrt(3)/2 (PROJ's eqearth has the same values).
constexpr double kEqEarthA1 = 1.340264;
constexpr double kEqEarthA2 = -0.081106;
constexpr double kEqEarthA3 = 0.000893;
constexpr double kEqEarthA4 = 0.003796;
constexpr double kEqEarthM = 0.86602540378443864676;  // sqrt(3) / 2
// The outline on the unit sphere: x at (lat 0, lon +-180) = pi / (M A1), and y at a pole
// (theta = pi/3). tests/unit/projection_test.cpp holds both to the polynomial and to PROJ.
constexpr double kEqEarthMaxX = kPi / (kEqEarthM * kEqEarthA1);
constexpr double kEqEarthPoleTheta = kPi / 3;
constexpr double kEqEarthMaxY =
    kEqEarthPoleTheta * (kEqEarthA1 + kEqEarthA2 * (kPi / 3) * (kPi / 3) +
                         (kPi / 3) * (kPi / 3) * (kPi / 3) * (kPi / 3) * (kPi / 3) * (kPi / 3) *
                             (kEqEarthA3 + kEqEarthA4 * (kPi / 3) * (kPi / 3)));

// Only the GLSL port reads these: it evaluates sin and atan itself, where C++ and CUDA call
// the accurate ones of their libraries.
constexpr double kTwoOverPi = 2 / kPi;  // quarter turns per radian, for sin's reduction
// atan(k / 4) for k = 0..4: the bases of atan's reduction about the nearest quarter.
constexpr double kAtanOfQuarters[] = {0.0, 0.24497866312686414, 0.4636476090008061,
                                      0.6435011087932844, kPi / 4};

}  // namespace geofield
