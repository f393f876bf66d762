// The nearest of many centres (issue 16) on the CPU: every core computes the distance to the
// nearest centre and which one (nearest_centre.h); compute() then uploads the distance like
// the CPU backend, and the index into a GL_R32I texture of its own.
#pragma once

#include <cstdint>
#include <vector>

#include "backends/centres_field_backend.h"
#include "centres.h"
#include "field_range.h"
#include "gl/index_texture.h"

namespace geofield {

class CentresBackend final : public CentresFieldBackend {
 public:
  explicit CentresBackend(CentreList centres);
  CentresBackend(const CentresBackend&) = delete;
  CentresBackend& operator=(const CentresBackend&) = delete;
  std::string_view name() const override { return "cpu"; }
  void compute(const FieldParams& p, FieldTexture& target) override;
  HostField read_field(const FieldTexture& target, Precision as) override;
  void set_centres(CentreList centres) override;
  const CentreList& centres() const override { return centres_; }
  std::vector<std::int32_t> read_index() override { return index_; }
  GLuint index_texture() const override { return index_texture_.id(); }

  // The same with no GL: the distances and indices in host memory only.
  void compute_host(const FieldParams& p);
  HostField host_field(Precision as) const;
  // The last compute_host's field and index moved out, not copied (a 4096² field is 64 MiB):
  // render's path without GL, which needs them once.
  HostField take_host_field(Precision as);
  std::vector<std::int32_t> take_index() { return std::move(index_); }
  // The last field's nearest-centre index per node (p.nx * p.ny, row 0 north).
  const std::vector<std::int32_t>& index() const { return index_; }
  // The last field's smallest and largest distance.
  ValueRange range() const;

 private:
  CentreList centres_;
  IndexTexture index_texture_;  // made by the first compute()
  FieldParams last_{};
  std::vector<float> f32_;
  std::vector<double> f64_;
  std::vector<std::int32_t> index_;
};

}  // namespace geofield
