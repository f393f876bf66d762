// geofield_compute_points: the points' struct checked against the request, then the
// CPU's point list (compute/point_distances.h) or the CUDA computer's.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "api_context.h"
#include "compute/point_distances.h"
#include "errors.h"

namespace geofield::api {
namespace {

constexpr std::uint64_t kMaxPoints = std::uint64_t{1} << 48;

void check_points_struct(const geofield_points& p) {
  if (p.struct_size < sizeof(geofield_points)) {
    throw UsageError("geofield_points: struct_size " + std::to_string(p.struct_size) +
                     " is smaller than the struct's " + std::to_string(sizeof(geofield_points)) +
                     " bytes: start from geofield_points_init");
  }
  if (p.memory != GEOFIELD_MEMORY_HOST && p.memory != GEOFIELD_MEMORY_CUDA) {
    throw UsageError("geofield_points.memory: " + std::to_string(p.memory) +
                     " is not GEOFIELD_MEMORY_HOST (0) or GEOFIELD_MEMORY_CUDA (1)");
  }
  if (p.count < 0) {
    throw UsageError("geofield_points.count: " + std::to_string(p.count) + " is negative");
  }
  const auto n = static_cast<std::uint64_t>(p.count);
  if (n == 0) return;
  if (n > kMaxPoints) {  // and n * 8 bytes cannot wrap around below
    throw UsageError("geofield_points.count: " + std::to_string(n) + " is more than 2^48 points");
  }
  if (p.lat == nullptr) throw UsageError("geofield_points.lat: NULL");
  if (p.lon == nullptr) throw UsageError("geofield_points.lon: NULL");
  if (p.values == nullptr) throw UsageError("geofield_points.values: NULL");
  const std::uint64_t need = n * dtype_size(p.dtype);
  if (p.values_bytes < need) {
    throw UsageError("geofield_points.values_bytes: " + std::to_string(p.values_bytes) +
                     " bytes do not hold " + std::to_string(n) + " values (" +
                     std::to_string(need) + " bytes)");
  }
  if (p.index != nullptr && p.index_bytes < n * sizeof(std::int32_t)) {
    throw UsageError("geofield_points.index_bytes: " + std::to_string(p.index_bytes) +
                     " bytes do not hold " + std::to_string(n) + " int32 indices (" +
                     std::to_string(n * sizeof(std::int32_t)) + " bytes)");
  }
}

// Computed in T, stored as Out (through a buffer of T when they differ).
template <typename T, typename Out>
void computed_in(const FieldRequest& r, PointList pts, Out* out, std::int32_t* index) {
  if constexpr (std::is_same_v<T, Out>) {
    distances_at_points_on_cpu<T>(r, pts, out, index);
  } else {
    std::vector<T> v(pts.count);
    distances_at_points_on_cpu<T>(r, pts, v.data(), index);
    for (std::size_t k = 0; k < v.size(); ++k) out[k] = static_cast<Out>(v[k]);
  }
}

template <typename Out>
void on_cpu(const FieldRequest& r, PointList pts, Out* out, std::int32_t* index) {
  r.params.precision == Precision::f64 ? computed_in<double>(r, pts, out, index)
                                       : computed_in<float>(r, pts, out, index);
}

}  // namespace

void Context::compute_points(const geofield_params* params, const geofield_points& p) {
  const Request r = request_of(params, &sites_);
  check_points_struct(p);
  std::lock_guard lock(mutex_);
  if (gl_) {
    throw Unavailable(
        "geofield_compute_points: the gl backend's compute shaders fill grids, not point lists; "
        "use a cpu or cuda context");
  }
  const PointList pts{p.lat, p.lon, static_cast<std::size_t>(p.count)};
  const Precision stored = p.dtype == GEOFIELD_FLOAT64 ? Precision::f64 : Precision::f32;
  if (p.memory == GEOFIELD_MEMORY_CUDA) {
    if (!cuda_) {
      throw UsageError(std::string("geofield_points.memory: CUDA memory needs a cuda context; "
                                   "this one computes with ") +
                       backend());
    }
    if (pts.count == 0) return;
    for (const void* a : {static_cast<const void*>(p.lat), static_cast<const void*>(p.lon),
                          static_cast<const void*>(p.values)}) {
      if (!is_device_memory(cuda_->device(), a)) {
        throw UsageError(
            "geofield_points: lat, lon, values and index must be memory of CUDA "
            "device " +
            std::to_string(cuda_->device()) + " (the context's)");
      }
    }
    if (p.index != nullptr && !is_device_memory(cuda_->device(), p.index)) {
      throw UsageError(
          "geofield_points: lat, lon, values and index must be memory of CUDA "
          "device " +
          std::to_string(cuda_->device()) + " (the context's)");
    }
    cuda_->compute_points(r.field, pts, true, p.values, stored, p.index, p.stream);
    return;
  }
  if (cuda_) {
    cuda_->compute_points(r.field, pts, false, p.values, stored, p.index, nullptr);
  } else if (stored == Precision::f64) {
    on_cpu(r.field, pts, static_cast<double*>(p.values), p.index);
  } else {
    on_cpu(r.field, pts, static_cast<float*>(p.values), p.index);
  }
}

}  // namespace geofield::api
