// The window's frame loop asks its field source for the field every frame; a frame whose
// parameters did not change must launch nothing (issue 5: "a frame with no parameter change:
// no launch"). The source under test is the one the CUDA backend gets (it computes on the GL
// thread); a counting backend stands in for CUDA, so this runs on any machine with Mesa.
#include <gtest/gtest.h>

#include <memory>

#include "window/field_source.h"
#include "headless_gl_context.h"

namespace geofield {
namespace {

class CountingBackend final : public FieldBackend {
 public:
  std::string_view name() const override { return "counting"; }
  void compute(const FieldParams& p, FieldTexture& target) override {
    ++computes;
    EXPECT_EQ(target.nx(), p.nx);
    EXPECT_EQ(target.ny(), p.ny);
  }
  HostField read_field(const FieldTexture&, Precision) override { return {}; }
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

}  // namespace
}  // namespace geofield
