// Reading centres (--centres FILE and the window's import): CSV `lat,lon[,name]`
// with or without a header line, or GeoJSON Point and MultiPoint features. Every centre is
// checked (latitude in [-90, 90], longitude in [-360, 360], a name of UTF-8 text of at most
// kMaxCentreNameBytes) and every problem is one UsageError line naming the source and the CSV
// line or the GeoJSON feature, quoting what it read through quoted_excerpt; nothing is taken
// from a file with a bad row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "centres.h"

namespace geofield {

// Where a set of centres came from: the file's absolute path, how many centres it gave, and
// its fingerprint when read (size in bytes and modification time in ns), so that a restore
// can tell the file is still the one the list was read from.
struct CentresFileRef {
  std::string path;
  std::size_t count = 0;
  std::uint64_t bytes = 0;
  std::int64_t mtime_ns = 0;

  bool operator==(const CentresFileRef&) const = default;
};

// A million named centres as GeoJSON is about 100 MB.
constexpr std::size_t kMaxCentresFileBytes = std::size_t{256} << 20;

// CSV (RFC 4180: fields in double quotes may hold commas, newlines and "" for a quote, and are
// kept as they stand; unquoted fields are trimmed of spaces and tabs). A first line whose first
// two fields are not both numbers is a header: it names the columns (lat or latitude, lon, lng
// or longitude, and optionally name, in any order, case ignored; other columns are skipped).
// Without a header the columns are lat, lon and an optional name. Empty lines are skipped, and
// comment lines: those whose first character that is not a space or a tab is '#', outside any
// quotes (a quoted field starting with '#' is data). A UTF-8 byte-order mark is skipped. The
// text is UTF-8 or refused, naming the line and byte of the first bad byte. Numbers are decimal
// (no nan, inf or hexadecimal); one too small for a double (1e-400) is 0, as on the command
// line. A file whose latitudes are not all within [-90, 90] but all within [-180, 180] is
// refused as one whose columns look swapped (lon,lat), naming the column. `source` names the
// text in messages.
std::vector<Centre> parse_centres_csv(std::string_view text, std::string_view source);

// GeoJSON: a FeatureCollection, a Feature or a bare geometry; Point and MultiPoint geometries
// give centres ([lon, lat] in that order, as GeoJSON writes them), named by the feature's
// "name" property when it is a string. Any other geometry is refused, naming the feature. The
// text is UTF-8 (a byte-order mark is skipped) or refused, naming the line and byte.
std::vector<Centre> parse_centres_geojson(std::string_view text, std::string_view source);

// A sites file's text as GeoJSON when named_geojson (its name ends in .geojson or .json) or its
// first character that is not white space (after a byte-order mark) is '{', CSV otherwise. At
// least one centre, at most kMaxCentres.
std::vector<Centre> parse_centres_text(std::string_view text, std::string_view source,
                                       bool named_geojson);
// Whether a sites file's text is GeoJSON: named so (named_geojson), or its first character that
// is not white space (after a byte-order mark) is '{'.
bool is_geojson_text(std::string_view text, bool named_geojson);

// GeoJSON text's top level, for the centres' and the sites' readers alike: each Feature of a
// FeatureCollection with its position (feature), a lone Feature at position 0 (feature), or a
// bare geometry (geometry). UsageError naming the source for text that is not JSON, not an
// object, or a FeatureCollection without a features array. The text is checked as UTF-8 first
// by the caller, in its own words.
void walk_geojson(std::string_view text, std::string_view source,
                  const std::function<void(const nlohmann::json& feature, std::size_t k)>& feature,
                  const std::function<void(const nlohmann::json& geometry)>& geometry);

// A sites file's text (the regular file at path, at most kMaxCentresFileBytes), its name as
// messages show it, and whether its name ends in .geojson or .json. UsageError naming the file
// (`what`: "a centres file") when it cannot be read.
struct SitesFileText {
  std::string text, source;
  bool named_geojson = false;
};
SitesFileText read_sites_file_text(const std::filesystem::path& path, const char* what);

// The regular file at path (at most kMaxCentresFileBytes) read by parse_centres_text.
std::vector<Centre> read_centres_file(const std::filesystem::path& path);

// The file at path as a reference for a list of `count` centres read from it (or written to
// it): its absolute path, size and modification time. Nothing when it cannot be looked at.
std::optional<CentresFileRef> centres_file_ref(const std::filesystem::path& path,
                                               std::size_t count);
// Why the file `ref` names is no longer the one it was when the reference was taken (missing,
// not readable as centres, another size, time or count), one line; nothing, and the list in
// *out, when it is.
std::optional<std::string> read_centres_file_ref(const CentresFileRef& ref,
                                                 std::vector<Centre>* out);

// The text refused unless it is UTF-8: UsageError naming the source, the line and the byte of
// the first bad byte, and saying that `what` ("a centres file") is UTF-8 text.
void check_utf8_text(std::string_view text, std::string_view source, std::string_view what);

// The centres as CSV that read_centres_file reads back to the same list: a header line
// `lat,lon,name`, then one line a centre, numbers in the shortest text that reads back to the
// same double (%.17g), names in double quotes when they hold a comma, a quote, a line break, a
// leading '#' or spaces or tabs at their ends (RFC 4180, "" for a quote), so each name reads
// back as it was.
std::string centres_csv_text(std::span<const Centre> centres);
// Writes centres_csv_text atomically (all or nothing; never replaces what is not a regular
// file): RuntimeFailure or UsageError naming the path when it cannot.
void write_centres_csv(const std::filesystem::path& path, std::span<const Centre> centres);

}  // namespace geofield
