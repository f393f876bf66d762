#include "compute/subgrid_field.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "compute/cpu_field.h"
#include "compute/cuda_device_field.h"
#include "errors.h"

namespace geofield {

HostField compute_subgrid_on_cpu_host(const FieldParams& p, const Subgrid& w, Precision stored) {
  return compute_subgrid_on_cpu_host(FieldRequest::of_reference(p), w, stored, nullptr);
}

HostField compute_subgrid_on(DeviceFieldComputer& device, const FieldRequest& r, const Subgrid& w,
                             Precision stored, std::vector<std::int32_t>* index) {
  HostField h;
  h.nx = w.nx;
  h.ny = w.ny;
  h.precision = stored;
  const size_t n = static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny);
  std::int32_t* into = nullptr;
  if (index != nullptr) {
    index->resize(n);
    into = index->data();
  }
  if (stored == Precision::f64) {
    h.f64.resize(n);
    device.compute_subgrid_to_host(r, w, h.f64.data(), stored, into);
  } else {
    h.f32.resize(n);
    device.compute_subgrid_to_host(r, w, h.f32.data(), stored, into);
  }
  return h;
}

HostField compute_subgrid(BackendChoice choice, const FieldRequest& request, const Subgrid& w,
                          Precision stored, std::vector<std::int32_t>* index, std::string* reason) {
  if (choice == BackendChoice::gl) {
    throw UsageError(
        "--tile: the gl backend computes into a texture of the whole grid; give --backend cpu "
        "or cuda (or auto)");
  }
  if (choice != BackendChoice::cpu) {
    std::string why;
    std::unique_ptr<DeviceFieldComputer> device = try_make_device_field_computer(0, &why);
    if (device) {
      *reason = "backend cuda" + std::string(choice == BackendChoice::cuda ? " (asked for)" : "") +
                ": device 0, " + device->device_name() + ", into device memory (no GL)";
      return compute_subgrid_on(*device, request, w, stored, index);
    }
    if (choice == BackendChoice::cuda) throw UsageError("--backend cuda: " + why);
    *reason = "backend cpu: " + why;
  } else {
    *reason = "backend cpu (asked for)";
  }
  return compute_subgrid_on_cpu_host(request, w, stored, index);
}

HostField compute_subgrid(BackendChoice choice, const FieldParams& p, const Subgrid& w,
                          Precision stored, std::string* reason) {
  return compute_subgrid(choice, FieldRequest::of_reference(p), w, stored, nullptr, reason);
}

namespace {

// Subgrid w of r computed in T, stored as `stored` (a double rounded to float as the whole
// field's is).
template <typename T>
HostField subgrid_in(const FieldRequest& r, const Subgrid& w, Precision stored,
                     std::vector<std::int32_t>* index) {
  const size_t n = static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny);
  std::vector<T> values(n);
  if (index != nullptr) index->resize(n);
  compute_request_subgrid_on_cpu<T>(r, w, values.data(),
                                    index != nullptr ? index->data() : nullptr);
  HostField h;
  h.nx = w.nx;
  h.ny = w.ny;
  h.precision = stored;
  if (stored == Precision::f64) {
    if constexpr (std::is_same_v<T, double>) {
      h.f64 = std::move(values);
    } else {
      h.f64.assign(values.begin(), values.end());
    }
  } else {
    if constexpr (std::is_same_v<T, float>) {
      h.f32 = std::move(values);
    } else {
      h.f32.assign(values.begin(), values.end());
    }
  }
  return h;
}

}  // namespace

HostField compute_subgrid_on_cpu_host(const FieldRequest& request, const Subgrid& w,
                                      Precision stored, std::vector<std::int32_t>* index) {
  return request.params.precision == Precision::f64 ? subgrid_in<double>(request, w, stored, index)
                                                    : subgrid_in<float>(request, w, stored, index);
}

}  // namespace geofield
