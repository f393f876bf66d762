#include "export/geotiff_cog.h"

#include <libdeflate.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace geofield {
namespace {

constexpr uint32_t kBlockSide = 512;       // GDAL's COG default
constexpr int kLargestLastOverview = 256;  // overviews stop at this many nodes a side or fewer
constexpr int kDeflateLevel = 6;           // libtiff's default (Z_DEFAULT_COMPRESSION)
// The pyramid is cut into stripes of this many rows of its smallest level (and twice as many
// of each finer one): enough stripes to share among cores, each small enough to stay in cache
// from one level to the next.
constexpr int kStripeRowsOfSmallest = 4;
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

// The cores this process may run on: its affinity (a Slurm job's or a container's share of the
// host), which std::thread::hardware_concurrency does not see.
int worker_count() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) {
    return CPU_COUNT(&set);
  }
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// Runs work(t) for t in [0, threads), this thread being t = 0, and waits for all.
template <typename Work>
void on_threads(int threads, const Work& work) {
  std::vector<std::jthread> others;
  for (int t = 1; t < threads; ++t) others.emplace_back(work, t);
  work(0);
}

// One level of the pyramid: level 0 points at the caller's values, overviews own theirs.
template <typename T>
struct Level {
  int nx = 0, ny = 0;
  const T* values = nullptr;
  std::unique_ptr<T[]> own;  // every node is written, so left uninitialised until then
};

// The levels' sizes, values not yet computed: level 0 is the caller's, each next one half of
// the one before (rounded up) until the largest side is kLargestLastOverview or fewer.
template <typename T>
std::vector<Level<T>> empty_pyramid(const T* values, int nx, int ny) {
  std::vector<Level<T>> levels(1);
  levels[0].nx = nx;
  levels[0].ny = ny;
  levels[0].values = values;
  while (std::max(levels.back().nx, levels.back().ny) > kLargestLastOverview) {
    Level<T> c;
    c.nx = (levels.back().nx + 1) / 2;
    c.ny = (levels.back().ny + 1) / 2;
    c.own = std::make_unique_for_overwrite<T[]>(static_cast<size_t>(c.nx) * c.ny);
    c.values = c.own.get();
    levels.push_back(std::move(c));
  }
  return levels;
}

// Row i of the level after `fine`: each node the mean, in double, of fine's 2 x 2 nodes (fewer
// at an odd edge) that are not NaN, NaN when none is.
template <typename T>
void halve_row(const Level<T>& fine, int i, T* out, int nx) {
  const T* top = fine.values + static_cast<size_t>(2 * i) * fine.nx;
  const T* bottom = 2 * i + 1 < fine.ny ? top + fine.nx : nullptr;
  for (int j = 0; j < nx; ++j) {
    const int fj = 2 * j;
    const bool pair = fj + 1 < fine.nx;
    double sum = 0;
    int count = 0;
    const auto add = [&](double v) {
      if (std::isnan(v)) return;
      sum += v;
      ++count;
    };
    add(top[fj]);
    if (pair) add(top[fj + 1]);
    if (bottom != nullptr) {
      add(bottom[fj]);
      if (pair) add(bottom[fj + 1]);
    }
    out[j] = count > 0 ? static_cast<T>(sum / count) : std::numeric_limits<T>::quiet_NaN();
  }
}

// Stripe s of every overview: kStripeRowsOfSmallest rows of the smallest level, twice as many
// of the next finer one, and so on. A row of level k needs only rows of level k - 1 in the same
// stripe, so stripes are independent of each other and of the order they run in.
template <typename T>
void overview_stripe(std::vector<Level<T>>* levels, int s) {
  for (size_t k = 1; k < levels->size(); ++k) {
    Level<T>& c = (*levels)[k];
    const int rows = kStripeRowsOfSmallest << (levels->size() - 1 - k);
    const int end = std::min(c.ny, (s + 1) * rows);
    for (int i = s * rows; i < end; ++i) {
      halve_row((*levels)[k - 1], i, c.own.get() + static_cast<size_t>(i) * c.nx, c.nx);
    }
  }
}

// The stripes that cover every overview (none without overviews).
template <typename T>
int stripe_count(const std::vector<Level<T>>& levels) {
  if (levels.size() < 2) return 0;
  return (levels.back().ny + kStripeRowsOfSmallest - 1) / kStripeRowsOfSmallest;
}

// The pyramid of r's values, its overviews computed on `threads` threads.
template <typename T>
std::vector<Level<T>> pyramid(const T* values, int nx, int ny, int threads,
                              CogPhaseSeconds* seconds) {
  std::vector<Level<T>> levels = empty_pyramid(values, nx, ny);
  const int stripes = stripe_count(levels);
  std::atomic<int> next{0};
  std::mutex seconds_mutex;
  on_threads(std::min(threads, stripes), [&](int) {
    const double start = cpu_seconds();
    for (int s; (s = next++) < stripes;) overview_stripe(&levels, s);
    const std::lock_guard lock(seconds_mutex);
    seconds->pyramid += cpu_seconds() - start;
  });
  return levels;
}

