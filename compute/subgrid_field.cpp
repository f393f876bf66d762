#include "compute/subgrid_field.h"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "compute/cpu_field.h"
#include "compute/cuda_device_field.h"
#include "compute/nearest_centre.h"
#include "errors.h"

namespace geofield {

HostField compute_subgrid_on_cpu_host(const FieldParams& p, const Subgrid& w, Precision stored) {
  HostField h;
  h.nx = w.nx;
  h.ny = w.ny;
  h.precision = stored;
  const size_t n = static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny);
  if (p.precision == Precision::f64) {
    std::vector<double> values(n);
    compute_subgrid_on_cpu<double>(p, w, values.data());
    if (stored == Precision::f64) {
      h.f64 = std::move(values);
    } else {
      h.f32.assign(values.begin(), values.end());  // each double rounded, as the whole field's
    }
  } else {
    h.f32.resize(n);
    compute_subgrid_on_cpu<float>(p, w, h.f32.data());
    if (stored == Precision::f64) {
      h.f64.assign(h.f32.begin(), h.f32.end());
      h.f32.clear();
    }
  }
  return h;
}

HostField compute_subgrid_on(DeviceFieldComputer& device, const FieldParams& p, const Subgrid& w,
                             Precision stored) {
  HostField h;
  h.nx = w.nx;
  h.ny = w.ny;
  h.precision = stored;
  const size_t n = static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny);
  if (stored == Precision::f64) {
    h.f64.resize(n);
    device.compute_subgrid_to_host(p, w, h.f64.data(), stored);
  } else {
    h.f32.resize(n);
    device.compute_subgrid_to_host(p, w, h.f32.data(), stored);
  }
  return h;
}

HostField compute_subgrid(BackendChoice choice, const FieldParams& p, const Subgrid& w,
                          Precision stored, std::string* reason) {
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
      return compute_subgrid_on(*device, p, w, stored);
    }
    if (choice == BackendChoice::cuda) throw UsageError("--backend cuda: " + why);
    *reason = "backend cpu: " + why;
  } else {
    *reason = "backend cpu (asked for)";
  }
  return compute_subgrid_on_cpu_host(p, w, stored);
}

namespace {

template <typename T>
HostField nearest_subgrid(const FieldRequest& r, const Subgrid& w, Precision stored,
                          std::vector<std::int32_t>* index) {
  const size_t n = static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny);
  std::vector<T> values(n);
  std::vector<std::int32_t> own;
  std::vector<std::int32_t>& into = index != nullptr ? *index : own;
  into.resize(n);
  nearest_centre_subgrid_on_cpu<T>(r.params, *r.sites.points(), w, values.data(), into.data());
  HostField h;
  h.nx = w.nx;
  h.ny = w.ny;
  h.precision = stored;
  if constexpr (std::is_same_v<T, double>) {
    if (stored == Precision::f64) {
      h.f64 = std::move(values);
    } else {
      h.f32.assign(values.begin(), values.end());  // each double rounded, as the whole field's
    }
  } else {
    if (stored == Precision::f64) {
      h.f64.assign(values.begin(), values.end());
    } else {
      h.f32 = std::move(values);
    }
  }
  return h;
}

}  // namespace

HostField compute_subgrid_on_cpu_host(const FieldRequest& request, const Subgrid& w,
                                      Precision stored, std::vector<std::int32_t>* index) {
  if (request.one_point()) {
    // The fast path, as the whole render takes it: its field, and every node's site is the one.
    if (index != nullptr) index->assign(static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny), 0);
    return compute_subgrid_on_cpu_host(request.one_point_params(), w, stored);
  }
  return request.params.precision == Precision::f64
             ? nearest_subgrid<double>(request, w, stored, index)
             : nearest_subgrid<float>(request, w, stored, index);
}

std::string sites_subgrid_reason(BackendChoice choice) {
  if (choice == BackendChoice::cpu) return "backend cpu (asked for)";
  return std::string("backend cpu") + (choice == BackendChoice::cuda ? " (cuda asked for)" : "") +
         ": the nearest of many sites on a tile is computed on the CPU (the CUDA subgrid "
         "computer takes one point; its nearest-centre kernels fill whole grids only)";
}

HostField compute_subgrid(BackendChoice choice, const FieldRequest& request, const Subgrid& w,
                          Precision stored, std::vector<std::int32_t>* index, std::string* reason) {
  if (request.one_point()) {
    HostField h = compute_subgrid(choice, request.one_point_params(), w, stored, reason);
    if (index != nullptr) index->assign(static_cast<size_t>(w.nx) * static_cast<size_t>(w.ny), 0);
    return h;
  }
  if (choice == BackendChoice::gl)
    return compute_subgrid(choice, request.params, w, stored, reason);
  *reason = sites_subgrid_reason(choice);
  return compute_subgrid_on_cpu_host(request, w, stored, index);
}

}  // namespace geofield
