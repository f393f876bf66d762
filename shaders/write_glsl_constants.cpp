// Writes field_constants.glsl, the shaders' copy of core/field_constants.h, at build time.
// Compiled from the header itself, it prints the very values C++ and CUDA use, to the last bit:
// nothing parses C++ and no number is typed twice. Usage: geofield_glsl_constants OUT.glsl
#include <cstdio>
#include <string>

#include "field_constants.h"

namespace {

// GLSL reads a floating constant only with a point or an exponent ("0" is an int).
std::string with_point(const char* digits) {
  std::string s = digits;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// 17 significant digits read back as the same double; LF makes GLSL read a double.
std::string glsl_double(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return with_point(buf) + "LF";
}

// 9 significant digits read back as the same float.
std::string glsl_float(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  return with_point(buf);
}

// A REAL from the double: float(v) in the float programs, as T(v) is in C++ and CUDA.
std::string glsl_real(double v) { return "REAL(" + glsl_double(v) + ")"; }

std::string glsl_scalar(const char* type, const char* name, const std::string& literal) {
  return std::string("const ") + type + " " + name + " = " + literal + ";\n";
}

template <typename V, int N>
std::string glsl_array(const char* type, const char* name, const V (&values)[N],
                       std::string (*literal)(V)) {
  std::string s =
      std::string("const ") + type + " " + name + "[" + std::to_string(N) + "] = " + type + "[](";
  for (int k = 0; k < N; ++k) {
    s += (k % 3 == 0 ? "\n    " : " ") + literal(values[k]) + (k + 1 < N ? "," : ");\n");
  }
  return s;
}

// The names are the header's; HalfPi<T> and the asin lists by the program's precision.
std::string constants_glsl() {
  using namespace geofield;
  std::string s =
      "// Generated from core/field_constants.h by shaders/write_glsl_constants.cpp; do not edit.\n"
      "// Needs REAL and IS_DOUBLE, which the GL backend defines before it.\n";
  s += glsl_scalar("REAL", "kPi", glsl_real(kPi));
  s += glsl_scalar("REAL", "kRadPerDeg", glsl_real(kRadPerDeg));
  s += glsl_scalar("REAL", "kDegPerRad", glsl_real(kDegPerRad));
  s += glsl_scalar("REAL", "kTwoOverPi", glsl_real(kTwoOverPi));
  s += glsl_array("REAL", "kAtanOfQuarters", kAtanOfQuarters, glsl_real);
  s += glsl_scalar("REAL", "kSeedHalfRadPerDeg", glsl_real(kSeedHalfRadPerDeg));
  s += glsl_scalar("REAL", "kSeedRadPerDeg", glsl_real(kSeedRadPerDeg));
  s += glsl_scalar("REAL", "kSeedPoleGapRad", glsl_real(kSeedPoleGapRad));
  s += glsl_scalar("REAL", "kEqEarthA1", glsl_real(kEqEarthA1));
  s += glsl_scalar("REAL", "kEqEarthA2", glsl_real(kEqEarthA2));
  s += glsl_scalar("REAL", "kEqEarthA3", glsl_real(kEqEarthA3));
  s += glsl_scalar("REAL", "kEqEarthA4", glsl_real(kEqEarthA4));
  // The slope's coefficients as the header's T(3 * kEqEarthA2) etc.: each rounded once.
  s += glsl_scalar("REAL", "kEqEarth3A2", glsl_real(3 * kEqEarthA2));
  s += glsl_scalar("REAL", "kEqEarth7A3", glsl_real(7 * kEqEarthA3));
  s += glsl_scalar("REAL", "kEqEarth9A4", glsl_real(9 * kEqEarthA4));
  s += glsl_scalar("REAL", "kEqEarthM", glsl_real(kEqEarthM));
  s += glsl_scalar("REAL", "kEqEarthMaxY", glsl_real(kEqEarthMaxY));
  s += glsl_scalar("REAL", "kEqEarthPoleTheta", glsl_real(kEqEarthPoleTheta));
  s += "#if IS_DOUBLE\n";
  s += glsl_scalar("REAL", "kHalfPiHi", glsl_double(HalfPi<double>::hi));
  s += glsl_scalar("REAL", "kHalfPiLo", glsl_double(HalfPi<double>::lo));
  s += glsl_array("double", "kAsinQ64", kAsinQ64, glsl_double);
  s += glsl_array("double", "kAsinQForFloat", kAsinQForFloat, glsl_double);
  s += "#else\n";
  s += glsl_scalar("REAL", "kHalfPiHi", glsl_float(HalfPi<float>::hi));
  s += glsl_scalar("REAL", "kHalfPiLo", glsl_float(HalfPi<float>::lo));
  s += glsl_array("float", "kAsinQ32", kAsinQ32, glsl_float);
  s += "#endif\n";
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.glsl\n", argv[0]);
    return 2;
  }
  const std::string text = constants_glsl();
  std::FILE* f = std::fopen(argv[1], "wb");
  if (f == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !written) {
    std::perror(argv[1]);
    std::remove(argv[1]);  // a partial file would look up to date to the next build
    return 1;
  }
  return 0;
}
