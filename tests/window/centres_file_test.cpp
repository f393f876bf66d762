// Reading centres (issue 16): CSV with and without a header, names with commas in quotes,
// GeoJSON Points and MultiPoints, and every bad row refused in one line naming the line or the
// feature, with nothing taken from the file.
#include "sites/centres_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "errors.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

std::string refusal_csv(const std::string& text) {
  try {
    parse_centres_csv(text, "'c.csv'");
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "taken: " << text;
  return "";
}

std::string refusal_geojson(const std::string& text) {
  try {
    parse_centres_geojson(text, "'c.geojson'");
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "taken: " << text;
  return "";
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("geofield-centres-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

TEST(CentresCsv, WithoutAHeaderLatLonAndAnOptionalName) {
  const std::vector<Centre> c = parse_centres_csv("30,101,Chengdu\n-33.9, 18.4\n0,0,\n", "t");
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0], (Centre{30, 101, "Chengdu"}));
  EXPECT_EQ(c[1], (Centre{-33.9, 18.4, ""}));
  EXPECT_EQ(c[2], (Centre{0, 0, ""}));
}

TEST(CentresCsv, AHeaderNamesTheColumnsInAnyOrder) {
  const std::vector<Centre> c = parse_centres_csv(
      "Name,Longitude,elevation,LAT\nOslo,10.75,23,59.91\nBergen,5.32,12,60.39\n", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], (Centre{59.91, 10.75, "Oslo"}));
  EXPECT_EQ(c[1], (Centre{60.39, 5.32, "Bergen"}));
  const std::vector<Centre> d = parse_centres_csv("lat,lng\n1,2\n", "t");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0], (Centre{1, 2, ""}));
}

TEST(CentresCsv, QuotedNamesHoldCommasQuotesAndNewlines) {
  const std::vector<Centre> c = parse_centres_csv(
      "lat,lon,name\r\n48.85,2.35,\"Paris, France\"\r\n40.7,-74,\"the \"\"Big\"\" Apple\"\r\n"
      "1,2, \"two\nlines\" \r\n3,4,last\r\n",
      "t");
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0].name, "Paris, France");
  EXPECT_EQ(c[1].name, "the \"Big\" Apple");
  EXPECT_EQ(c[2].name, "two\nlines");
  EXPECT_EQ(c[3], (Centre{3, 4, "last"}));
}

TEST(CentresCsv, BlankLinesCommentsAndAByteOrderMarkAreSkipped) {
  const std::vector<Centre> c =
      parse_centres_csv("\xEF\xBB\xBF# stations\n\nlat,lon\n  \n1.5,+2.5\n# end\n-1e1,3", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], (Centre{1.5, 2.5, ""}));
  EXPECT_EQ(c[1], (Centre{-10, 3, ""}));
  EXPECT_TRUE(parse_centres_csv("", "t").empty());
}

TEST(CentresCsv, ABadRowIsOneLineNamingTheLine) {
  struct Case {
    std::string text, want;
  };
  const Case cases[] = {
      {"1,2\n195,3\n", "'c.csv', line 2: latitude 195 is outside [-90, 90]"},
      {"lat,lon\n1,2\n\n3,400\n", "'c.csv', line 4: longitude 400 is outside [-360, 360]"},
      {"1,2\nx,3\n", "'c.csv', line 2: latitude 'x' is not a number"},
      {"1,2\n3,nan\n", "'c.csv', line 2: longitude 'nan' is not a number"},
      {"1,2\n3,inf\n", "'c.csv', line 2: longitude 'inf' is not a number"},
      {"1,2\n3,0x10\n", "'c.csv', line 2: longitude '0x10' is not a number"},
      {"1,2\n3,1e999\n",
       "'c.csv', line 2: longitude '1e999' is not a finite number (a double is at most about "
       "1.8e308)"},
      {"-1e999,3\n",  // a first line: still a row, not a header
       "'c.csv', line 1: latitude '-1e999' is not a finite number (a double is at most about "
       "1.8e308)"},
      {"1,2\n3\n", "'c.csv', line 2: expected lat,lon, got 1 field"},
      {"1,2\n3,4,Paris, France\n",
       "'c.csv', line 2: expected lat,lon[,name], got 4 fields (a name holding a comma is written "
       "in double quotes)"},
      {"1,2,\"open\n3,4\n",
       "'c.csv', line 1: a quoted field is not closed before the end of the file"},
      {"1,2,\"a\"b\n",
       "'c.csv', line 1: text after a closing quote (a quote inside a quoted field "
       "is written \"\")"},
      {"city,x,y\nOslo,1,2\n",
       "'c.csv', line 1: the first line is neither a centre (lat,lon[,name]) nor a header naming "
       "the lat and lon columns (got 'city', 'x', 'y')"},
      {"1,2,\"" + std::string(300, 'n') + "\"\n", "'c.csv', line 1: the name '" +
                                                      std::string(64, 'n') +
                                                      "'... (300 bytes) is longer than 256 bytes"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(refusal_csv(c.text), c.want) << c.text;
  }
}

// Issue 33, item 4: a quoted first field starting with '#' was taken for a comment, so the
// centre was dropped and every later index shifted by one.
TEST(CentresCsv, AQuotedFieldStartingWithAHashIsDataNotAComment) {
  const std::vector<Centre> c =
      parse_centres_csv("name,lat,lon\n\"#1 site\",30,100\nb,31,101\n", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], (Centre{30, 100, "#1 site"}));
  EXPECT_EQ(c[1], (Centre{31, 101, "b"}));
  // Spaces before the quote: still data.
  const std::vector<Centre> d = parse_centres_csv("name,lat,lon\n  \"#2\",1,2\n", "t");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0], (Centre{1, 2, "#2"}));
}

