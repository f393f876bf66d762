// geofield_sites_read and its table (API 1.2, issue 31): the features, parts and vertices the
// program's own reader gives for the same file, names of any UTF-8 (a NUL too) carried by their
// bounds, CSV rows as point features, a built-in set, and the refusals in geofield_compute's
// words (a centres file with swapped columns among them).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "geofield.h"
#include "sites/builtin_sites.h"
#include "sites/sites_file.h"

namespace {

using geofield::SiteShapes;

struct Sites {
  geofield_sites* s = nullptr;
  geofield_status status;
  explicit Sites(const char* text) { status = geofield_sites_read(text, &s); }
  ~Sites() { geofield_sites_destroy(s); }
  geofield_sites_table table() const {
    geofield_sites_table t{};
    t.struct_size = sizeof t;
    EXPECT_EQ(geofield_sites_get_table(s, &t), GEOFIELD_OK) << geofield_last_error();
    return t;
  }
};

struct TempFile {
  std::filesystem::path path;
  explicit TempFile(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("geofield_c_api_table_" + std::to_string(::getpid()) + "_" + name)) {}
  ~TempFile() { std::filesystem::remove(path); }
  void write(const std::string& text) const { std::ofstream(path, std::ios::binary) << text; }
};

// The table equals the program's shapes: every feature's kind, name and parts, every part's
// kind and vertices.
void expect_table_is(const geofield_sites_table& t, const SiteShapes& want) {
  ASSERT_EQ(t.feature_count, static_cast<std::int64_t>(want.features.size()));
  ASSERT_EQ(t.part_count, static_cast<std::int64_t>(want.parts.size()));
  ASSERT_EQ(t.vertex_count, static_cast<std::int64_t>(want.vertices.size()));
  for (std::size_t k = 0; k < want.features.size(); ++k) {
    const geofield::SiteFeature& f = want.features[k];
    EXPECT_EQ(t.feature_kind[k], static_cast<std::int32_t>(f.kind)) << k;
    EXPECT_EQ(t.feature_part[k], f.first_part) << k;
    EXPECT_EQ(t.feature_part[k + 1], f.first_part + f.part_count) << k;
    EXPECT_EQ(std::string(t.names + t.name_offset[k], t.names + t.name_offset[k + 1]), f.name);
  }
  for (std::size_t p = 0; p < want.parts.size(); ++p) {
    EXPECT_EQ(t.part_kind[p], static_cast<std::int32_t>(want.parts[p].kind)) << p;
    EXPECT_EQ(t.part_vertex[p], want.parts[p].first) << p;
    EXPECT_EQ(t.part_vertex[p + 1], want.parts[p].first + want.parts[p].count) << p;
  }
  for (std::size_t v = 0; v < want.vertices.size(); ++v) {
    EXPECT_EQ(t.lat[v], want.vertices[v].lat_deg) << v;
    EXPECT_EQ(t.lon[v], want.vertices[v].lon_deg) << v;
  }
}

constexpr const char* kMixed = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "ports"},
   "geometry": {"type": "MultiPoint", "coordinates": [[100.5, 13.7], [103.8, 1.3]]}},
  {"type": "Feature", "properties": {"name": "Caf\u00e9 \u0000 road"},
   "geometry": {"type": "LineString", "coordinates": [[99.2, 29.2], [99.6, 30.8]]}},
  {"type": "Feature", "properties": {},
   "geometry": {"type": "Polygon", "coordinates": [
     [[100, 29.4], [100.8, 29.4], [100.8, 30.6], [100, 30.6], [100, 29.4]],
     [[100.2, 29.8], [100.2, 30.2], [100.5, 30.2], [100.5, 29.8], [100.2, 29.8]]]}}]})";

