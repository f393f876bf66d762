// Tiles (render --tile): the split covers every node once with near-square tiles; the CPU's
// subgrid of a grid holds the whole field's values bit for bit (every formula, both precisions,
// latlon and projected); the tile metadata reads back as written; --tile's parser.
#include "tiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "backends/cpu_backend.h"
#include "errors.h"
#include "export/tile_metadata.h"
#include "field_math.h"
#include "test_grids.h"

namespace geofield {
namespace {

TEST(TileSplit, NearSquareLayouts) {
  EXPECT_EQ(near_square_layout(6, 1001, 777), (TileLayout{3, 2}));
  EXPECT_EQ(near_square_layout(6, 777, 1001), (TileLayout{2, 3}));
  EXPECT_EQ(near_square_layout(4, 1000, 1000), (TileLayout{2, 2}));
  EXPECT_EQ(near_square_layout(7, 1001, 777), (TileLayout{7, 1}));  // prime: 143 x 777 wins
  EXPECT_EQ(near_square_layout(1, 5, 5), (TileLayout{1, 1}));
  EXPECT_EQ(near_square_layout(8, 4000, 1000), (TileLayout{4, 2}));  // ties 8 x 1: fewer columns
  EXPECT_FALSE(near_square_layout(7, 6, 6).has_value());             // 7 x 1 and 1 x 7 do not fit
  EXPECT_FALSE(near_square_layout(50, 7, 7).has_value());            // more tiles than nodes
}

TEST(TileSplit, TilesCoverEveryNodeOnceAndDifferByANodeAtMost) {
  for (const auto& [nx, ny, layout] :
       {std::tuple{1001, 777, TileLayout{3, 2}}, std::tuple{2, 2, TileLayout{2, 2}},
        std::tuple{97, 13, TileLayout{7, 5}}, std::tuple{10, 3, TileLayout{1, 3}}}) {
    std::vector<int> hits(static_cast<size_t>(nx) * ny, 0);
    for (int k = 0; k < layout.count(); ++k) {
      const Subgrid w = tile_subgrid(layout, nx, ny, k);
      EXPECT_EQ(w.row0, tile_subgrid(layout, nx, ny, (k / layout.tiles_x) * layout.tiles_x).row0);
      EXPECT_GE(w.nx, nx / layout.tiles_x);
      EXPECT_LE(w.nx, nx / layout.tiles_x + 1);
      EXPECT_GE(w.ny, ny / layout.tiles_y);
      EXPECT_LE(w.ny, ny / layout.tiles_y + 1);
      for (int i = 0; i < w.ny; ++i) {
        for (int j = 0; j < w.nx; ++j) ++hits[static_cast<size_t>(w.row0 + i) * nx + w.col0 + j];
      }
    }
    EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));
  }
  // Row-major from the north-west: tile 1 is east of tile 0, tile TX south of it.
  EXPECT_EQ(tile_subgrid({3, 2}, 1001, 777, 1), (Subgrid{0, 333, 334, 388}));
  EXPECT_EQ(tile_subgrid({3, 2}, 1001, 777, 3), (Subgrid{388, 0, 333, 389}));
}

