// The CPU backend: all cores fill a host buffer with the shared math, then one upload.
// The path on machines without CUDA and in CI.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "backends/field_backend.h"
#include "compute/cpu_field.h"
#include "compute/cpu_rows.h"
#include "gl/index_texture.h"
#include "subgrid.h"

namespace geofield {

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