TEST(CApiSitesTable, AGeoJsonFileIsTheProgramsReading) {
  TempFile file("mixed.geojson");
  file.write(kMixed);
  Sites sites(file.path.c_str());
  ASSERT_EQ(sites.status, GEOFIELD_OK) << geofield_last_error();
  const geofield_sites_table t = sites.table();
  expect_table_is(t, geofield::read_sites_file(file.path));
  // What the enums say, spelled out.
  EXPECT_EQ(t.feature_kind[0], GEOFIELD_FEATURE_POINT);
  EXPECT_EQ(t.feature_kind[1], GEOFIELD_FEATURE_LINE);
  EXPECT_EQ(t.feature_kind[2], GEOFIELD_FEATURE_POLYGON);
  EXPECT_EQ(t.feature_part[1] - t.feature_part[0], 2);  // the MultiPoint's two points
  EXPECT_EQ(t.part_kind[3], GEOFIELD_PART_RING);
  EXPECT_EQ(t.part_vertex[4] - t.part_vertex[3], 4);  // a ring's closing vertex is not repeated
  EXPECT_EQ(std::string(t.names + t.name_offset[1], t.names + t.name_offset[2]),
            std::string("Caf\xC3\xA9 \0 road", 12));
  EXPECT_EQ(t.name_offset[3], t.name_offset[2]);  // no name: ""
  // GeoJSON text reads the same.
  Sites text(kMixed);
  ASSERT_EQ(text.status, GEOFIELD_OK) << geofield_last_error();
  expect_table_is(text.table(), geofield::read_sites_file(file.path));
}

TEST(CApiSitesTable, CsvRowsArePointFeatures) {
  TempFile file("ports.csv");
  file.write("name,lat,lon\n\"Bangkok, TH\",13.7,100.5\nSingapore,1.3,103.8\n,-33.9,151.2\n");
  Sites sites(file.path.c_str());
  ASSERT_EQ(sites.status, GEOFIELD_OK) << geofield_last_error();
  const geofield_sites_table t = sites.table();
  expect_table_is(t, geofield::read_sites_file(file.path));
  ASSERT_EQ(t.feature_count, 3);
  EXPECT_EQ(std::string(t.names, t.names + t.name_offset[1]), "Bangkok, TH");
  EXPECT_EQ(t.lat[2], -33.9);
  EXPECT_EQ(t.lon[2], 151.2);
}

TEST(CApiSitesTable, ABuiltInSetIsTheBuiltInSet) {
  Sites sites("@land:110m");
  ASSERT_EQ(sites.status, GEOFIELD_OK) << geofield_last_error();
  expect_table_is(sites.table(), geofield::builtin_sites("@land:110m"));
}

TEST(CApiSitesTable, RefusalsAreGeofieldComputesWords) {
  TempFile file("swapped.csv");
  file.write("-0.1,51.5\n100.5,13.75\n");
  geofield_sites* s = reinterpret_cast<geofield_sites*>(&file);  // must be reset to NULL
  EXPECT_EQ(geofield_sites_read(file.path.c_str(), &s), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(s, nullptr);
  const std::string why = geofield_last_error();
  EXPECT_EQ(why.substr(0, 6), "sites:") << why;
  EXPECT_NE(why.find("line 2: latitude 100.5 is outside [-90, 90]; every value of column 1"),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("the columns look swapped"), std::string::npos) << why;

  EXPECT_EQ(geofield_sites_read("@nowhere", &s), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(geofield_last_error()).substr(0, 7), "sites: ");
  EXPECT_EQ(geofield_sites_read(nullptr, &s), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "geofield_sites_read: text: NULL");
  EXPECT_EQ(geofield_sites_read("@land:110m", nullptr), GEOFIELD_INVALID_ARGUMENT);

  Sites land("@land:110m");
  geofield_sites_table t{};
  t.struct_size = 8;
  EXPECT_EQ(geofield_sites_get_table(land.s, &t), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_NE(std::string(geofield_last_error()).find("geofield_sites_table.struct_size: 8 is less"),
            std::string::npos);
  t.struct_size = sizeof t;
  EXPECT_EQ(geofield_sites_get_table(nullptr, &t), GEOFIELD_INVALID_ARGUMENT);
  geofield_sites_destroy(nullptr);  // nothing to do
}

}  // namespace
