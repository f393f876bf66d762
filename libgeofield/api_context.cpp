#include "api_context.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "api_gl.h"
#include "compute/bearing_field.h"
#include "compute/cpu_field.h"
#include "errors.h"
#include "memory_limits.h"

namespace geofield::api {
namespace {

std::string size_text(const FieldParams& p) {
  return std::to_string(p.nx) + " x " + std::to_string(p.ny);
}

const char* dtype_name(int dtype) { return dtype == GEOFIELD_FLOAT64 ? "float64" : "float32"; }

// API 1.0's struct ends at stream; 1.1 added bearing.
constexpr std::size_t kOutputV1 = offsetof(geofield_output, stream) + sizeof(void*);
constexpr std::size_t kOutputV1_1 = offsetof(geofield_output, bearing_bytes) + sizeof(std::size_t);

// The bearing's memory, or null where the caller's struct predates it.
float* bearing_of(const geofield_output& out) {
  return out.struct_size >= kOutputV1_1 ? out.bearing : nullptr;
}

// The output's struct, its dtype, memory kind and room, against the request.
void check_output(const Request& r, const geofield_output& out) {
  if (out.struct_size < kOutputV1) {
    throw UsageError("geofield_output: struct_size " + std::to_string(out.struct_size) +
                     " is smaller than the first version's " + std::to_string(kOutputV1) +
                     " bytes: start from geofield_output_init");
  }
  if (out.memory != GEOFIELD_MEMORY_HOST && out.memory != GEOFIELD_MEMORY_CUDA) {
    throw UsageError("geofield_output.memory: " + std::to_string(out.memory) +
                     " is not GEOFIELD_MEMORY_HOST (0) or GEOFIELD_MEMORY_CUDA (1)");
  }
  const FieldParams& p = r.params();
  const std::uint64_t n = node_count(p);
  const std::uint64_t need = n * dtype_size(out.dtype);
  if (out.values == nullptr) throw UsageError("geofield_output.values: NULL");
  if (out.values_bytes < need) {
    throw UsageError("geofield_output.values_bytes: " + std::to_string(out.values_bytes) +
                     " bytes do not hold the " + size_text(p) + " " + dtype_name(out.dtype) +
                     " field (" + std::to_string(need) + " bytes)");
  }
  if (out.index != nullptr && !r.many_sites) {
    throw UsageError(
        "geofield_output.index: the index says which of many sites is nearest; with the one "
        "reference point (no centres, no sites) give NULL");
  }
  if (out.index != nullptr && out.index_bytes < n * sizeof(std::int32_t)) {
    throw UsageError("geofield_output.index_bytes: " + std::to_string(out.index_bytes) +
                     " bytes do not hold the " + size_text(p) + " int32 index (" +
                     std::to_string(n * sizeof(std::int32_t)) + " bytes)");
  }
  if (bearing_of(out) == nullptr) return;
  if (out.memory != GEOFIELD_MEMORY_HOST) {
    throw UsageError(
        "geofield_output.bearing: the bearing is computed on the CPU into host memory; with "
        "GEOFIELD_MEMORY_CUDA give NULL (or compute it with a host output)");
  }
  if (out.bearing_bytes < n * sizeof(float)) {
    throw UsageError("geofield_output.bearing_bytes: " + std::to_string(out.bearing_bytes) +
                     " bytes do not hold the " + size_text(p) + " float32 bearing (" +
                     std::to_string(n * sizeof(float)) + " bytes)");
  }
  try {
    check_bearing_view(r.params());
  } catch (const UsageError& e) {  // named by the command line's option: name the field
    constexpr std::string_view option = "--bearing: ";
    std::string_view line = e.what();
    if (line.substr(0, option.size()) == option) line.remove_prefix(option.size());
    throw UsageError("geofield_output.bearing: " + std::string(line));
  }
}

// Stores n values of type From at `to` as To (a narrowing rounds, a widening is exact).
template <typename From, typename To>
void convert(std::span<const From> from, To* to) {
  std::transform(from.begin(), from.end(), to, [](From v) { return static_cast<To>(v); });
}

// The request's field computed in T and stored as Out, straight into the caller's memory
// (through each thread's block when Out is not T), with the nearest site's index when asked.
template <typename T, typename Out>
void cpu_field(const FieldRequest& r, Out* out, std::int32_t* index) {
  const Subgrid whole = whole_grid(r.params.nx, r.params.ny);
  if constexpr (std::is_same_v<T, Out>) {
    compute_request_subgrid_on_cpu<T>(r, whole, out, index);
  } else {
    compute_request_subgrid_blocks_on_cpu<T>(
        r, whole, [&](int first_row, std::span<const T> values, std::span<const std::int32_t> k) {
          const std::size_t at = static_cast<std::size_t>(first_row) * r.params.nx;
          convert(values, out + at);
          if (index != nullptr) std::copy(k.begin(), k.end(), index + at);
        });
  }
}

template <typename Out>
void cpu_compute(const FieldRequest& r, Out* out, std::int32_t* index) {
  r.params.precision == Precision::f64 ? cpu_field<double>(r, out, index)
                                       : cpu_field<float>(r, out, index);
}

}  // namespace

Context::Context(const char* backend, int device) {
  const std::string_view word = backend == nullptr ? "auto" : backend;
  BackendChoice asked;
  if (!parse_backend(word, &asked)) {
    throw UsageError("--backend: " + quoted_excerpt(word) + " is not one of auto, cpu, cuda, gl");
  }
  if (device < 0) {
    throw UsageError("device: " + std::to_string(device) +
                     " is negative (CUDA devices count from 0)");
  }
  if (asked == BackendChoice::cpu) {
    description_ = "backend cpu (asked for)";
    return;
  }
  if (asked == BackendChoice::gl) {
    gl_ = std::make_unique<GlField>();
    choice_ = BackendChoice::gl;
    description_ = "backend gl (asked for): " + gl_->description();
    return;
  }
  std::string why_not;
  cuda_ = try_make_device_field_computer(device, &why_not);
  const std::string how = asked == BackendChoice::cuda ? "asked for" : "auto";
  if (cuda_) {
    choice_ = BackendChoice::cuda;
    description_ = "backend cuda (" + how + "): device " + std::to_string(device) + ", " +
                   cuda_->device_name();
  } else if (asked == BackendChoice::cuda) {
    throw Unavailable("--backend cuda: " + why_not);
  } else {
    description_ = "backend cpu (auto): " + why_not;
  }
}

Context::~Context() = default;

const char* Context::backend() const {
  switch (choice_) {
    case BackendChoice::cuda: return "cuda";
    case BackendChoice::gl: return "gl";
    default: return "cpu";
  }
}

void Context::compute(const geofield_params* params, const geofield_output& out) {
  const Request r = request_of(params, &sites_);
  check_output(r, out);
  std::lock_guard lock(mutex_);
  if (out.memory == GEOFIELD_MEMORY_CUDA) {
    if (!cuda_) {
      throw UsageError(std::string("geofield_output.memory: CUDA memory needs a cuda context; "
                                   "this one computes with ") +
                       backend());
    }
    if (!is_device_memory(cuda_->device(), out.values) ||
        (out.index != nullptr && !is_device_memory(cuda_->device(), out.index))) {
      throw UsageError("geofield_output: values and index must be memory of CUDA device " +
                       std::to_string(cuda_->device()) + " (the context's)");
    }
  }
  const Precision stored = out.dtype == GEOFIELD_FLOAT64 ? Precision::f64 : Precision::f32;
  if (cuda_ && out.memory == GEOFIELD_MEMORY_CUDA) {
    cuda_->compute(r.field, out.values, stored, out.index, out.stream);
  } else if (cuda_) {
    cuda_->compute_to_host(r.field, out.values, stored, out.index);
  } else if (gl_) {
    gl_->compute(r, out);
  } else {
    compute_on_cpu(r, out);
  }
  if (float* bearing = bearing_of(out)) {
    const std::vector<float> b =
        BearingField(r.field).subgrid(whole_grid(r.params().nx, r.params().ny));
    std::copy(b.begin(), b.end(), bearing);
  }
}

void Context::compute_on_cpu(const Request& r, const geofield_output& out) {
  if (out.dtype == GEOFIELD_FLOAT64) {
    cpu_compute(r.field, static_cast<double*>(out.values), out.index);
  } else {
    cpu_compute(r.field, static_cast<float*>(out.values), out.index);
  }
}

}  // namespace geofield::api
