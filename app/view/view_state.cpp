#include "view/view_state.h"

#include <fcntl.h>

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <system_error>

#include "errors.h"
#include "export/atomic_file.h"
#include "field_math.h"
#include "sites/centres_file.h"
#include "view/centre_edits.h"
#include "view/look_checks.h"
#include "view/site_edits.h"
#include "view/view_math.h"

namespace geofield {
namespace {

using nlohmann::json;

std::string_view backend_name(BackendChoice b) {
  switch (b) {
    case BackendChoice::cpu: return "cpu";
    case BackendChoice::cuda: return "cuda";
    case BackendChoice::gl: return "gl";
    case BackendChoice::automatic:
    default: return "auto";
  }
}

// The names of backend_name(); kept here so the saved view needs no backend code.
bool parse_backend_name(std::string_view s, BackendChoice* out) {
  for (BackendChoice b :
       {BackendChoice::automatic, BackendChoice::cpu, BackendChoice::cuda, BackendChoice::gl}) {
    if (s == backend_name(b)) {
      *out = b;
      return true;
    }
  }
  return false;
}

// Whether a range can be a colour scale (the unit only words the message, unused here).
bool usable_range(double lo, double hi) { return !check_colour_range(lo, hi, Units::km); }

// What a message says was there: a string quoted and bounded; a number (at most 24
// characters as written back), true, false or null as is; never a whole array or object.
std::string got(const json& v) {
  if (v.is_string()) return quoted_excerpt(v.get_ref<const std::string&>());
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return v.dump();
}

[[noreturn]] void refuse(const char* key, const std::string& accepted, const json& v) {
  throw UsageError(std::string("'") + key + "' must be " + accepted + " (got " + got(v) + ")");
}

const json* find(const json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

// The JSON key of each field check() names.
const char* key_of(ParamField f) {
  switch (f) {
    case ParamField::lat_min: return "lat_min_deg";
    case ParamField::lat_max: return "lat_max_deg";
    case ParamField::lon_min: return "lon_min_deg";
    case ParamField::lon_max: return "lon_max_deg";
    case ParamField::nx: return "nx";
    case ParamField::ny: return "ny";
    case ParamField::ref_lat: return "ref_lat_deg";
    case ParamField::ref_lon: return "ref_lon_deg";
    case ParamField::radius: return "radius_km";
    case ParamField::ellipsoid_a: return "ellipsoid_a_km";
    case ParamField::ellipsoid_inv_f: return "ellipsoid_inv_f";
    case ParamField::extent:
    default: return "extent";
  }
}

// check()'s own words for the range of one field ("lat min must be from -90 to 90 degrees"),
// found by asking it about a not-a-number in that field of an otherwise valid view: the type
// error of a field names the same range as its value error, from the one place that has it.
std::string range_words(ParamField f, const FieldParams& read_so_far) {
  FieldParams probe;  // the defaults, in the file's unit, projection and radius (when valid)
  probe.units = read_so_far.units;
  probe.projection = read_so_far.projection;
  probe.radius_km = read_so_far.radius_km;
  probe.extent = default_extent(probe);
  if (check(probe)) {
    probe.radius_km = FieldParams{}.radius_km;
    probe.extent = default_extent(probe);
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  switch (f) {
    case ParamField::lat_min: probe.lat_min_deg = nan; break;
    case ParamField::lat_max: probe.lat_max_deg = nan; break;
    case ParamField::lon_min: probe.lon_min_deg = nan; break;
    case ParamField::lon_max: probe.lon_max_deg = nan; break;
    case ParamField::ref_lat: probe.ref_lat_deg = nan; break;
    case ParamField::ref_lon: probe.ref_lon_deg = nan; break;
    case ParamField::radius: probe.radius_km = nan; break;
    case ParamField::extent: probe.extent = nan; break;
    case ParamField::ellipsoid_a: probe.formula = Formula::wgs84, probe.ellipsoid_a_km = nan; break;
    case ParamField::ellipsoid_inv_f:
      probe.formula = Formula::wgs84, probe.ellipsoid_inv_f = nan;
      break;
    default: break;
  }
  const std::optional<ParamProblem> pr = check(probe, f);
  if (!pr || pr->field != f) return "";
  std::string w = pr->ui;
  if (const std::size_t at = w.rfind(" (got "); at != std::string::npos) w.resize(at);
  return w;
}

// A number key (finite; a JSON integer or decimal, never true/false or "12").
void read_number(const json& j, const char* key, const std::string& range, double* out) {
  const json* v = find(j, key);
  if (!v) return;
  if (!v->is_number() || !std::isfinite(v->get<double>())) {
    refuse(key, range.empty() ? "a number" : "a number: " + range, *v);
  }
  *out = v->get<double>();
}

// A number key of FieldParams: a type error names the range as check() words it.
void read_field_number(const json& j, const char* key, ParamField f, const FieldParams& p,
                       double* out) {
  const json* v = find(j, key);
  if (v && !(v->is_number() && std::isfinite(v->get<double>()))) {
    read_number(j, key, range_words(f, p), out);  // throws
  }
  read_number(j, key, "", out);
}

// A whole-number key: an integer JSON value in [lo, hi]; 3.9, 4.0, 1e300, true, "12" refused.
void read_whole(const json& j, const char* key, std::int64_t lo, std::int64_t hi, int* out) {
  const json* v = find(j, key);
  if (!v) return;
  const std::string accepted =
      "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (!v->is_number_integer()) refuse(key, accepted, *v);
  if (v->is_number_unsigned()) {
    const std::uint64_t u = v->get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi) || static_cast<std::int64_t>(u) < lo) {
      refuse(key, accepted, *v);
    }
  } else {
    const std::int64_t i = v->get<std::int64_t>();
    if (i < lo || i > hi) refuse(key, accepted, *v);
  }
  *out = static_cast<int>(v->get<std::int64_t>());
}

void read_bool(const json& j, const char* key, bool* out) {
  const json* v = find(j, key);
  if (!v) return;
  if (!v->is_boolean()) refuse(key, "true or false", *v);
  *out = v->get<bool>();
}

// A name key: a JSON string, one of `names` (each of which `parse` takes).
template <typename E, typename Names>
void read_name(const json& j, const char* key, bool (*parse)(std::string_view, E*),
               const Names& names, E* out) {
  const json* v = find(j, key);
  if (!v) return;
  std::string accepted = "one of ";
  for (std::size_t k = 0; k < std::size(names); ++k) {
    accepted += (k ? ", " : "") + std::string(names[k]);
  }
  if (!v->is_string() || !parse(v->get_ref<const std::string&>(), out)) {
    refuse(key, accepted, *v);
  }
}

json centres_json(const CentreSet& centres) {
  json out = json::array();
  for (const Centre& c : centres.list()) {
    out.push_back({{"lat", c.lat_deg}, {"lon", c.lon_deg}, {"name", c.name}});
  }
  return out;
}

// "centres": each entry an object with numbers lat and lon and an optional string name, checked
// as a centres file's rows are; at most kMaxInlineCentres.
CentreSet read_centres(const json& j) {
  const json* v = find(j, "centres");
  if (!v) return {};
  const std::string accepted = "an array of at most " + std::to_string(kMaxInlineCentres) +
                               " centres {\"lat\": ..., \"lon\": ..., \"name\": ...}";
  if (!v->is_array() || v->size() > kMaxInlineCentres) {
    if (v->is_array()) {
      throw UsageError("'centres' must be " + accepted + " (got " + std::to_string(v->size()) +
                       " centres)");
    }
    refuse("centres", accepted, *v);
  }
  std::vector<Centre> list;
  for (std::size_t k = 0; k < v->size(); ++k) {
    const json& e = (*v)[k];
    const std::string where = "'centres' entry " + std::to_string(k + 1) + ": ";
    if (!e.is_object()) throw UsageError(where + "must be an object (got " + got(e) + ")");
    Centre c;
    const json* lat = find(e, "lat");
    const json* lon = find(e, "lon");
    const json* name = find(e, "name");
    if (!lat || !lat->is_number() || !std::isfinite(lat->get<double>()) || !lon ||
        !lon->is_number() || !std::isfinite(lon->get<double>())) {
      throw UsageError(where + "'lat' and 'lon' must be numbers");
    }
    if (name && !name->is_string()) {
      throw UsageError(where + "'name' must be a string (got " + got(*name) + ")");
    }
    c.lat_deg = lat->get<double>();
    c.lon_deg = lon->get<double>();
    if (name) c.name = name->get<std::string>();
    if (const std::string problem = centre_problem(c); !problem.empty()) {
      throw UsageError(where + problem);
    }
    list.push_back(std::move(c));
  }
  return CentreSet(std::move(list));
}

// "centres_file": the reference's shape (what reading it needs); the file is not read here.
std::optional<CentresFileRef> read_centres_ref(const json& j) {
  const json* v = find(j, "centres_file");
  if (!v) return std::nullopt;
  const std::string accepted = "an object {\"path\": an absolute path, \"count\": more than " +
                               std::to_string(kMaxInlineCentres) + " and at most " +
                               std::to_string(kMaxViewCentres) + ", \"bytes\": , \"mtime_ns\": }";
  if (!v->is_object()) refuse("centres_file", accepted, *v);
  const json* path = find(*v, "path");
  const json* count = find(*v, "count");
  const json* bytes = find(*v, "bytes");
  const json* mtime = find(*v, "mtime_ns");
  const bool ok =
      path && path->is_string() && !path->get_ref<const std::string&>().empty() &&
      path->get_ref<const std::string&>().front() == '/' &&
      path->get_ref<const std::string&>().size() <= 4096 && count && count->is_number_integer() &&
      count->get<std::int64_t>() > 0 && count->get<std::uint64_t>() > kMaxInlineCentres &&
      count->get<std::uint64_t>() <= kMaxViewCentres && bytes && bytes->is_number_integer() &&
      bytes->get<std::int64_t>() >= 0 && mtime && mtime->is_number_integer() &&
      !(mtime->is_number_unsigned() && mtime->get<std::uint64_t>() > std::uint64_t(INT64_MAX));
  if (!ok) refuse("centres_file", accepted, *v);
  CentresFileRef ref;
  ref.path = path->get<std::string>();
  ref.count = static_cast<std::size_t>(count->get<std::uint64_t>());
  ref.bytes = bytes->get<std::uint64_t>();
  ref.mtime_ns = mtime->get<std::int64_t>();
  return ref;
}

template <typename E, std::size_t N>
std::array<std::string_view, N> names_of(const E (&values)[N]) {
  std::array<std::string_view, N> out;
  for (std::size_t k = 0; k < N; ++k) out[k] = to_string(values[k]);
  return out;
}

}  // namespace

ViewState first_view() {
  ViewState s;
  FieldParams& p = s.params;
  // A place a person knows at a glance, with coasts: London, the British Isles, the Channel and
  // the North Sea's shores about it, rings every 100 km out to its edges.
  p.ref_lat_deg = 51.5074, p.ref_lon_deg = -0.1278;
  p.lat_min_deg = 45, p.lat_max_deg = 58;
  p.lon_min_deg = -9, p.lon_max_deg = 8.5;
  s.contours = true;
  s.contour_interval = 100;  // what follow_ring_interval gives this view, before its first frame
  return s;
}

std::string_view to_string(Theme t) { return t == Theme::light ? "light" : "dark"; }

bool parse_theme(std::string_view s, Theme* out) {
  for (Theme t : {Theme::dark, Theme::light}) {
    if (s == to_string(t)) {
      *out = t;
      return true;
    }
  }
  return false;
}

void follow_shown_range(ViewState* s, double shown_min, double shown_max) {
  if (!s->auto_range || !usable_range(shown_min, shown_max)) return;
  s->range_min = shown_min;
  s->range_max = shown_max;
}

double converted_interval(double interval, Units from, Units to) {
  const double v = interval * units_per_km(to) / units_per_km(from);
  if (!(v > 0) || !std::isfinite(v) || from == to) return from == to ? interval : v;
  const double unit = std::pow(10.0, std::floor(std::log10(v)) - 2);  // the third digit's
  const double rounded = std::round(v / unit) * unit;
  // A value at the floats' ends keeps its exact conversion: rounding must not refuse it.
  return check_contour_interval(rounded, to) ? v : rounded;
}

void follow_ring_interval(ViewState* s, double shown_min, double shown_max) {
  const Units units = s->params.units;
  if (s->contour_units && *s->contour_units != units && s->contour_interval_typed) {
    s->contour_interval = converted_interval(s->contour_interval, *s->contour_units, units);
  }
  s->contour_units = units;
  if (s->contour_interval_typed || !usable_range(shown_min, shown_max)) return;
  const double suited = ring_interval(shown_min, shown_max);
  if (!check_contour_interval(suited, units)) s->contour_interval = suited;
}

bool lock_range(ViewState* s, double min, double max) {
  if (!usable_range(min, max)) return false;
  s->auto_range = false;
  s->range_min = min;
  s->range_max = max;
  return true;
}

json to_json(const ViewState& s) {
  const FieldParams& p = s.params;
  json j{
      {"version", 1},
      {"lat_min_deg", p.lat_min_deg},
      {"lat_max_deg", p.lat_max_deg},
      {"lon_min_deg", p.lon_min_deg},
      {"lon_max_deg", p.lon_max_deg},
      {"nx", p.nx},
      {"ny", p.ny},
      {"ref_lat_deg", p.ref_lat_deg},
      {"ref_lon_deg", p.ref_lon_deg},
      {"formula", std::string(to_string(p.formula))},
      {"units", std::string(to_string(p.units))},
      {"radius_km", p.radius_km},
      {"ellipsoid_a_km", p.ellipsoid_a_km},
      {"ellipsoid_inv_f", p.ellipsoid_inv_f},
      {"precision", std::string(to_string(p.precision))},
      {"projection", std::string(to_string(p.projection))},
      {"extent", p.extent},
      {"registration", std::string(to_string(p.registration))},
      {"backend", std::string(backend_name(s.backend))},
      {"colormap", std::string(to_string(s.colormap))},
      {"reverse", s.reverse},
      {"auto_range", s.auto_range},
      {"contours", s.contours},
      {"contour_interval",
       converted_interval(s.contour_interval, s.contour_units.value_or(p.units), p.units)},
      {"contour_interval_typed", s.contour_interval_typed},
      {"graticule", s.graticule},
      {"marker", s.marker},
      {"follow_window", s.follow_window},
      {"fill_window", s.fill_window},
      {"panel_width", s.panel_width},
      {"coastlines", s.coastlines},
      {"borders", s.borders},
      {"line_color", rgb_hex(s.line_rgb)},
      {"theme", std::string(to_string(s.theme))},
      {"colour_by_centre", s.colour_by_centre},
      {"signed_inside", s.signed_inside},
  };
  if (!s.sites.empty()) j["sites"] = sites_json(s.sites.source());
  if (!s.measurements.empty()) j["measurements"] = measurements_json(s.measurements);
  if (!s.centres.empty() && s.centres.size() <= kMaxInlineCentres) {
    j["centres"] = centres_json(s.centres);
  } else if (const CentresFileRef* f = s.centres.file(); f && centres_kept(s.centres)) {
    j["centres_file"] = {
        {"path", f->path}, {"count", f->count}, {"bytes", f->bytes}, {"mtime_ns", f->mtime_ns}};
  }
  if (!s.auto_range || usable_range(s.range_min, s.range_max)) {
    j["range_min"] = s.range_min;
    j["range_max"] = s.range_max;
  }
  return j;
}

bool centres_kept(const CentreSet& c) {
  if (c.size() <= kMaxInlineCentres) return true;
  const CentresFileRef* f = c.file();
  return f && f->count == c.size() && !f->path.empty() && f->path.front() == '/';
}

ViewState state_from_json(const json& j, std::string* centres_note) {
  if (!j.is_object()) throw UsageError("a saved view is a JSON object ({...}), not " + got(j));
  ViewState s;
  FieldParams& p = s.params;
  if (const json* v = find(j, "version"); v && !(v->is_number_integer() && *v == 1)) {
    refuse("version", "1, the format this program reads", *v);
  }
  // Names and the radius first: the ranges of the numbers after them depend on them.
  read_name(j, "formula", parse_formula,
            names_of({Formula::haversine, Formula::seed, Formula::wgs84}), &p.formula);
  read_name(j, "units", parse_units, names_of({Units::km, Units::nm, Units::mi, Units::m}),
            &p.units);
  read_name(j, "precision", parse_precision, names_of({Precision::f32, Precision::f64}),
            &p.precision);
  read_name(
      j, "projection", parse_projection,
      names_of({Projection::latlon, Projection::aeqd, Projection::ortho, Projection::eqearth}),
      &p.projection);
  // Views saved before it was kept: node, the one registration then.
  read_name(j, "registration", parse_registration,
            names_of({Registration::node, Registration::pixel}), &p.registration);
  read_field_number(j, "radius_km", ParamField::radius, p, &p.radius_km);
  read_field_number(j, "ellipsoid_a_km", ParamField::ellipsoid_a, p, &p.ellipsoid_a_km);
  read_field_number(j, "ellipsoid_inv_f", ParamField::ellipsoid_inv_f, p, &p.ellipsoid_inv_f);
  read_field_number(j, "lat_min_deg", ParamField::lat_min, p, &p.lat_min_deg);
  read_field_number(j, "lat_max_deg", ParamField::lat_max, p, &p.lat_max_deg);
  read_field_number(j, "lon_min_deg", ParamField::lon_min, p, &p.lon_min_deg);
  read_field_number(j, "lon_max_deg", ParamField::lon_max, p, &p.lon_max_deg);
  read_whole(j, "nx", kMinGridSide, kMaxGridSide, &p.nx);
  read_whole(j, "ny", kMinGridSide, kMaxGridSide, &p.ny);
  read_field_number(j, "ref_lat_deg", ParamField::ref_lat, p, &p.ref_lat_deg);
  read_field_number(j, "ref_lon_deg", ParamField::ref_lon, p, &p.ref_lon_deg);
  read_field_number(j, "extent", ParamField::extent, p, &p.extent);
  read_name(j, "backend", parse_backend_name,
            std::array<std::string_view, 4>{"auto", "cpu", "cuda", "gl"}, &s.backend);
  read_name(j, "colormap", parse_colormap,
            names_of({Colormap::viridis, Colormap::magma, Colormap::cividis, Colormap::turbo}),
            &s.colormap);
  read_bool(j, "reverse", &s.reverse);
  read_bool(j, "auto_range", &s.auto_range);
  read_number(j, "range_min", "", &s.range_min);
  read_number(j, "range_max", "", &s.range_max);
  read_bool(j, "contours", &s.contours);
  read_number(j, "contour_interval", "above 0", &s.contour_interval);
  // Views saved before it was kept: the interval follows the view (it was 50 km, or suited).
  read_bool(j, "contour_interval_typed", &s.contour_interval_typed);
  read_bool(j, "graticule", &s.graticule);
  read_bool(j, "marker", &s.marker);
  read_bool(j, "follow_window", &s.follow_window);
  read_bool(j, "fill_window", &s.fill_window);
  read_whole(j, "panel_width", kMinPanelWidth, kMaxPanelWidth, &s.panel_width);
  read_bool(j, "coastlines", &s.coastlines);
  read_bool(j, "borders", &s.borders);
  if (const json* v = find(j, "line_color");
      v && !(v->is_string() && parse_rgb_hex(v->get_ref<const std::string&>(), &s.line_rgb))) {
    refuse("line_color", "a colour as six hex digits RRGGBB ('ff0000' is red)", *v);
  }
  read_name(j, "theme", parse_theme, names_of({Theme::dark, Theme::light}), &s.theme);
  read_bool(j, "colour_by_centre", &s.colour_by_centre);
  read_bool(j, "signed_inside", &s.signed_inside);
  s.measurements = read_measurements(j);
  s.centres = read_centres(j);
  const std::optional<CentresFileRef> centres_ref = read_centres_ref(j);
  if (centres_ref && !s.centres.empty()) {
    throw UsageError("'centres' and 'centres_file': a view has one of them");
  }
  const std::optional<SitesSource> sites = read_sites_source(j);
  if (sites && (centres_ref || !s.centres.empty())) {
    throw UsageError("'sites' and 'centres': a view has one of them");
  }

  // The values together: the field by check() (its window wording, which gives the range),
  // the colour range when it is used, the contour interval.
  if (const std::optional<ParamProblem> pr = check(p)) {
    throw UsageError(std::string("'") + key_of(pr->field) + "': " + pr->ui);
  }
  if (const std::optional<LookProblem> pr = check_colour_range(s.range_min, s.range_max, p.units)) {
    if (!s.auto_range) throw UsageError("'range_min', 'range_max': " + pr->ui);
    // Automatic: the fixed range is not used, and the view's next frame sets it.
    s.range_min = ViewState{}.range_min;
    s.range_max = ViewState{}.range_max;
  }
  if (const std::optional<LookProblem> pr = check_contour_interval(s.contour_interval, p.units)) {
    throw UsageError("'contour_interval': " + pr->ui);
  }
  if (const std::optional<std::string> why = centres_view_problem(p, s.centres.size())) {
    throw UsageError("'centres': " + *why);
  }
  if (centres_ref) {
    if (const std::optional<std::string> why = centres_view_problem(p, centres_ref->count)) {
      throw UsageError("'centres_file': " + *why);
    }
    if (centres_note) {  // the file is read; one that is not what it was is a note, no error
      std::vector<Centre> list;
      if (std::optional<std::string> why = read_centres_file_ref(*centres_ref, &list)) {
        *centres_note = std::move(*why);
      } else {
        s.centres = CentreSet(std::move(list)).with_file(*centres_ref);
      }
    }
  }
  if (sites) {
    if (const std::optional<std::string> why = sites_view_problem(p)) {
      throw UsageError("'sites': " + *why);
    }
    if (centres_note) {  // read again; a file that is not what it was is a note, no error
      std::string why;
      if (std::optional<ViewSites> v = restore_sites(*sites, &why)) {
        s.sites = std::move(*v);
      } else {
        *centres_note = std::move(why);
      }
    }
  }
  if (!s.sites.has_polygons() && centres_note) s.signed_inside = false;
  return s;
}

std::string state_to_text(const ViewState& s) {
  // A string that is not UTF-8 (a name or a file's path that got past the readers' checks)
  // must never stop a view being saved: each bad byte is written as U+FFFD.
  return to_json(s).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

ViewState state_from_text(std::string_view text, std::string_view source,
                          std::string* centres_note) {
  try {
    if (text.size() > kMaxStateFileBytes) {
      throw UsageError("is " + std::to_string(text.size()) + " bytes; a view file is at most " +
                       std::to_string(kMaxStateFileBytes) + " bytes");
    }
    return state_from_json(parse_json_text(text), centres_note);
  } catch (const UsageError& e) {
    throw UsageError(std::string(source) + ": " + e.what());
  }
}

ViewState load_state(const std::filesystem::path& path, std::string* centres_note) {
  const std::string shown = shown_path(path);
  std::string text;
  try {
    text = read_regular_file(path, kMaxStateFileBytes);
  } catch (const UsageError& e) {
    throw UsageError(shown + ": " + e.what());
  }
  return state_from_text(text, shown, centres_note);
}

void save_state(const std::filesystem::path& path, const ViewState& s) {
  const std::string text = state_to_text(s);
  try {
    state_from_text(text, "the view");  // never a file that the next start cannot load
  } catch (const UsageError& e) {
    throw UsageError(std::string("not saved, it would not load back: ") + e.what());
  }
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  write_file_atomically(path, {std::span<const std::uint8_t>(bytes, text.size())});
}

std::filesystem::path session_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  std::filesystem::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".config";
  }
  return base / "geofield" / "session.json";
}

std::filesystem::path set_aside(const std::filesystem::path& path) {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  const std::string base = path.string() + ".unreadable-" + stamp;
  for (int k = 1; k < 100; ++k) {
    const std::string to = k == 1 ? base : base + "-" + std::to_string(k);
    // RENAME_NOREPLACE: nothing of the user's is ever replaced, even by a race.
    if (::renameat2(AT_FDCWD, path.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) {
      return to;
    }
    if (errno == EEXIST) continue;
    if (errno == EINVAL || errno == ENOSYS) {  // a file system without it: look, then rename
      std::error_code ec;
      if (std::filesystem::symlink_status(to, ec).type() != std::filesystem::file_type::not_found) {
        continue;
      }
      if (std::rename(path.c_str(), to.c_str()) == 0) return to;
    }
    throw RuntimeFailure("cannot rename " + shown_path(path) + " to " + shown_path(to) + ": " +
                         std::generic_category().message(errno));
  }
  throw RuntimeFailure("cannot rename " + shown_path(path) + ": 99 names taken");
}

}  // namespace geofield
