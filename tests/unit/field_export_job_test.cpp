// Field exports on a thread: a finished job writes the .npy whole; a cancelled one leaves no
// file at all (not even a scratch name) in the folder.
#include "export/field_export_job.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

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
  FieldExportJob job(f, FieldParams{}, {{FieldExportTarget::Kind::npy, p}}, "", {});
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
        field(2048, 2048), FieldParams{}, {{FieldExportTarget::Kind::npy, p}}, "",
        [&] { told = true; }, std::chrono::milliseconds(100));   // 16 MB: 2 pieces
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
    FieldExportJob job(field(2048, 2048), FieldParams{}, {{FieldExportTarget::Kind::npy, p}}, "",
                       {}, std::chrono::milliseconds(100));
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }  // the window closed during the export
  EXPECT_EQ(files_in_dir(), 0);
}

}  // namespace
}  // namespace geofield
