#include "compute/cuda_device_field.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "compute/cpu_field.h"
#include "compute/cuda_backend_support.h"
#include "compute/cuda_field_launch.h"
#include "compute/cuda_points.h"
#include "compute/cuda_sites.h"
#include "cuda_check.h"
#include "errors.h"

namespace geofield {
namespace {

// Makes `device` current for a scope and puts the caller's device back after it: a library
// call must not change which device the caller's later CUDA calls go to.
class DeviceScope {
 public:
  explicit DeviceScope(int device) {
    GF_CUDA(cudaGetDevice(&previous_));
    if (previous_ != device) GF_CUDA(cudaSetDevice(device));
  }
  ~DeviceScope() { cudaSetDevice(previous_); }  // cannot fail for a device that was current
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
};

std::string size_text(const FieldParams& p) {
  return std::to_string(p.nx) + "x" + std::to_string(p.ny);
}

std::size_t value_size(Precision stored) {
  return stored == Precision::f64 ? sizeof(double) : sizeof(float);
}

class CudaDeviceFieldComputer final : public DeviceFieldComputer {
 public:
  explicit CudaDeviceFieldComputer(int device)
      : device_(device), previous_device_(make_current_saving(device)) {
    name_ = geofield::device_name(device);
    cudaSetDevice(previous_device_);  // the members are made; the caller's device again
  }

  int device() const override { return device_; }
  const std::string& device_name() const override { return name_; }

  void compute(const FieldRequest& r, void* values, Precision stored, std::int32_t* index,
               void* stream) override {
    with_app_errors([&] {
      DeviceScope scope(device_);
      cudaStream_t s = stream != nullptr ? static_cast<cudaStream_t>(stream) : stream_.get();
      launch(r, values, stored, index, s);
      if (stream == nullptr) GF_CUDA(cudaStreamSynchronize(s));
    });
  }

  void compute_to_host(const FieldRequest& r, void* values, Precision stored,
                       std::int32_t* index) override {
    with_app_errors([&] {
      DeviceScope scope(device_);
      const FieldParams& p = r.params;
      const std::size_t n = static_cast<std::size_t>(node_count(p));
      host_values_.ensure(n * value_size(stored), "the " + size_text(p) + " field");
      std::int32_t* device_index = nullptr;
      if (index != nullptr) {
        host_index_.ensure(n * sizeof(std::int32_t), "the " + size_text(p) + " index");
        device_index = static_cast<std::int32_t*>(host_index_.get());
      }
      launch(r, host_values_.get(), stored, device_index, stream_.get());
      GF_CUDA(cudaMemcpyAsync(values, host_values_.get(), n * value_size(stored),
                              cudaMemcpyDeviceToHost, stream_.get()));
      if (index != nullptr) {
        GF_CUDA(cudaMemcpyAsync(index, device_index, n * sizeof(std::int32_t),
                                cudaMemcpyDeviceToHost, stream_.get()));
      }
      GF_CUDA(cudaStreamSynchronize(stream_.get()));
    });
  }

  void compute_subgrid_to_host(const FieldRequest& r, const Subgrid& w, void* values,
                               Precision stored, std::int32_t* index) override {
    with_app_errors([&] {
      DeviceScope scope(device_);
      const std::size_t n = static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny);
      const std::string what = std::to_string(w.nx) + "x" + std::to_string(w.ny) + " tile";
      host_values_.ensure(n * value_size(stored), "the " + what);
      std::int32_t* device_index = nullptr;
      const bool sites = !r.one_point();
      if (sites) {
        host_index_.ensure(n * sizeof(std::int32_t), "the " + what + "'s index");
        device_index = static_cast<std::int32_t*>(host_index_.get());
      }
      in_order(stream_.get(), [&] {
        if (sites) sites_.hold(r.sites, stream_.get());
        if (stored == Precision::f64) {
          subgrid_into(r, w, static_cast<double*>(host_values_.get()), device_index);
        } else {
          subgrid_into(r, w, static_cast<float*>(host_values_.get()), device_index);
        }
      });
      GF_CUDA(cudaMemcpyAsync(values, host_values_.get(), n * value_size(stored),
                              cudaMemcpyDeviceToHost, stream_.get()));
      if (sites && index != nullptr) {
        GF_CUDA(cudaMemcpyAsync(index, device_index, n * sizeof(std::int32_t),
                                cudaMemcpyDeviceToHost, stream_.get()));
      }
      GF_CUDA(cudaStreamSynchronize(stream_.get()));
      if (!sites && index != nullptr) std::fill(index, index + n, 0);
    });
  }

