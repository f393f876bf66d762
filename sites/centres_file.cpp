#include "sites/centres_file.h"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "errors.h"
#include "export/atomic_file.h"
#include "field_params.h"
#include "sites/csv_records.h"
#include "sites/text_file.h"
#include "utf8.h"

namespace geofield {
namespace {

using nlohmann::json;

void check_count(std::size_t n, std::string_view source) {
  if (n > kMaxCentres) {
    throw UsageError(std::string(source) + ": more than " + std::to_string(kMaxCentres) +
                     " centres");
  }
}

}  // namespace

void check_utf8_text(std::string_view text, std::string_view source, std::string_view what) {
  const std::optional<std::size_t> bad = first_invalid_utf8(text);
  if (!bad) return;
  const TextPlace at = place_of(text, *bad);
  char byte[8];
  std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
  throw UsageError(std::string(source) + ", line " + std::to_string(at.line) + ", byte " +
                   std::to_string(at.byte) + ": byte " + byte +
                   " is not part of a UTF-8 character; " + std::string(what) +
                   " is UTF-8 text (save it as UTF-8)");
}

namespace {

void check_utf8(std::string_view text, std::string_view source) {
  check_utf8_text(text, source, "a centres file");
}

std::string lower(std::string_view s) {
  std::string out(trim(s));
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Columns {
  std::size_t lat = 0, lon = 1;
  std::optional<std::size_t> name = 2;
  bool header = false;
  std::string lat_title;  // the header's name of the latitudes' column, as written
};

// The header's column names, or nullopt when the first record is data.
std::optional<Columns> header_of(const std::vector<Field>& fields, std::string_view source,
                                 long line) {
  // A number too large for a double is still a number: its row is refused as such, not taken
  // for a header.
  const auto numeric = [](const Field& f) {
    bool too_large = false;
    return number_of(f.text, &too_large) || too_large;
  };
  if (fields.size() >= 2 && numeric(fields[0]) && numeric(fields[1])) return std::nullopt;
  Columns c;
  c.header = true;
  c.name.reset();
  std::optional<std::size_t> lat, lon;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const std::string f = lower(fields[k].text);
    if (f == "lat" || f == "latitude") {
      lat = k;
    } else if (f == "lon" || f == "lng" || f == "long" || f == "longitude") {
      lon = k;
    } else if (f == "name") {
      c.name = k;
    }
  }
  if (!lat || !lon) {
    std::string got;
    for (std::size_t k = 0; k < fields.size() && k < 4; ++k) {
      got += (k ? ", " : "") + quoted_excerpt(fields[k].text, 32);
    }
    throw UsageError(std::string(source) + ", line " + std::to_string(line) +
                     ": the first line is neither a centre (lat,lon[,name]) nor a header naming "
                     "the lat and lon columns (got " +
                     got + (fields.size() > 4 ? ", ..." : "") + ")");
  }
  c.lat = *lat;
  c.lon = *lon;
  c.lat_title = fields[*lat].text;
  return c;
}

// A CSV field as a latitude or longitude (`what`), or the row refused saying why.
double coordinate_of(std::string_view field, const std::string& where, const char* what) {
  bool too_large = false;
  if (const std::optional<double> v = number_of(field, &too_large)) return *v;
  throw UsageError(where + what + " " + quoted_excerpt(field) +
                   (too_large ? " is not a finite number (a double is at most about 1.8e308)"
                              : " is not a number"));
}

// Centres whose columns are swapped (lon,lat read as lat,lon) show as latitudes beyond ±90 that
// are all within ±180: a file of such rows is refused as swapped, naming the
// column, rather than as one bad row. The first out-of-range latitude's refusal waits until the
// whole file has been read.
class SwapCheck {
 public:
  void add(double lat_deg) { all_within_180_ = all_within_180_ && std::fabs(lat_deg) <= 180.0; }
  void defer(std::string refusal) {
    if (first_.empty()) first_ = std::move(refusal);
  }
  // The deferred refusal as it stands (a later line failed before the file was read whole).
  void throw_first() const {
    if (!first_.empty()) throw UsageError(first_);
  }
  // The deferred refusal, saying the columns look swapped when every latitude is within ±180.
  void throw_first(const Columns& c) const {
    if (first_.empty()) return;
    if (!all_within_180_) throw UsageError(first_);
    const std::string column =
        c.header
            ? "column " + std::to_string(c.lat + 1) + ", " + quoted_excerpt(c.lat_title, 32) + ","
            : "column 1 (the latitudes, as a file without a header line is lat,lon[,name])";
    throw UsageError(first_ + "; every value of " + column +
                     " is within [-180, 180]: the columns look swapped (" +
                     (c.header ? "name the latitudes' column lat in the header line"
                               : "write the latitude first, or begin the file with a header "
                                 "line naming the columns: lon,lat") +
                     ")");
  }