TEST(CentresCsv, ACommentLineIsSkippedWhateverQuotesItHolds) {
  // A comment's quote once opened a quoted field that ran to the end of the file.
  const std::vector<Centre> c = parse_centres_csv(
      "lat,lon,name\n# a \"quoted, remark\n#,\"open\n  # \"\n1,2,\"x\n# y\"\n3,4,z\n", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], (Centre{1, 2, "x\n# y"}));  // a line of a quoted field is no comment
  EXPECT_EQ(c[1], (Centre{3, 4, "z"}));
  // Lines are still counted through comments and quoted line breaks.
  EXPECT_EQ(refusal_csv("# \"\n1,2,\"a\nb\"\n# c\n195,1\n"),
            "'c.csv', line 5: latitude 195 is outside [-90, 90]");
}

// Issue 31: centres written lon,lat were read as latitudes beyond ±90 on some rows and refused as
// one bad row, or, all within ±90 (a region near the prime meridian), silently taken. A file
// whose latitudes are all within ±180 but not all within ±90 is refused as swapped, naming the
// column; the first out-of-range line is still the one named.
TEST(CentresCsv, ColumnsThatLookSwappedAreRefusedNamingTheColumn) {
  EXPECT_EQ(refusal_csv("# lon,lat\n-0.1,51.5\n100.5,13.75\n-180,10\n"),
            "'c.csv', line 3: latitude 100.5 is outside [-90, 90]; every value of column 1 (the "
            "latitudes, as a file without a header line is lat,lon[,name]) is within [-180, 180]: "
            "the columns look swapped (write the latitude first, or begin the file with a header "
            "line naming the columns: lon,lat)");
  EXPECT_EQ(refusal_csv("name,Latitude,lon\nLondon,-0.1,51.5\nBangkok,100.5,13.75\n"),
            "'c.csv', line 3: latitude 100.5 is outside [-90, 90]; every value of column 2, "
            "'Latitude', is within [-180, 180]: the columns look swapped (name the latitudes' "
            "column lat in the header line)");
  // A latitude beyond ±180 anywhere: not longitudes, so the first bad line as it stands.
  EXPECT_EQ(refusal_csv("1,2\n95,3\n180.5,1\n"),
            "'c.csv', line 2: latitude 95 is outside [-90, 90]");
  // Another refusal after the first bad latitude: the earlier line is named.
  EXPECT_EQ(refusal_csv("95,3\nx,1\n"), "'c.csv', line 1: latitude 95 is outside [-90, 90]");
  EXPECT_EQ(refusal_csv("95,3\n1,2,\"open\n"), "'c.csv', line 1: latitude 95 is outside [-90, 90]");
  // ... and before it: that one.
  EXPECT_EQ(refusal_csv("1,2\nx,1\n95,3\n"), "'c.csv', line 2: latitude 'x' is not a number");
  // Latitudes at ±90 exactly are latitudes.
  EXPECT_EQ(parse_centres_csv("90,180\n-90,-180\n", "t").size(), 2u);
}

