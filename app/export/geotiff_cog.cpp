#include "export/geotiff_cog.h"

#include <libdeflate.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace geofield {
namespace {

constexpr uint32_t kBlockSide = 512;       // GDAL's COG default
constexpr int kLargestLastOverview = 256;  // overviews stop at this many nodes a side or fewer
constexpr int kDeflateLevel = 6;           // libtiff's default (Z_DEFAULT_COMPRESSION)
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the predictor below is written for a little-endian host (TIFF in host order)");

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// This thread's CPU seconds: phase times that other processes sharing the cores do not inflate.
double cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// One level of the pyramid: level 0 points at the caller's values, overviews own theirs.
template <typename T>
struct Level {
  int nx = 0, ny = 0;
  const T* values = nullptr;
  std::vector<T> own;
};

// The next coarser level: each node the mean of up to 2 x 2 nodes of `fine`, NaN ignored.
template <typename T>
Level<T> halve(const Level<T>& fine) {
  Level<T> c;
  c.nx = (fine.nx + 1) / 2;
  c.ny = (fine.ny + 1) / 2;
  c.own.resize(static_cast<size_t>(c.nx) * c.ny);
  for (int i = 0; i < c.ny; ++i) {
    for (int j = 0; j < c.nx; ++j) {
      double sum = 0;
      int count = 0;
      for (int di = 0; di < 2; ++di) {
        for (int dj = 0; dj < 2; ++dj) {
          const int fi = 2 * i + di, fj = 2 * j + dj;
          if (fi >= fine.ny || fj >= fine.nx) continue;
          const double v = fine.values[static_cast<size_t>(fi) * fine.nx + fj];
          if (std::isnan(v)) continue;
          sum += v;
          ++count;
        }
      }
      c.own[static_cast<size_t>(i) * c.nx + j] =
          count > 0 ? static_cast<T>(sum / count) : std::numeric_limits<T>::quiet_NaN();
    }
  }
  c.values = c.own.data();
  return c;
}

template <typename T>
std::vector<Level<T>> pyramid(const GeofieldGeotiffRaster& r) {
  std::vector<Level<T>> levels(1);
  levels[0].nx = r.nx;
  levels[0].ny = r.ny;
  levels[0].values = static_cast<const T*>(r.values);
  while (std::max(levels.back().nx, levels.back().ny) > kLargestLastOverview) {
    levels.push_back(halve(levels.back()));
  }
  return levels;
}

bool set_layout_tags(TIFF* tif, int nx, int ny, bool f64, bool overview) {
  bool ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(nx));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(ny));
  ok = ok && TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, f64 ? 64 : 32);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
  ok = ok && TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  ok = ok && TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  ok = ok && TIFFSetField(tif, TIFFTAG_TILEWIDTH, kBlockSide);
  ok = ok && TIFFSetField(tif, TIFFTAG_TILELENGTH, kBlockSide);
  ok = ok && TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_ADOBE_DEFLATE);
  ok = ok && TIFFSetField(tif, TIFFTAG_PREDICTOR, PREDICTOR_FLOATINGPOINT);
  if (overview) ok = ok && TIFFSetField(tif, TIFFTAG_SUBFILETYPE, FILETYPE_REDUCEDIMAGE);
  return ok;
}

// GDAL's "ghost" header between the TIFF header and the first IFD: it declares the layout, so
// GDAL reports LAYOUT=COG and the validator checks the order of the blocks. No block leaders
// or trailers are written, so none are declared.
bool write_structural_metadata(TIFF* tif) {
  const std::string body =
      "LAYOUT=IFDS_BEFORE_DATA\nBLOCK_ORDER=ROW_MAJOR\nKNOWN_INCOMPATIBLE_EDITION=NO\n ";
  char head[64];
  std::snprintf(head, sizeof head, "GDAL_STRUCTURAL_METADATA_SIZE=%06zu bytes\n", body.size());
  const std::string ghost = head + body;
  const off_t at = TIFFIsBigTIFF(tif) ? 16 : 8;  // right after the header libtiff has written
  return ::pwrite(TIFFFileno(tif), ghost.data(), ghost.size(), at) ==
         static_cast<ssize_t>(ghost.size());
}

