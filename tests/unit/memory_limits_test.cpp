// The machine's caps on the grid: GL_MAX_TEXTURE_SIZE and the memory a render needs.
#include "memory_limits.h"

#include <gtest/gtest.h>

#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

FieldParams sized(int nx, int ny, Precision precision = Precision::f32) {
  FieldParams p;
  p.nx = nx, p.ny = ny, p.precision = precision;
  return p;
}

TEST(MemoryLimits, ReadsAvailableMemory) {
  EXPECT_GT(available_host_memory_bytes(), 16u << 20);  // any machine that runs the tests
}

TEST(MemoryLimits, BytesNeededGrowWithNodesPrecisionAndPicture) {
  const std::uint64_t base = render_bytes_needed(sized(1000, 1000), false);
  EXPECT_GE(base, 8'000'000u);  // the float field and the texture at least
  EXPECT_GT(render_bytes_needed(sized(1000, 1000, Precision::f64), false), base);
  EXPECT_GT(render_bytes_needed(sized(1000, 1000), true), base);
  EXPECT_EQ(render_bytes_needed(sized(2000, 1000), false), 2 * base);
}

TEST(MemoryLimits, TextureLimitNamesSize) {
  EXPECT_NO_THROW(check_size_fits(sized(16384, 2), 16384, true));
  EXPECT_TRUE(
      throws_usage_error_naming([] { check_size_fits(sized(16385, 2), 16384, true); }, "--size"));
  EXPECT_TRUE(
      throws_usage_error_naming([] { check_size_fits(sized(2, 16385), 16384, false); }, "--size"));
  EXPECT_TRUE(throws_usage_error_naming([] { check_size_fits(sized(100000, 100000), 16384, true); },
                                        "--size"));
}

TEST(MemoryLimits, MemoryLimitNamesSize) {
  // 2^20 x 2^20 nodes need terabytes: no texture limit saves it, memory must refuse it.
  EXPECT_TRUE(throws_usage_error_naming(
      [] { check_size_fits(sized(1 << 20, 1 << 20), 1 << 20, true); }, "--size"));
  EXPECT_NO_THROW(check_size_fits(sized(1000, 1000), 16384, true));
}

}  // namespace
}  // namespace geofield
