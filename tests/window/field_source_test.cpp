// The window's frame loop asks its field source for the field every frame; a frame whose
// parameters did not change must launch nothing (issue 5: "a frame with no parameter change:
// no launch"). The source under test is the one the CUDA backend gets (it computes on the GL
// thread); a counting backend stands in for CUDA, so this runs on any machine with Mesa.
#include "window/field_source.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>

#include "gl/headless_gl_context.h"
#include "ui/ui_model.h"

namespace geofield {
namespace {

class CountingBackend final : public FieldBackend {
 public:
  std::string_view name() const override { return "counting"; }
  void compute(const FieldRequest& r, FieldTexture& target) override {
    ++computes;
    EXPECT_EQ(target.nx(), r.params.nx);
    EXPECT_EQ(target.ny(), r.params.ny);
  }
  using FieldBackend::compute;
  HostField read_field(const FieldTexture&, Precision) override { return {}; }
  std::vector<std::int32_t> read_index() override { return {}; }
  int computes = 0;
};

TEST(FieldSource, FrameWithoutParameterChangeLaunchesNothing) {
  HeadlessGlContext gl;
  auto owned = std::make_unique<CountingBackend>();
  CountingBackend* backend = owned.get();
  std::unique_ptr<FieldSource> source = make_field_source(std::move(owned), [] {});
  FieldTexture texture;
  FieldParams p;
  p.nx = 64;
  p.ny = 32;

  EXPECT_TRUE(source->update(p, texture));
  EXPECT_EQ(backend->computes, 1);
  for (int frame = 0; frame < 100; ++frame) EXPECT_FALSE(source->update(p, texture));
  EXPECT_EQ(backend->computes, 1);

  // A slider move is a new field, once; then quiet again.
  p.ref_lat_deg += 1e-6;
  EXPECT_TRUE(source->update(p, texture));
  for (int frame = 0; frame < 10; ++frame) EXPECT_FALSE(source->update(p, texture));
  EXPECT_EQ(backend->computes, 2);

  // A new size reallocates the texture and computes into it.
  p.nx = 80;
  EXPECT_TRUE(source->update(p, texture));
  EXPECT_EQ(texture.nx(), 80);
  EXPECT_EQ(backend->computes, 3);
  ASSERT_TRUE(source->shown().has_value());
  EXPECT_TRUE(*source->shown() == p);
}

// A GPU backend's compute() returns before the device has worked: the source shows the device
// time the backend reports once it has it, never the time compute() took to enqueue.
class DeviceTimedBackend final : public FieldBackend {
 public:
  std::string_view name() const override { return "timed"; }
  void compute(const FieldRequest&, FieldTexture&) override { ready = false; }
  using FieldBackend::compute;
  HostField read_field(const FieldTexture&, Precision) override { return {}; }
  std::vector<std::int32_t> read_index() override { return {}; }
  bool measures_device_time() const override { return true; }
  std::optional<double> last_compute_device_ms() override {
    return ready ? std::optional<double>(device_ms) : std::nullopt;
  }
  bool ready = false;
  double device_ms = 0;
};

TEST(FieldSource, ShowsTheDeviceTimeOnceTheBackendHasIt) {
  HeadlessGlContext gl;
  auto owned = std::make_unique<DeviceTimedBackend>();
  DeviceTimedBackend* backend = owned.get();
  std::unique_ptr<FieldSource> source = make_field_source(std::move(owned), [] {});
  FieldTexture texture;
  FieldParams p;
  p.nx = p.ny = 16;
  EXPECT_FALSE(source->last_compute_ms()) << "nothing measured before the first compute";
  EXPECT_TRUE(source->update(p, texture));
  // Nothing known yet: neither compute()'s own time nor a 0 the status bar would show.
  EXPECT_FALSE(source->last_compute_ms());
  EXPECT_FALSE(source->update(p, texture));
  EXPECT_FALSE(source->last_compute_ms());
  backend->device_ms = 1.25;  // the device finished
  backend->ready = true;
  EXPECT_FALSE(source->update(p, texture));
  EXPECT_EQ(source->last_compute_ms(), 1.25);
  p.ref_lat_deg += 1;  // the next field: the last known time stays until the new one is in
  EXPECT_TRUE(source->update(p, texture));
  EXPECT_EQ(source->last_compute_ms(), 1.25);
  backend->device_ms = 0.5;
  backend->ready = true;
  EXPECT_FALSE(source->update(p, texture));
  EXPECT_EQ(source->last_compute_ms(), 0.5);
}

// The GL backend's first frames showed "recompute 0 ms (0 eval/s)" (a default --screenshot too):
// until a time is measured the status bar says so (issue 30: the timings shortened, the rate in
// the tooltip).
TEST(FieldSource, StatusBarShowsNoTimeUntilOneIsMeasured) {
  FrameInfo info;
  info.backend = "gl";
  FieldParams p;
  p.nx = 1000;
  p.ny = 500;
  info.shown = p;
  info.draw_ms = 8.14;
  EXPECT_EQ(status_performance_text(info), "gl ... | draw 8.1 ms");
  info.compute_ms = 2.5;
  EXPECT_EQ(status_performance_text(info), "gl 2.5 ms | draw 8.1 ms");
  info.busy = true;
  info.frame_ms = 1000;  // nothing drawn for a second
  EXPECT_EQ(status_performance_text(info), "gl (computing) 2.5 ms | idle 8.1 ms");
}

// Issue 30: the status bar's view part: the grid, the reference and, over the map, the point
// and the field's value there, to the zoom's decimals (2 degrees over 600 pixels: 3).
TEST(FieldSource, StatusBarReadsTheView) {
  FrameInfo info;
  info.map = {400, 0, 600, 600};
  ViewState s;  // 29:31, 99:101, reference 30N 101E, 1000 x 1000
  EXPECT_EQ(status_view_text(info, s), "grid 1000 x 1000 | ref 30.000N 101.000E");
  info.cursor = GeoPoint{-12.5, -70.25};
  info.cursor_value = 1234.5;
  EXPECT_EQ(status_view_text(info, s),
            "grid 1000 x 1000 | ref 30.000N 101.000E | 12.500S 70.250W: 1234.5 km");
}

// Issue 30: a typed value's error leaves the status bar once its value is settled, and no older
// problem takes its place; a newer one shows as before.
TEST(FieldSource, SettledTypedErrorsLeaveTheStatusBar) {
  MessageLog log;
  log.add(false, "an older problem");
  log.add(false, "lat min must be from -90 to 90 degrees (got 95)");
  log.items.back().control = "lat min";
  ASSERT_NE(log.last(false), nullptr);
  log.clear_settled([](const std::string&) { return false; });  // still pending
  EXPECT_EQ(log.last(false)->text, "lat min must be from -90 to 90 degrees (got 95)");
  log.clear_settled([](const std::string& c) { return c == "lat min"; });
  EXPECT_EQ(log.last(false), nullptr);
  log.add(false, "a newer problem");
  ASSERT_NE(log.last(false), nullptr);
  EXPECT_EQ(log.last(false)->text, "a newer problem");
}

}  // namespace
}  // namespace geofield
