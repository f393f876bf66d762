// The window's field sources (app/window/field_source.*) with the real backends, on the GPU
// machine: what the desktop app does when the user switches between CUDA and the CPU, moves a
// slider, changes the size, or asks for a field the backend refuses. The window itself needs
// an X server this machine lacks; the sources, the backends and the texture are the same
// objects here, in the headless GL context, driven the way App::frame and
// App::switch_backend drive them. Every texel is poisoned with NaN before a field is asked
// for, so a source that leaves the texture stale fails.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>

#include "backends/field_backend.h"
#include "gpu_test_support.h"
#include "window/field_source.h"

namespace geofield {
namespace {

using namespace std::chrono_literals;

// A new source for `choice`, made the way App::switch_backend makes it.
std::unique_ptr<FieldSource> source_for(BackendChoice choice) {
  std::string reason;
  std::unique_ptr<FieldSource> s = make_field_source(make_backend(choice, &reason), [] {});
  EXPECT_FALSE(reason.empty());
  return s;
}

// Frames until the source has put the field of p in the texture (at once for CUDA; when the
// worker is done for the CPU). Returns false after 60 s.
bool frames_until_shown(FieldSource& source, const FieldParams& p, FieldTexture& texture) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (source.update(p, texture)) return source.shown() && *source.shown() == p;
    std::this_thread::sleep_for(1ms);
  }
  return false;
}

TEST(WindowFieldSource, CudaAndCpuTakeTurnsOnOneTexture) {
  GF_REQUIRE_GL_ON_CUDA();
  FieldTexture texture;  // the renderer's: it outlives every source, as in App

  // CUDA first (the app's default on this machine), then frames without a change.
  std::unique_ptr<FieldSource> source = source_for(BackendChoice::cuda);
  ASSERT_EQ(source->backend_name(), "cuda");
  FieldParams a = gpu_test::antimeridian_view(300, 200, 10, Precision::f32);
  texture.ensure_size(a.nx, a.ny);
  gpu_test::poison(texture);
  ASSERT_TRUE(frames_until_shown(*source, a, texture));
  gpu_test::expect_texture_holds(texture, a, "cuda, first field");
  for (int frame = 0; frame < 5; ++frame) EXPECT_FALSE(source->update(a, texture));

  // Switch to the CPU (made before the CUDA source goes, as in App::switch_backend) with a new
  // size and reference: the texture is reallocated while the CUDA registration is released.
  std::unique_ptr<FieldSource> next = source_for(BackendChoice::cpu);
  source = std::move(next);
  ASSERT_EQ(source->backend_name(), "cpu");
  FieldParams b = gpu_test::antimeridian_view(257, 311, -35, Precision::f64);
  ASSERT_TRUE(frames_until_shown(*source, b, texture));
  gpu_test::expect_texture_holds(texture, b, "cpu after cuda");
  const HostField b64 = source->read_field(texture, Precision::f64);
  gpu_test::expect_close_to_reference(b64.f64, gpu_test::cpu_reference(b), b.nx,
                                      "cpu after cuda, f64 export", gpu_test::kDoublePath);

  // Back to CUDA, same size as the CPU's field: CUDA registers the texture the CPU uploaded to.
  source = source_for(BackendChoice::cuda);
  b.ref_lat_deg = 45;
  gpu_test::poison(texture);
  ASSERT_TRUE(frames_until_shown(*source, b, texture));
  gpu_test::expect_texture_holds(texture, b, "cuda after cpu, same texture");
  const HostField b64_cuda = source->read_field(texture, Precision::f64);
  gpu_test::expect_close_to_reference(b64_cuda.f64, gpu_test::cpu_reference(b), b.nx,
                                      "cuda after cpu, f64 export", gpu_test::kDoublePath);

  // Slider moves, each a new field once; sizes up and down reallocate and re-register.
  for (auto [nx, ny, lat] : {std::tuple{257, 311, 46.0}, std::tuple{1024, 768, 46.5},
                             std::tuple{64, 2, -89.0}, std::tuple{1024, 768, 0.0}}) {
    FieldParams c = gpu_test::antimeridian_view(nx, ny, lat, Precision::f32);
    gpu_test::poison(texture);
    ASSERT_TRUE(source->update(c, texture));
    gpu_test::expect_texture_holds(texture, c,
                                   "cuda slider " + std::to_string(nx) + "x" + std::to_string(ny));
    EXPECT_FALSE(source->update(c, texture));
  }
}

// A backend that refuses one size, like a device out of memory would, after the window's
// source has already reallocated the texture for it; the rest goes to the real CUDA backend.
class RefusesOneSize final : public FieldBackend {
 public:
  RefusesOneSize(std::unique_ptr<FieldBackend> cuda, int refused_nx)
      : cuda_(std::move(cuda)), refused_nx_(refused_nx) {}
  std::string_view name() const override { return cuda_->name(); }
  void compute(const FieldRequest& r, FieldTexture& target) override {
    if (r.params.nx == refused_nx_) throw std::runtime_error("refused for the test");
    cuda_->compute(r, target);
  }
  using FieldBackend::compute;
  HostField read_field(const FieldTexture& t, Precision as) override {
    return cuda_->read_field(t, as);
  }
  std::vector<std::int32_t> read_index() override { return cuda_->read_index(); }

 private:
  std::unique_ptr<FieldBackend> cuda_;
  int refused_nx_;
};

TEST(WindowFieldSource, RefusedFieldLeavesTheShownOneOnScreen) {
  GF_REQUIRE_GL_ON_CUDA();
  std::string reason;
  std::unique_ptr<FieldSource> source = make_field_source(
      std::make_unique<RefusesOneSize>(make_backend(BackendChoice::cuda, &reason), 999), [] {});
  ASSERT_EQ(source->backend_name(), "cuda") << "the GL-thread source, as for CUDA";
  FieldTexture texture;
  const FieldParams shown = gpu_test::antimeridian_view(640, 480, 20, Precision::f64);
  ASSERT_TRUE(frames_until_shown(*source, shown, texture));

  FieldParams refused = shown;
  refused.nx = 999;
  gpu_test::poison(texture);
  EXPECT_THROW(source->update(refused, texture), std::runtime_error);
  ASSERT_TRUE(source->shown().has_value());
  EXPECT_TRUE(*source->shown() == shown);
  // The texture went to 999 columns and back; the CUDA registration followed both times.
  gpu_test::expect_texture_holds(texture, shown, "after a refused field");
  const HostField f64 = source->read_field(texture, Precision::f64);
  gpu_test::expect_close_to_reference(f64.f64, gpu_test::cpu_reference(shown), shown.nx,
                                      "after a refused field, f64 export", gpu_test::kDoublePath);
}

}  // namespace
}  // namespace geofield
