// The GeoTIFF export: GDAL reads it back with EPSG:4326, the nodes where the grid contract
// puts them, and the values as written. Skipped where gdalinfo is not installed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "cpu_backend.h"
#include "errors.h"
#include "geotiff_export.h"
#include "geotiff_plugin_abi.h"

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
    const nlohmann::json info = nlohmann::json::parse(run("gdalinfo -json -stats " + path.string() + " 2>/dev/null"));
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
      "GeoTIFF export needs libgeofield_geotiff.so .*Tried:\n  /nonexistent/libgeofield_geotiff.so: ");
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace geofield
