// The .npy 1.0 header: magic, version, little-endian length, the dict numpy expects, padded
// with spaces and a newline so the data starts on a multiple of 64 bytes.
#include <gtest/gtest.h>

#include <string>

#include "export/npy_export.h"

namespace geofield {
namespace {

HostField field_of(int nx, int ny, Precision p) {
  HostField f;
  f.nx = nx, f.ny = ny, f.precision = p;
  return f;
}

void expect_valid_header(const HostField& f, const std::string& descr) {
  const std::string h = npy_header(f);
  ASSERT_GE(h.size(), 10u);
  EXPECT_EQ(h.substr(0, 6), std::string("\x93NUMPY", 6));
  EXPECT_EQ(h[6], '\x01');  // format 1.0
  EXPECT_EQ(h[7], '\x00');
  const size_t len = static_cast<unsigned char>(h[8]) | (static_cast<unsigned char>(h[9]) << 8);
  EXPECT_EQ(len, h.size() - 10);
  EXPECT_EQ(h.size() % 64, 0u) << "data must start 64-aligned";
  EXPECT_EQ(h.back(), '\n');
  const std::string dict = h.substr(10);
  const std::string expected = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" +
                               std::to_string(f.ny) + ", " + std::to_string(f.nx) + "), }";
  EXPECT_EQ(dict.substr(0, expected.size()), expected);
  // The rest is padding only.
  EXPECT_EQ(dict.find_first_not_of(' ', expected.size()), dict.size() - 1);
}

TEST(NpyHeader, Float32RowsByColumns) {
  expect_valid_header(field_of(1000, 1000, Precision::f32), "<f4");
  expect_valid_header(field_of(640, 480, Precision::f32), "<f4");  // shape is (ny, nx)
}

TEST(NpyHeader, Float64) { expect_valid_header(field_of(3, 2, Precision::f64), "<f8"); }

TEST(NpyHeader, EveryDictLengthPadsToSixtyFour) {
  // Shapes of 1 to 7 digits change the dict's length through a whole padding cycle.
  for (int nx : {2, 10, 100, 1000, 10000, 100000, 1000000}) {
    for (int ny : {2, 99, 12345, 1048576}) {
      SCOPED_TRACE(std::to_string(nx) + "x" + std::to_string(ny));
      expect_valid_header(field_of(nx, ny, Precision::f32), "<f4");
    }
  }
}

}  // namespace
}  // namespace geofield
