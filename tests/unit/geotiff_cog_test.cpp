// The COG writer's own parts (export/geotiff_cog.cpp, compiled into this test): the
// overviews made in stripes on many threads against their serial definition, and a written COG
// read back through libtiff's own DEFLATE and predictor decoding, bit for bit.
#include "export/geotiff_cog.h"

#include <gtest/gtest.h>
#include <tiffio.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using geofield::cog_overviews;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The definition, serially: node (i, j) of the next level is the mean, in double, of the non-NaN
// nodes among (2i + di, 2j + dj), di, dj in {0, 1}, inside the level; NaN when there is none.
template <typename T>
std::vector<T> halve_serially(const std::vector<T>& fine, int nx, int ny) {
  const int cx = (nx + 1) / 2, cy = (ny + 1) / 2;
  std::vector<T> c(static_cast<size_t>(cx) * cy);
  for (int i = 0; i < cy; ++i) {
    for (int j = 0; j < cx; ++j) {
      double sum = 0;
      int count = 0;
      for (int di = 0; di < 2; ++di) {
        for (int dj = 0; dj < 2; ++dj) {
          if (2 * i + di >= ny || 2 * j + dj >= nx) continue;
          const double v = fine[static_cast<size_t>(2 * i + di) * nx + 2 * j + dj];
          if (std::isnan(v)) continue;
          sum += v;
          ++count;
        }
      }
      c[static_cast<size_t>(i) * cx + j] =
          count > 0 ? static_cast<T>(sum / count) : std::numeric_limits<T>::quiet_NaN();
    }
  }
  return c;
}

// Random values with NaN: single nodes, and whole rows and columns (all-NaN 2 x 2 groups).
template <typename T>
std::vector<T> values_with_nan(int nx, int ny, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(-1000.0, 20000.0);
  std::vector<T> v(static_cast<size_t>(nx) * ny);
  for (T& x : v) x = rng() % 10 == 0 ? static_cast<T>(kNaN) : static_cast<T>(value(rng));
  for (int i = 0; i < ny; ++i) {
    for (int j = 0; j < nx; ++j) {
      if (i % 97 < 3 || j % 131 < 2) v[static_cast<size_t>(i) * nx + j] = static_cast<T>(kNaN);
    }
  }
  return v;
}

template <typename T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

TEST(CogOverviews, KnownMeansOfARowPairIgnoringNaN) {
  // 514 x 2: one overview of 257 x 1, then 129 x 1 (the last at 256 or fewer a side).
  std::vector<float> v(514 * 2, 1.0f);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  v[0] = 1, v[1] = 2, v[514] = 3, v[515] = 4;             // (1 + 2 + 3 + 4) / 4
  v[2] = nan, v[3] = 4, v[516] = 8, v[517] = nan;         // (4 + 8) / 2
  v[4] = nan, v[5] = nan, v[518] = nan, v[519] = nan;     // nothing: NaN
  v[6] = 0.1f, v[7] = 0.2f, v[520] = 0.4f, v[521] = nan;  // in double, then rounded to float
  const std::vector<std::vector<float>> o = cog_overviews(v.data(), 514, 2, 3);
  ASSERT_EQ(o.size(), 2u);
  ASSERT_EQ(o[0].size(), 257u);
  ASSERT_EQ(o[1].size(), 129u);
  EXPECT_EQ(o[0][0], 2.5f);
  EXPECT_EQ(o[0][1], 6.0f);
  EXPECT_TRUE(std::isnan(o[0][2]));
  EXPECT_EQ(o[0][3], static_cast<float>((double{0.1f} + double{0.2f} + double{0.4f}) / 3));
  EXPECT_EQ(o[0][4], 1.0f);
  EXPECT_EQ(o[1][0], static_cast<float>((2.5 + 6.0) / 2));  // the NaN node left out
  EXPECT_EQ(o[1][1], o[0][3]);  // o[0][2] is NaN: the mean of one node is that node
}

