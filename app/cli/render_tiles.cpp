#include "cli/render_tiles.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "backends/cuda_backend_factory.h"
#include "cli/render_tile.h"
#include "compute/cuda_device_field.h"
#include "compute/window_field.h"
#include "errors.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "memory_limits.h"

namespace geofield {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Where each output of the batch goes: a folder, made if missing.
std::filesystem::path output_folder(const std::filesystem::path& dir, const char* option) {
  std::error_code ec;
  // A new folder named like a file (x.tif) is most likely a one-tile line's file name.
  const std::string ext = dir.extension().string();
  if (!std::filesystem::is_directory(dir, ec) &&
      (ext == ".tif" || ext == ".tiff" || ext == ".npy" || ext == ".nc" || ext == ".vrt")) {
    throw UsageError(std::string(option) + ": with --tile all/N it names a folder for the tiles; " +
                     quoted_excerpt(dir.string()) +
                     " reads as a file's name: give a folder (it is made if missing)");
  }
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) {
    throw UsageError(std::string(option) + ": with --tile all/N it names a folder for the tiles; " +
                     quoted_excerpt(dir.string()) + " is not one and cannot be made" +
                     (ec ? " (" + ec.message() + ")" : std::string()));
  }
  return dir;
}

// One tile computed and waiting to be written.
struct Computed {
  int index = 0;
  HostField* buffer = nullptr;        // a device's read-back buffer (ReadBackBuffers), or
  HostField own;                      // the CPU's field
  std::vector<std::int32_t> nearest;  // with centres: each node's nearest site
  const HostField& field() const { return buffer != nullptr ? *buffer : own; }
};

// The read-back buffers of a device: two, so that one is filled while the other is written,
// each sized for the largest tile once and page-locked, so that tile after tile the copy from
// the device neither faults pages in nor bounces through a staging buffer.
class ReadBackBuffers {
 public:
  ReadBackBuffers(std::size_t values, Precision stored) {
    for (HostField& f : fields_) {
      f.precision = stored;
      void* data = nullptr;
      std::size_t bytes = 0;
      if (stored == Precision::f64) {
        f.f64.resize(values);
        data = f.f64.data(), bytes = values * sizeof(double);
      } else {
        f.f32.resize(values);
        data = f.f32.data(), bytes = values * sizeof(float);
      }
      if (pin_host_memory(data, bytes)) pinned_.push_back(data);
      free_.push_back(&f);
    }
  }
  ~ReadBackBuffers() {
    for (void* p : pinned_) unpin_host_memory(p);
  }
  ReadBackBuffers(const ReadBackBuffers&) = delete;
  ReadBackBuffers& operator=(const ReadBackBuffers&) = delete;

  // A free buffer, shaped for window w (its capacity is never exceeded: no reallocation).
  HostField* acquire(const NodeWindow& w) {
    std::unique_lock lock(mutex_);
    freed_.wait(lock, [&] { return !free_.empty(); });
    HostField* f = free_.back();
    free_.pop_back();
    f->nx = w.nx;
    f->ny = w.ny;
    const std::size_t n = static_cast<std::size_t>(w.nx) * w.ny;
    f->precision == Precision::f64 ? f->f64.resize(n) : f->f32.resize(n);
    return f;
  }
  void release(HostField* f) {
    std::lock_guard lock(mutex_);
    free_.push_back(f);
    freed_.notify_one();
  }

 private:
  HostField fields_[2];
  std::vector<void*> pinned_;
  std::vector<HostField*> free_;
  std::mutex mutex_;
  std::condition_variable freed_;
};

// A queue of one: the device computes the next tile while the last one is written.
class Handoff {
 public:
  void put(Computed c) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !slot_ || closed_; });
    slot_ = std::move(c);
    changed_.notify_all();
  }
  std::optional<Computed> take() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return slot_ || closed_; });
    std::optional<Computed> c = std::move(slot_);
    slot_.reset();
    changed_.notify_all();
    return c;
  }
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<Computed> slot_;
  bool closed_ = false;
};

