// The GeoTIFF export: GDAL reads it back with EPSG:4326, the nodes where the grid contract
// puts them, and the values as written. Skipped where gdalinfo is not installed.
#include "export/geotiff_export.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "errors.h"
#include "export/geotiff_plugin_abi.h"

namespace geofield {
namespace {

std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
  std::string out;
  char buf[4096];
  while (pipe && std::fgets(buf, sizeof buf, pipe.get())) out += buf;
  return out;
}

TEST(GeoTiffExport, GdalReadsTheGeoreferencing) {
  if (std::system("command -v gdalinfo > /dev/null 2>&1") != 0) GTEST_SKIP() << "no gdalinfo";
  ::setenv(kGeotiffPluginEnv, GEOFIELD_TEST_GEOTIFF_PLUGIN, 1);  // the module, built for this test
  FieldParams p;
  p.lat_min_deg = 10;
  p.lat_max_deg = 20;
  p.lon_min_deg = 170;
  p.lon_max_deg = -170;  // across the antimeridian
  p.nx = 21;
  p.ny = 11;
  p.ref_lat_deg = 15;
  p.ref_lon_deg = 180;
  for (Precision prec : {Precision::f32, Precision::f64}) {
    HostField f;
    f.nx = p.nx;
    f.ny = p.ny;
    f.precision = prec;
    if (prec == Precision::f32) {
      f.f32.resize(p.nx * p.ny);
      compute_field_on_cpu<float>(p, f.f32.data());
    } else {
      f.f64.resize(p.nx * p.ny);
      compute_field_on_cpu<double>(p, f.f64.data());
    }
    const std::filesystem::path path = std::filesystem::path(testing::TempDir()) / "field.tif";
    write_geotiff(path, f, p);
    const nlohmann::json info =
        nlohmann::json::parse(run("gdalinfo -json -stats " + path.string() + " 2>/dev/null"));
    EXPECT_EQ(info["size"], nlohmann::json::array({21, 11}));
    EXPECT_NE(info["coordinateSystem"]["wkt"].get<std::string>().find("4326"), std::string::npos);
    EXPECT_EQ(info["bands"][0]["type"], prec == Precision::f32 ? "Float32" : "Float64");
    // PixelIsPoint: GDAL's pixel corners sit half a node west and north of the first node.
    const auto gt = info["geoTransform"];
    EXPECT_NEAR(gt[0].get<double>(), 170 - 0.5, 1e-9);
    EXPECT_NEAR(gt[1].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(gt[3].get<double>(), 20 + 0.5, 1e-9);
    EXPECT_NEAR(gt[5].get<double>(), -1.0, 1e-12);
    EXPECT_NEAR(info["bands"][0]["minimum"].get<double>(), 0.0, 1e-3);  // the node at the reference
    // gdallocationinfo at the reference point gives the reference node's value: 0.
    const std::string v = run("gdallocationinfo -valonly -wgs84 " + path.string() + " 180 15");
    EXPECT_NEAR(std::stod(v), 0.0, 1e-3) << v;
  }
}

TEST(GeoTiffExport, BigTiffOnlyWhereClassicTiffCannotHoldTheValues) {
  EXPECT_FALSE(geotiff_needs_bigtiff(0));
  EXPECT_FALSE(geotiff_needs_bigtiff(std::uint64_t{32000} * 32000 * 4));  // 4.096 GB: fits
  EXPECT_TRUE(geotiff_needs_bigtiff(std::uint64_t{32768} * 32768 * 4));   // 4 GiB: does not
  EXPECT_TRUE(geotiff_needs_bigtiff(std::uint64_t{1} << 32));
  EXPECT_FALSE(geotiff_needs_bigtiff((std::uint64_t{1} << 32) - (std::uint64_t{64} << 20)));
}

// The module's BigTIFF (asked for directly: a field that needs one is 4 GiB) is a BigTIFF that
// GDAL reads with the same georeferencing and values as the classic one.
TEST(GeoTiffExport, BigTiffReadsBackLikeTheClassicOne) {
  if (std::system("command -v gdalinfo > /dev/null 2>&1") != 0) GTEST_SKIP() << "no gdalinfo";
  void* module = ::dlopen(GEOFIELD_TEST_GEOTIFF_PLUGIN, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(module, nullptr) << ::dlerror();
  const auto writer = reinterpret_cast<GeofieldWriteGeotiff>(::dlsym(module, kGeotiffPluginSymbol));
  ASSERT_NE(writer, nullptr);
  std::vector<double> values(7 * 5);
  for (size_t i = 0; i < values.size(); ++i) values[i] = 1000.0 + 0.125 * static_cast<double>(i);
  std::string stats[2];
  for (int bigtiff : {0, 1}) {
    GeofieldGeotiffRaster raster{};
    raster.nx = 7;
    raster.ny = 5;
    raster.sample = GEOFIELD_GEOTIFF_FLOAT64;
    raster.values = values.data();
    raster.projection = GEOFIELD_GEOTIFF_LATLON;
    raster.x0 = -3.0;
    raster.y0 = 4.0;
    raster.step_x = 0.5;
    raster.step_y = 2.0;
    raster.description = "test";
    raster.bigtiff = bigtiff;
    const std::string path =
        (std::filesystem::path(testing::TempDir()) / ("big" + std::to_string(bigtiff) + ".tif"))
            .string();
    char error[256] = "";
    ASSERT_EQ(writer(path.c_str(), &raster, error, sizeof error), 0) << error;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr);
    unsigned char magic[4] = {};
    ASSERT_EQ(std::fread(magic, 1, 4, f), 4u);
    std::fclose(f);
    EXPECT_EQ(magic[2], bigtiff ? 43 : 42) << "TIFF version: 42 classic, 43 BigTIFF";
    const nlohmann::json info =
        nlohmann::json::parse(run("gdalinfo -json -stats " + path + " 2>/dev/null"));
    EXPECT_EQ(info["size"], nlohmann::json::array({7, 5}));
    EXPECT_EQ(info["bands"][0]["type"], "Float64");
    EXPECT_NEAR(info["geoTransform"][0].get<double>(), -3.25, 1e-12);
    EXPECT_NEAR(info["geoTransform"][3].get<double>(), 5.0, 1e-12);
    EXPECT_DOUBLE_EQ(info["bands"][0]["minimum"].get<double>(), 1000.0);
    EXPECT_DOUBLE_EQ(info["bands"][0]["maximum"].get<double>(), 1000.0 + 0.125 * 34);
    // The value at the last node, by coordinates: lon -3 + 6 * 0.5, lat 4 - 4 * 2.
    const std::string v = run("gdallocationinfo -valonly -wgs84 " + path + " 0 -4");
    EXPECT_DOUBLE_EQ(std::stod(v), 1000.0 + 0.125 * 34) << v;
    stats[bigtiff] = info["bands"][0]["mean"].dump();
  }
  EXPECT_EQ(stats[0], stats[1]);
}

// Without the writer module the export says what is missing and where it looked, and leaves no
// file. In a fresh process (the module, once loaded, stays loaded).
TEST(GeoTiffExport, WithoutTheModuleSaysWhatIsMissingAndWritesNothing) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  FieldParams p;
  p.nx = p.ny = 4;
  HostField f;
  f.nx = f.ny = 4;
  f.precision = Precision::f32;
  f.f32.assign(16, 1.0f);
  const std::filesystem::path path = std::filesystem::path(testing::TempDir()) / "no-module.tif";
  std::filesystem::remove(path);
  EXPECT_EXIT(
      {
        ::setenv(kGeotiffPluginEnv, "/nonexistent/libgeofield_geotiff.so", 1);
        try {
          write_geotiff(path, f, p);
        } catch (const RuntimeFailure& e) {
          std::fprintf(stderr, "%s\n", e.what());
          std::exit(3);
        }
        std::exit(0);
      },
      testing::ExitedWithCode(3),
      "GeoTIFF export: \\$GEOFIELD_GEOTIFF_PLUGIN names /nonexistent/libgeofield_geotiff.so, "
      "which cannot be loaded .*:\n  /nonexistent/libgeofield_geotiff.so: ");
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace geofield
