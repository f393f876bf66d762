// The machine's caps on the grid: GL_MAX_TEXTURE_SIZE and the memory a render needs.
#include "memory_limits.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>

#include "errors.h"
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

TEST(MemoryLimits, NetcdfCountsItsFileInMemory) {
  // The file is built whole in memory: the values uncompressed, the coordinates and 1 MiB.
  EXPECT_EQ(netcdf_image_bytes(sized(1000, 500)), 1000u * 500 * 4 + 8 * 1500 + (1u << 20));
  EXPECT_EQ(netcdf_image_bytes(sized(1000, 500, Precision::f64)),
            1000u * 500 * 8 + 8 * 1500 + (1u << 20));
  const FieldParams p = sized(3000, 2000, Precision::f64);
  EXPECT_EQ(render_bytes_needed(p, false, true),
            render_bytes_needed(p, false) + netcdf_image_bytes(p));
  EXPECT_EQ(render_bytes_needed(p, true, true),
            render_bytes_needed(p, true) + netcdf_image_bytes(p));
}

TEST(MemoryLimits, NetcdfTipsAGridThatFitsOtherwise) {
  // A float32 raw render needs 12 bytes a node, 16 with NetCDF's file: a grid of the available
  // memory / 13.5 nodes fits (89%) without NetCDF and not (119%) with it.
  const std::uint64_t have = available_host_memory_bytes();
  ASSERT_GT(have, 0u);
  const int ny = 4096;
  const int nx = static_cast<int>(have / 13.5 / ny);
  const FieldParams p = sized(nx, ny);
  EXPECT_NO_THROW(check_size_fits(p, 1 << 30, false));
  try {
    check_size_fits(p, 1 << 30, false, true);
    ADD_FAILURE() << "a " << nx << " x " << ny << " NetCDF render was not refused";
  } catch (const UsageError& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind("--size: " + std::to_string(nx) + "x4096 needs about ", 0), 0u) << m;
    EXPECT_NE(m.find(" GiB of memory; this machine has "), std::string::npos) << m;
  }
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

TEST(MemoryLimits, DiskShortfallNamesTheFileAndTheFreeSpace) {
  const std::filesystem::path folder = ::testing::TempDir();
  const std::optional<std::uint64_t> free = free_disk_bytes(folder);
  ASSERT_TRUE(free.has_value());
  EXPECT_GT(*free, 0u);
  EXPECT_FALSE(disk_shortfall(folder / "small.npy", 1000).has_value());
  const std::optional<std::string> m = disk_shortfall(folder / "huge.npy", std::uint64_t{1} << 60);
  ASSERT_TRUE(m.has_value());
  EXPECT_NE(m->find("huge.npy needs about 1.07e+09 GiB on disk; its file system has "),
            std::string::npos)
      << *m;
  EXPECT_NE(m->find(" GiB free"), std::string::npos) << *m;
  // A file name alone is in the current folder.
  EXPECT_TRUE(disk_shortfall("huge.npy", std::uint64_t{1} << 60).has_value());
  EXPECT_FALSE(free_disk_bytes("/no/such/folder").has_value());
}

}  // namespace
}  // namespace geofield