TEST(TileSplit, ParsesKOfNAndKOfTxTyAndRefusesWithTheRange) {
  const TileChoice a = parse_tile("5/6", "--tile", 1001, 777);
  EXPECT_EQ(a.index, 5);
  EXPECT_EQ(a.layout, (TileLayout{3, 2}));
  const TileChoice b = parse_tile("0/2x3", "--tile", 1001, 777);
  EXPECT_EQ(b.layout, (TileLayout{2, 3}));
  for (const char* bad :
       {"6/6", "1", "-1/6", "a/6", "1/0", "1/2x", "1/x2", "0/6/2", "0/1x0", "", "0/ 6"}) {
    EXPECT_THROW(parse_tile(bad, "--tile", 1001, 777), UsageError) << bad;
  }
  try {
    parse_tile("6/6", "--tile", 1001, 777);
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--tile: '6/6': K must be from 0 to 5");
  }
  EXPECT_THROW(parse_tile("0/7", "--tile", 6, 6), UsageError);
  EXPECT_THROW(parse_tile("0/1x7", "--tile", 6, 6), UsageError);
  // all/N: tile 0's layout; the messages quote what was typed and give N's range.
  EXPECT_EQ(parse_tile("all/6", "--tile", 1001, 777).layout, (TileLayout{3, 2}));
  EXPECT_EQ(parse_tile("all/2x3", "--tile", 1001, 777).layout, (TileLayout{2, 3}));
  const auto message = [](const char* typed, int nx, int ny) {
    try {
      parse_tile(typed, "--tile", nx, ny);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("all/0", 1001, 777),
            "--tile: 'all/0': N must be a whole number from 1 to 777777");
  EXPECT_EQ(message("0/0", 3, 2), "--tile: '0/0': N must be a whole number from 1 to 6");
  EXPECT_EQ(message("0/99999999999", 100000, 100000),
            "--tile: '0/99999999999': N must be a whole number from 1 to 999999999");
  EXPECT_EQ(message("al/6", 1001, 777),
            "--tile: 'al/6' is not K/N, K/TXxTY or all/N (tile K, 0-based, of N tiles or of TX "
            "columns x TY rows of tiles)");
}

// Bit-for-bit equality (NaN included) of a subgrid against the whole field's nodes.
template <typename T>
void expect_subgrid_is_the_whole_field(const FieldParams& p, const std::vector<T>& whole,
                                       const Subgrid& w) {
  std::vector<T> part(static_cast<size_t>(w.nx) * w.ny);
  compute_subgrid_on_cpu<T>(p, w, part.data());
  for (int i = 0; i < w.ny; ++i) {
    const T* expected = whole.data() + static_cast<size_t>(w.row0 + i) * p.nx + w.col0;
    ASSERT_EQ(std::memcmp(part.data() + static_cast<size_t>(i) * w.nx, expected, sizeof(T) * w.nx),
              0)
        << "row " << i << " of the subgrid at (" << w.row0 << ", " << w.col0 << ") " << w.nx
        << " x " << w.ny;
  }
}

template <typename T>
void expect_tiles_are_the_whole_field(FieldParams p) {
  // Kept small enough to run every grid: the bounds make the hard places, not the node count.
  p.nx = std::min(p.nx, 211);
  p.ny = std::min(p.ny, 157);
  p.precision = sizeof(T) == sizeof(double) ? Precision::f64 : Precision::f32;
  std::vector<T> whole(static_cast<size_t>(node_count(p)));
  compute_field_on_cpu<T>(p, whole.data());
  for (const TileLayout layout : {TileLayout{3, 2}, TileLayout{1, 5}, TileLayout{7, 3}}) {
    for (int k = 0; k < layout.count(); ++k) {
      expect_subgrid_is_the_whole_field(p, whole, tile_subgrid(layout, p.nx, p.ny, k));
    }
  }
  // Subgrids that start on odd nodes (the vector loop's peel differs from the whole row's).
  expect_subgrid_is_the_whole_field(p, whole, Subgrid{1, 37, p.nx - 38, p.ny - 2});
  expect_subgrid_is_the_whole_field(p, whole, Subgrid{p.ny - 1, p.nx - 1, 1, 1});
}

std::vector<test::NamedGrid> every_formula_and_projection() {
  std::vector<test::NamedGrid> grids = test::precision_test_grids();
  for (const test::NamedGrid& g : test::precision_test_grids(Formula::wgs84)) grids.push_back(g);
  for (const test::NamedGrid& g : test::projected_test_grids()) {
    for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
      test::NamedGrid h = g;
      h.params.formula = f;
      h.name += std::string("_") + std::string(to_string(f));
      grids.push_back(h);
    }
  }
  return grids;
}

TEST(CpuSubgrid, FloatTilesAreTheWholeFieldBitForBit) {
  for (const test::NamedGrid& t : every_formula_and_projection()) {
    SCOPED_TRACE(t.name);
    expect_tiles_are_the_whole_field<float>(t.params);
  }
}

