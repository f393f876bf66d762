#include "compute/tile_batch.h"

#include <algorithm>
#include <atomic>
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

#include "compute/bearing_field.h"
#include "compute/cuda_device_field.h"
#include "compute/subgrid_field.h"
#include "errors.h"
#include "export/output_kinds.h"

namespace geofield {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// One tile computed and waiting to be written.
struct Computed {
  int index = 0;
  HostField* buffer = nullptr;        // a device's read-back buffer (ReadBackBuffers), or
  HostField own;                      // the CPU's field
  std::vector<std::int32_t> nearest;  // with centres: each node's nearest site
  std::vector<float> bearing;         // with --bearing: toward each node's nearest site
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

  // A free buffer, shaped for subgrid w (its capacity is never exceeded: no reallocation).
  HostField* acquire(const Subgrid& w) {
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

class Batch {
 public:
  explicit Batch(TileBatch batch)
      : workers_(std::move(batch.workers)), field_(std::move(batch.field)) {
    params_ = field_.params;
    sites_ = std::move(batch.sites);
    stored_ = batch.stored;
    layout_ = batch.layout;
    dirs_ = std::move(batch.folders.paths);
    command_ = std::move(batch.folders.command);
    if (dirs_[OutputId::bearing]) bearing_.emplace(field_);  // on the CPU, whatever the workers
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
          const Subgrid subgrid = tile_subgrid(layout_, params_.nx, params_.ny, k);
          Computed c;
          c.index = k;
          if (device) c.buffer = buffers->acquire(subgrid);  // waits while both are in use
          const Clock::time_point t = Clock::now();
          if (device) {
            HostField& f = *c.buffer;
            if (sites_.centres) {
              c.nearest.resize(static_cast<std::size_t>(subgrid.nx) *
                               static_cast<std::size_t>(subgrid.ny));
            }
            device->compute_subgrid_to_host(
                field_, subgrid,
                stored_ == Precision::f64 ? static_cast<void*>(f.f64.data()) : f.f32.data(),
                stored_, sites_.centres ? c.nearest.data() : nullptr);
          } else {
            c.own = compute_subgrid_on_cpu_host(field_, subgrid, stored_,
                                                sites_.centres ? &c.nearest : nullptr);
          }
          if (bearing_) c.bearing = bearing_->subgrid(subgrid);
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
    const Subgrid subgrid = tile_subgrid(layout_, params_.nx, params_.ny, c.index);
    const std::string name =
        "tile-" + std::to_string(c.index) + "-of-" + std::to_string(layout_.count());
    TileFiles files{{}, command_};
    for (const OutputKind& k : output_kinds()) {
      if (dirs_[k.id]) files.paths[k.id] = *dirs_[k.id] / (name + k.tile_suffix);
    }
    return write_tile_files(params_, sites_, TileChoice{c.index, layout_}, subgrid, c.field(),
                            c.nearest, c.bearing, files, false);
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
    for (const OutputKind& k : output_kinds()) {
      if (!dirs_[k.id]) continue;
      std::fprintf(stderr, "geofield: wrote %d tiles into %s's folder %s\n", layout_.count(),
                   k.option, escaped_text(dirs_[k.id]->string()).c_str());
    }
  }

  std::vector<int> workers_;             // each a device or kCpu
  FieldRequest field_;                   // the sites and params_
  std::optional<BearingField> bearing_;  // with --bearing
  TileSites sites_;
  FieldParams params_;
  Precision stored_ = Precision::f32;
  TileLayout layout_;
  OutputPaths dirs_;     // each tiled output's folder
  std::string command_;  // the NetCDF tiles' history
  std::atomic<int> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex failure_mutex_;
  std::exception_ptr failure_;
  std::vector<DeviceStats> stats_;
};

}  // namespace

TileSides largest_tile(const FieldParams& p, const TileLayout& layout) {
  return {(p.nx + layout.tiles_x - 1) / layout.tiles_x,
          (p.ny + layout.tiles_y - 1) / layout.tiles_y};
}

int run_tile_batch(TileBatch batch) { return Batch(std::move(batch)).run(); }

}  // namespace geofield
