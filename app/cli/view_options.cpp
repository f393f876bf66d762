#include "cli/view_options.h"

#include <string_view>
#include <utility>

#include "cli/ref_point.h"
#include "cli/value_parsers.h"
#include "errors.h"
#include "gl/line_color.h"
#include "view/look_checks.h"

namespace geofield {

namespace {

// --NAME turns the overlay on, --no-NAME off; neither: empty.
std::optional<bool> on_off(bool on, bool off, const char* name) {
  if (on && off) {
    throw UsageError(std::string("--") + name + " and --no-" + name + ": give one of the two");
  }
  if (on) return true;
  if (off) return false;
  return std::nullopt;
}

// The text of a typed option, refused when empty: "" is never "not given".
const std::string* typed(const std::optional<std::string>& text, const char* option,
                         const char* form) {
  if (!text) return nullptr;
  if (text->empty()) throw empty_value_error(option, form);
  return &*text;
}

// "km|nm|mi|m" as "km, nm, mi, m".
std::string listed(std::string_view form) {
  std::string words(form);
  for (size_t at; (at = words.find('|')) != std::string::npos;) words.replace(at, 1, ", ");
  return words;
}

// One of a few words, or a message quoting what was typed and naming them all.
template <typename T, typename Parse>
void choose(const std::optional<std::string>& text, const char* option, const char* form,
            Parse parse, T* out) {
  const std::string* s = typed(text, option, form);
  if (s && !parse(*s, out)) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(*s) + " is not one of " +
                     listed(form));
  }
}

// What was typed for the option a problem of check() belongs to (nullopt: not typed).
const std::optional<std::string>& typed_for(ParamField f, const ViewOptionText& t) {
  switch (f) {
    case ParamField::lat_min:
    case ParamField::lat_max: return t.lat;
    case ParamField::lon_min:
    case ParamField::lon_max: return t.lon;
    case ParamField::nx:
    case ParamField::ny: return t.step ? t.step : t.size;
    case ParamField::ref_lat:
    case ParamField::ref_lon: return t.ref;
    case ParamField::radius: return t.radius;
    case ParamField::extent: return t.extent;
    case ParamField::ellipsoid_a:
    case ParamField::ellipsoid_inv_f: return t.ellipsoid;
  }
  return t.extent;  // not reached: every field is named above
}

// --step DEG or DLONxDLAT over p's bounds (whose problems check() reports first): the sides
// (--size's NX, NY) it gives.
std::pair<int, int> sides_for_step(const std::string& text, const FieldParams& p, int max_side) {
  std::string lon_text = text, lat_text = text;
  if (const size_t x = text.find_first_of("xX"); x != std::string::npos) {
    lon_text = text.substr(0, x);
    lat_text = text.substr(x + 1);
  }
  const double dlon = parse_number(lon_text, "--step"), dlat = parse_number(lat_text, "--step");
  // Bounds check() would refuse give no span to divide: its message names them first.
  if (auto pr = check(p, std::nullopt, max_side);
      pr && pr->field != ParamField::nx && pr->field != ParamField::ny) {
    throw UsageError(pr->cli);
  }
  const StepSide x = side_for_step(lon_span_deg(p.lon_min_deg, p.lon_max_deg), dlon, p.registration,
                                   max_side, "longitude");
  if (!x.problem.empty()) throw UsageError(x.problem + " (typed " + quoted_excerpt(text) + ")");
  const StepSide y =
      side_for_step(p.lat_max_deg - p.lat_min_deg, dlat, p.registration, max_side, "latitude");
  if (!y.problem.empty()) throw UsageError(y.problem + " (typed " + quoted_excerpt(text) + ")");
  return {x.side, y.side};
}

}  // namespace

UsageError empty_value_error(std::string_view option, std::string_view form) {
  // An example for each form of value; the words of a choice are their own examples.
  static const std::pair<std::string_view, std::string_view> kExamples[] = {
      {"MIN:MAX", "-10:10"},
      {"NXxNY", "1000x1000"},
      {"LAT,LON", "30,101"},
      {"KM", "6371.0088"},
      {"D", "5000"},
      {"INTERVAL", "100"},
      {"RRGGBB", "ff0000"},
      {"NAME", "viridis"},
      {"WxH", "1280x800"},
      {"N", "3"},
      {"PX", "1600"},
      {"A_KM,INV_F", "6378.137,298.257223563"},
      {"DEG", "0.25 or 0.5x0.25"}};
  std::string message = std::string(option) + ": empty value; give ";
  if (form.find('|') != std::string_view::npos)
    return UsageError(message + "one of " + listed(form));
  if (form == "FILE") return UsageError(message + "a file name");
  message += form;
  for (const auto& [f, example] : kExamples) {
    if (f == form) message += ", e.g. " + std::string(example);
  }
  return UsageError(message);
}

