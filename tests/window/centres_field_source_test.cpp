// The window's one field source with its sites (issues 16, 27) in a headless GL context: a
// backend computing on the GL thread (a counting stand-in) is handed one compute for a change of
// the sites alone, the same list again for a change of the view, and nothing for a frame
// without change; the CPU source computes on its worker and uploads the field and the index,
// which read back equal to the brute-force oracle's, for one site and several; each gives an
// export (the Export panel's NetCDF) the shown field's index, none before the first field.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "compute/nearest_centre.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "window/field_source.h"

namespace geofield {
namespace {

// A backend as the source sees it (one interface for every site set), counting what it is
// handed: each compute, and the computes whose sites differ from the last compute's (what a GPU
// backend uploads).
class CountingBackend final : public FieldBackend {
 public:
  std::string_view name() const override { return "counting"; }
  void compute(const FieldRequest& r, FieldTexture& target) override {
    ++computes;
    EXPECT_EQ(target.nx(), r.params.nx);
    if (!last || !(last->sites == r.sites)) ++site_changes;
    last = r;
  }
  using FieldBackend::compute;
  HostField read_field(const FieldTexture&, Precision) override { return {}; }
  std::vector<std::int32_t> read_index() override {
    ++reads;
    return {std::int32_t(computes), 0, 1};  // the compute it belongs to, then a few indices
  }
  // An index texture for several sites, none for one (as the backends keep them).
  GLuint index_texture() const override { return last && last->sites.size() > 1 ? 7 : 0; }
  std::optional<FieldRequest> last;
  int computes = 0, site_changes = 0, reads = 0;
};

CentreList list_of(std::vector<Centre> c) {
  return std::make_shared<const std::vector<Centre>>(std::move(c));
}

TEST(CentresFieldSource, AGpuBackendIsHandedEachChangeOfTheSitesOnce) {
  HeadlessGlContext gl;
  auto owned = std::make_unique<CountingBackend>();
  CountingBackend* b = owned.get();
  std::unique_ptr<FieldSource> source = make_field_source(std::move(owned), [] {});
  FieldTexture texture;
  FieldParams p;
  p.nx = 32, p.ny = 16;
  EXPECT_EQ(source->index_texture(), 0u);  // no field yet
  EXPECT_EQ(source->index_for_export(), nullptr);
  // One centre: the backend's index texture, none.
  const CentreList one = list_of({{30, 101, ""}});
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(one)}, texture));
  EXPECT_EQ(b->computes, 1);
  ASSERT_TRUE(b->last.has_value());
  EXPECT_EQ(b->last->sites.points(), one);
  EXPECT_EQ(source->index_texture(), 0u);
  // Two: one compute with them; frames without change compute nothing.
  const CentreList two = list_of({{30, 101, ""}, {29, 100, ""}});
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(two)}, texture));
  EXPECT_EQ(b->computes, 2);
  EXPECT_EQ(b->site_changes, 2);
  EXPECT_EQ(source->index_texture(), 7u);
  for (int frame = 0; frame < 20; ++frame) {
    EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(two)}, texture));
  }
  // The same centres in another list (an undo, a loaded view): nothing to do.
  EXPECT_FALSE(source->update(
      FieldRequest{p, SiteSet::points(list_of({{30, 101, ""}, {29, 100, ""}}))}, texture));
  EXPECT_EQ(b->computes, 2);
  // A Shift+click: one compute, with the new list.
  const CentreList three = list_of({{30, 101, ""}, {29, 100, ""}, {31, 99, ""}});
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(three)}, texture));
  EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(three)}, texture));
  EXPECT_EQ(b->computes, 3);
  EXPECT_EQ(b->site_changes, 3);
  EXPECT_EQ(b->last->sites.points(), three);
  EXPECT_EQ(source->shown_centres(), three);
  // A pan: the view changes, the sites are handed on as the same list (nothing to upload).
  p.lat_min_deg += 0.5, p.lat_max_deg += 0.5;
  EXPECT_TRUE(source->update(FieldRequest{p, SiteSet::points(three)}, texture));
  EXPECT_EQ(b->computes, 4);
  EXPECT_EQ(b->site_changes, 3);
  EXPECT_EQ(b->last->sites.points(), three);
  // The export's index: read back now (the GL thread), the shown compute's.
  const std::function<std::vector<std::int32_t>()> index = source->index_for_export();
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(b->reads, 1);
  EXPECT_EQ(index(), (std::vector<std::int32_t>{4, 0, 1}));
}

// The CPU source over one site and several: what it uploads and exports is the brute-force
// oracle's field and index (one site: the one-point field, index 0 everywhere, drawn through
// the renderer's one-site index as no index texture is kept).
class CpuFieldSource : public testing::TestWithParam<std::size_t> {};

TEST_P(CpuFieldSource, UploadsAndExportsTheOraclesFieldAndIndex) {
  HeadlessGlContext gl;
  const std::vector<Centre> three = {{29.2, 99.4, ""}, {30.7, 100.6, ""}, {29.9, 100.1, ""}};
  const CentreList centres = list_of({three.begin(), three.begin() + GetParam()});
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
  std::vector<std::int32_t> drawn(n, 0);  // no index texture: site 0 everywhere
  EXPECT_EQ(source->index_texture() != 0, centres->size() > 1);
  if (source->index_texture() != 0) {
    GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
    GF_GL(glGetTextureImage(source->index_texture(), 0, GL_RED_INTEGER, GL_INT,
                            GLsizei(n * sizeof(std::int32_t)), drawn.data()));
  }
  EXPECT_EQ(drawn, index);
  for (std::size_t c = 0; c < centres->size(); ++c) {
    EXPECT_GT(std::count(index.begin(), index.end(), std::int32_t(c)), 0) << c;
  }
  EXPECT_FALSE(source->update(FieldRequest{p, SiteSet::points(centres)}, texture));  // nothing new
  EXPECT_EQ(source->read_field(texture, Precision::f32).f32, values);
  const std::function<std::vector<std::int32_t>()> exported = source->index_for_export();
  ASSERT_NE(exported, nullptr);
  EXPECT_EQ(exported(), index);  // the Export panel's NetCDF file holds the oracle's index
}

INSTANTIATE_TEST_SUITE_P(OneSiteAndMany, CpuFieldSource, testing::Values(1u, 3u),
                         [](const testing::TestParamInfo<std::size_t>& i) {
                           return std::to_string(i.param) + "_sites";
                         });

}  // namespace
}  // namespace geofield
