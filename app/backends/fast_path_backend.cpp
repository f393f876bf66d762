#include "backends/fast_path_backend.h"

#include "errors.h"

namespace geofield {

void FastPathBackend::compute(const FieldRequest& r, FieldTexture& target) {
  if (r.sites.empty()) GF_FAIL("a field request with no sites");
  if (r.one_point()) {
    if (sites_last_) sites_->let_go_of_target();
    compute_one_point(r.one_point_params(), target);
    sites_last_ = false;
  } else {
    if (!sites_last_) let_go_of_one_point_target();
    if (!sites_) {
      sites_ = make_sites_part(r.sites.points());
    } else if (!(SiteSet::points(sites_->centres()) == r.sites)) {
      sites_->set_centres(r.sites.points());
    }
    sites_->compute(r.params, target);
    sites_last_ = true;
  }
  nx_ = r.params.nx;
  ny_ = r.params.ny;
}

HostField FastPathBackend::read_field(const FieldTexture& target, Precision as) {
  return sites_last_ ? sites_->read_field(target, as) : read_one_point_field(target, as);
}

std::vector<std::int32_t> FastPathBackend::read_index() {
  if (sites_last_) return sites_->read_index();
  return std::vector<std::int32_t>(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_));
}

GLuint FastPathBackend::index_texture() const { return sites_last_ ? sites_->index_texture() : 0; }

std::optional<double> FastPathBackend::last_compute_device_ms() {
  return sites_last_ ? sites_->last_compute_device_ms() : one_point_device_ms();
}

}  // namespace geofield
