// Tiles that prove themselves (issue 33): the digests against known values (FNV-1a's published
// vectors; the values digest's, from the Python in tests/e2e/render_tiles_proof_test.py), a flip of
// any one bit found, the run and values digests through the metadata and back, and mosaic's pure
// decisions: what a folder's entries give, and the one-run check's refusals.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cli/mosaic_scan.h"
#include "errors.h"
#include "export/tile_metadata.h"
#include "export/values_digest.h"
#include "test_grids.h"

namespace geofield {
namespace {

TEST(ValuesDigest, Fnv1aPublishedVectors) {
  EXPECT_EQ(fnv1a_64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a_64("foobar"), 0x85944171f73967e8ull);
}

TEST(ValuesDigest, KnownValuesAndAnyPieces) {
  unsigned char bytes[100];
  for (int k = 0; k < 100; ++k) bytes[k] = static_cast<unsigned char>(k);
  EXPECT_EQ(digest_text(values_digest(bytes, 0)), "16269cf64e859c91");
  EXPECT_EQ(digest_text(values_digest(bytes, 100)), "b86ad97cf4a22f17");
  const float f[3] = {1.0f, 2.5f, -0.0f};
  EXPECT_EQ(digest_text(values_digest(f, sizeof f)), "6634696dcd37997e");
  // Fed in pieces of any sizes, the same digest.
  for (size_t a = 0; a <= 100; a += 7) {
    for (size_t b = a; b <= 100; b += 13) {
      ValuesDigest d;
      d.update(bytes, a);
      d.update(bytes + a, b - a);
      d.update(bytes + b, 100 - b);
      ASSERT_EQ(d.finish(), values_digest(bytes, 100)) << a << " " << b;
    }
  }
  // Trailing zeros are not padding: the count of bytes is in the digest.
  unsigned char zeros[33] = {};
  EXPECT_NE(values_digest(zeros, 32), values_digest(zeros, 33));
  EXPECT_NE(values_digest(zeros, 1), values_digest(zeros, 0));
}

TEST(ValuesDigest, EveryOneBitFlipIsFound) {
  std::vector<float> v(257);
  for (size_t k = 0; k < v.size(); ++k) v[k] = 0.5f * static_cast<float>(k);
  const std::uint64_t whole = values_digest(v.data(), v.size() * 4);
  unsigned char* b = reinterpret_cast<unsigned char*>(v.data());
  for (size_t bit = 0; bit < v.size() * 32; ++bit) {
    b[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
    ASSERT_NE(values_digest(v.data(), v.size() * 4), whole) << "bit " << bit;
    b[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
  }
}

TEST(ValuesDigest, TextBothWays) {
  EXPECT_EQ(digest_text(0x0123456789abcdefull), "0123456789abcdef");
  EXPECT_EQ(parse_digest_text("0123456789abcdef"), 0x0123456789abcdefull);
  EXPECT_FALSE(parse_digest_text("0123456789ABCDEF").has_value());
  EXPECT_FALSE(parse_digest_text("0123456789abcde").has_value());
  EXPECT_FALSE(parse_digest_text("0123456789abcdef0").has_value());
  EXPECT_FALSE(parse_digest_text("0x23456789abcdef").has_value());
}

std::string as_xml(const TileMetadata& m) {
  std::string xml = "<GDALMetadata>\n";
  for (const auto& [name, value] : metadata_items(m)) {
    xml += "  <Item name=\"" + name + "\">" + value + "</Item>\n";
  }
  return xml + "</GDALMetadata>";
}

HostField field_of(std::vector<float> values, int nx, int ny) {
  HostField f;
  f.nx = nx;
  f.ny = ny;
  f.f32 = std::move(values);
  return f;
}

TEST(TileProof, RunAndValuesDigestsReadBack) {
  const FieldParams p = test::make_params(20, 41, 90, 118, 40, 30, 30.6, 104.1);
  const TileChoice tile{1, TileLayout{2, 2}};
  const Subgrid w = tile_subgrid(tile.layout, p.nx, p.ny, tile.index);
  TileMetadata m = tile_metadata(p, tile, w);
  EXPECT_FALSE(m.run.has_value());
  const HostField field = field_of(std::vector<float>(size_t(w.nx) * w.ny, 3.0f), w.nx, w.ny);
  prove_tile(&m, field);
  ASSERT_TRUE(m.run && m.values_digest);
  EXPECT_EQ(*m.run, fnv1a_64("geofield-run-1 " + m.grid + " stored=float32"));
  EXPECT_EQ(*m.values_digest, values_digest(field.f32.data(), field.f32.size() * 4));
  const std::optional<TileMetadata> back = parse_tile_metadata(as_xml(m));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->run, m.run);
  EXPECT_EQ(back->values_digest, m.values_digest);
  // Another reference point, or double values, is another run.
  FieldParams q = p;
  q.ref_lat_deg = 1;
  EXPECT_NE(run_digest(tile_metadata(q, tile, w).grid, Precision::f32), *m.run);
  EXPECT_NE(run_digest(m.grid, Precision::f64), *m.run);
  // A digest item that is not 16 hex digits is malformed, named.
  std::string bad = as_xml(m);
  bad.replace(bad.find(digest_text(*m.run)), 16, "xyz");
  try {
    parse_tile_metadata(bad);
    ADD_FAILURE() << "a malformed GEOFIELD_RUN was taken";
  } catch (const RuntimeFailure& e) {
    EXPECT_EQ(std::string(e.what()), "its GEOFIELD_RUN 'xyz' is malformed (16 hex digits)");
  }
  // A split with more tiles a side than nodes cannot be placed: malformed, not a crash later.
  std::string wide = as_xml(m);
  wide.replace(wide.find("1/2x2"), 5, "1/99x2");
  EXPECT_THROW(parse_tile_metadata(wide), RuntimeFailure);
}

TEST(MosaicScan, EntriesLeftOutWithANote) {
  const FolderScan scan = scan_entries({{"t1.tif", EntryType::regular},
                                        {"sub", EntryType::folder},
                                        {"gone.tif", EntryType::dangling_link},
                                        {"t0.TIFF", EntryType::regular},
                                        {".t2.tif.tmp", EntryType::regular},
                                        {".hidden", EntryType::folder},
                                        {"mosaic.vrt", EntryType::regular},
                                        {"pipe.tif", EntryType::other}});
  EXPECT_EQ(scan.candidates, (std::vector<std::string>{"t0.TIFF", "t1.tif"}));
  EXPECT_EQ(scan.notes, (std::vector<std::string>{
                            "'gone.tif' is a symbolic link to nothing; left out",
                            "'pipe.tif' is not a regular file; left out",
                            "'sub' is a folder (mosaic does not look into folders); left out"}));
}

std::vector<ScannedTile> proved_tiles(const FieldParams& p, int count) {
  std::vector<ScannedTile> tiles;
  const TileLayout layout{count, 1};
  for (int k = 0; k < count; ++k) {
    const Subgrid w = tile_subgrid(layout, p.nx, p.ny, k);
    TileMetadata m = tile_metadata(p, TileChoice{k, layout}, w);
    prove_tile(&m, field_of(std::vector<float>(size_t(w.nx) * w.ny, 1.0f), w.nx, w.ny));
    tiles.push_back({"/d/t" + std::to_string(k) + ".tif", m, w.nx, w.ny, TileSample::float32});
  }
  return tiles;
}

std::string refusal(std::vector<ScannedTile> tiles) {
  try {
    check_one_run(&tiles, "d");
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(MosaicScan, OneRunOrARefusalNamingTheFiles) {
  const FieldParams p = test::make_params(20, 41, 90, 118, 40, 30, 30.6, 104.1);
  std::vector<ScannedTile> tiles = proved_tiles(p, 3);
  std::swap(tiles[0], tiles[2]);
  EXPECT_EQ(refusal(tiles), "");
  check_one_run(&tiles, "d");
  EXPECT_EQ(tiles[0].metadata.tile.index, 0);  // sorted by tile number

  FieldParams other = p;
  other.ref_lon_deg = 101;
  std::vector<ScannedTile> mixed = tiles;
  mixed[1] = proved_tiles(other, 3)[1];
  mixed[1].file = "/d/other.tif";
  EXPECT_EQ(refusal(mixed),
            "mosaic: 'd' holds tiles of more than one grid, so of two runs: 't0.tif' and "
            "'other.tif' differ in 'ref=30.600000000000001,104.09999999999999' and "
            "'ref=30.600000000000001,101': give each run a folder of its own");

  std::vector<ScannedTile> altered = tiles;
  altered[2].metadata.grid = proved_tiles(other, 3)[2].metadata.grid;  // run left as it was
  EXPECT_NE(refusal(altered).find("mosaic: 't2.tif' is damaged: its GEOFIELD_RUN "),
            std::string::npos);

  std::vector<ScannedTile> old = tiles;  // an earlier geofield's tiles: no digests, accepted
  for (ScannedTile& t : old) t.metadata.run.reset(), t.metadata.values_digest.reset();
  EXPECT_EQ(refusal(old), "");
}

// Many sites (issue 27): their coordinates enter the run, their names do not; one point adds
// nothing (its ref= is in the grid already).
TEST(TileProof, SitesEnterTheRun) {
  const FieldParams p = test::make_params(20, 41, 90, 118, 40, 30, 30.6, 104.1);
  const SiteSet a = SiteSet::points({{10, 170, "a"}, {-20, -175, "b"}});
  const SiteSet renamed = SiteSet::points({{10, 170, "x"}, {-20, -175, "y"}});
  const SiteSet moved = SiteSet::points({{10, 170, "a"}, {-20, -175.5, "b"}});
  const SiteSet swapped = SiteSet::points({{-20, -175, "b"}, {10, 170, "a"}});
  EXPECT_EQ(sites_identity(SiteSet::one_point(1, 2)), "");
  EXPECT_EQ(sites_identity(a), sites_identity(renamed));
  EXPECT_NE(sites_identity(a), sites_identity(moved));
  EXPECT_NE(sites_identity(a), sites_identity(swapped));  // another order: other indices
  EXPECT_EQ(sites_identity(a).rfind(" sites=points:2:", 0), 0u);
  const TileChoice tile{0, TileLayout{2, 1}};
  const Subgrid w = tile_subgrid(tile.layout, p.nx, p.ny, 0);
  const std::string ga = tile_metadata(p, tile, w, sites_identity(a)).grid;
  const std::string gm = tile_metadata(p, tile, w, sites_identity(moved)).grid;
  EXPECT_EQ(ga, tile_metadata(p, tile, w).grid + sites_identity(a));
  EXPECT_NE(run_digest(ga, Precision::f32), run_digest(gm, Precision::f32));
  EXPECT_NE(run_digest(ga, TileSample::int32), run_digest(ga, Precision::f32));
}

// Lines and polygons (issue 28): every vertex and kind enters the run, names do not, and
// --signed makes another run (its values differ inside the polygons). One feature is a run of
// its own too, unlike one point.
TEST(TileProof, ShapesAndTheSignedFlagEnterTheRun) {
  auto shapes = [](double lon, FeatureKind kind, const char* name) {
    auto s = std::make_shared<SiteShapes>();
    const PartKind part = kind == FeatureKind::line ? PartKind::line : PartKind::ring;
    s->vertices = {{0, 0}, {0, lon}, {5, 0}};
    s->parts = {{part, 0, 3}};
    s->features = {{kind, 0, 1, name}};
    return SiteSet::shapes(s);
  };
  const SiteSet line = shapes(10, FeatureKind::line, "a");
  EXPECT_EQ(sites_identity(line).rfind(" sites=shapes:1:", 0), 0u) << sites_identity(line);
  EXPECT_EQ(sites_identity(line), sites_identity(shapes(10, FeatureKind::line, "renamed")));
  EXPECT_NE(sites_identity(line), sites_identity(shapes(10.5, FeatureKind::line, "a")));
  EXPECT_NE(sites_identity(line), sites_identity(shapes(10, FeatureKind::polygon, "a")));
  EXPECT_EQ(sites_identity(line, true), sites_identity(line) + " signed");
}

TEST(MosaicScan, IndexTilesJoinAndAMixWithDistanceTilesIsRefused) {
  const FieldParams p = test::make_params(20, 41, 90, 118, 40, 30, 30.6, 104.1);
  const std::string sites = sites_identity(SiteSet::points({{10, 100, ""}, {30, 110, ""}}));
  std::vector<ScannedTile> index;
  const TileLayout layout{3, 1};
  for (int k = 0; k < 3; ++k) {
    const Subgrid w = tile_subgrid(layout, p.nx, p.ny, k);
    TileMetadata m = tile_metadata(p, TileChoice{k, layout}, w, sites);
    const std::vector<std::int32_t> values(size_t(w.nx) * w.ny, 1);
    prove_index_tile(&m, values);
    EXPECT_TRUE(m.index);
    const std::optional<TileMetadata> back = parse_tile_metadata(as_xml(m));
    ASSERT_TRUE(back.has_value());
    EXPECT_TRUE(back->index);
    EXPECT_EQ(back->run, m.run);
    index.push_back({"/d/i" + std::to_string(k) + ".tif", *back, w.nx, w.ny, TileSample::int32});
  }
  EXPECT_EQ(refusal(index), "");

  std::vector<ScannedTile> mixed = index;
  mixed[1] = proved_tiles(p, 3)[1];
  EXPECT_EQ(refusal(mixed),
            "mosaic: 'd' holds distance tiles and index tiles ('t1.tif' and 'i0.tif'): give each "
            "kind a folder of its own (--geotiff DIR, --index-geotiff DIR2) and join each");

  std::vector<ScannedTile> unmarked = index;  // int32 values, metadata of a distance
  unmarked[0].metadata.index = false;
  unmarked[0].metadata.run = run_digest(unmarked[0].metadata.grid, TileSample::int32);
  EXPECT_NE(refusal(unmarked).find("mosaic: 'i0.tif' is damaged: its values are int32 but its "
                                   "metadata says a distance"),
            std::string::npos);
}

}  // namespace
}  // namespace geofield