// The floating-point predictor (3) on one row of a block, as libtiff's fpDiff makes it: the
// row's bytes regrouped into planes, most significant byte first, then each byte minus the one
// before it. Done here rather than by libtiff's codec so that blocks compress on every core.
void float_predictor_row(std::uint8_t* row, size_t samples, size_t bytes_per_sample,
                         std::vector<std::uint8_t>* scratch) {
  const size_t n = samples * bytes_per_sample;
  scratch->assign(row, row + n);
  const std::uint8_t* in = scratch->data();
  for (size_t s = 0; s < samples; ++s) {
    for (size_t b = 0; b < bytes_per_sample; ++b) {
      row[(bytes_per_sample - b - 1) * samples + s] = in[bytes_per_sample * s + b];
    }
  }
  for (size_t k = n - 1; k > 0; --k) row[k] = static_cast<std::uint8_t>(row[k] - row[k - 1]);
}

// Block b of a level (row-major), padded with zeros to a whole block, predicted and compressed
// (zlib format, as TIFF's DEFLATE is) into *out. False when libdeflate fails.
template <typename T>
bool pack_block(const Level<T>& level, int b, libdeflate_compressor* compressor,
                std::vector<T>* block, std::vector<std::uint8_t>* scratch,
                std::vector<std::uint8_t>* out, CogPhaseSeconds* seconds) {
  const double start = cpu_seconds();
  const int across = (level.nx + kBlockSide - 1) / kBlockSide;
  const int x = (b % across) * kBlockSide, y = (b / across) * kBlockSide;
  std::fill(block->begin(), block->end(), T(0));
  const int w = std::min<int>(kBlockSide, level.nx - x);
  const int h = std::min<int>(kBlockSide, level.ny - y);
  for (int i = 0; i < h; ++i) {
    std::memcpy(block->data() + static_cast<size_t>(i) * kBlockSide,
                level.values + static_cast<size_t>(y + i) * level.nx + x, sizeof(T) * w);
  }
  auto* bytes = reinterpret_cast<std::uint8_t*>(block->data());
  for (uint32_t i = 0; i < kBlockSide; ++i) {
    float_predictor_row(bytes + static_cast<size_t>(i) * kBlockSide * sizeof(T), kBlockSide,
                        sizeof(T), scratch);
  }
  seconds->predictor += cpu_seconds() - start;
  const double deflate_start = cpu_seconds();
  const size_t size = block->size() * sizeof(T);
  out->resize(libdeflate_zlib_compress_bound(compressor, size));
  const size_t packed = libdeflate_zlib_compress(compressor, bytes, size, out->data(), out->size());
  out->resize(packed);
  seconds->deflate += cpu_seconds() - deflate_start;
  return packed > 0;
}