CLI::Option* add_text_option(CLI::App& app, const std::string& name,
                             std::optional<std::string>* text, const std::string& description,
                             const std::string& form) {
  return app
      .add_option_function<std::string>(
          name, [text](const std::string& value) { *text = value; }, description)
      ->type_name(form);
}

void add_view_options(CLI::App& app, ViewOptionText* t) {
  add_text_option(app, "--lat", &t->lat,
                  "latitude bounds in degrees, -90 <= MIN < MAX <= 90 [29:31]", "MIN:MAX");
  add_text_option(app, "--lon", &t->lon,
                  "longitude bounds in degrees within [-360, 360], at most 360 apart; MIN > MAX "
                  "crosses the antimeridian (170:-170), -180:180 or 0:360 is the whole circle "
                  "[99:101]",
                  "MIN:MAX");
  add_text_option(app, "--size", &t->size,
                  "grid nodes per row x per column (N alone: N x N), each from 2 to " +
                      std::to_string(kMaxGridSide) + " (" + std::to_string(kMaxTiledGridSide) +
                      " with render --tile), within memory and GL_MAX_TEXTURE_SIZE where a "
                      "texture holds it [1000x1000]",
                  "NXxNY");
  add_text_option(app, "--step", &t->step,
                  "instead of --size: the grid's spacing in degrees, DEG or DLONxDLAT (as --size, "
                  "x first): the node spacing, or with --registration pixel the cell size; it must "
                  "divide the --lat/--lon spans to within 1e-9 of a cell (the nearest sizes are "
                  "named when not); latlon only",
                  "DEG");
  add_text_option(app, "--registration", &t->registration,
                  "node: the values at nodes on the bounds (--lat/--lon, or the projected "
                  "--extent), NX nodes span/(NX - 1) apart; pixel: the bounds are the edges of "
                  "NX x NY cells of span/NX and the values at their centres, as GIS rasters and "
                  "GMT -r are (-180:180 by --step 0.25 is 1440 cells, origin exactly -180, 90) "
                  "[node]",
                  "node|pixel");
  add_text_option(app, "--ref", &t->ref,
                  "reference point: LAT,LON in degrees, a place by name (Rome; Paris, France; "
                  "Springfield, Illinois: GeoNames' places of 5000 people or more, built in; an "
                  "ambiguous name lists its candidates) or a Maidenhead locator (JN61fv: its "
                  "square's centre); the one site measured to, the centre of an aeqd map and the "
                  "central meridian of an eqearth map; with --centres (the sites) only the "
                  "latter two [30,101]",
                  "LAT,LON|PLACE|LOCATOR");
  add_text_option(app, "--formula", &t->formula,
                  "haversine: great-circle distance on a sphere (--radius); seed: the original "
                  "numba answer's expression, reproduced for comparison (not a distance); wgs84: "
                  "geodesic distance on an ellipsoid (--ellipsoid, WGS84 by default), computed in "
                  "double [haversine]",
                  "haversine|seed|wgs84");
  add_text_option(app, "--units", &t->units,
                  "output unit: kilometres, nautical miles, miles, metres [km]", "km|nm|mi|m");
  add_text_option(
      app, "--radius", &t->radius,
      "sphere radius in km, in [0.001, 1e9], of --formula haversine and seed [6371.0088]", "KM");
  add_text_option(app, "--ellipsoid", &t->ellipsoid,
                  "the ellipsoid of --formula wgs84: equatorial radius in km and inverse "
                  "flattening, 1/f >= 50 or 0 for a sphere; its mean radius (2a + b)/3 is the "
                  "sphere of the projections [6378.137,298.257223563, WGS84]",
                  "A_KM,INV_F");
  add_text_option(app, "--precision", &t->precision,
                  "float: computed and stored in float32; double: computed in float64 [float]",
                  "float|double");
  add_text_option(app, "--backend", &t->backend,
                  "auto: CUDA when a CUDA device runs the GL context, else the CPU; gl: compute "
                  "shaders in the GL context (no second context to switch to) [auto]",
                  "auto|cpu|cuda|gl");
  add_text_option(app, "--projection", &t->projection,
                  "latlon: the lat/lon grid of --lat/--lon; aeqd: azimuthal equidistant about "
                  "--ref (the distance from the map's centre is the distance on the ground); "
                  "ortho: the globe seen from afar about the centre of --lat/--lon; eqearth: Equal "
                  "Earth, an equal-area world map whose central meridian is --ref's longitude "
                  "(--size N or none: N x N * 0.4867, the world's outline) [latlon]",
                  "latlon|aeqd|ortho|eqearth");
  add_text_option(app, "--extent", &t->extent,
                  "half-width of a projected map in the output unit, square nodes, "
                  "aeqd (0, pi R], ortho (0, R], eqearth (0, 2.7066 R] about the equator on the "
                  "central meridian [aeqd: pi R / 2, a quarter of a great circle; ortho: R, the "
                  "whole disc; eqearth: 2.7066 R, the whole world]",
                  "D");
  add_text_option(app, "--colormap", &t->colormap, "viridis, magma, cividis or turbo [viridis]",
                  "NAME");
  app.add_flag("--reverse", t->reverse, "reverse the colormap");
  add_text_option(app, "--range", &t->range,
                  "fixed colour range in the output unit [automatic: the field's min:max]",
                  "MIN:MAX");
  app.add_flag("--numba-case", t->numba_case,
               "the original numba answer's exact case: lat 29:31, lon 99:101, 1000x1000, ref "
               "30,101, --formula seed, --precision double (options typed with it override "
               "its values)");
  add_text_option(app, "--contours", &t->contours,
                  "range rings every INTERVAL of the output unit [a figure: 1, 2, 2.5 or 5 x "
                  "10^k giving 5 to 10 rings over its range]",
                  "INTERVAL");
  app.add_flag("--no-contours", t->no_contours, "no range rings");
  app.add_flag("--graticule", t->graticule, "draw latitude/longitude lines");
  app.add_flag("--no-graticule", t->no_graticule, "no latitude/longitude lines");
  app.add_flag("--marker", t->marker, "draw a ring at the reference point");
  app.add_flag("--no-marker", t->no_marker, "no ring at the reference point");
  app.add_flag("--coastlines", t->coastlines, "draw coastlines (Natural Earth, built in)");
  app.add_flag("--no-coastlines", t->no_coastlines, "no coastlines");
  app.add_flag("--borders", t->borders, "draw country borders (Natural Earth, built in)");
  app.add_flag("--no-borders", t->no_borders, "no country borders");
  add_text_option(
      app, "--line-color", &t->line_color,
      "colour of coastlines and borders as hex RRGGBB [" + rgb_hex(kDefaultLineRgb) + "]",
      "RRGGBB");
}

