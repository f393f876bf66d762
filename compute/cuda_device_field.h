// Fields into linear memory with CUDA and no GL at all: libgeofield's cuda backend, which hands
// the field to the caller in device memory (or copies it to the caller's host memory). The seam
// keeps CUDA's types out: streams travel as void*.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "centres.h"
#include "compute/point_distances.h"
#include "field_params.h"
#include "sites.h"
#include "subgrid.h"

namespace geofield {

class DeviceFieldComputer {
 public:
  virtual ~DeviceFieldComputer() = default;
  virtual int device() const = 0;
  // "NVIDIA H200" and the like.
  virtual const std::string& device_name() const = 0;

  // The field of r into memory of this device: values (p.nx * p.ny of `stored`, row 0 north)
  // and, unless null, index (p.nx * p.ny: each node's nearest site, 0 everywhere for one point,
  // -1 off a projected map). r validated (check, check_sites). stream: a cudaStream_t to queue
  // the work on, returning at once; null: the computer's own stream, waited for. The caller's
  // current device is left as it was. Any site set: one point takes the field kernel, several
  // points the nearest-site kernels, lines and polygons the arc trees' kernel.
  virtual void compute(const FieldRequest& r, void* values, Precision stored, std::int32_t* index,
                       void* stream) = 0;

  // The same into host memory: computed into device memory of its own, then copied.
  virtual void compute_to_host(const FieldRequest& r, void* values, Precision stored,
                               std::int32_t* index) = 0;

  // Subgrid w of r's grid (a tile, subgrid.h) into host memory: w.nx * w.ny values of
  // `stored` and, when index is not null, each node's nearest site (0 everywhere for one point;
  // -1 off a projected map), local node (i, j) the whole grid's node (w.row0 + i, w.col0 + j),
  // computed on the device from the whole grid's geometry, so bit for bit what the whole field
  // holds there. Any site set: one point takes the field kernel, several the nearest-site ones.
  virtual void compute_subgrid_to_host(const FieldRequest& r, const Subgrid& w, void* values,
                                       Precision stored, std::int32_t* index) = 0;

  // r's field at points (point_distances.h): pts.count values of `stored` and, unless
  // null, indices. on_device: pts, values and index are memory of this device, queued on stream
  // as compute is (null: the computer's own, waited for), a point that is not a place getting
  // NaN and -1; otherwise host memory, the points checked (check_points) and copied through the
  // device, waited for. r's sites checked (check_sites).
  virtual void compute_points(const FieldRequest& r, PointList pts, bool on_device, void* values,
                              Precision stored, std::int32_t* index, void* stream) = 0;
};

// Whether this machine has a CUDA device this build can use (a device, a driver new enough);
// when not, *why_not says why in one line. Cheap and needs no GL context: for showing the
// choice before making it (the window's backend switch). Where it says yes, try_make may
// still fail later for another reason, which it then reports.
bool cuda_device_usable(std::string* why_not);

// A computer on CUDA device `device`, or null with *why_not saying why in one line (no CUDA
// in this build, no device, an ordinal out of range, ...).
std::unique_ptr<DeviceFieldComputer> try_make_device_field_computer(int device,
                                                                    std::string* why_not);

// The CUDA devices this build can use on this machine (0 without CUDA, a device or a driver).
int cuda_device_count();

// Device memory that outlives a compute (libgeofield's buffers). Freed blocks are kept for
// reuse, up to 1 GiB a device, so that a caller asking for the same field again pays no
// cudaMalloc. Throws MemoryShortage when the device cannot hold `bytes`, RuntimeFailure on
// other CUDA failures.
void* allocate_device_memory(int device, std::size_t bytes);
void free_device_memory(int device, void* p, std::size_t bytes) noexcept;

// Page-locks host memory that CUDA copies into again and again (a read-back buffer reused tile
// after tile), so that the copies run at the link's rate, not the page faults'. False where it
// cannot (no CUDA): the memory stays as it was, still usable. Undone by unpin_host_memory.
bool pin_host_memory(void* p, std::size_t bytes);
void unpin_host_memory(void* p) noexcept;

// Whether p is device memory of `device` (or managed memory) that CUDA can write.
bool is_device_memory(int device, const void* p);

}  // namespace geofield