struct DeviceStats {
  int tiles = 0;
  double compute_s = 0;     // compute and read back into host memory
  double write_s = 0;       // compress (COG) and write
  std::uint64_t bytes = 0;  // the values' bytes written
};

constexpr int kCpu = -1;  // a worker on the CPU rather than a device

// How many workers device d has.
int workers_on(const std::vector<int>& workers, int d) {
  return static_cast<int>(std::count(workers.begin(), workers.end(), d));
}

// "cpu", "device 1", or "device 0, worker 2 of 2" where a device has several.
std::string worker_name(const std::vector<int>& workers, std::size_t w) {
  const int d = workers[w];
  std::string name = d == kCpu ? std::string("cpu") : "device " + std::to_string(d);
  const int of = workers_on(workers, d);
  if (of > 1) {
    const int nth = static_cast<int>(std::count(workers.begin(), workers.begin() + w + 1, d));
    name += ", worker " + std::to_string(nth) + " of " + std::to_string(of);
  }
  return name;
}

// "the CPU", "2 CUDA devices", "1 CUDA device, 2 workers each".
std::string workers_text(const std::vector<int>& devices, int per_device) {
  std::string text = devices.empty() ? std::string("the CPU")
                                     : std::to_string(devices.size()) + " CUDA device" +
                                           (devices.size() == 1 ? "" : "s");
  if (per_device > 1) {
    text += ", " + std::to_string(per_device) + " workers" + (devices.size() > 1 ? " each" : "");
  }
  return text;
}

// Tiles differ by a node at most a side: the largest is the rounded-up share.
struct TileSides {
  int nx = 0, ny = 0;
  std::size_t values() const { return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny); }
};
TileSides largest_tile(const FieldParams& p, const TileLayout& layout) {
  return {(p.nx + layout.tiles_x - 1) / layout.tiles_x,
          (p.ny + layout.tiles_y - 1) / layout.tiles_y};
}

// Host memory for the workers' tiles: each holds up to three at once (two read-back buffers,
// or the CPU's field in the making, in the handoff and being written), a COG's overviews and
// compressed blocks take about one more, and a NetCDF tile's in-memory file one more again. Refused
// where the machine has less available, naming --workers where fewer would do, else --tile; a tile
// above the untiled grid's side (the buffers are indexed as one grid) is refused first.
void check_workers_fit(const FieldParams& p, const TileLayout& layout, std::size_t workers,
                       Precision stored, bool netcdf, bool index) {
  const TileSides largest = largest_tile(p, layout);
  const std::string tiles =
      "tiles of up to " + std::to_string(largest.nx) + "x" + std::to_string(largest.ny) + " nodes";
  if (largest.nx > kMaxGridSide || largest.ny > kMaxGridSide) {
    throw UsageError("--tile all/" + std::to_string(layout.count()) + ": " + tiles +
                     "; a tile has at most " + std::to_string(kMaxGridSide) +
                     " nodes a side: give more tiles (N, or TXxTY)");
  }
  // With many sites a tile holds its nearest-site index too (int32 a node).
  const std::uint64_t tile_bytes =
      largest.values() * ((stored == Precision::f64 ? 8 : 4) + (index ? 4 : 0));
  if (const auto shortfall = memory_shortfall(workers * (netcdf ? 5 : 4) * tile_bytes)) {
    char each[48];
    std::snprintf(each, sizeof each, " (%.3g GiB each) ", tile_bytes / 1073741824.0);
    const std::string who = workers > 1
                                ? "--workers: " + std::to_string(workers) + " workers"
                                : "--tile all/" + std::to_string(layout.count()) + ": a worker";
    throw UsageError(who + " with " + tiles + each + (workers > 1 ? "need " : "needs ") +
                     *shortfall + ": give more tiles" + (workers > 1 ? " or fewer --workers" : ""));
  }
}

