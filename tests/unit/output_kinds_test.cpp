// The output registry (export/output_kinds.h): every entry complete and consistent, tile file
// names and the subgrid's file extensions distinct, the option table offering exactly its
// outputs with its lines as their help, the "wrote" summaries as render and the tiles say them,
// and the .npy writer's pieces.
#include "export/output_kinds.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cli/command_line.h"
#include "export/atomic_file.h"
#include "export/npy_export.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

class OutputKindEntry : public ::testing::TestWithParam<std::size_t> {
 protected:
  const OutputKind& kind() const { return output_kinds()[GetParam()]; }
};

TEST_P(OutputKindEntry, IsCompleteAndConsistent) {
  const OutputKind& k = kind();
  EXPECT_EQ(static_cast<std::size_t>(k.id), GetParam()) << "listed in OutputId's order";
  EXPECT_EQ(&output_kind(k.id), &k);
  EXPECT_TRUE(std::regex_match(k.option, std::regex("--[a-z][a-z0-9-]*"))) << k.option;
  ASSERT_FALSE(k.extensions.empty());
  for (const std::string& e : k.extensions) {
    EXPECT_TRUE(std::regex_match(e, std::regex("\\.[a-z0-9]+"))) << e;
  }
  const std::string writes = k.writes;
  EXPECT_GT(writes.size(), 10u);
  EXPECT_EQ(writes.find('\n'), std::string::npos);
  EXPECT_NE(writes.rfind("write", 0), 0u) << "the help says \"write \" before it";
  EXPECT_NE(k.write, nullptr);
  EXPECT_NE(k.summary, nullptr);
  // A tile holds it (its file name given), or a reason says why not: never both, never neither.
  EXPECT_NE(k.tiled(), *k.untiled_why != '\0') << k.option;
  if (k.tiled()) {
    EXPECT_TRUE(ends_with(k.tile_suffix, k.extensions.front())) << k.tile_suffix;
  }
  if (k.source == OutputSource::picture) {
    EXPECT_FALSE(k.tiled()) << "a picture is of the whole grid";
    EXPECT_FALSE(k.carries_index);
  }
  if (k.source == OutputSource::index) {
    EXPECT_TRUE(k.carries_index);
  }
  if (k.mosaic) {
    EXPECT_TRUE(k.tiled());
    EXPECT_EQ(k.extensions.front(), ".tif") << "mosaic reads GeoTIFF tiles";
  }
  if (k.in_panel()) {
    EXPECT_EQ(k.source, OutputSource::field) << "the panel writes the shown field";
  }
}