// Row i of a block as the floating-point predictor (3) leaves it, as libtiff's fpDiff makes
// it: the row's bytes regrouped into planes, most significant byte first, then each byte minus
// the one before it. `src` holds the level's w <= kBlockSide values of the row (the block is
// padded with zeros), `planes` room for a row. Done here rather than by libtiff's codec so that
// blocks compress on every core.
template <typename T>
void predict_row(const T* src, int w, std::uint8_t* planes, std::uint8_t* out) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
  constexpr size_t kBytes = sizeof(T);
  for (int s = 0; s < w; ++s) {
    Bits u;
    std::memcpy(&u, src + s, kBytes);
    for (size_t b = 0; b < kBytes; ++b) {
      planes[(kBytes - 1 - b) * kBlockSide + s] = static_cast<std::uint8_t>(u >> (8 * b));
    }
  }
  for (size_t p = 0; p < kBytes; ++p) {
    std::memset(planes + p * kBlockSide + w, 0, kBlockSide - w);
  }
  out[0] = planes[0];
  for (size_t k = 1; k < kBytes * kBlockSide; ++k) {
    out[k] = static_cast<std::uint8_t>(planes[k] - planes[k - 1]);
  }
}

// What one thread keeps from block to block.
struct Packer {
  libdeflate_compressor* compressor = nullptr;
  std::vector<std::uint8_t> block, planes, out;
  CogPhaseSeconds seconds;

  explicit Packer(size_t sample_bytes) : compressor(libdeflate_alloc_compressor(kDeflateLevel)) {
    block.resize(sample_bytes * kBlockSide * kBlockSide);
    planes.resize(sample_bytes * kBlockSide);
    if (compressor != nullptr) out.resize(libdeflate_zlib_compress_bound(compressor, block.size()));
  }
  ~Packer() { libdeflate_free_compressor(compressor); }
  Packer(const Packer&) = delete;
  Packer& operator=(const Packer&) = delete;
};

