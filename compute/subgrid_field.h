// A subgrid of a grid (a tile, subgrid.h) into host memory with no GL: the CPU's row loop or
// a CUDA device's buffer launch, each indexing the whole grid's nodes, so the subgrid's values
// are the whole field's bit for bit (`render --tile`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend_choice.h"
#include "host_field.h"
#include "sites.h"
#include "subgrid.h"

namespace geofield {

// The field of subgrid w of p's grid stored as `stored` (computed in p.precision), by `choice`:
// cpu; cuda on device 0 (UsageError when it cannot be used); automatic: CUDA when a device is
// usable, the CPU otherwise. gl is refused (UsageError): its compute shaders fill a texture of
// the whole grid. *reason: which backend and why, one line.
HostField compute_subgrid(BackendChoice choice, const FieldParams& p, const Subgrid& w,
                          Precision stored, std::string* reason);

// The same on the CPU, and on a given CUDA device (its read-back included).
HostField compute_subgrid_on_cpu_host(const FieldParams& p, const Subgrid& w, Precision stored);
class DeviceFieldComputer;

// Subgrid w of request's field, any site set: values, and in *index (when not null) each node's
// nearest site (w.nx * w.ny; -1 off a projected map), bit for bit the whole render's there (the
// one-point fast path as render's: its field, index 0). One point: compute_subgrid's choice. Many
// sites: the CPU (nearest_centre_subgrid_on_cpu) for cpu, cuda and automatic alike, *reason saying
// so: the CUDA subgrid computer takes one point only (its nearest-centre kernels fill whole
// grids); gl is refused as above.
HostField compute_subgrid(BackendChoice choice, const FieldRequest& request, const Subgrid& w,
                          Precision stored, std::vector<std::int32_t>* index, std::string* reason);
// The same on the CPU.
HostField compute_subgrid_on_cpu_host(const FieldRequest& request, const Subgrid& w,
                                      Precision stored, std::vector<std::int32_t>* index);

// The one line that says why many sites on a tile go to the CPU whatever backend was asked for.
std::string sites_subgrid_reason(BackendChoice choice);
HostField compute_subgrid_on(DeviceFieldComputer& device, const FieldParams& p, const Subgrid& w,
                             Precision stored);

}  // namespace geofield
