// The CPU backend: all cores fill a host buffer with the shared math, then one upload.
// The path on machines without CUDA and in CI.
#pragma once

#include <vector>

#include "backends/fast_path_backend.h"
#include "compute/cpu_field.h"

namespace geofield {

// One point: all cores fill the host field, uploaded whole; several sites: CentresBackend.
class CpuBackend final : public FastPathBackend {
 public:
  std::string_view name() const override { return "cpu"; }

 private:
  void compute_one_point(const FieldParams& p, FieldTexture& target) override;
  HostField read_one_point_field(const FieldTexture& target, Precision as) override;
  std::unique_ptr<CentresFieldBackend> make_sites_part(CentreList sites) override;

  FieldParams last_{};
  std::vector<float> f32_;   // the field as uploaded
  std::vector<double> f64_;  // the double field when the precision is f64
};

}  // namespace geofield