TEST(CentresCsv, AQuotedNameIsKeptAsItStandsAndRoundTrips) {
  const std::vector<Centre> c =
      parse_centres_csv("lat,lon,name\n1,2,\"  padded \"\n3,4,  bare  \n", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].name, "  padded ");
  EXPECT_EQ(c[1].name, "bare");
  const std::vector<Centre> names = {
      {1, 2, " lead"},      {3, 4, "trail\t"},       {5, 6, "#hash"},
      {7, 8, "a \"q\", b"}, {9, 10, "two\r\nlines"}, {11, 12, "\xE6\x88\x90\xE9\x83\xBD"},
      {13, 14, ""}};
  EXPECT_EQ(parse_centres_csv(centres_csv_text(names), "t"), names);
}

// Issue 33, item 5: a name that is not UTF-8 was taken, and the window then could not save its
// view (nlohmann's type_error 316). Refused at the line, naming the byte.
TEST(CentresCsv, TextThatIsNotUtf8IsRefusedNamingTheLineAndByte) {
  EXPECT_EQ(refusal_csv("lat,lon,name\n1,2,ok\n3,4,Caf\xE9\n"),
            "'c.csv', line 3, byte 8: byte 0xE9 is not part of a UTF-8 character; a centres "
            "file is UTF-8 text (save it as UTF-8)");
  EXPECT_EQ(refusal_csv("# \xFF comment\n1,2\n"),
            "'c.csv', line 1, byte 3: byte 0xFF is not part of a UTF-8 character; a centres "
            "file is UTF-8 text (save it as UTF-8)");
  EXPECT_EQ(refusal_csv("1,2,\"a\nb\xC0\xAF\"\n").rfind("'c.csv', line 2, byte 2: byte 0xC0 ", 0),
            0u);
  const std::vector<Centre> ok = parse_centres_csv("1,2,S\xC3\xA3o Paulo\n", "t");
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_EQ(ok[0].name, "S\xC3\xA3o Paulo");
}

TEST(CentresCsv, ANameThatIsNotUtf8IsNoCentre) {
  EXPECT_EQ(centre_problem(Centre{1, 2, "Caf\xE9"}), "the name 'Caf\\xE9' is not UTF-8 text");
  EXPECT_EQ(centre_problem(Centre{1, 2, "Caf\xC3\xA9"}), "");
}

// Issue 33, item 6: 1e-400 was "not a number"; it is 0, as the command line reads it.
TEST(CentresCsv, ANumberTooSmallForADoubleIsZeroAsOnTheCommandLine) {
  const std::vector<Centre> c = parse_centres_csv("1e-400,-1e-400\n0.5e-4000,2\n", "t");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].lat_deg, 0.0);
  EXPECT_FALSE(std::signbit(c[0].lat_deg));
  EXPECT_EQ(c[0].lon_deg, 0.0);
  EXPECT_TRUE(std::signbit(c[0].lon_deg));
  EXPECT_EQ(c[1], (Centre{0, 2, ""}));
  EXPECT_EQ(parse_centres_csv("1e-310,2\n", "t")[0].lat_deg, 1e-310);  // subnormal, kept
}

TEST(CentresCsv, MessagesQuoteABoundedEscapedExcerpt) {
  const std::string m = refusal_csv("1,2\n" + std::string(1 << 20, 'x') + ",3\n");
  EXPECT_LT(m.size(), 200u) << m;
  const std::string n = refusal_csv("1,2\n\x1b[31m,3\n");
  EXPECT_EQ(n.find('\x1b'), std::string::npos) << n;
}

TEST(CentresGeojson, PointsAndMultiPointsWithNames) {
  const std::vector<Centre> c = parse_centres_geojson(R"({
    "type": "FeatureCollection",
    "features": [
      {"type": "Feature", "properties": {"name": "Oslo"},
       "geometry": {"type": "Point", "coordinates": [10.75, 59.91, 23]}},
      {"type": "Feature", "properties": null,
       "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}},
      {"type": "Feature", "properties": {"name": 7},
       "geometry": {"type": "Point", "coordinates": [-180, -90]}}
    ]})",
                                                      "t");
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0], (Centre{59.91, 10.75, "Oslo"}));  // GeoJSON writes [lon, lat]
  EXPECT_EQ(c[1], (Centre{2, 1, ""}));
  EXPECT_EQ(c[2], (Centre{4, 3, ""}));
  EXPECT_EQ(c[3], (Centre{-90, -180, ""}));  // a name that is not a string is no name
  const std::vector<Centre> one = parse_centres_geojson(
      R"({"type": "Feature", "properties": {"name": "x"}, "geometry": {"type": "Point", "coordinates": [5, 6]}})",
      "t");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0], (Centre{6, 5, "x"}));
  const std::vector<Centre> bare =
      parse_centres_geojson(R"({"type": "MultiPoint", "coordinates": [[5, 6], [7, 8]]})", "t");
  EXPECT_EQ(bare.size(), 2u);
}