void check_ref_beside_centres(const FieldParams& p) {
  if (p.projection == Projection::aeqd || p.projection == Projection::eqearth) return;
  throw UsageError(
      std::string("--ref and --centres: the centres are the field's sources and --ref sets "
                  "only the centre of an aeqd map or the central meridian of an eqearth map; ") +
      (p.projection == Projection::ortho ? "this ortho view's centre is the middle of --lat/--lon"
                                         : "this latlon view is placed by --lat/--lon"));
}

ViewOptions resolve(const ViewOptionText& t, int max_side) {
  ViewOptions v;
  FieldParams& p = v.params;
  if (t.numba_case) p = numba_case();  // the options typed beside it override its values
  if (const std::string* s = typed(t.lat, "--lat", "MIN:MAX")) {
    std::tie(p.lat_min_deg, p.lat_max_deg) = parse_range(*s, "--lat");
  }
  if (const std::string* s = typed(t.lon, "--lon", "MIN:MAX")) {
    std::tie(p.lon_min_deg, p.lon_max_deg) = parse_range(*s, "--lon");
  }
  if (t.size && t.step) {
    throw UsageError("--size and --step: give one of the two (the grid's nodes or its spacing)");
  }
  if (const std::string* s = typed(t.size, "--size", "NXxNY")) {
    std::tie(p.nx, p.ny) = parse_size(*s, "--size", 2, max_side);
  }
  choose(t.registration, "--registration", "node|pixel", parse_registration, &p.registration);
  if (const std::string* s = typed(t.ref, "--ref", "LAT,LON")) {
    const RefPoint ref = parse_ref(*s, "--ref");
    p.ref_lat_deg = ref.lat_deg;
    p.ref_lon_deg = ref.lon_deg;
    v.ref_label = ref.label;
  }
  const std::string* radius = typed(t.radius, "--radius", "KM");
  if (radius) p.radius_km = parse_number(*radius, "--radius");
  choose(t.formula, "--formula", "haversine|seed|wgs84", parse_formula, &p.formula);
  if (radius && p.formula == Formula::wgs84) {
    throw UsageError(
        "--radius: --formula wgs84 computes on an ellipsoid, not a sphere; give its size by "
        "--ellipsoid A_KM,INV_F [6378.137,298.257223563, WGS84]");
  }
  if (const std::string* s = typed(t.ellipsoid, "--ellipsoid", "A_KM,INV_F")) {
    if (p.formula != Formula::wgs84) {
      throw UsageError("--ellipsoid: applies to --formula wgs84 (this view's formula is " +
                       std::string(to_string(p.formula)) + ")");
    }
    std::tie(p.ellipsoid_a_km, p.ellipsoid_inv_f) = parse_ellipsoid(*s, "--ellipsoid");
  }
  choose(t.units, "--units", "km|nm|mi|m", parse_units, &p.units);
  choose(t.precision, "--precision", "float|double", parse_precision, &p.precision);
  choose(t.backend, "--backend", "auto|cpu|cuda|gl", parse_backend, &v.backend);
  choose(t.colormap, "--colormap", "viridis|magma|cividis|turbo", parse_colormap, &v.colormap);
  choose(t.projection, "--projection", "latlon|aeqd|ortho|eqearth", parse_projection,
         &p.projection);
  if (const std::string* s = typed(t.step, "--step", "DEG")) {
    if (p.projection != Projection::latlon) {
      throw UsageError(
          "--step: applies to --projection latlon (a projected map's spacing is "
          "--extent over --size)");
    }
    std::tie(p.nx, p.ny) = sides_for_step(*s, p, max_side);
  }
  // A world map's grid is its outline's box unless both sides were typed.
  if (p.projection == Projection::eqearth &&
      (!t.size || t.size->find_first_of("xX") == std::string::npos)) {
    p.ny = eqearth_world_ny(p.nx, p.registration);
  }
  if (const std::string* s = typed(t.extent, "--extent", "D")) {
    if (p.projection == Projection::latlon) {
      throw UsageError(
          "--extent: applies to --projection aeqd, ortho or eqearth (this view is latlon)");
    }
    p.extent = parse_number(*s, "--extent");
  } else if (p.projection != Projection::latlon) {
    p.extent = default_extent(p);
  }
  v.reverse = t.reverse;
  if (const std::string* s = typed(t.range, "--range", "MIN:MAX")) {
    v.fixed_range = parse_range(*s, "--range");
    if (auto pr = check_colour_range(v.fixed_range->first, v.fixed_range->second, p.units)) {
      throw UsageError(pr->cli);
    }
  }
  OverlayOptions& o = v.overlays;
  if (const std::string* s = typed(t.contours, "--contours", "INTERVAL")) {
    o.contour_interval = parse_number(*s, "--contours");
    if (auto pr = check_contour_interval(*o.contour_interval, p.units)) {
      throw UsageError(pr->cli + " (typed " + quoted_excerpt(*s) + ")");
    }
  }
  if (t.no_contours && o.contour_interval) {
    throw UsageError("--contours and --no-contours: give one of the two");
  }
  o.no_contours = t.no_contours;
  o.graticule = on_off(t.graticule, t.no_graticule, "graticule");
  o.marker = on_off(t.marker, t.no_marker, "marker");
  o.coastlines = on_off(t.coastlines, t.no_coastlines, "coastlines");
  o.borders = on_off(t.borders, t.no_borders, "borders");
  if (const std::string* s = typed(t.line_color, "--line-color", "RRGGBB")) {
    std::uint32_t rgb = 0;
    if (!parse_rgb_hex(*s, &rgb)) {
      throw UsageError("--line-color: " + quoted_excerpt(*s) +
                       " is not a colour as six hex digits RRGGBB (ff0000 is red)");
    }
    o.line_rgb = rgb;
  }
  if (const std::optional<ParamProblem> pr = check(p, std::nullopt, max_side)) {
    // check() words the problem with the numbers as read; the message also quotes the text
    // typed for that option, so what was typed is what the user reads back.
    const std::optional<std::string>& text = typed_for(pr->field, t);
    if (text) throw UsageError(pr->cli + " (typed " + quoted_excerpt(*text) + ")");
    throw UsageError(pr->cli);
  }
  return v;
}

}  // namespace geofield