class Batch {
 public:
  Batch(const RenderRequest& request, FieldRequest field, std::vector<int> workers)
      : workers_(std::move(workers)), field_(std::move(field)) {
    params_ = field_.params;
    sites_ = tile_sites_of(request, field_);
    stored_ = request.f64 ? Precision::f64 : Precision::f32;
    layout_ = request.tile->layout;
    if (request.geotiff) geotiff_dir_ = output_folder(*request.geotiff, "--geotiff");
    if (request.npy) npy_dir_ = output_folder(*request.npy, "--npy");
    if (request.netcdf) netcdf_dir_ = output_folder(*request.netcdf, "--netcdf");
    if (request.index) index_dir_ = output_folder(*request.index, "--index");
    if (request.index_geotiff) {
      index_geotiff_dir_ = output_folder(*request.index_geotiff, "--index-geotiff");
    }
    command_ = request.command;
  }

  int run() {
    const Clock::time_point start = Clock::now();
    stats_.assign(workers_.size(), {});
    std::vector<std::thread> threads;
    for (std::size_t w = 0; w < workers_.size(); ++w) threads.emplace_back([this, w] { work(w); });
    for (std::thread& t : threads) t.join();
    if (failure_) std::rethrow_exception(failure_);
    report(seconds_since(start));
    return 0;
  }

 private:
  // One worker on a device (or the CPU): a thread computing tiles into the handoff, and this
  // one writing them, so that the read-back and compute of tile k + 1 overlap the writing of
  // tile k.
  void work(std::size_t w) {
    Handoff handoff;
    std::optional<ReadBackBuffers> buffers;
    std::thread compute([&] {
      try {
        std::unique_ptr<DeviceFieldComputer> device;
        if (workers_[w] != kCpu) {
          std::string why_not;
          device = try_make_device_field_computer(workers_[w], &why_not);
          if (!device) {
            throw UsageError("--devices: device " + std::to_string(workers_[w]) + ": " + why_not);
          }
          buffers.emplace(largest_tile(params_, layout_).values(), stored_);
        }
        for (int k; !stop_ && (k = next_.fetch_add(1)) < layout_.count();) {
          const NodeWindow window = tile_window(layout_, params_.nx, params_.ny, k);
          Computed c;
          c.index = k;
          if (device) c.buffer = buffers->acquire(window);  // waits while both are in use
          const Clock::time_point t = Clock::now();
          if (device) {
            HostField& f = *c.buffer;
            device->compute_window_to_host(
                field_.one_point_params(), window,
                stored_ == Precision::f64 ? static_cast<void*>(f.f64.data()) : f.f32.data(),
                stored_);
          } else {
            c.own = compute_window_on_cpu_host(field_, window, stored_,
                                               sites_.centres ? &c.nearest : nullptr);
          }
          stats_[w].compute_s += seconds_since(t);
          handoff.put(std::move(c));
        }
      } catch (...) {
        fail(std::current_exception());
      }
      handoff.close();
    });
    while (std::optional<Computed> c = handoff.take()) {
      try {
        if (!stop_) {  // else drain: the compute thread must not wait on a full slot
          const Clock::time_point t = Clock::now();
          stats_[w].bytes += write(*c);
          stats_[w].write_s += seconds_since(t);
          ++stats_[w].tiles;
        }
      } catch (...) {
        fail(std::current_exception());
      }
      if (c->buffer != nullptr) buffers->release(c->buffer);
    }
    compute.join();
  }