// Block b of a level (row-major), padded with zeros to a whole block, predicted and compressed
// (zlib format, as TIFF's DEFLATE is) into *packed, exactly its size. False when libdeflate
// fails.
template <typename T>
bool pack_block(const Level<T>& level, int b, Packer* p, std::vector<std::uint8_t>* packed) {
  const double start = cpu_seconds();
  const int across = (level.nx + kBlockSide - 1) / kBlockSide;
  const int x = (b % across) * kBlockSide, y = (b / across) * kBlockSide;
  const int w = std::min<int>(kBlockSide, level.nx - x);
  const int h = std::min<int>(kBlockSide, level.ny - y);
  constexpr size_t kRowBytes = sizeof(T) * kBlockSide;
  for (int i = 0; i < h; ++i) {
    predict_row(level.values + static_cast<size_t>(y + i) * level.nx + x, w, p->planes.data(),
                p->block.data() + i * kRowBytes);
  }
  // A row of zeros predicts to zeros.
  std::memset(p->block.data() + h * kRowBytes, 0, (kBlockSide - h) * kRowBytes);
  p->seconds.predictor += cpu_seconds() - start;
  const double deflate_start = cpu_seconds();
  const size_t size = libdeflate_zlib_compress(p->compressor, p->block.data(), p->block.size(),
                                               p->out.data(), p->out.size());
  packed->assign(p->out.data(), p->out.data() + size);
  p->seconds.deflate += cpu_seconds() - deflate_start;
  return size > 0;
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

template <typename T>
int block_count(const Level<T>& level) {
  return static_cast<int>(((level.nx + kBlockSide - 1) / kBlockSide) *
                          ((level.ny + kBlockSide - 1) / kBlockSide));
}

// One block of the file: its level, its index in the level (row-major) and, once compressed,
// its bytes.
struct BlockJob {
  int level = 0, block = 0;
  std::vector<std::uint8_t> packed;
};

// Every level's blocks in the file's order: the smallest level first, each level row-major.
template <typename T>
std::vector<BlockJob> jobs_in_file_order(const std::vector<Level<T>>& levels) {
  std::vector<BlockJob> jobs;
  for (size_t k = levels.size(); k-- > 0;) {
    for (int b = 0; b < block_count(levels[k]); ++b) jobs.push_back({static_cast<int>(k), b, {}});
  }
  return jobs;
}

// Writes compressed blocks in the file's order through libtiff, on one thread: each level's
// directory is made current before its first block and flushed after its last (the flush
// rewrites the level's tile arrays in place).
class BlockWriter {
 public:
  explicit BlockWriter(TIFF* tif) : tif_(tif) {}

  // Writes job (of a level with `across` blocks a row) and frees its bytes.
  bool write(BlockJob* job, int across) {
    if (job->level != level_) {
      if (!finish() || !TIFFSetDirectory(tif_, static_cast<tdir_t>(job->level))) return false;
      level_ = job->level;
    }
    const uint32_t tile =
        TIFFComputeTile(tif_, static_cast<uint32_t>((job->block % across) * kBlockSide),
                        static_cast<uint32_t>((job->block / across) * kBlockSide), 0, 0);
    if (TIFFWriteRawTile(tif_, tile, job->packed.data(),
                         static_cast<tmsize_t>(job->packed.size())) < 0) {
      return false;
    }
    std::vector<std::uint8_t>().swap(job->packed);
    return true;
  }

  // Flushes the current level, if any.
  bool finish() {
    const bool ok = level_ < 0 || TIFFFlush(tif_);
    level_ = -1;
    return ok;
  }

 private:
  TIFF* tif_;
  int level_ = -1;
};

// The blocks of every level compressed in one pass on `threads` threads, while thread 0, between
// blocks of its own, writes those done in the file's order: the writes overlap the compression
// instead of following it. False on failure (libtiff's error handler has the reason).
template <typename T>
bool pack_and_write(TIFF* tif, const std::vector<Level<T>>& levels, int threads,
                    CogPhaseSeconds* seconds) {
  std::vector<BlockJob> jobs = jobs_in_file_order(levels);
  const int count = static_cast<int>(jobs.size());
  std::vector<char> done(jobs.size(), 0);  // guarded by mutex
  std::mutex mutex;
  std::condition_variable changed;
  std::atomic<int> next{0};
  std::atomic<bool> failed{false}, deflate_failed{false};
  const auto fail = [&](bool deflate) {
    if (deflate) deflate_failed = true;
    const std::lock_guard lock(mutex);
    failed = true;
    changed.notify_all();
  };
  // Compresses the next block not yet taken; false when none is left.
  const auto pack_next = [&](Packer* packer) {
    const int j = next++;
    if (j >= count) return false;
    if (!pack_block(levels[jobs[j].level], jobs[j].block, packer, &jobs[j].packed)) {
      fail(true);
      return false;
    }
    const std::lock_guard lock(mutex);
    done[j] = 1;
    changed.notify_all();
    return true;
  };
  on_threads(std::min(threads, count), [&](int t) {
    Packer packer(sizeof(T));
    if (packer.compressor == nullptr) fail(true);
    if (t == 0) {
      BlockWriter writer(tif);
      for (int w = 0; w < count && !failed;) {
        std::unique_lock lock(mutex);
        if (done[w]) {
          lock.unlock();
          const double start = cpu_seconds();
          const int across = (levels[jobs[w].level].nx + kBlockSide - 1) / kBlockSide;
          if (!writer.write(&jobs[w], across)) fail(false);
          packer.seconds.write += cpu_seconds() - start;
          ++w;
        } else if (next < count) {
          lock.unlock();
          pack_next(&packer);
        } else {
          changed.wait(lock, [&] { return done[w] || failed; });
        }
      }
      const double start = cpu_seconds();
      if (!failed && !writer.finish()) fail(false);
      packer.seconds.write += cpu_seconds() - start;
    } else {
      while (!failed && pack_next(&packer)) {
      }
    }
    const std::lock_guard lock(mutex);
    seconds->predictor += packer.seconds.predictor;
    seconds->deflate += packer.seconds.deflate;
    seconds->write += packer.seconds.write;
  });
  if (deflate_failed) TIFFErrorExt(nullptr, "geofield", "libdeflate could not compress a block");
  return !failed;
}

// Every IFD, then every level's tile arrays, before any block: the COG's layout.
template <typename T>
bool write_directories(TIFF* tif, const std::vector<Level<T>>& levels,
                       const CogLevelTags& level_tags) {
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
  return true;
}

template <typename T>
bool write_levels(TIFF* tif, const GeofieldGeotiffRaster& r, const CogLevelTags& level_tags,
                  CogPhaseSeconds* seconds) {
  const int threads = worker_count();
  const std::vector<Level<T>> levels =
      pyramid(static_cast<const T*>(r.values), r.nx, r.ny, threads, seconds);
  const double start = cpu_seconds();
  const bool ok = write_directories(tif, levels, level_tags);
  seconds->write += cpu_seconds() - start;
  return ok && pack_and_write(tif, levels, threads, seconds);
}

template <typename T>
std::vector<std::vector<T>> overviews_of(const T* values, int nx, int ny, int threads) {
  CogPhaseSeconds unused;
  const std::vector<Level<T>> levels = pyramid(values, nx, ny, threads, &unused);
  std::vector<std::vector<T>> out;
  for (size_t k = 1; k < levels.size(); ++k) {
    out.emplace_back(levels[k].values,
                     levels[k].values + static_cast<size_t>(levels[k].nx) * levels[k].ny);
  }
  return out;
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

std::vector<std::vector<float>> cog_overviews(const float* values, int nx, int ny, int threads) {
  return overviews_of(values, nx, ny, threads);
}

std::vector<std::vector<double>> cog_overviews(const double* values, int nx, int ny, int threads) {
  return overviews_of(values, nx, ny, threads);
}

}  // namespace geofield