 private:
  std::string first_;
  bool all_within_180_ = true;
};

}  // namespace

std::vector<Centre> parse_centres_csv(std::string_view text, std::string_view source) {
  check_utf8(text, source);
  CsvReader reader(text, source);
  std::vector<Centre> centres;
  std::optional<Columns> columns;
  long line = 0;
  SwapCheck swap;
  try {
    while (std::optional<std::vector<Field>> fields = reader.next(&line)) {
      if (blank(*fields)) continue;
      const std::string where = std::string(source) + ", line " + std::to_string(line) + ": ";
      if (!columns) {
        columns = header_of(*fields, source, line);
        if (columns) continue;
        columns = Columns{};
      }
      const Columns& c = *columns;
      if (!c.header && fields->size() > 3) {
        throw UsageError(where + "expected lat,lon[,name], got " + std::to_string(fields->size()) +
                         " fields (a name holding a comma is written in double quotes)");
      }
      const std::size_t needed = std::max(c.lat, c.lon) + 1;
      if (fields->size() < needed) {
        throw UsageError(where + "expected " + (c.header ? "a value for every column up to " : "") +
                         "lat,lon, got " + std::to_string(fields->size()) + " field" +
                         (fields->size() == 1 ? "" : "s"));
      }
      Centre centre;
      centre.lat_deg = coordinate_of((*fields)[c.lat].text, where, "latitude");
      centre.lon_deg = coordinate_of((*fields)[c.lon].text, where, "longitude");
      if (c.name && *c.name < fields->size()) {
        // A quoted name is kept as it stands, spaces at its ends too (centres_csv_text quotes
        // them).
        const Field& f = (*fields)[*c.name];
        centre.name = f.quoted ? f.text : std::string(trim(f.text));
      }
      swap.add(centre.lat_deg);
      if (const std::string problem = centre_problem(centre); !problem.empty()) {
        if (!(std::fabs(centre.lat_deg) <= 90.0)) {
          swap.defer(where + problem);  // the whole file tells whether the columns are swapped
          continue;
        }
        throw UsageError(where + problem);
      }
      centres.push_back(std::move(centre));
      check_count(centres.size(), source);
    }
  } catch (const UsageError&) {
    swap.throw_first();  // a latitude refused on an earlier line comes first
    throw;
  }
  swap.throw_first(columns ? *columns : Columns{});
  return centres;
}

namespace {

// --- GeoJSON ---

double coordinate(const json& v, const std::string& where, const char* what) {
  if (!v.is_number()) {
    throw UsageError(where + what + " is not a number (got " + quoted_excerpt(v.dump()) + ")");
  }
  return v.get<double>();
}

Centre centre_of_position(const json& position, const std::string& where) {
  if (!position.is_array() || position.size() < 2) {
    throw UsageError(where + "a position is [lon, lat] (got " + quoted_excerpt(position.dump()) +
                     ")");
  }
  Centre c;
  c.lon_deg = coordinate(position[0], where, "the longitude");
  c.lat_deg = coordinate(position[1], where, "the latitude");
  return c;
}

void add_geometry(const json& geometry, const std::string& name, const std::string& where,
                  std::vector<Centre>* out, std::string_view source) {
  if (!geometry.is_object()) {
    throw UsageError(where + "the geometry is not an object (got " +
                     quoted_excerpt(geometry.dump()) + ")");
  }
  const auto type = geometry.find("type");
  const std::string t = type != geometry.end() && type->is_string() ? type->get<std::string>() : "";
  const auto coords = geometry.find("coordinates");
  if ((t == "Point" || t == "MultiPoint") && coords == geometry.end()) {
    throw UsageError(where + "a " + t + " without coordinates");
  }
  std::vector<Centre> found;
  if (t == "Point") {
    found.push_back(centre_of_position(*coords, where));
  } else if (t == "MultiPoint") {
    if (!coords->is_array()) throw UsageError(where + "a MultiPoint's coordinates are an array");
    for (const json& p : *coords) found.push_back(centre_of_position(p, where));
  } else {
    throw UsageError(where + "centres are Point or MultiPoint geometries (got " +
                     (t.empty() ? std::string("no type") : quoted_excerpt(t)) + ")");
  }
  for (Centre& c : found) {
    c.name = name;
    if (const std::string problem = centre_problem(c); !problem.empty()) {
      throw UsageError(where + problem);
    }
    out->push_back(std::move(c));
    check_count(out->size(), source);
  }
}

void add_feature(const json& feature, std::size_t index, std::vector<Centre>* out,
                 std::string_view source) {
  const std::string where = std::string(source) + ", feature " + std::to_string(index) + ": ";
  if (!feature.is_object() || feature.value("type", json()) != "Feature") {
    throw UsageError(where + "not a GeoJSON Feature");
  }
  std::string name;
  if (const auto props = feature.find("properties"); props != feature.end() && props->is_object()) {
    if (const auto n = props->find("name"); n != props->end() && n->is_string()) {
      name = n->get<std::string>();
    }
  }
  const auto geometry = feature.find("geometry");
  if (geometry == feature.end() || geometry->is_null()) {
    throw UsageError(where + "a Feature without a geometry");
  }
  add_geometry(*geometry, name, where, out, source);
}

}  // namespace

void walk_geojson(std::string_view text, std::string_view source,
                  const std::function<void(const json& feature, std::size_t k)>& feature,
                  const std::function<void(const json& geometry)>& geometry) {
  json doc;
  try {
    doc = parse_json_text(text);
  } catch (const UsageError& e) {
    throw UsageError(std::string(source) + ": " + e.what());
  }
  if (!doc.is_object()) {
    throw UsageError(std::string(source) +
                     ": GeoJSON is an object (a FeatureCollection, a Feature or a geometry)");
  }
  const std::string type =
      doc.value("type", json()).is_string() ? doc["type"].get<std::string>() : "";
  if (type == "FeatureCollection") {
    const auto features = doc.find("features");
    if (features == doc.end() || !features->is_array()) {
      throw UsageError(std::string(source) + ": a FeatureCollection without a features array");
    }
    for (std::size_t k = 0; k < features->size(); ++k) feature((*features)[k], k);
  } else if (type == "Feature") {
    feature(doc, 0);
  } else {
    geometry(doc);
  }
}

std::vector<Centre> parse_centres_geojson(std::string_view text, std::string_view source) {
  check_utf8(text, source);  // the JSON parser would refuse it too, in words of its own
  std::vector<Centre> centres;
  walk_geojson(
      text, source, [&](const json& f, std::size_t k) { add_feature(f, k, &centres, source); },
      [&](const json& g) { add_geometry(g, "", std::string(source) + ": ", &centres, source); });
  return centres;
}

std::vector<Centre> parse_centres_text(std::string_view text, std::string_view source,
                                       bool named_geojson) {
  const bool geojson = is_geojson_text(text, named_geojson);
  std::vector<Centre> centres =
      geojson ? parse_centres_geojson(text, source) : parse_centres_csv(text, source);
  if (centres.empty()) {
    throw UsageError(std::string(source) + ": no centres in it (" +
                     (geojson ? "no Point or MultiPoint features" : "no lat,lon lines") + ")");
  }
  return centres;
}

SitesFileText read_sites_file_text(const std::filesystem::path& path, const char* what) {
  SitesFileText t;
  t.source = shown_path(path);
  try {
    t.text = read_regular_file(path, kMaxCentresFileBytes, what);
  } catch (const UsageError& e) {
    throw UsageError(t.source + ": " + e.what());
  }
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  t.named_geojson = ext == ".geojson" || ext == ".json";
  return t;
}

bool is_geojson_text(std::string_view text, bool named_geojson) {
  // GeoJSON by its content too: '{' first, after a byte-order mark and white space.
  const std::string_view body = text.substr(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0);
  const std::size_t first = body.find_first_not_of(" \t\r\n");
  return named_geojson || (first != std::string_view::npos && body[first] == '{');
}

std::vector<Centre> read_centres_file(const std::filesystem::path& path) {
  const SitesFileText t = read_sites_file_text(path, "a centres file");
  return parse_centres_text(t.text, t.source, t.named_geojson);
}

std::string centres_csv_text(std::span<const Centre> centres) {
  std::string out = "lat,lon,name\n";
  for (const Centre& c : centres) {
    out += coordinate_text(c.lat_deg) + "," + coordinate_text(c.lon_deg) + "," + csv_field(c.name) +
           "\n";
  }
  return out;
}

void write_centres_csv(const std::filesystem::path& path, std::span<const Centre> centres) {
  const std::string text = centres_csv_text(centres);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  write_file_atomically(path, {std::span<const std::uint8_t>(bytes, text.size())});
}

namespace {

bool stat_of(const std::string& path, std::uint64_t* bytes, std::int64_t* mtime_ns) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  *bytes = static_cast<std::uint64_t>(st.st_size);
  *mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  return true;
}

}  // namespace

