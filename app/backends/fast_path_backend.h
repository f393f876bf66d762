// How each backend keeps one interface for every site set while its one-point kernels stay a
// fast path: a request of one point goes to the backend's own one-point field (the point as its
// reference); a request of several sites to the backend's nearest-site part (centres_field_
// backend.h), made at the first such request and handed the sites again only when they change.
// Exports, the index and the device time follow whichever part computed last.
#pragma once

#include <memory>
#include <optional>

#include "backends/centres_field_backend.h"
#include "backends/field_backend.h"

namespace geofield {

class FastPathBackend : public FieldBackend {
 public:
  void compute(const FieldRequest& r, FieldTexture& target) final;
  using FieldBackend::compute;
  HostField read_field(const FieldTexture& target, Precision as) final;
  std::vector<std::int32_t> read_index() final;
  GLuint index_texture() const final;
  std::optional<double> last_compute_device_ms() final;

 protected:
  // The one-point field of p (its reference the point) into target.
  virtual void compute_one_point(const FieldParams& p, FieldTexture& target) = 0;
  virtual HostField read_one_point_field(const FieldTexture& target, Precision as) = 0;
  virtual std::optional<double> one_point_device_ms() { return std::nullopt; }
  // Lets go of what the one-point part holds of the field texture (CUDA's registration of it),
  // because the nearest-site part writes it next.
  virtual void let_go_of_one_point_target() {}
  // The nearest-site part, for these sites (not empty). Throws UsageError when this backend
  // cannot compute several sites where it runs.
  virtual std::unique_ptr<CentresFieldBackend> make_sites_part(CentreList sites) = 0;

 private:
  std::unique_ptr<CentresFieldBackend> sites_;
  bool sites_last_ = false;  // the last compute was of several sites
  int nx_ = 0, ny_ = 0;      // the last compute's grid
};

}  // namespace geofield
