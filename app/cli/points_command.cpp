#include "cli/points_command.h"

#include <charconv>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/render_sites.h"
#include "compute/cuda_device_field.h"
#include "compute/point_distances.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "sites/centres_file.h"
#include "sites/csv_records.h"

namespace geofield {
namespace {

// The table as read: the header's fields, each row's fields and line, the points.
struct Table {
  std::vector<Field> header;
  std::vector<std::vector<Field>> rows;
  std::vector<double> lat, lon;
};

std::string lower_trimmed(std::string_view s) {
  std::string out(trim(s));
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

double coordinate(const Field& f, const std::string& where, const char* what) {
  bool too_large = false;
  if (const std::optional<double> v = number_of(f.text, &too_large)) return *v;
  throw UsageError(where + what + " " + quoted_excerpt(f.text) +
                   (too_large ? " is not a finite number (a double is at most about 1.8e308)"
                              : " is not a number"));
}

Table read_table(const std::filesystem::path& path) {
  const SitesFileText t = read_sites_file_text(path, "a points file");
  check_utf8_text(t.text, t.source, "a points file");
  CsvReader reader(t.text, t.source);
  Table table;
  long line = 0;
  std::optional<std::size_t> lat_col, lon_col;
  while (std::optional<std::vector<Field>> fields = reader.next(&line)) {
    if (blank(*fields)) continue;
    const std::string where = t.source + ", line " + std::to_string(line) + ": ";
    if (!lat_col) {
      for (std::size_t k = 0; k < fields->size(); ++k) {
        const std::string name = lower_trimmed((*fields)[k].text);
        if (name == "lat" || name == "latitude") lat_col = k;
        if (name == "lon" || name == "lng" || name == "long" || name == "longitude") lon_col = k;
      }
      if (!lat_col || !lon_col) {
        throw UsageError(where + "the header names no " +
                         (lat_col ? "longitude column (lon, lng, long or longitude)"
                                  : "latitude column (lat or latitude)") +
                         "; the first line of a points file names its columns");
      }
      table.header = std::move(*fields);
      continue;
    }
    const std::size_t needed = std::max(*lat_col, *lon_col) + 1;
    if (fields->size() < needed) {
      throw UsageError(where + "expected a value for every column up to " +
                       quoted_excerpt(table.header[needed - 1].text) + ", got " +
                       std::to_string(fields->size()) + " field" +
                       (fields->size() == 1 ? "" : "s"));
    }
    const double lat = coordinate((*fields)[*lat_col], where, "latitude");
    const double lon = coordinate((*fields)[*lon_col], where, "longitude");
    if (const std::string problem = centre_problem({lat, lon, {}}); !problem.empty()) {
      throw UsageError(where + problem);
    }
    table.lat.push_back(lat);
    table.lon.push_back(lon);
    table.rows.push_back(std::move(*fields));
  }
  if (!lat_col) {
    throw UsageError(t.source +
                     ": no header line; the first line of a points file names its "
                     "columns (lat and lon, any others carried through)");
  }
  return table;
}

// The shortest text that reads back to the same value (of the precision it was computed in).
template <typename T>
std::string number_text(T v) {
  if (v != v) return "nan";
  char s[32];
  const auto [end, ec] = std::to_chars(s, s + sizeof s, v);
  return ec == std::errc() ? std::string(s, end) : std::string("nan");
}

// The distances in T, and the indices, on the CUDA device or all cores.
template <typename T>
std::vector<T> compute(const FieldRequest& r, const Table& t, BackendChoice backend,
                       std::vector<std::int32_t>* index, std::string* how) {
  const PointList pts{t.lat.data(), t.lon.data(), t.lat.size()};
  std::vector<T> values(pts.count);
  index->assign(pts.count, 0);
  std::unique_ptr<DeviceFieldComputer> cuda;
  std::string why_not;
  if (backend != BackendChoice::cpu) cuda = try_make_device_field_computer(0, &why_not);
  if (backend == BackendChoice::cuda && !cuda) throw UsageError("--backend cuda: " + why_not);
  if (cuda) {
    cuda->compute_points(r, pts, false, values.data(),
                         std::is_same_v<T, double> ? Precision::f64 : Precision::f32, index->data(),
                         nullptr);
    *how = "cuda, " + cuda->device_name();
  } else {
    distances_at_points_on_cpu<T>(r, pts, values.data(), index->data());
    *how = backend == BackendChoice::cpu ? "cpu" : "cpu (" + why_not + ")";
  }
  return values;
}

template <typename T>
std::string table_text(const PointsRequest& q, const FieldRequest& r, const Table& t,
                       std::string* how) {
  std::vector<std::int32_t> index;
  const std::vector<T> values = compute<T>(r, t, q.view.backend, &index, how);
  const bool named = q.sites.has_value();
  std::string out;
  const auto add_fields = [&](const std::vector<Field>& fields, std::size_t width) {
    for (std::size_t k = 0; k < width; ++k) {
      if (k) out += ',';
      if (k < fields.size()) out += csv_field(fields[k].text);
    }
  };
  const std::size_t width = t.header.size();
  add_fields(t.header, width);
  out += ",distance_" + std::string(to_string(r.params.units));
  if (named) out += ",nearest,nearest_name";
  out += '\n';
  for (std::size_t k = 0; k < t.rows.size(); ++k) {
    add_fields(t.rows[k], std::max(width, t.rows[k].size()));
    out += ',' + number_text(values[k]);
    if (named) out += ',' + std::to_string(index[k]) + ',' + csv_field(r.sites.name(index[k]));
    out += '\n';
  }
  return out;
}

}  // namespace

int run_points(const PointsRequest& q) {
  if (q.output) check_writable(*q.output, "--output");
  if (q.view.backend == BackendChoice::gl) {
    throw UsageError(
        "--backend: gl's compute shaders fill grids, not point lists "
        "(docs/sites.md); give cpu, cuda or auto");
  }
  RenderRequest as_render;
  as_render.sites = q.sites;
  as_render.signed_inside = q.signed_inside;
  const FieldRequest r = field_request_of(as_render, q.view.params);
  const Table t = read_table(q.input);
  std::string how;
  const std::string text = q.view.params.precision == Precision::f64
                               ? table_text<double>(q, r, t, &how)
                               : table_text<float>(q, r, t, &how);
  if (q.output) {
    write_file_atomically(
        *q.output, {std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())});
  } else {
    std::cout << text << std::flush;
  }
  std::fprintf(stderr, "geofield points: %zu point%s, %s%s, backend %s%s\n", t.rows.size(),
               t.rows.size() == 1 ? "" : "s", std::string(to_string(q.view.params.formula)).c_str(),
               nearest_text(as_render, r).c_str(), how.c_str(),
               q.output ? (" -> " + q.output->string()).c_str() : "");
  return 0;
}

}  // namespace geofield