// A level's blocks, compressed on every core, then written row-major in order.
template <typename T>
bool write_tiles(TIFF* tif, const Level<T>& level, CogPhaseSeconds* seconds) {
  const int across = (level.nx + kBlockSide - 1) / kBlockSide;
  const int count = across * ((level.ny + kBlockSide - 1) / kBlockSide);
  std::vector<std::vector<std::uint8_t>> packed(static_cast<size_t>(count));
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::mutex seconds_mutex;
  auto work = [&] {
    libdeflate_compressor* compressor = libdeflate_alloc_compressor(kDeflateLevel);
    if (compressor == nullptr) {
      failed = true;
      return;
    }
    std::vector<T> block(static_cast<size_t>(kBlockSide) * kBlockSide);
    std::vector<std::uint8_t> scratch;
    CogPhaseSeconds mine;
    for (int b; !failed && (b = next++) < count;) {
      if (!pack_block(level, b, compressor, &block, &scratch, &packed[b], &mine)) failed = true;
    }
    libdeflate_free_compressor(compressor);
    const std::lock_guard lock(seconds_mutex);
    seconds->predictor += mine.predictor;
    seconds->deflate += mine.deflate;
  };
  {
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::jthread> others;
    for (int t = 1; t < std::min(cores, count); ++t) others.emplace_back(work);
    work();
  }
  if (failed) {
    TIFFErrorExt(nullptr, "geofield", "libdeflate could not compress a block");
    return false;
  }
  const double write_start = cpu_seconds();
  for (int b = 0; b < count; ++b) {
    const uint32_t tile = TIFFComputeTile(tif, static_cast<uint32_t>((b % across) * kBlockSide),
                                          static_cast<uint32_t>((b / across) * kBlockSide), 0, 0);
    if (TIFFWriteRawTile(tif, tile, packed[b].data(), static_cast<tmsize_t>(packed[b].size())) <
        0) {
      return false;
    }
  }
  seconds->write += cpu_seconds() - write_start;
  return true;
}

template <typename T>
bool write_levels(TIFF* tif, const GeofieldGeotiffRaster& r, const CogLevelTags& level_tags,
                  CogPhaseSeconds* seconds) {
  double start = cpu_seconds();
  const std::vector<Level<T>> levels = pyramid<T>(r);
  seconds->pyramid += cpu_seconds() - start;
  start = cpu_seconds();
  const bool f64 = sizeof(T) == sizeof(double);
  if (!write_structural_metadata(tif)) return false;
  // Every IFD first, its tile arrays left for later (TIFFDeferStrileArrayWriting) so that the
  // IFDs lie together at the start of the file.
  for (size_t k = 0; k < levels.size(); ++k) {
    if (!set_layout_tags(tif, levels[k].nx, levels[k].ny, f64, k > 0) ||
        !level_tags(tif, static_cast<int>(k)) || !TIFFDeferStrileArrayWriting(tif) ||
        !TIFFWriteCheck(tif, 1, "geofield") || !TIFFWriteDirectory(tif)) {
      return false;
    }
  }
  // Then the tile arrays of each, after the IFDs and before any data.
  for (size_t k = 0; k < levels.size(); ++k) {
    if (!TIFFSetDirectory(tif, static_cast<tdir_t>(k)) || !TIFFForceStrileArrayWriting(tif)) {
      return false;
    }
  }
  seconds->write += cpu_seconds() - start;
  // Then the data, smallest level first; each flush rewrites that level's arrays in place.
  for (size_t k = levels.size(); k-- > 0;) {
    if (!TIFFSetDirectory(tif, static_cast<tdir_t>(k)) || !write_tiles(tif, levels[k], seconds)) {
      return false;
    }
    start = cpu_seconds();
    if (!TIFFFlush(tif)) return false;
    seconds->write += cpu_seconds() - start;
  }
  return true;
}

}  // namespace

bool write_cog(TIFF* tif, const GeofieldGeotiffRaster& r, const CogLevelTags& level_tags,
               CogPhaseSeconds* seconds) {
  CogPhaseSeconds unused;
  CogPhaseSeconds* into = seconds != nullptr ? seconds : &unused;
  const Clock::time_point start = Clock::now();
  bool ok = false;
  if (r.sample == GEOFIELD_GEOTIFF_FLOAT64) {
    ok = write_levels<double>(tif, r, level_tags, into);
  } else if (r.sample == GEOFIELD_GEOTIFF_FLOAT32) {
    ok = write_levels<float>(tif, r, level_tags, into);
  } else {
    TIFFErrorExt(nullptr, "geofield", "a Cloud-Optimised GeoTIFF holds float32 or float64 only");
    return false;
  }
  into->wall += seconds_since(start);
  return ok;
}

}  // namespace geofield