INSTANTIATE_TEST_SUITE_P(EveryOutput, OutputKindEntry,
                         ::testing::Range<std::size_t>(0, kOutputCount),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           std::string name = output_kinds()[info.param].option + 2;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(OutputKinds, OneEntryAnOutput) {
  ASSERT_EQ(output_kinds().size(), kOutputCount);
  std::set<std::string> options;
  for (const OutputKind& k : output_kinds()) options.insert(k.option);
  EXPECT_EQ(options.size(), kOutputCount);
}

// Tiles of several outputs share a folder only by name; the subgrid names every export
// "geofield-TIME-field" + the extension, so its outputs' extensions must differ.
TEST(OutputKinds, TileNamesAndPanelExtensionsAreDistinct) {
  std::set<std::string> suffixes, panel;
  int tiled = 0, in_panel = 0;
  for (const OutputKind& k : output_kinds()) {
    if (k.tiled()) ++tiled, suffixes.insert(k.tile_suffix);
    if (k.in_panel()) ++in_panel, panel.insert(k.extensions.front());
  }
  EXPECT_EQ(int(suffixes.size()), tiled);
  EXPECT_EQ(int(panel.size()), in_panel);
  EXPECT_GE(tiled, 5);
  EXPECT_EQ(in_panel, 3);
}

std::string render_help() {
  const CommandLine c = parse_command_line({"geofield", "render", "--help"});
  return std::get<PrintText>(c).text;
}

// The options in render's help that take a FILE and write one: exactly the registry's, each
// with its line.
TEST(OutputKinds, TheOptionTableOffersExactlyTheRegistrysOutputs) {
  const std::string help = render_help();
  std::set<std::string> writing;
  std::istringstream lines(help);
  const std::regex output_line("\\s+(--[a-z-]+) FILE\\s+(with --sites: )?write (.*)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, output_line)) writing.insert(m[1]);
  }
  std::set<std::string> registry;
  for (const OutputKind& k : output_kinds()) {
    registry.insert(k.option);
    EXPECT_NE(help.find(std::string(k.option) + " FILE"), std::string::npos) << k.option;
    EXPECT_NE(help.find(std::string("write ") + k.writes), std::string::npos) << k.option;
    if (k.tiled()) {
      EXPECT_NE(help.find(std::string("tile-K-of-N") + k.tile_suffix), std::string::npos);
    }
  }
  EXPECT_EQ(writing, registry);
}

// Each option fills its own output, and no other.
TEST(OutputKinds, EachOptionAsksForItsOwnOutput) {
  for (const OutputKind& k : output_kinds()) {
    const std::string file = "out" + k.extensions.front();
    std::vector<std::string> args = {"geofield", "render", k.option, file};
    if (k.source == OutputSource::index) args.insert(args.end(), {"--centres", "c.csv"});
    const CommandLine c = parse_command_line(args);
    const RenderRequest& r = std::get<RenderRequest>(c);
    for (const OutputKind& other : output_kinds()) {
      if (other.id == k.id) {
        EXPECT_EQ(r.outputs[other.id], fs::path(file)) << k.option;
      } else {
        EXPECT_FALSE(r.outputs[other.id]) << k.option << " set " << other.option;
      }
    }
  }
}

HostField shaped(int nx, int ny, Precision p) {
  HostField f;
  f.nx = nx, f.ny = ny, f.precision = p;
  (p == Precision::f64 ? f.f64.resize(std::size_t(nx) * ny) : f.f32.resize(std::size_t(nx) * ny));
  return f;
}

// The parenthesis of each "geofield: wrote FILE (...)" line, as render (whole grid) and the
// tiles (a 5 x 3 subgrid) say it; the e2e tests read these.
TEST(OutputKinds, SummariesSayWhatRenderAndTheTilesSay) {
  FieldParams p;
  p.nx = 16, p.ny = 8;
  const HostField f32 = shaped(16, 8, Precision::f32), f64 = shaped(5, 3, Precision::f64);
  Image picture;
  picture.width = 400, picture.height = 230;
  OutputData whole;
  whole.params = &p, whole.field = &f32, whole.picture = &picture;
  OutputData cog = whole;
  cog.cog = true;
  const OutputTile place{TileChoice{1, TileLayout{2, 2}}, Subgrid{0, 8, 5, 3}, ""};
  OutputData tile = whole;
  tile.field = &f64, tile.tile = &place;
  auto said = [](OutputId id, const OutputData& d) { return output_kind(id).summary(d); };
  EXPECT_EQ(said(OutputId::png, whole), "400x230");
  EXPECT_EQ(said(OutputId::figure, whole), "figure, 400 pixels wide");
  EXPECT_EQ(said(OutputId::npy, whole), "float32, shape 8 x 16");
  EXPECT_EQ(said(OutputId::geotiff, whole), "GeoTIFF, float32, 16 x 8 nodes");
  EXPECT_EQ(said(OutputId::geotiff, cog), "Cloud-Optimised GeoTIFF, float32, 16 x 8 nodes");
  EXPECT_EQ(said(OutputId::netcdf, whole), "NetCDF-4, CF-1.8, float32, 16 x 8 nodes");
  EXPECT_EQ(said(OutputId::index, whole), "int32 index of the nearest centre, shape 8 x 16");
  EXPECT_EQ(said(OutputId::index_geotiff, whole),
            "GeoTIFF, int32 index of the nearest centre, 16 x 8 nodes");
  EXPECT_EQ(said(OutputId::npy, tile), "float64, shape 3 x 5");
  EXPECT_EQ(said(OutputId::geotiff, tile), "Cloud-Optimised GeoTIFF, float64, 5 x 3 nodes");
  EXPECT_EQ(said(OutputId::netcdf, tile), "NetCDF-4, CF-1.8, float64, 5 x 3 nodes");
  EXPECT_EQ(said(OutputId::index, tile), "int32 index of the nearest centre, shape 3 x 5");
  EXPECT_EQ(said(OutputId::index_geotiff, tile),
            "GeoTIFF tile, int32 index of the nearest centre, 5 x 3 nodes");
}

class OutputWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "geofield-output-kinds-XXXXXX").string();
    ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }
  static std::string bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  fs::path dir_;
};

// The registry's .npy writer writes what write_npy_into does, whole or in pieces of
// kNpyPieceBytes reported one by one (the subgrid's progress and cancel).
TEST_F(OutputWriterTest, NpyWrittenWholeOrInPiecesIsTheSameFile) {
  HostField f = shaped(1500, 1500, Precision::f32);  // 9 MB: two pieces
  for (std::size_t i = 0; i < f.f32.size(); ++i) f.f32[i] = float(i % 977) * 0.5f;
  FieldParams p;
  p.nx = f.nx, p.ny = f.ny;
  write_npy(dir_ / "reference.npy", f);

  OutputData d;
  d.params = &p, d.field = &f;
  {
    AtomicFile whole(dir_ / "whole.npy");
    output_kind(OutputId::npy).write(whole, d);
    whole.commit();
  }
  std::vector<std::uint64_t> pieces;
  d.on_piece = [&](std::uint64_t n) { pieces.push_back(n); };
  {
    AtomicFile in_pieces(dir_ / "pieces.npy");
    output_kind(OutputId::npy).write(in_pieces, d);
    in_pieces.commit();
  }
  const std::uint64_t values = f.f32.size() * sizeof(float);
  EXPECT_EQ(pieces, (std::vector<std::uint64_t>{kNpyPieceBytes, values - kNpyPieceBytes}));
  const std::string reference = bytes(dir_ / "reference.npy");
  EXPECT_EQ(bytes(dir_ / "whole.npy"), reference);
  EXPECT_EQ(bytes(dir_ / "pieces.npy"), reference);
}

}  // namespace
}  // namespace geofield