  void compute_points(const FieldRequest& r, PointList pts, bool on_device, void* values,
                      Precision stored, std::int32_t* index, void* stream) override {
    with_app_errors([&] {
      check_sites(r);
      DeviceScope scope(device_);
      const std::size_t n = pts.count;
      if (on_device) {
        cudaStream_t s = stream != nullptr ? static_cast<cudaStream_t>(stream) : stream_.get();
        in_order(s, [&] {
          points_into(r, {pts.lat_deg, pts.lon_deg, n}, values, stored, index, s);
        });
        if (stream == nullptr) GF_CUDA(cudaStreamSynchronize(s));
        return;
      }
      check_points(pts);
      if (n == 0) return;
      cudaStream_t s = stream_.get();
      const std::string what = std::to_string(n) + " points";
      point_input_.ensure(2 * n * sizeof(double), "the " + what);
      host_values_.ensure(n * value_size(stored), "the " + what + "' values");
      std::int32_t* device_index = nullptr;
      if (index != nullptr) {
        host_index_.ensure(n * sizeof(std::int32_t), "the " + what + "' index");
        device_index = static_cast<std::int32_t*>(host_index_.get());
      }
      double* lat = static_cast<double*>(point_input_.get());
      double* lon = lat + n;
      in_order(s, [&] {
        GF_CUDA(cudaMemcpyAsync(lat, pts.lat_deg, n * sizeof(double), cudaMemcpyHostToDevice, s));
        GF_CUDA(cudaMemcpyAsync(lon, pts.lon_deg, n * sizeof(double), cudaMemcpyHostToDevice, s));
        points_into(r, {lat, lon, n}, host_values_.get(), stored, device_index, s);
      });
      GF_CUDA(cudaMemcpyAsync(values, host_values_.get(), n * value_size(stored),
                              cudaMemcpyDeviceToHost, s));
      if (index != nullptr) {
        GF_CUDA(cudaMemcpyAsync(index, device_index, n * sizeof(std::int32_t),
                                cudaMemcpyDeviceToHost, s));
      }
      GF_CUDA(cudaStreamSynchronize(s));
    });
  }

 private:
  void points_into(const FieldRequest& r, DevicePoints pts, void* values, Precision stored,
                   std::int32_t* index, cudaStream_t s) {
    if (stored == Precision::f64) {
      points_.into(r, pts, static_cast<double*>(values), index, s);
    } else {
      points_.into(r, pts, static_cast<float*>(values), index, s);
    }
  }

  // The scratch memory and the sites' device state are shared by every call, whatever its
  // stream: a call on another stream than the last one's first waits for that one's work.
  void launch(const FieldRequest& r, void* values, Precision stored, std::int32_t* index,
              cudaStream_t s) {
    in_order(s, [&] { queue(r, values, stored, index, s); });
  }

  // Queues work on s after the last call's work, whatever stream that was on.
  template <typename Work>
  void in_order(cudaStream_t s, Work&& work) {
    if (launched_ && last_stream_ != s) GF_CUDA(cudaStreamWaitEvent(s, last_done_.get(), 0));
    work();
    GF_CUDA(cudaEventRecord(last_done_.get(), s));
    last_stream_ = s;
    launched_ = true;
  }

  void queue(const FieldRequest& r, void* values, Precision stored, std::int32_t* index,
             cudaStream_t s) {
    const FieldParams& p = r.params;
    const std::size_t n = static_cast<std::size_t>(node_count(p));
    if (r.one_point()) {
      const FieldParams q = r.one_point_params();
      if (stored == Precision::f64) {
        launch_field_into(q, static_cast<double*>(values), s, &scratch_);
      } else {
        launch_field_into(q, static_cast<float*>(values), s, &scratch_);
      }
      if (index != nullptr) GF_CUDA(cudaMemsetAsync(index, 0, n * sizeof(std::int32_t), s));
      return;
    }
    sites_.hold(r.sites, s);
    if (index == nullptr) {  // the kernels write an index; the caller did not ask for it
      index_scratch_.ensure(n * sizeof(std::int32_t), "the " + size_text(p) + " index");
      index = static_cast<std::int32_t*>(index_scratch_.get());
    }
    const Subgrid whole = whole_grid(p.nx, p.ny);
    if (stored == Precision::f64) {
      sites_.into(r, whole, static_cast<double*>(values), index, s);
    } else {
      sites_.into(r, whole, static_cast<float*>(values), index, s);
    }
  }

  // Subgrid w of r's field into device memory: the one-point kernel, or the nearest-site kernels
  // over the sites held (index: w.nx * w.ny of device memory).
  template <typename Out>
  void subgrid_into(const FieldRequest& r, const Subgrid& w, Out* values, std::int32_t* index) {
    if (r.one_point()) {
      launch_field_into(r.one_point_params(), w, values, stream_.get(), &scratch_);
    } else {
      sites_.into(r, w, values, index, stream_.get());
    }
  }

  // Makes device current for the members made after this one; returns the one that was.
  static int make_current_saving(int device) {
    int previous = 0;
    GF_CUDA(cudaGetDevice(&previous));
    GF_CUDA(cudaSetDevice(device));
    return previous;
  }

