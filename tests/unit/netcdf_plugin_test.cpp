// The NetCDF writer module through its C interface: a file of one variable comes out whole to the
// sink (an HDF5 image, its bytes in order); a netCDF call that fails is reported with the call,
// what it was about and nc_strerror; a sink that fails stops the writer with its own message.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "export/netcdf_plugin_abi.h"

namespace geofield {
namespace {

GeofieldWriteNetcdf writer() {
  void* module = ::dlopen(GEOFIELD_TEST_NETCDF_PLUGIN, RTLD_NOW | RTLD_LOCAL);
  EXPECT_NE(module, nullptr) << ::dlerror();
  if (module == nullptr) return nullptr;
  return reinterpret_cast<GeofieldWriteNetcdf>(::dlsym(module, kNetcdfPluginSymbol));
}

// The bytes handed to the sink, checked to come in order; fail: refuse them.
struct Collected {
  std::vector<std::uint8_t> bytes;
  bool fail = false;
  static int sink(void* context, std::uint64_t offset, const void* data, std::size_t size) {
    auto* c = static_cast<Collected*>(context);
    if (c->fail || offset != c->bytes.size()) return 1;
    const auto* p = static_cast<const std::uint8_t*>(data);
    c->bytes.insert(c->bytes.end(), p, p + size);
    return 0;
  }
};

// A 3 x 4 grid with one float variable named `name`.
struct Tiny {
  explicit Tiny(const char* name) {
    variable = {name, GEOFIELD_NETCDF_FLOAT32, values.data(), 0, {}};
    file.y = {"lat", y.size(), y.data(), {}};
    file.x = {"lon", x.size(), x.data(), {}};
    file.variables = &variable;
    file.variable_count = 1;
    file.chunk_y = 3;
    file.chunk_x = 4;
    file.deflate_level = 4;
  }
  std::vector<double> y{1, 0, -1}, x{0, 1, 2, 3};
  std::vector<float> values = std::vector<float>(12, 7.0f);
  GeofieldNetcdfVariable variable{};
  GeofieldNetcdfFile file{};
};

TEST(NetcdfPlugin, WritesAWholeHdf5ImageToTheSink) {
  const GeofieldWriteNetcdf write = writer();
  ASSERT_NE(write, nullptr);
  Tiny t("distance");
  Collected c;
  char error[256] = "";
  ASSERT_EQ(write(&t.file, &Collected::sink, &c, error, sizeof error), 0) << error;
  ASSERT_GT(c.bytes.size(), 8u);
  EXPECT_EQ(std::string(c.bytes.begin(), c.bytes.begin() + 8), std::string("\x89HDF\r\n\x1a\n"));
}

TEST(NetcdfPlugin, AFailedCallIsNamedWithNcStrerror) {
  const GeofieldWriteNetcdf write = writer();
  ASSERT_NE(write, nullptr);
  Tiny t("no/slash");  // netCDF names may not hold '/'
  Collected c;
  char error[256] = "";
  EXPECT_NE(write(&t.file, &Collected::sink, &c, error, sizeof error), 0);
  EXPECT_EQ(std::string(error), "nc_def_var(no/slash): NetCDF: Name contains illegal characters");
  EXPECT_TRUE(c.bytes.empty()) << "nothing reaches the sink";
  t.file.chunk_y = 5;  // larger than its axis
  t.variable.name = "distance";
  EXPECT_NE(write(&t.file, &Collected::sink, &c, error, sizeof error), 0);
  EXPECT_EQ(std::string(error), "nc_def_var_chunking(distance): NetCDF: Bad chunk sizes.");
}

TEST(NetcdfPlugin, ASinkThatFailsStopsTheWriter) {
  const GeofieldWriteNetcdf write = writer();
  ASSERT_NE(write, nullptr);
  Tiny t("distance");
  Collected c;
  c.fail = true;
  char error[256] = "";
  EXPECT_NE(write(&t.file, &Collected::sink, &c, error, sizeof error), 0);
  EXPECT_EQ(std::string(error), "the file's bytes could not be written");
}

}  // namespace
}  // namespace geofield