TEST(CpuSubgrid, DoubleTilesAreTheWholeFieldBitForBit) {
  for (const test::NamedGrid& t : every_formula_and_projection()) {
    SCOPED_TRACE(t.name);
    expect_tiles_are_the_whole_field<double>(t.params);
  }
}

// The arc-second globe (1 296 001 x 648 001 nodes, above the untiled cap): a subgrid near its
// south-east corner is the shared math at the whole grid's nodes, bit for bit.
TEST(CpuSubgrid, AWindowOfTheArcSecondGlobeIsTheSharedMath) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 1296001, 648001, 30, 101);
  EXPECT_FALSE(check(p, std::nullopt, kMaxTiledGridSide).has_value());
  EXPECT_TRUE(check(p).has_value());  // untiled, it is refused
  const Subgrid w{647990, 1295001, 1000, 11};
  for (Formula f : {Formula::haversine, Formula::seed}) {
    p.formula = f;
    const GridGeometry g = grid_geometry(p);
    std::vector<float> f32(static_cast<size_t>(w.nx) * w.ny);
    std::vector<double> f64(f32.size());
    compute_subgrid_on_cpu<float>(p, w, f32.data());
    compute_subgrid_on_cpu<double>(p, w, f64.data());
    for (int i = 0; i < w.ny; ++i) {
      for (int j = 0; j < w.nx; ++j) {
        const size_t k = static_cast<size_t>(i) * w.nx + j;
        const float ef = field_value<float>(g, w.row0 + i, w.col0 + j);
        const double ed = field_value<double>(g, w.row0 + i, w.col0 + j);
        ASSERT_EQ(std::memcmp(&f32[k], &ef, sizeof ef), 0) << i << "," << j;
        ASSERT_EQ(std::memcmp(&f64[k], &ed, sizeof ed), 0) << i << "," << j;
      }
    }
  }
}

TEST(CpuSubgrid, ASubgridOutsideTheGridIsRefused) {
  const FieldParams p = test::make_params(0, 1, 0, 1, 10, 8, 0, 0);
  std::vector<float> out(100);
  EXPECT_THROW(compute_subgrid_on_cpu<float>(p, Subgrid{0, 5, 6, 1}, out.data()), RuntimeFailure);
  EXPECT_THROW(compute_subgrid_on_cpu<float>(p, Subgrid{-1, 0, 1, 1}, out.data()), RuntimeFailure);
  EXPECT_THROW(compute_subgrid_on_cpu<float>(p, Subgrid{0, 0, 0, 1}, out.data()), RuntimeFailure);
}

TEST(TileMetadata, ReadsBackAsWritten) {
  FieldParams p = test::make_params(-30, 40, 150, -140, 1001, 777, 10, 170);
  p.projection = Projection::aeqd;
  p.extent = 5000;
  const TileChoice tile{4, TileLayout{3, 2}};
  const Subgrid w = tile_subgrid(tile.layout, p.nx, p.ny, tile.index);
  const TileMetadata m = tile_metadata(p, tile, w);
  std::string xml = "<GDALMetadata>\n";
  for (const auto& [name, value] : metadata_items(m)) {
    xml += "  <Item name=\"" + name + "\">" + value + "</Item>\n";
  }
  xml += "  <Item name=\"OTHER\" domain=\"x\">1</Item>\n</GDALMetadata>";
  const std::optional<TileMetadata> back = parse_tile_metadata(xml);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->tile.index, 4);
  EXPECT_EQ(back->tile.layout, tile.layout);
  EXPECT_EQ(back->nodes, w);
  EXPECT_EQ(back->grid, m.grid);
  EXPECT_EQ(back->x0, m.x0);
  EXPECT_EQ(back->step_y, m.step_y);
  EXPECT_EQ(back->srs, m.srs);
  EXPECT_TRUE(back->nodata_nan);
  EXPECT_FALSE(parse_tile_metadata("<GDALMetadata></GDALMetadata>").has_value());
  EXPECT_THROW(parse_tile_metadata("<Item name=\"GEOFIELD_TILE\">9/2x2</Item>"), RuntimeFailure);
}

}  // namespace
}  // namespace geofield