TEST(CentresGeojson, ABadFeatureIsOneLineNamingTheFeature) {
  struct Case {
    std::string text, want;
  };
  const std::string head =
      R"({"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}, )";
  const Case cases[] = {
      {head +
           R"({"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}}]})",
       "'c.geojson', feature 1: centres are Point or MultiPoint geometries (got 'LineString')"},
      {head + R"({"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 95]}}]})",
       "'c.geojson', feature 1: latitude 95 is outside [-90, 90]"},
      {head + R"({"type": "Feature", "geometry": {"type": "Point", "coordinates": ["1", 2]}}]})",
       "'c.geojson', feature 1: the longitude is not a number (got '\"1\"')"},
      {head + R"({"type": "Feature", "geometry": {"type": "Point", "coordinates": [1]}}]})",
       "'c.geojson', feature 1: a position is [lon, lat] (got '[1]')"},
      {head + R"({"type": "Feature", "geometry": null}]})",
       "'c.geojson', feature 1: a Feature without a geometry"},
      {head + R"({"type": "Point", "coordinates": [1, 2]}]})",
       "'c.geojson', feature 1: not a GeoJSON Feature"},
      {R"({"type": "FeatureCollection"})",
       "'c.geojson': a FeatureCollection without a features array"},
      {R"([1, 2])",
       "'c.geojson': GeoJSON is an object (a FeatureCollection, a Feature or a geometry)"},
      {R"({"type": "Polygon", "coordinates": []})",
       "'c.geojson': centres are Point or MultiPoint geometries (got 'Polygon')"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(refusal_geojson(c.text), c.want) << c.text;
  }
  // Not JSON, or a number beyond a double: the JSON reader's one line, after the source.
  EXPECT_EQ(refusal_geojson("{\"type\": ").rfind("'c.geojson': ", 0), 0u);
  EXPECT_EQ(
      refusal_geojson(R"({"type": "Point", "coordinates": [1e400, 2]})").rfind("'c.geojson': ", 0),
      0u);
}

TEST(CentresGeojson, TextThatIsNotUtf8IsRefusedNamingTheLineAndByte) {
  const std::string m = refusal_geojson(
      "{\"type\": \"Feature\",\n \"properties\": {\"name\": \"Caf\xE9\"},\n"
      " \"geometry\": {\"type\": \"Point\", \"coordinates\": [1, 2]}}");
  EXPECT_EQ(m,
            "'c.geojson', line 2, byte 29: byte 0xE9 is not part of a UTF-8 character; a centres "
            "file is UTF-8 text (save it as UTF-8)");
  // Escapes make UTF-8 (a lone surrogate is the JSON reader's refusal, in one line).
  const std::vector<Centre> c = parse_centres_geojson(
      R"({"type": "Feature", "properties": {"name": "Caf\u00e9"},
          "geometry": {"type": "Point", "coordinates": [1, 2]}})",
      "t");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].name, "Caf\xC3\xA9");
  EXPECT_EQ(refusal_geojson(R"({"type": "Feature", "properties": {"name": "\ud800"},
          "geometry": {"type": "Point", "coordinates": [1, 2]}})")
                .rfind("'c.geojson': ", 0),
            0u);
}

TEST(CentresGeojson, AByteOrderMarkIsSkipped) {
  const std::vector<Centre> c =
      parse_centres_geojson("\xEF\xBB\xBF{\"type\": \"Point\", \"coordinates\": [101, 30]}", "t");
  EXPECT_EQ(c, (std::vector<Centre>{{30, 101, ""}}));
}

