// The window's one field source with many centres (issues 16, 27) in a headless GL context: a
// GPU backend (counting stand-ins for its one-point and nearest-site parts) computes one centre
// by its fast path, gets one upload and one compute for a change of the centres alone and
// nothing for a frame without change; the CPU source computes on its worker and uploads
// the field and the index, which read back equal to the brute-force oracle's; each gives an
// export (the Export panel's NetCDF) the shown field's index, none before the first field.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "backends/fast_path_backend.h"
#include "compute/nearest_centre.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "window/field_source.h"

namespace geofield {
namespace {

class CountingCentresBackend final : public CentresFieldBackend {
 public:
  explicit CountingCentresBackend(CentreList c) : centres_(std::move(c)) {}
  std::string_view name() const override { return "counting"; }
  void set_centres(CentreList c) override {
    ++sets;
    centres_ = std::move(c);
  }
  const CentreList& centres() const override { return centres_; }
  void compute(const FieldParams& p, FieldTexture& target) override {
    ++computes;
    EXPECT_EQ(target.nx(), p.nx);
    computed_with = centres_;
  }
  HostField read_field(const FieldTexture&, Precision) override { return {}; }
  std::vector<std::int32_t> read_index() override {
    ++reads;
    return {std::int32_t(computes), 0, 1};  // the compute it belongs to, then a few indices
  }
  GLuint index_texture() const override { return 7; }
  CentreList centres_, computed_with;
  int sets = 0, computes = 0, reads = 0;
};

// A GPU backend's shape (one interface, a one-point fast path, a nearest-site part made at the
// first request of several sites) with counting stand-ins for both parts.
class CountingBackend final : public FastPathBackend {
 public:
  std::string_view name() const override { return "counting"; }
  CountingCentresBackend* sites = nullptr;  // the part made, once
  int one_point_computes = 0, parts_made = 0;

 private:
  void compute_one_point(const FieldParams&, FieldTexture&) override { ++one_point_computes; }
  HostField read_one_point_field(const FieldTexture&, Precision) override { return {}; }
  std::unique_ptr<CentresFieldBackend> make_sites_part(CentreList c) override {
    ++parts_made;
    auto part = std::make_unique<CountingCentresBackend>(std::move(c));
    sites = part.get();
    return part;
  }
};

CentreList list_of(std::vector<Centre> c) {
  return std::make_shared<const std::vector<Centre>>(std::move(c));
}

TEST(CentresFieldSource, AGpuBackendGetsOneUploadAndOneComputeForNewCentres) {
  HeadlessGlContext gl;
  auto owned = std::make_unique<CountingBackend>();
  CountingBackend* b = owned.get();
  std::unique_ptr<FieldSource> source = make_field_source(std::move(owned), [] {});
  FieldTexture texture;
  FieldParams p;
  p.nx = 32, p.ny = 16;
  EXPECT_EQ(source->index_texture(), 0u);  // no field yet
  EXPECT_EQ(source->index_for_export(), nullptr);
  // One centre: the one-point fast path, no nearest-site part, index 0 everywhere.
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(list_of({{30, 101, ""}}))}, texture));
  EXPECT_EQ(b->one_point_computes, 1);
  EXPECT_EQ(b->parts_made, 0);
  EXPECT_EQ(source->index_texture(), 0u);
  EXPECT_EQ(source->index_for_export()(), std::vector<std::int32_t>(32 * 16, 0));
  // Two: the part is made with them and computes once; frames without change compute nothing.
  const CentreList two = list_of({{30, 101, ""}, {29, 100, ""}});
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(two)}, texture));
  ASSERT_EQ(b->parts_made, 1);
  EXPECT_EQ(b->sites->computes, 1);
  EXPECT_EQ(b->sites->sets, 0);
  EXPECT_EQ(source->index_texture(), 7u);
  for (int frame = 0; frame < 20; ++frame) {
    EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(two)}, texture));
  }
  // The same centres in another list (an undo, a loaded view): nothing to do.
  EXPECT_FALSE(source->update(
      FieldRequest{p, SiteSet::points(list_of({{30, 101, ""}, {29, 100, ""}}))}, texture));
  EXPECT_EQ(b->sites->computes, 1);
  // A Shift+click: one upload, one compute, with the new list.
  const CentreList three = list_of({{30, 101, ""}, {29, 100, ""}, {31, 99, ""}});
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(three)}, texture));
  EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(three)}, texture));
  EXPECT_EQ(b->sites->sets, 1);
  EXPECT_EQ(b->sites->computes, 2);
  EXPECT_EQ(b->sites->computed_with, three);
  EXPECT_EQ(source->shown_centres(), three);
  // The export's index: read back now (the GL thread), the shown compute's.
  const std::function<std::vector<std::int32_t>()> index = source->index_for_export();
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(b->sites->reads, 1);
  EXPECT_EQ(index(), (std::vector<std::int32_t>{2, 0, 1}));
  EXPECT_EQ(b->parts_made, 1);
}

TEST(CentresFieldSource, TheCpuSourceUploadsTheOraclesFieldAndIndex) {
  HeadlessGlContext gl;
  const CentreList centres = list_of({{29.2, 99.4, ""}, {30.7, 100.6, ""}, {29.9, 100.1, ""}});
  std::unique_ptr<FieldSource> source = make_field_source(std::make_unique<CpuBackend>(), [] {});
  EXPECT_EQ(source->backend_name(), "cpu");
  FieldTexture texture;
  FieldParams p;
  p.nx = 41, p.ny = 27;
  bool shown = false;
  for (int k = 0; k < 2000 && !shown; ++k) {
    shown = source->update(FieldRequest{p, SiteSet::points(centres)}, texture);
    if (!shown) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(shown);
  EXPECT_EQ(source->shown_centres(), centres);
  const std::size_t n = std::size_t(p.nx * p.ny);
  std::vector<float> values(n);
  std::vector<std::int32_t> index(n);
  nearest_centre_brute_force<float>(p, *centres, values.data(), index.data());
  std::vector<float> field(n);
  read_texture_rows(texture.id(), p.nx, p.ny, field.data());
  EXPECT_EQ(field, values);
  ASSERT_NE(source->index_texture(), 0u);
  std::vector<std::int32_t> drawn(n);
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(source->index_texture(), 0, GL_RED_INTEGER, GL_INT,
                          GLsizei(n * sizeof(std::int32_t)), drawn.data()));
  EXPECT_EQ(drawn, index);
  for (int c = 0; c < 3; ++c) EXPECT_GT(std::count(index.begin(), index.end(), c), 0) << c;
  EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(centres)}, texture));  // nothing new
  EXPECT_EQ(source->read_field(texture, Precision::f32).f32, values);
  const std::function<std::vector<std::int32_t>()> exported = source->index_for_export();
  ASSERT_NE(exported, nullptr);
  EXPECT_EQ(exported(), index);  // the Export panel's NetCDF file holds the oracle's index
}

}  // namespace
}  // namespace geofield