  // The tile's files, each whole or not at all; returns the values' bytes.
  std::uint64_t write(const Computed& c) {
    const NodeWindow window = tile_window(layout_, params_.nx, params_.ny, c.index);
    const std::string name =
        "tile-" + std::to_string(c.index) + "-of-" + std::to_string(layout_.count());
    auto in = [&](const std::optional<std::filesystem::path>& dir, const char* extension) {
      return dir ? std::optional(*dir / (name + extension)) : std::nullopt;
    };
    const TileFiles files{in(npy_dir_, ".npy"),
                          in(geotiff_dir_, ".tif"),
                          in(netcdf_dir_, ".nc"),
                          in(index_dir_, ".index.npy"),
                          in(index_geotiff_dir_, ".index.tif"),
                          command_};
    return write_tile_files(params_, sites_, TileChoice{c.index, layout_}, window, c.field(),
                            c.nearest, files, false);
  }

  void fail(std::exception_ptr e) {
    std::lock_guard lock(failure_mutex_);
    if (!failure_) failure_ = e;
    stop_ = true;
  }

  void report(double wall_s) const {
    std::uint64_t bytes = 0;
    for (const DeviceStats& s : stats_) bytes += s.bytes;
    std::fprintf(stderr,
                 "geofield: %d tiles (%d x %d) of %d x %d nodes in %.2f s: %.2f tiles/s, %.3f GB/s "
                 "of %s values from compute to file\n",
                 layout_.count(), layout_.tiles_x, layout_.tiles_y, params_.nx, params_.ny, wall_s,
                 layout_.count() / wall_s, bytes / wall_s / 1e9,
                 stored_ == Precision::f64 ? "float64" : "float32");
    for (std::size_t w = 0; w < stats_.size(); ++w) {
      const DeviceStats& s = stats_[w];
      const std::string who = worker_name(workers_, w);
      std::fprintf(stderr,
                   "geofield:   %s: %d tiles, compute and read-back %.2f s (%.2f GB/s), write "
                   "%.2f s (%.3f GB/s)\n",
                   who.c_str(), s.tiles, s.compute_s,
                   s.compute_s > 0 ? s.bytes / s.compute_s / 1e9 : 0.0, s.write_s,
                   s.write_s > 0 ? s.bytes / s.write_s / 1e9 : 0.0);
    }
    const std::pair<const char*, const std::optional<std::filesystem::path>*> outputs[] = {
        {"--geotiff", &geotiff_dir_},
        {"--npy", &npy_dir_},
        {"--netcdf", &netcdf_dir_},
        {"--index", &index_dir_},
        {"--index-geotiff", &index_geotiff_dir_}};
    for (const auto& [option, dir] : outputs) {
      if (!*dir) continue;
      std::fprintf(stderr, "geofield: wrote %d tiles into %s's folder %s\n", layout_.count(),
                   option, escaped_text((*dir)->string()).c_str());
    }
  }

  std::vector<int> workers_;  // each a device or kCpu
  FieldRequest field_;        // the sites and params_
  TileSites sites_;
  FieldParams params_;
  Precision stored_ = Precision::f32;
  TileLayout layout_;
  std::optional<std::filesystem::path> geotiff_dir_, npy_dir_, netcdf_dir_, index_dir_,
      index_geotiff_dir_;
  std::string command_;  // the NetCDF tiles' history
  std::atomic<int> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex failure_mutex_;
  std::exception_ptr failure_;
  std::vector<DeviceStats> stats_;
};

}  // namespace

std::vector<int> parse_devices(const std::string& text) {
  const int count = cuda_device_count();
  const std::string have = count == 0 ? std::string("this machine has no CUDA device")
                                      : "this machine has " + std::to_string(count) +
                                            " CUDA device" + (count == 1 ? "" : "s") + " (0 to " +
                                            std::to_string(count - 1) + ")";
  if (text.empty()) throw UsageError("--devices: empty value; give all or a list like 0,1");
  std::vector<int> devices;
  if (text == "all") {
    if (count == 0) throw UsageError("--devices: " + have);
    for (int d = 0; d < count; ++d) devices.push_back(d);
    return devices;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    int d = -1;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), d);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || d < 0) {
      throw UsageError("--devices: " + quoted_excerpt(text) +
                       " is not all or a list of device numbers like 0,1");
    }
    if (d >= count) {
      throw UsageError("--devices: device " + std::to_string(d) + ": " + have);
    }
    for (int e : devices) {
      if (e == d) {
        throw UsageError("--devices: device " + std::to_string(d) +
                         " is listed twice; for more tiles in flight on it give --workers N");
      }
    }
    devices.push_back(d);
    start = comma + 1;
  }
  return devices;
}

