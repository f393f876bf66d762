#include "view/view_state.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "errors.h"
#include "export/atomic_file.h"

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

template <typename T>
void read(const json& j, const char* key, T* out) {
  if (!j.contains(key)) return;
  try {
    j.at(key).get_to(*out);
  } catch (const json::exception&) {
    throw UsageError(std::string("state: '") + key + "' has the wrong type");
  }
}

template <typename E>
void read_enum(const json& j, const char* key, bool (*parse)(std::string_view, E*), E* out) {
  std::string s;
  read(j, key, &s);
  if (!j.contains(key)) return;
  if (!parse(s, out))
    throw UsageError(std::string("state: '") + key + "' = '" + s + "' is unknown");
}

bool usable_range(double lo, double hi) {
  return std::isfinite(lo) && std::isfinite(hi) && lo < hi;
}

}  // namespace

ViewState first_view() {
  ViewState s;
  FieldParams& p = s.params;
  // 4 x 4 degrees about the default reference (30N 101E): rings every 50 km reach its edges.
  p.lat_min_deg = 28, p.lat_max_deg = 32;
  p.lon_min_deg = 99, p.lon_max_deg = 103;
  s.contours = true;
  s.contour_interval = 50;
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

bool lock_range(ViewState* s, double min, double max) {
  if (!usable_range(min, max)) return false;
  s->auto_range = false;
  s->range_min = min;
  s->range_max = max;
  return true;
}

json to_json(const ViewState& s) {
  const FieldParams& p = s.params;
  return json{
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
      {"backend", std::string(backend_name(s.backend))},
      {"colormap", std::string(to_string(s.colormap))},
      {"reverse", s.reverse},
      {"auto_range", s.auto_range},
      {"range_min", s.range_min},
      {"range_max", s.range_max},
      {"contours", s.contours},
      {"contour_interval", s.contour_interval},
      {"graticule", s.graticule},
      {"marker", s.marker},
      {"follow_window", s.follow_window},
      {"coastlines", s.coastlines},
      {"borders", s.borders},
      {"line_color", rgb_hex(s.line_rgb)},
      {"theme", std::string(to_string(s.theme))},
  };
}

ViewState state_from_json(const json& j) {
  if (!j.is_object()) throw UsageError("state: not a JSON object");
  ViewState s;
  FieldParams& p = s.params;
  read(j, "lat_min_deg", &p.lat_min_deg);
  read(j, "lat_max_deg", &p.lat_max_deg);
  read(j, "lon_min_deg", &p.lon_min_deg);
  read(j, "lon_max_deg", &p.lon_max_deg);
  read(j, "nx", &p.nx);
  read(j, "ny", &p.ny);
  read(j, "ref_lat_deg", &p.ref_lat_deg);
  read(j, "ref_lon_deg", &p.ref_lon_deg);
  read_enum(j, "formula", parse_formula, &p.formula);
  read_enum(j, "units", parse_units, &p.units);
  read(j, "radius_km", &p.radius_km);
  read(j, "ellipsoid_a_km", &p.ellipsoid_a_km);
  read(j, "ellipsoid_inv_f", &p.ellipsoid_inv_f);
  read_enum(j, "precision", parse_precision, &p.precision);
  read_enum(j, "projection", parse_projection, &p.projection);
  read(j, "extent", &p.extent);
  read_enum(j, "backend", parse_backend_name, &s.backend);
  read_enum(j, "colormap", parse_colormap, &s.colormap);
  read(j, "reverse", &s.reverse);
  read(j, "auto_range", &s.auto_range);
  read(j, "range_min", &s.range_min);
  read(j, "range_max", &s.range_max);
  read(j, "contours", &s.contours);
  read(j, "contour_interval", &s.contour_interval);
  read(j, "graticule", &s.graticule);
  read(j, "marker", &s.marker);
  read(j, "follow_window", &s.follow_window);
  read(j, "coastlines", &s.coastlines);
  read(j, "borders", &s.borders);
  read_enum(j, "line_color", parse_rgb_hex, &s.line_rgb);
  read_enum(j, "theme", parse_theme, &s.theme);
  validate(p);
  if (!(s.range_min < s.range_max)) throw UsageError("state: range_min must be below range_max");
  if (!(s.contour_interval > 0)) throw UsageError("state: contour_interval must be positive");
  return s;
}

ViewState load_state(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read " + path.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const json::parse_error& e) {
    throw UsageError(path.string() + " is not valid JSON: " + e.what());
  }
  try {
    return state_from_json(j);
  } catch (const UsageError& e) {
    throw UsageError(path.string() + ": " + e.what());
  }
}

void save_state(const std::filesystem::path& path, const ViewState& s) {
  const std::string text = to_json(s).dump(2) + "\n";
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

}  // namespace geofield
