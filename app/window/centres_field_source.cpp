// The window's nearest-centre field (issue 16) through FieldSource (field_source.h): the CPU
// backend's work on a worker thread, a GPU backend's on the GL thread.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "backends/cpu_backend.h"
#include "gl/gl_check.h"
#include "gl/index_texture.h"
#include "view/centres_field_worker.h"
#include "window/field_source.h"

namespace geofield {
namespace {

// A GPU backend: computes into the texture on the GL thread; a change of the centres alone is
// one set_centres and one compute.
class DirectCentresFieldSource final : public FieldSource {
 public:
  explicit DirectCentresFieldSource(std::unique_ptr<CentresFieldBackend> b)
      : backend_(std::move(b)) {
    wanted_centres_ = backend_->centres();
  }
  std::string_view backend_name() const override { return backend_->name(); }
  bool busy() const override { return false; }
  void want_centres(CentreList c) override { wanted_centres_ = std::move(c); }
  GLuint index_texture() const override { return shown_ ? backend_->index_texture() : 0; }

  bool update(const FieldParams& wanted, FieldTexture& texture) override {
    if (backend_->measures_device_time()) {
      if (const std::optional<double> ms = backend_->last_compute_device_ms()) last_ms_ = *ms;
    }
    if (shown_ && *shown_ == wanted && same_centres(shown_centres_, wanted_centres_)) return false;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      if (!same_centres(backend_->centres(), wanted_centres_)) {
        backend_->set_centres(wanted_centres_);
      }
      texture.ensure_size(wanted.nx, wanted.ny);
      backend_->compute(wanted, texture);
      if (std::optional<std::string> n = backend_->take_notice()) notice_ = std::move(n);
    } catch (...) {
      // The previous field stays on screen: compute it again (the texture may have been made
      // anew for the new size), then report.
      if (shown_) {
        wanted_centres_ = shown_centres_;
        backend_->set_centres(shown_centres_);
        texture.ensure_size(shown_->nx, shown_->ny);
        backend_->compute(*shown_, texture);
      }
      throw;
    }
    if (!backend_->measures_device_time()) {
      last_ms_ =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    shown_ = wanted;
    shown_centres_ = wanted_centres_;
    return true;
  }

  HostField read_field(const FieldTexture& texture, Precision as) override {
    return backend_->read_field(texture, as);
  }
  std::function<std::vector<std::int32_t>()> index_for_export() override {
    if (!shown_) return nullptr;
    auto index = std::make_shared<std::vector<std::int32_t>>(backend_->read_index());
    return [index] { return std::move(*index); };
  }

 private:
  std::unique_ptr<CentresFieldBackend> backend_;
  CentreList wanted_centres_;
};

// The CPU: the worker computes field and index; update() uploads both when one is ready.
class AsyncCentresFieldSource final : public FieldSource {
 public:
  AsyncCentresFieldSource(CentreList centres, std::function<void()> on_ready)
      : wanted_centres_(std::move(centres)), worker_(std::move(on_ready)) {}
  std::string_view backend_name() const override { return "cpu"; }
  bool busy() const override { return worker_.busy(); }
  void want_centres(CentreList c) override { wanted_centres_ = std::move(c); }
  GLuint index_texture() const override { return field_ ? index_.id() : 0; }

  bool update(const FieldParams& wanted, FieldTexture& texture) override {
    if (!asked_ || !(*asked_ == wanted) || !same_centres(asked_centres_, wanted_centres_)) {
      worker_.request(wanted, wanted_centres_);
      asked_ = wanted;
      asked_centres_ = wanted_centres_;
    }
    std::optional<CentresFieldResult> r = worker_.take();
    if (!r) return false;
    const FieldParams& p = r->params;
    texture.ensure_size(p.nx, p.ny);
    GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
    GF_GL(glTextureSubImage2D(texture.id(), 0, 0, 0, p.nx, p.ny, GL_RED, GL_FLOAT, r->f32.data()));
    index_.upload(p.nx, p.ny, r->index);
    shown_ = p;
    shown_centres_ = r->centres;
    shown_range_ = r->range;
    last_ms_ = r->compute_ms;
    field_ = std::make_shared<const CentresFieldResult>(std::move(*r));
    return true;
  }

  HostField read_field(const FieldTexture&, Precision as) override {
    return host_field_as(field_->params.nx, field_->params.ny, field_->f32, field_->f64, as);
  }
  std::function<HostField()> field_for_export(const FieldTexture&, Precision as) override {
    return
        [f = field_, as] { return host_field_as(f->params.nx, f->params.ny, f->f32, f->f64, as); };
  }
  std::function<std::vector<std::int32_t>()> index_for_export() override {
    if (!field_) return nullptr;
    return [f = field_] { return f->index; };
  }

 private:
  CentreList wanted_centres_, asked_centres_;
  std::optional<FieldParams> asked_;
  std::shared_ptr<const CentresFieldResult> field_;  // shared with an export still reading it
  IndexTexture index_;
  CentresFieldWorker worker_;  // last: its thread stops before the rest goes
};

}  // namespace

std::unique_ptr<FieldSource> make_centres_field_source(std::unique_ptr<CentresFieldBackend> backend,
                                                       std::function<void()> on_ready) {
  if (backend->name() == "cpu") {
    return std::make_unique<AsyncCentresFieldSource>(backend->centres(), std::move(on_ready));
  }
  return std::make_unique<DirectCentresFieldSource>(std::move(backend));
}

}  // namespace geofield
