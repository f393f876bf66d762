#include "window/field_source.h"

#include <chrono>
#include <cstdint>
#include <optional>

#include "backends/cpu_backend.h"
#include "gl/index_texture.h"
#include "view/cpu_field_worker.h"

namespace geofield {
namespace {

// A backend that computes on the GL thread, straight into the texture (CUDA, GL); a change of
// the sites alone is one upload and one compute, in the backend.
class DirectFieldSource final : public FieldSource {
 public:
  explicit DirectFieldSource(std::unique_ptr<FieldBackend> b) : backend_(std::move(b)) {}
  std::string_view backend_name() const override { return backend_->name(); }
  bool busy() const override { return false; }
  GLuint index_texture() const override { return shown_ ? backend_->index_texture() : 0; }

  bool update(const FieldRequest& wanted, FieldTexture& texture) override {
    // The last compute's device time, once the GPU has done it (a frame or so later).
    if (backend_->measures_device_time()) {
      if (const std::optional<double> ms = backend_->last_compute_device_ms()) last_ms_ = *ms;
    }
    if (shown_ && *shown_ == wanted) return false;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      texture.ensure_size(wanted.params.nx, wanted.params.ny);
      backend_->compute(wanted, texture);
      if (std::optional<std::string> n = backend_->take_notice()) notice_ = std::move(n);
    } catch (...) {
      // The previous field stays on screen: the texture may have been reallocated for the new
      // size, so compute the shown field into it again (cheap on this path), then report.
      if (shown_) {
        texture.ensure_size(shown_->params.nx, shown_->params.ny);
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
  std::function<std::vector<std::int32_t>()> index_for_export() override {
    if (!shown_) return nullptr;
    auto index = std::make_shared<std::vector<std::int32_t>>(backend_->read_index());
    return [index] { return std::move(*index); };
  }

 private:
  std::unique_ptr<FieldBackend> backend_;
};

// The CPU backend through a worker thread: update() uploads the field (and the index of
// several sites) when one is ready.
class AsyncCpuFieldSource final : public FieldSource {
 public:
  explicit AsyncCpuFieldSource(std::function<void()> on_ready) : worker_(std::move(on_ready)) {}
  std::string_view backend_name() const override { return "cpu"; }
  bool busy() const override { return worker_.busy(); }
  std::optional<double> progress() const override { return worker_.progress(); }
  GLuint index_texture() const override {
    return field_ && !field_->index.empty() ? index_.id() : 0;
  }

  bool update(const FieldRequest& wanted, FieldTexture& texture) override {
    if (!asked_ || !(*asked_ == wanted)) {
      worker_.request(wanted);
      asked_ = wanted;
    }
    std::optional<CpuFieldResult> r = worker_.take();
    if (!r) return false;
    texture.ensure_size(r->nx(), r->ny());
    upload_cpu_field(*r, texture, index_);
    shown_ = r->request;
    shown_range_ = r->known_range;
    last_ms_ = r->compute_ms;
    field_ = std::make_shared<const CpuFieldResult>(std::move(*r));
    return true;
  }

  HostField read_field(const FieldTexture&, Precision as) override { return field_->as(as); }
  // The field is on the host already: its copy (up to a GiB in double) is the export thread's.
  std::function<HostField()> field_for_export(const FieldTexture&, Precision as) override {
    return [f = field_, as] { return f->as(as); };
  }
  std::function<std::vector<std::int32_t>()> index_for_export() override {
    if (!field_) return nullptr;
    return [f = field_] { return f->index_or_zeros(); };
  }

 private:
  std::optional<FieldRequest> asked_;
  // The field in the texture, kept for exports; shared with an export still reading it.
  std::shared_ptr<const CpuFieldResult> field_;
  IndexTexture index_;
  CpuFieldWorker worker_;  // last: its thread stops before the rest goes
};

}  // namespace

std::unique_ptr<FieldSource> make_field_source(std::unique_ptr<FieldBackend> backend,
                                               std::function<void()> on_ready) {
  if (backend->name() == "cpu") return std::make_unique<AsyncCpuFieldSource>(std::move(on_ready));
  return std::make_unique<DirectFieldSource>(std::move(backend));
}

}  // namespace geofield
