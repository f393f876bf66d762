#include "window/field_source.h"

#include <chrono>
#include <optional>

#include "backends/cpu_backend.h"
#include "gl/gl_check.h"
#include "view/cpu_field_worker.h"

namespace geofield {
namespace {

// A backend that computes on the GL thread, straight into the texture (the CUDA one).
class DirectFieldSource final : public FieldSource {
 public:
  explicit DirectFieldSource(std::unique_ptr<FieldBackend> b) : backend_(std::move(b)) {}
  std::string_view backend_name() const override { return backend_->name(); }
  bool busy() const override { return false; }

  bool update(const FieldParams& wanted, FieldTexture& texture) override {
    // The last compute's device time, once the GPU has done it (a frame or so later).
    if (backend_->measures_device_time()) {
      if (const std::optional<double> ms = backend_->last_compute_device_ms()) last_ms_ = *ms;
    }
    if (shown_ && *shown_ == wanted) return false;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      texture.ensure_size(wanted.nx, wanted.ny);
      backend_->compute(wanted, texture);
      if (std::optional<std::string> n = backend_->take_notice()) notice_ = std::move(n);
    } catch (...) {
      // The previous field stays on screen: the texture may have been reallocated for the new
      // size, so compute the shown field into it again (cheap on this path), then report.
      if (shown_) {
        texture.ensure_size(shown_->nx, shown_->ny);
        backend_->compute(*shown_, texture);
      }
      throw;
    }
    if (!backend_->measures_device_time()) {  // compute() did all the work: its time is the time
      last_ms_ =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    shown_ = wanted;
    return true;
  }

  HostField read_field(const FieldTexture& texture, Precision as) override {
    return backend_->read_field(texture, as);
  }

 private:
  std::unique_ptr<FieldBackend> backend_;
};

// The CPU backend through a worker thread.
class AsyncCpuFieldSource final : public FieldSource {
 public:
  explicit AsyncCpuFieldSource(std::function<void()> on_ready) : worker_(std::move(on_ready)) {}
  std::string_view backend_name() const override { return "cpu"; }
  bool busy() const override { return worker_.busy(); }
  std::optional<double> progress() const override { return worker_.progress(); }

  bool update(const FieldParams& wanted, FieldTexture& texture) override {
    if (!asked_ || !(*asked_ == wanted)) {
      worker_.request(wanted);
      asked_ = wanted;
    }
    std::optional<CpuFieldResult> r = worker_.take();
    if (!r) return false;
    texture.ensure_size(r->params.nx, r->params.ny);
    GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
    GF_GL(glTextureSubImage2D(texture.id(), 0, 0, 0, r->params.nx, r->params.ny, GL_RED, GL_FLOAT,
                              r->f32.data()));
    shown_ = r->params;
    shown_range_ = r->range;
    last_ms_ = r->compute_ms;
    field_ = std::make_shared<const CpuFieldResult>(std::move(*r));
    return true;
  }

  HostField read_field(const FieldTexture&, Precision as) override {
    return host_field_as(field_->params.nx, field_->params.ny, field_->f32, field_->f64, as);
  }
  // The field is on the host already: its copy (up to a GiB in double) is the export thread's.
  std::function<HostField()> field_for_export(const FieldTexture&, Precision as) override {
    return
        [f = field_, as] { return host_field_as(f->params.nx, f->params.ny, f->f32, f->f64, as); };
  }

 private:
  std::optional<FieldParams> asked_;
  // The field in the texture, kept for exports; shared with an export still reading it.
  std::shared_ptr<const CpuFieldResult> field_;
  CpuFieldWorker worker_;  // last: its thread stops before the rest goes
};

}  // namespace

std::unique_ptr<FieldSource> make_field_source(std::unique_ptr<FieldBackend> backend,
                                               std::function<void()> on_ready) {
  if (backend->name() == "cpu") return std::make_unique<AsyncCpuFieldSource>(std::move(on_ready));
  return std::make_unique<DirectFieldSource>(std::move(backend));
}

}  // namespace geofield
