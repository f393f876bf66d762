// What the window's start-up tests share (geofield --centres, --sites, a saved wgs84 view): a
// folder of the test's own as XDG_CONFIG_HOME (one per test and process: ctest runs a file's
// tests side by side), files written into it, and make_window_request's refusal in words.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli/startup.h"
#include "errors.h"

namespace geofield::test {

// A path in the test's temporary folder, unique to this test and process.
inline std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::path(testing::TempDir()) /
         (name + "_" + std::to_string(::getpid()) + "_" +
          testing::UnitTest::GetInstance()->current_test_info()->name());
}

class StartupTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = temp_path("geofield_startup_xdg");
    std::filesystem::create_directories(dir_ / "geofield");
    ::setenv("XDG_CONFIG_HOME", dir_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("XDG_CONFIG_HOME");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::filesystem::path write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir_ / name;
    std::ofstream(p) << text;
    return p;
  }
  // The start-up's UsageError in words, or "accepted".
  static std::string refusal(const WindowOptionText& w, const ViewOptionText& v = {}) {
    try {
      make_window_request(w, v);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "accepted";
  }
  std::filesystem::path dir_;
};

}  // namespace geofield::test
