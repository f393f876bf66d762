// Field exports on a thread: a finished job writes the .npy whole; a cancelled one leaves no
// file at all (not even a scratch name) in the folder; the NetCDF file of a many-centres field
// holds the nearest-centre index it is given (the window's Export NetCDF, as `render --centres
// --netcdf`), read back with libnetcdf.
#include "export/field_export_job.h"

#include <gtest/gtest.h>
#include <netcdf.h>
#include <stdlib.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "export/netcdf_plugin_abi.h"
#include "export/npy_export.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

class FieldExportJobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "geofield-export-job-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  static HostField field(int nx, int ny) {
    HostField f;
    f.nx = nx, f.ny = ny;
    f.f32.resize(std::size_t(nx) * ny);
    for (std::size_t i = 0; i < f.f32.size(); ++i) f.f32[i] = float(i % 1000);
    return f;
  }
  static void wait_done(const FieldExportJob& job) {
    for (int i = 0; i < 3000 && !job.done(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(job.done());
  }
  int files_in_dir() const { return int(std::distance(fs::directory_iterator(dir_), {})); }

  fs::path dir_;
};

TEST_F(FieldExportJobTest, WritesTheNpyWhole) {
  const HostField f = field(1500, 1500);  // 9 MB: two pieces
  const fs::path p = dir_ / "f.npy";
  FieldExportJob job(f, FieldParams{}, {{OutputId::npy, p}}, "", {});
  wait_done(job);
  EXPECT_TRUE(job.ok());
  EXPECT_DOUBLE_EQ(job.progress(), 1.0);
  ASSERT_TRUE(fs::exists(p));
  const std::uint64_t want = npy_header(f).size() + f.f32.size() * sizeof(float);
  EXPECT_EQ(fs::file_size(p), want);
  std::ifstream in(p, std::ios::binary);
  in.seekg(std::streamoff(want - sizeof(float)));
  float last = 0;
  in.read(reinterpret_cast<char*>(&last), sizeof last);
  EXPECT_EQ(last, f.f32.back());
}

TEST_F(FieldExportJobTest, CancelLeavesNoFile) {
  const fs::path p = dir_ / "f.npy";
  bool told = false;
  {
    FieldExportJob job(
        field(2048, 2048), FieldParams{}, {{OutputId::npy, p}}, "", [&] { told = true; },
        std::chrono::milliseconds(100));                         // 16 MB: 2 pieces
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // inside the first piece
    EXPECT_FALSE(job.done());
    job.cancel();
    wait_done(job);
    EXPECT_FALSE(job.ok());
    ASSERT_EQ(job.messages().size(), 1u);
    EXPECT_NE(job.messages()[0].find("cancelled"), std::string::npos);
  }
  EXPECT_TRUE(told);
  EXPECT_FALSE(fs::exists(p));
  EXPECT_EQ(files_in_dir(), 0);  // no scratch file either
}

TEST_F(FieldExportJobTest, DestroyedMidWriteLeavesNoFile) {
  const fs::path p = dir_ / "f.npy";
  {
    FieldExportJob job(field(2048, 2048), FieldParams{}, {{OutputId::npy, p}}, "", {},
                       std::chrono::milliseconds(100));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }  // the window closed during the export
  EXPECT_EQ(files_in_dir(), 0);
}

// A NetCDF file read back: a variable's values, and whether it is there at all.
class NetcdfFile {
 public:
  explicit NetcdfFile(const fs::path& p) { status_ = nc_open(p.c_str(), NC_NOWRITE, &id_); }
  ~NetcdfFile() {
    if (status_ == NC_NOERR) nc_close(id_);
  }
  bool open() const { return status_ == NC_NOERR; }
  bool has(const char* name) const {
    int v = -1;
    return nc_inq_varid(id_, name, &v) == NC_NOERR;
  }
  template <typename T>
  std::vector<T> values(const char* name, std::size_t n) const {
    std::vector<T> out(n);
    int v = -1;
    EXPECT_EQ(nc_inq_varid(id_, name, &v), NC_NOERR) << name;
    if constexpr (std::is_same_v<T, float>) {
      EXPECT_EQ(nc_get_var_float(id_, v, out.data()), NC_NOERR) << name;
    } else {
      EXPECT_EQ(nc_get_var_int(id_, v, out.data()), NC_NOERR) << name;
    }
    return out;
  }
  std::vector<double> doubles(const char* name, std::size_t n) const {
    std::vector<double> out(n);
    int v = -1;
    EXPECT_EQ(nc_inq_varid(id_, name, &v), NC_NOERR) << name;
    EXPECT_EQ(nc_get_var_double(id_, v, out.data()), NC_NOERR) << name;
    return out;
  }
  std::vector<std::string> strings(const char* name, std::size_t n) const {
    std::vector<char*> raw(n, nullptr);
    int v = -1;
    EXPECT_EQ(nc_inq_varid(id_, name, &v), NC_NOERR) << name;
    EXPECT_EQ(nc_get_var_string(id_, v, raw.data()), NC_NOERR) << name;
    std::vector<std::string> out;
    for (const char* r : raw) out.emplace_back(r != nullptr ? r : "<null>");
    nc_free_string(n, raw.data());
    return out;
  }
  std::string text(const char* variable, const char* attribute) const {
    int v = -1;
    std::size_t n = 0;
    if (nc_inq_varid(id_, variable, &v) != NC_NOERR ||
        nc_inq_attlen(id_, v, attribute, &n) != NC_NOERR) {
      return "<none>";
    }
    std::string s(n, '\0');
    EXPECT_EQ(nc_get_att_text(id_, v, attribute, s.data()), NC_NOERR);
    return s;
  }

 private:
  int id_ = -1;
  int status_ = NC_EBADID;
};

class NetcdfExportJobTest : public FieldExportJobTest {
 protected:
  void SetUp() override {
    FieldExportJobTest::SetUp();
    ::setenv(kNetcdfPluginEnv, GEOFIELD_TEST_NETCDF_PLUGIN, 1);  // the module built for the test
    params_.nx = 40, params_.ny = 30;
    for (std::size_t i = 0; i < index_.size(); ++i) index_[i] = std::int32_t(i * 7 % 3);
  }
  // Writes the field through a job with one NetCDF target; returns whether it went.
  bool write(FieldExportTarget t) {
    FieldExportJob job(field(40, 30), params_, {std::move(t)}, "", {});
    wait_done(job);
    for (const std::string& m : job.messages()) said_ += m + "\n";
    return job.ok();
  }

  FieldParams params_;
  std::vector<std::int32_t> index_ = std::vector<std::int32_t>(40 * 30);
  std::string said_;
};

TEST_F(NetcdfExportJobTest, CentresFileHoldsTheNearestIndex) {
  FieldExportTarget t{OutputId::netcdf, dir_ / "f.nc", std::size_t{3}};
  t.nearest_index = [this] { return index_; };
  ASSERT_TRUE(write(t)) << said_;
  NetcdfFile f(dir_ / "f.nc");
  ASSERT_TRUE(f.open());
  EXPECT_EQ(f.values<std::int32_t>("nearest_centre", index_.size()), index_);
  EXPECT_EQ(f.values<float>("distance", index_.size()), field(40, 30).f32);
  EXPECT_EQ(f.text("nearest_centre", "long_name"),
            "index of the nearest of 3 sites by the haversine distance");
  EXPECT_EQ(f.text("distance", "grid_mapping"), "crs");
}

TEST_F(NetcdfExportJobTest, CentresFileCarriesTheSitesNames) {
  // The window's export: the shown field's sites, their names and places on a site dimension.
  FieldExportTarget t{OutputId::netcdf, dir_ / "f.nc", std::size_t{3}};
  t.nearest_index = [this] { return index_; };
  t.sites = SiteSet::points(std::vector<Centre>{{10, 20, "Ax"}, {-5, 170, ""}, {0, -60, "C"}});
  ASSERT_TRUE(write(t)) << said_;
  NetcdfFile f(dir_ / "f.nc");
  ASSERT_TRUE(f.open());
  EXPECT_EQ(f.strings("site_name", 3), (std::vector<std::string>{"Ax", "", "C"}));
  EXPECT_EQ(f.doubles("site_lat", 3), (std::vector<double>{10, -5, 0}));
  EXPECT_EQ(f.doubles("site_lon", 3), (std::vector<double>{20, 170, -60}));
  EXPECT_EQ(f.text("nearest_centre", "site_variables"), "site_name site_lat site_lon");
}

TEST_F(NetcdfExportJobTest, OneCentreFileHasNoIndex) {
  ASSERT_TRUE(write({OutputId::netcdf, dir_ / "f.nc"})) << said_;
  NetcdfFile f(dir_ / "f.nc");
  ASSERT_TRUE(f.open());
  EXPECT_TRUE(f.has("distance"));
  EXPECT_FALSE(f.has("nearest_centre"));
}

TEST_F(NetcdfExportJobTest, AnIndexOfAnotherGridIsRefusedAndNothingWritten) {
  FieldExportTarget t{OutputId::netcdf, dir_ / "f.nc", std::size_t{3}};
  t.nearest_index = [] { return std::vector<std::int32_t>(40 * 29); };  // a field of old size
  EXPECT_FALSE(write(t));
  EXPECT_NE(said_.find("field export failed: the field to write does not have the grid's 40 x "
                       "30 nodes"),
            std::string::npos)
      << said_;
  EXPECT_EQ(files_in_dir(), 0);
}

}  // namespace
}  // namespace geofield