// Issue 33, item 6: GeoJSON with a byte-order mark was read as CSV unless named .geojson/.json.
TEST(CentresFile, GeojsonWithAByteOrderMarkIsGeojsonWhateverItsName) {
  const std::string gj = "\xEF\xBB\xBF \r\n{\"type\": \"Point\", \"coordinates\": [101, 30]}";
  write(scratch("bom.txt"), gj);
  write(scratch("bom"), gj);
  EXPECT_EQ(read_centres_file(scratch("bom.txt")), (std::vector<Centre>{{30, 101, ""}}));
  EXPECT_EQ(read_centres_file(scratch("bom")), (std::vector<Centre>{{30, 101, ""}}));
  write(scratch("bom.csv"), "\xEF\xBB\xBFname,lat,lon\nx,30,101\n");  // and CSV's header is read
  EXPECT_EQ(read_centres_file(scratch("bom.csv")), (std::vector<Centre>{{30, 101, "x"}}));
}

// Issue 33, item 6: a file's name was echoed raw, a newline in it making the message two lines.
TEST(CentresFile, AFileNameIsQuotedEscapedInEveryMessage) {
  const fs::path p = scratch("two\nlines\xFF.csv");
  write(p, "lat,lon\n195,1\n");
  std::string m;
  try {
    read_centres_file(p);
  } catch (const UsageError& e) {
    m = e.what();
  }
  EXPECT_EQ(m, "'" + scratch("two").string() +
                   "\\nlines\\xFF.csv', line 2: latitude 195 is outside "
                   "[-90, 90]");
  EXPECT_EQ(m.find('\n'), std::string::npos);
}

TEST(CentresFile, CsvOrGeojsonByNameOrContent) {
  write(scratch("a.csv"), "lat,lon,name\n30,101,\"Chengdu, Sichuan\"\n");
  EXPECT_EQ(read_centres_file(scratch("a.csv")),
            (std::vector<Centre>{{30, 101, "Chengdu, Sichuan"}}));
  const std::string gj = R"({"type": "Point", "coordinates": [101, 30]})";
  write(scratch("b.geojson"), gj);
  write(scratch("b.txt"), "\n  " + gj);
  EXPECT_EQ(read_centres_file(scratch("b.geojson")), (std::vector<Centre>{{30, 101, ""}}));
  EXPECT_EQ(read_centres_file(scratch("b.txt")), (std::vector<Centre>{{30, 101, ""}}));
}

TEST(CentresFile, NoCentresAFolderOrAMissingFileIsOneLine) {
  write(scratch("empty.csv"), "lat,lon\n# none yet\n");
  write(scratch("empty.geojson"), R"({"type": "FeatureCollection", "features": []})");
  fs::create_directories(scratch("folder.csv"));
  auto refusal = [](const fs::path& p) -> std::string {
    try {
      read_centres_file(p);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "taken";
  };
  const std::string e = refusal(scratch("empty.csv"));
  EXPECT_NE(e.find("no centres in it (no lat,lon lines)"), std::string::npos) << e;
  EXPECT_NE(refusal(scratch("empty.geojson")).find("no Point or MultiPoint features"),
            std::string::npos);
  EXPECT_NE(refusal(scratch("folder.csv")).find("is a folder, not a file"), std::string::npos);
  EXPECT_NE(refusal(scratch("missing.csv")).find("No such file or directory"), std::string::npos);
}

TEST(CentresFile, AFileOverTheCapIsNamedACentresFile) {
  const fs::path p = scratch("huge.csv");
  write(p, "");
  fs::resize_file(p, kMaxCentresFileBytes + 1);  // sparse: refused by its size, never read
  std::string m;
  try {
    read_centres_file(p);
  } catch (const UsageError& e) {
    m = e.what();
  }
  EXPECT_NE(m.find("bytes; a centres file is at most 268435456 bytes"), std::string::npos) << m;
  fs::remove(p);
}

// A million centres, as issue 16's largest case: read back equal, in seconds.
TEST(CentresFile, AMillionCentresRoundTrip) {
  std::string text = "lat,lon,name\n";
  std::vector<Centre> want;
  want.reserve(1000000);
  for (int k = 0; k < 1000000; ++k) {
    Centre c{-90 + (k % 18001) * 0.01, -180 + (k % 36001) * 0.01, "s"};
    c.name += std::to_string(k);  // not "s" + std::string: GCC 12 warns falsely (-Wrestrict)
    char line[96];
    std::snprintf(line, sizeof line, "%.17g,%.17g,%s\n", c.lat_deg, c.lon_deg, c.name.c_str());
    text += line;
    want.push_back(c);
  }
  write(scratch("million.csv"), text);
  EXPECT_EQ(read_centres_file(scratch("million.csv")), want);
}

}  // namespace
}  // namespace geofield
