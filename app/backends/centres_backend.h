// The nearest of many centres (issue 16) as a backend: the CPU computes the distance to the
// nearest centre and which one (nearest_centre.h), then uploads the distance like the CPU
// backend. `render --centres` draws and exports through it; the window does not use it yet.
#pragma once

#include <cstdint>
#include <vector>

#include "backends/field_backend.h"
#include "centres.h"
#include "field_range.h"

namespace geofield {

class CentresBackend final : public FieldBackend {
 public:
  explicit CentresBackend(std::vector<Centre> centres);
  std::string_view name() const override { return "cpu"; }
  void compute(const FieldParams& p, FieldTexture& target) override;
  HostField read_field(const FieldTexture& target, Precision as) override;

  // The same with no GL: the distances and indices in host memory only.
  void compute_host(const FieldParams& p);
  HostField host_field(Precision as) const;
  // The last field's nearest-centre index per node (p.nx * p.ny, row 0 north).
  const std::vector<std::int32_t>& index() const { return index_; }
  // The last field's smallest and largest distance.
  ValueRange range() const;
  const std::vector<Centre>& centres() const { return centres_; }

 private:
  std::vector<Centre> centres_;
  FieldParams last_{};
  std::vector<float> f32_;
  std::vector<double> f64_;
  std::vector<std::int32_t> index_;
};

}  // namespace geofield
