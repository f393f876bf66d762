// The CPU backend: all cores fill a host buffer with the shared math, then one upload.
// The path on machines without CUDA and in CI.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "backends/field_backend.h"
#include "compute/cpu_field.h"
#include "gl/index_texture.h"
#include "node_window.h"

namespace geofield {

// Fills out (p.nx * p.ny values, row 0 north) with the field of p in precision T, on all cores.
template <typename T>
void compute_field_on_cpu(const FieldParams& p, T* out);

// The same for a window of p's grid (node_window.h): out holds w.nx * w.ny values, local node
// (i, j) the whole grid's node (w.row0 + i, w.col0 + j), bit for bit the value the whole field
// has there. Throws RuntimeFailure when w is not inside the grid.
template <typename T>
void compute_window_on_cpu(const FieldParams& p, const NodeWindow& w, T* out);

// Receives rows first_row, first_row + 1, ... of a field: values holds whole rows, nx each.
template <typename T>
using EmitRows = std::function<void(int first_row, std::span<const T> values)>;

// The same field a block of rows at a time, each block handed to emit as soon as it is filled,
// from all cores at once and in no particular order (emit must allow that). Each thread reuses
// one small buffer, so the whole field is never in memory: an export writes each block at its
// place in the file. The first exception from emit stops the others and is rethrown here.
template <typename T>
void compute_field_blocks_on_cpu(const FieldParams& p, const EmitRows<T>& emit);
// The same for a window (first_row counted in the window, rows w.nx wide).
template <typename T>
void compute_window_blocks_on_cpu(const FieldParams& p, const NodeWindow& w,
                                  const EmitRows<T>& emit);

// Uploads f's values into target (f's size) and, when f has one, its index into index.
void upload_cpu_field(const CpuField& f, FieldTexture& target, IndexTexture& index);

// One interface for every site set: the request's field on all cores (cpu_field.h: one point
// by its own rows, several sites by the nearest-site search), uploaded whole, and the index of
// several sites into an index texture.
class CpuBackend final : public FieldBackend {
 public:
  CpuBackend() = default;
  CpuBackend(const CpuBackend&) = delete;
  CpuBackend& operator=(const CpuBackend&) = delete;
  std::string_view name() const override { return "cpu"; }
  void compute(const FieldRequest& r, FieldTexture& target) override;
  using FieldBackend::compute;
  HostField read_field(const FieldTexture& target, Precision as) override;
  std::vector<std::int32_t> read_index() override { return field_.index_or_zeros(); }
  GLuint index_texture() const override;

  // The same with no GL: the field and index in host memory only (render's figure range).
  void compute_host(const FieldRequest& r) { compute_cpu_field(r, &field_); }
  // The last field in host memory (its index, its range).
  const CpuField& field() const { return field_; }
  // The last field moved out, not copied (a 4096² field is 64 MiB).
  HostField take_host_field(Precision as) { return field_.take(as); }

 private:
  CpuField field_;
  IndexTexture index_texture_;  // several sites' index, made at the first upload
};

}  // namespace geofield