TEST(CogOverviews, ParallelStripesEqualTheSerialDefinitionOnOddSizes) {
  struct Size {
    int nx, ny;
  };
  for (const Size s : {Size{1031, 517}, Size{517, 1031}, Size{2049, 3}, Size{3, 2049},
                       Size{257, 257}, Size{4100, 600}}) {
    const std::vector<float> f32 = values_with_nan<float>(s.nx, s.ny, 7);
    const std::vector<double> f64 = values_with_nan<double>(s.nx, s.ny, 8);
    std::vector<std::vector<float>> want32;
    std::vector<std::vector<double>> want64;
    int nx = s.nx, ny = s.ny;
    for (const std::vector<float>* fine32 = &f32; std::max(nx, ny) > 256;
         nx = (nx + 1) / 2, ny = (ny + 1) / 2) {
      want32.push_back(halve_serially(*fine32, nx, ny));
      want64.push_back(halve_serially(want64.empty() ? f64 : want64.back(), nx, ny));
      fine32 = &want32.back();
    }
    for (int threads : {1, 2, 5, 16}) {
      const auto got32 = cog_overviews(f32.data(), s.nx, s.ny, threads);
      const auto got64 = cog_overviews(f64.data(), s.nx, s.ny, threads);
      ASSERT_EQ(got32.size(), want32.size()) << s.nx << "x" << s.ny;
      ASSERT_EQ(got64.size(), want64.size());
      for (size_t k = 0; k < want32.size(); ++k) {
        EXPECT_TRUE(same_bits(got32[k], want32[k]))
            << s.nx << "x" << s.ny << " level " << k + 1 << ", " << threads << " threads";
        EXPECT_TRUE(same_bits(got64[k], want64[k]))
            << s.nx << "x" << s.ny << " level " << k + 1 << ", " << threads << " threads";
      }
    }
  }
}

// Level `dir` of the COG at path, decoded by libtiff (its DEFLATE and predictor 3), nx x ny.
template <typename T>
std::vector<T> read_level(const std::string& path, int dir, int* nx, int* ny) {
  TIFF* tif = TIFFOpen(path.c_str(), "r");
  EXPECT_NE(tif, nullptr);
  if (tif == nullptr) return {};
  std::vector<T> v;
  std::uint32_t w = 0, h = 0, tw = 0, th = 0;
  if (TIFFSetDirectory(tif, static_cast<tdir_t>(dir)) &&
      TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w) && TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h) &&
      TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tw) && TIFFGetField(tif, TIFFTAG_TILELENGTH, &th)) {
    *nx = static_cast<int>(w);
    *ny = static_cast<int>(h);
    v.resize(static_cast<size_t>(w) * h);
    std::vector<T> tile(static_cast<size_t>(tw) * th);
    for (std::uint32_t y = 0; y < h; y += th) {
      for (std::uint32_t x = 0; x < w; x += tw) {
        const tmsize_t bytes = static_cast<tmsize_t>(tile.size() * sizeof(T));
        EXPECT_EQ(TIFFReadEncodedTile(tif, TIFFComputeTile(tif, x, y, 0, 0), tile.data(), bytes),
                  bytes);
        for (std::uint32_t i = 0; i < th && y + i < h; ++i) {
          for (std::uint32_t j = 0; j < tw && x + j < w; ++j) {
            v[static_cast<size_t>(y + i) * w + x + j] = tile[static_cast<size_t>(i) * tw + j];
          }
        }
      }
    }
  }
  TIFFClose(tif);
  return v;
}

template <typename T>
void expect_written_and_read_back(int nx, int ny) {
  const std::vector<T> v = values_with_nan<T>(nx, ny, 11);
  char path[] = "/tmp/geofield_cog_test_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  ::close(fd);
  GeofieldGeotiffRaster r{};
  r.nx = nx;
  r.ny = ny;
  r.sample = sizeof(T) == 8 ? GEOFIELD_GEOTIFF_FLOAT64 : GEOFIELD_GEOTIFF_FLOAT32;
  r.values = v.data();
  r.cog = 1;
  TIFF* tif = TIFFOpen(path, "w");
  ASSERT_NE(tif, nullptr);
  geofield::CogPhaseSeconds seconds;
  EXPECT_TRUE(geofield::write_cog(
      tif, r, [](TIFF*, int) { return true; }, &seconds));
  TIFFClose(tif);
  EXPECT_GT(seconds.wall, 0);
  const std::vector<std::vector<T>> overviews = cog_overviews(v.data(), nx, ny, 1);
  for (int dir = 0; dir <= static_cast<int>(overviews.size()); ++dir) {
    int w = 0, h = 0;
    const std::vector<T> got = read_level<T>(path, dir, &w, &h);
    EXPECT_TRUE(same_bits(got, dir == 0 ? v : overviews[dir - 1])) << "level " << dir;
  }
  ::unlink(path);
}

TEST(CogWrite, LibtiffReadsBackEveryLevelBitForBit) {
  expect_written_and_read_back<float>(1031, 777);
  expect_written_and_read_back<double>(777, 1031);
  expect_written_and_read_back<float>(300, 3);
}

}  // namespace