std::optional<CentresFileRef> centres_file_ref(const std::filesystem::path& path,
                                               std::size_t count) {
  std::error_code ec;
  const std::filesystem::path abs = std::filesystem::absolute(path, ec);
  if (ec) return std::nullopt;
  CentresFileRef ref;
  ref.path = abs.lexically_normal().string();
  ref.count = count;
  if (!stat_of(ref.path, &ref.bytes, &ref.mtime_ns)) return std::nullopt;
  return ref;
}

std::optional<std::string> read_centres_file_ref(const CentresFileRef& ref,
                                                 std::vector<Centre>* out) {
  const std::string lead =
      "the view's " + std::to_string(ref.count) + " centres not restored: " + shown_path(ref.path);
  std::uint64_t bytes = 0;
  std::int64_t mtime_ns = 0;
  if (!stat_of(ref.path, &bytes, &mtime_ns)) {
    return lead + " is missing (or not a regular file); started without centres";
  }
  const std::string changed = lead + " has changed since the view was saved";
  if (bytes != ref.bytes || mtime_ns != ref.mtime_ns) {
    return changed + " (import it again in the Centres panel); started without centres";
  }
  std::vector<Centre> list;
  try {
    list = read_centres_file(ref.path);
  } catch (const std::exception& e) {
    return lead + " cannot be read (" + e.what() + "); started without centres";
  }
  if (list.size() != ref.count) {
    return changed + " (it has " + std::to_string(list.size()) +
           " centres); started without centres";
  }
  *out = std::move(list);
  return std::nullopt;
}

}  // namespace geofield