int run_render_tiles(const RenderRequest& request) {
  if (request.png || request.figure) {
    throw UsageError(
        "--tile all/N: the tiles hold the raw field only: give --geotiff DIR, --npy DIR and/or "
        "--netcdf DIR (folders for tile-K-of-N.tif / .npy / .nc; with --centres --index DIR, "
        "--index-geotiff DIR for tile-K-of-N.index.npy / .index.tif)");
  }
  if (!request.geotiff && !request.npy && !request.netcdf && !request.index &&
      !request.index_geotiff) {
    throw UsageError(
        "--tile all/N: give --geotiff DIR, --npy DIR and/or --netcdf DIR for the tiles");
  }
  // `geofield mosaic` joins one kind of tile a folder (a VRT has one sample type).
  if (request.geotiff && request.index_geotiff &&
      std::filesystem::weakly_canonical(*request.geotiff) ==
          std::filesystem::weakly_canonical(*request.index_geotiff)) {
    throw UsageError(
        "--index-geotiff: with --tile all/N give the index tiles a folder other than "
        "--geotiff's: geofield mosaic joins one kind of tile a folder");
  }
  if (request.geotiff || request.index_geotiff) require_geotiff_writer();
  if (request.netcdf) require_netcdf_writer();
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  FieldRequest field = field_request_of(request, params);
  const bool many_sites = !field.one_point();
  std::vector<int> devices;
  if (many_sites) {
    if (request.view.backend == BackendChoice::gl) {
      throw UsageError(
          "--tile: the gl backend computes whole grids into a texture; use cpu or cuda");
    }
    // One line why; the CPU's window of many sites uses every core, so one worker by default.
    std::fprintf(stderr, "geofield: %s%s\n", sites_window_reason(request.view.backend).c_str(),
                 request.devices ? " (--devices left unused)" : "");
  } else if (request.devices) {
    if (request.view.backend == BackendChoice::cpu || request.view.backend == BackendChoice::gl) {
      throw UsageError("--devices: the CUDA devices to use; not with --backend cpu or gl");
    }
    devices = parse_devices(*request.devices);
  } else if (request.view.backend != BackendChoice::cpu) {
    std::string why_not;
    if (cuda_device_usable(&why_not)) {
      devices = {0};
    } else if (request.view.backend == BackendChoice::cuda) {
      throw UsageError("--backend cuda: " + why_not);
    }
  }
  if (request.view.backend == BackendChoice::gl) {
    throw UsageError("--tile: the gl backend computes whole grids into a texture; use cpu or cuda");
  }
  // Workers in turn over the devices (0, 1, 0, 1, ...) so that the first tiles spread out.
  const int per_device = request.workers.value_or(devices.empty() ? 1 : kDefaultDeviceWorkers);
  std::vector<int> workers;
  for (int r = 0; r < per_device; ++r) {
    if (devices.empty()) workers.push_back(kCpu);
    for (int d : devices) workers.push_back(d);
  }
  check_workers_fit(request.view.params, request.tile->layout, workers.size(),
                    request.f64 ? Precision::f64 : Precision::f32, request.netcdf.has_value(),
                    many_sites);
  std::fprintf(stderr, "geofield: %d tiles (%d x %d) of %d x %d nodes on %s\n",
               request.tile->layout.count(), request.tile->layout.tiles_x,
               request.tile->layout.tiles_y, request.view.params.nx, request.view.params.ny,
               workers_text(devices, per_device).c_str());
  return Batch(request, std::move(field), std::move(workers)).run();
}

}  // namespace geofield