  int device_;
  int previous_device_;  // current until the members below are made on device_
  std::string name_;
  CudaStream stream_;
  DeviceBuffer scratch_;                // the double and wgs84 paths' per-row parts
  DeviceBuffer host_values_;            // compute_to_host's device copy of the field
  DeviceBuffer host_index_;             // and of the index
  DeviceBuffer index_scratch_;          // the index when the caller asks for none
  CudaSites sites_;                     // the nearest-site kernels and the sites uploaded
  CudaPoints points_;                   // the point lists' kernels and their sites
  DeviceBuffer point_input_;            // compute_points' device copy of host points
  CudaEvent last_done_;                 // recorded after each call's work
  cudaStream_t last_stream_ = nullptr;  // that call's stream (compared, never used)
  bool launched_ = false;
};

// Freed device blocks by device and size, for reuse.
struct BlockCache {
  static constexpr std::size_t kLimitBytes = std::size_t{1} << 30;
  std::mutex mutex;
  std::map<int, std::multimap<std::size_t, void*>> blocks;
  std::map<int, std::size_t> bytes;

  static BlockCache& instance() {
    static BlockCache* cache = new BlockCache;  // never destroyed: frees may come at exit
    return *cache;
  }
};

}  // namespace

std::unique_ptr<DeviceFieldComputer> try_make_device_field_computer(int device,
                                                                    std::string* why_not) {
  if (!cuda_device_usable(why_not)) return nullptr;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) count = 0;
  if (device < 0 || device >= count) {
    *why_not = "device " + std::to_string(device) + ": this machine has " + std::to_string(count) +
               " CUDA device" + (count == 1 ? "" : "s") + " (0 to " + std::to_string(count - 1) +
               ")";
    return nullptr;
  }
  return with_app_errors([&] { return std::make_unique<CudaDeviceFieldComputer>(device); });
}

int cuda_device_count() {
  std::string why_not;
  if (!cuda_device_usable(&why_not)) return 0;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

void* allocate_device_memory(int device, std::size_t bytes) {
  BlockCache& cache = BlockCache::instance();
  {
    std::lock_guard lock(cache.mutex);
    auto& free_blocks = cache.blocks[device];
    auto it = free_blocks.find(bytes);
    if (it != free_blocks.end()) {
      void* p = it->second;
      free_blocks.erase(it);
      cache.bytes[device] -= bytes;
      return p;
    }
  }
  return with_app_errors([&] {
    DeviceScope scope(device);
    void* p = nullptr;
    cudaError_t e = cudaMalloc(&p, bytes);
    if (e == cudaErrorMemoryAllocation) {  // give the kept blocks back and try once more
      cudaGetLastError();
      std::lock_guard lock(cache.mutex);
      for (auto& [size, block] : cache.blocks[device]) cudaFree(block);
      cache.blocks[device].clear();
      cache.bytes[device] = 0;
      e = cudaMalloc(&p, bytes);
    }
    if (e == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      throw MemoryShortage("CUDA device " + std::to_string(device) + " cannot hold " +
                           std::to_string(bytes) + " more bytes (cudaMalloc: out of memory)");
    }
    GF_CUDA(e);
    return p;
  });
}

void free_device_memory(int device, void* p, std::size_t bytes) noexcept {
  if (p == nullptr) return;
  BlockCache& cache = BlockCache::instance();
  std::lock_guard lock(cache.mutex);
  if (cache.bytes[device] + bytes <= BlockCache::kLimitBytes) {
    cache.blocks[device].emplace(bytes, p);
    cache.bytes[device] += bytes;
    return;
  }
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess) return;
  cudaSetDevice(device);
  cudaFree(p);  // frees across devices are allowed; the device set keeps it simple
  cudaSetDevice(previous);
}

bool pin_host_memory(void* p, std::size_t bytes) {
  if (cudaHostRegister(p, bytes, cudaHostRegisterPortable) == cudaSuccess) return true;
  cudaGetLastError();  // not sticky: the memory is used unpinned
  return false;
}

void unpin_host_memory(void* p) noexcept {
  if (cudaHostUnregister(p) != cudaSuccess) cudaGetLastError();
}

bool is_device_memory(int device, const void* p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return (a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged) && a.device == device;
}

bool cuda_device_usable(std::string* why_not) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e == cudaSuccess && count > 0) return true;
  cudaGetLastError();  // not sticky; leave no error behind
  if (e == cudaErrorNoDevice || (e == cudaSuccess && count == 0)) {
    *why_not = "no CUDA device on this machine";
  } else if (e == cudaErrorInsufficientDriver) {
    *why_not = "no NVIDIA driver, or one too old for this build's CUDA " +
               std::to_string(CUDART_VERSION / 1000) + "." +
               std::to_string(CUDART_VERSION % 1000 / 10) + " runtime (" + cuda_error_text(e) + ")";
  } else {
    *why_not = "CUDA is not usable (cudaGetDeviceCount: " + cuda_error_text(e) + ")";
  }
  return false;
}

}  // namespace geofield
