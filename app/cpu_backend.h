// The CPU backend: all cores fill a host buffer with the shared math, then one upload.
// The path on machines without CUDA and in CI.
#pragma once

#include "field_backend.h"

namespace geofield {

// Fills out (p.nx * p.ny values, row 0 north) with the field of p in precision T, on all cores.
template <typename T>
void compute_field_on_cpu(const FieldParams& p, T* out);

// The field of p in host memory, computed in p.precision: *f32 always (what the texture holds),
// *f64 too when the precision is f64 (emptied otherwise).
void compute_host_field(const FieldParams& p, std::vector<float>* f32, std::vector<double>* f64);

// An export of a host field (nx x ny, f64 possibly empty) as float32 or float64.
HostField host_field_as(int nx, int ny, const std::vector<float>& f32,
                        const std::vector<double>& f64, Precision as);

class CpuBackend final : public FieldBackend {
 public:
  std::string_view name() const override { return "cpu"; }
  void compute(const FieldParams& p, FieldTexture& target) override;
  HostField read_field(const FieldTexture& target, Precision as) override;

 private:
  FieldParams last_{};
  std::vector<float> f32_;   // the field as uploaded
  std::vector<double> f64_;  // the double field when the precision is f64
};

}  // namespace geofield
