#include "cli/view_options.h"

#include <cctype>
#include <set>

#include "cli/value_parsers.h"
#include "errors.h"
#include "gl/line_color.h"
#include "view/look_checks.h"

namespace geofield {

namespace {
const std::set<std::string> kValueOptions = {
    "--lat",      "--lon",     "--size",         "--ref",     "--radius",
    "--range",    "--formula", "--units",        "--backend", "--precision",
    "--colormap", "--png",     "--npy",          "--geotiff", "--projection",
    "--extent",   "--figure",  "--figure-width", "--title",   "--contours"};

// --NAME turns the overlay on, --no-NAME off; neither: empty.
std::optional<bool> on_off(bool on, bool off, const char* name) {
  if (on && off) {
    throw UsageError(std::string("--") + name + " and --no-" + name + ": give one of the two");
  }
  if (on) return true;
  if (off) return false;
  return std::nullopt;
}
}  // namespace

void add_view_options(CLI::App& app, ViewOptionText* t) {
  app.add_option("--lat", t->lat, "latitude bounds in degrees, -90 <= MIN < MAX <= 90 [29:31]")
      ->type_name("MIN:MAX");
  app.add_option("--lon", t->lon,
                 "longitude bounds in degrees within [-360, 360]; MIN > MAX crosses the "
                 "antimeridian (170:-170), -180:180 is the whole circle [99:101]")
      ->type_name("MIN:MAX");
  app.add_option("--size", t->size, "grid nodes per row x per column, each >= 2 [1000x1000]")
      ->type_name("NXxNY");
  app.add_option("--ref", t->ref, "reference point in degrees [30,101]")->type_name("LAT,LON");
  app.add_option("--formula", t->formula,
                 "haversine: great-circle distance; seed: the original numba answer's "
                 "expression, reproduced for comparison (not a distance) [haversine]")
      ->type_name("haversine|seed");
  app.add_option("--units", t->units, "output unit: kilometres, nautical miles, miles, metres [km]")
      ->type_name("km|nm|mi|m");
  app.add_option("--radius", t->radius, "sphere radius in km, in (0, 1e9] [6371.0088]")
      ->type_name("KM");
  app.add_option("--precision", t->precision,
                 "float: computed and stored in float32; double: computed in float64 [float]")
      ->type_name("float|double");
  app.add_option("--backend", t->backend,
                 "auto: CUDA when a CUDA device runs the GL context, else the CPU; gl: compute "
                 "shaders in the GL context (no second context to switch to) [auto]")
      ->type_name("auto|cpu|cuda|gl");
  app.add_option("--projection", t->projection,
                 "latlon: the lat/lon grid of --lat/--lon; aeqd: azimuthal equidistant about "
                 "--ref (the distance from the map's centre is the distance on the ground); "
                 "ortho: the globe seen from afar about the centre of --lat/--lon [latlon]")
      ->type_name("latlon|aeqd|ortho");
  app.add_option("--extent", t->extent,
                 "half-width of an aeqd or ortho map in the output unit, square nodes, "
                 "aeqd (0, pi R], ortho (0, R] [aeqd: pi R / 2, a quarter of a great circle; "
                 "ortho: R, the whole disc]")
      ->type_name("D");
  app.add_option("--colormap", t->colormap, "viridis, magma, cividis or turbo [viridis]")
      ->type_name("NAME");
  app.add_flag("--reverse", t->reverse, "reverse the colormap");
  app.add_option("--range", t->range,
                 "fixed colour range in the output unit [automatic: the field's min:max]")
      ->type_name("MIN:MAX");
  app.add_flag("--numba-case", t->numba_case,
               "the original numba answer's exact case: lat 29:31, lon 99:101, 1000x1000, ref "
               "30,101, --formula seed, --precision double (options typed with it override "
               "its values)");
  app.add_option("--contours", t->contours, "range rings every INTERVAL of the output unit")
      ->type_name("INTERVAL");
  app.add_flag("--graticule", t->graticule, "draw latitude/longitude lines");
  app.add_flag("--no-graticule", t->no_graticule, "no latitude/longitude lines");
  app.add_flag("--marker", t->marker, "draw a ring at the reference point");
  app.add_flag("--no-marker", t->no_marker, "no ring at the reference point");
  app.add_flag("--coastlines", t->coastlines, "draw coastlines (Natural Earth, built in)");
  app.add_flag("--no-coastlines", t->no_coastlines, "no coastlines");
  app.add_flag("--borders", t->borders, "draw country borders (Natural Earth, built in)");
  app.add_flag("--no-borders", t->no_borders, "no country borders");
  app.add_option(
         "--line-color", t->line_color,
         "colour of coastlines and borders as hex RRGGBB [" + rgb_hex(kDefaultLineRgb) + "]")
      ->type_name("RRGGBB");
}

ViewOptions resolve(const ViewOptionText& t) {
  ViewOptions v;
  FieldParams& p = v.params;
  if (t.numba_case) p = numba_case();  // the options typed beside it override its values
  if (!t.lat.empty()) std::tie(p.lat_min_deg, p.lat_max_deg) = parse_range(t.lat, "--lat");
  if (!t.lon.empty()) std::tie(p.lon_min_deg, p.lon_max_deg) = parse_range(t.lon, "--lon");
  if (!t.size.empty()) std::tie(p.nx, p.ny) = parse_size(t.size, "--size");
  if (!t.ref.empty()) std::tie(p.ref_lat_deg, p.ref_lon_deg) = parse_point(t.ref, "--ref");
  if (!t.radius.empty()) p.radius_km = parse_number(t.radius, "--radius");
  if (!t.formula.empty() && !parse_formula(t.formula, &p.formula)) {
    throw UsageError("--formula: '" + t.formula + "' is not one of haversine, seed");
  }
  if (!t.units.empty() && !parse_units(t.units, &p.units)) {
    throw UsageError("--units: '" + t.units + "' is not one of km, nm, mi, m");
  }
  if (!t.precision.empty() && !parse_precision(t.precision, &p.precision)) {
    throw UsageError("--precision: '" + t.precision + "' is not one of float, double");
  }
  if (!t.backend.empty() && !parse_backend(t.backend, &v.backend)) {
    throw UsageError("--backend: '" + t.backend + "' is not one of auto, cpu, cuda, gl");
  }
  if (!t.colormap.empty() && !parse_colormap(t.colormap, &v.colormap)) {
    throw UsageError("--colormap: '" + t.colormap +
                     "' is not one of viridis, magma, cividis, turbo");
  }
  if (!t.projection.empty() && !parse_projection(t.projection, &p.projection)) {
    throw UsageError("--projection: '" + t.projection + "' is not one of latlon, aeqd, ortho");
  }
  if (!t.extent.empty()) {
    if (p.projection == Projection::latlon) {
      throw UsageError("--extent: applies to --projection aeqd or ortho (this view is latlon)");
    }
    p.extent = parse_number(t.extent, "--extent");
  } else if (p.projection != Projection::latlon) {
    p.extent = default_extent(p);
  }
  v.reverse = t.reverse;
  if (!t.range.empty()) {
    v.fixed_range = parse_range(t.range, "--range");
    if (auto pr = check_colour_range(v.fixed_range->first, v.fixed_range->second, p.units)) {
      throw UsageError(pr->cli);
    }
  }
  OverlayOptions& o = v.overlays;
  if (!t.contours.empty()) {
    o.contour_interval = parse_number(t.contours, "--contours");
    if (auto pr = check_contour_interval(*o.contour_interval, p.units)) throw UsageError(pr->cli);
  }
  o.graticule = on_off(t.graticule, t.no_graticule, "graticule");
  o.marker = on_off(t.marker, t.no_marker, "marker");
  o.coastlines = on_off(t.coastlines, t.no_coastlines, "coastlines");
  o.borders = on_off(t.borders, t.no_borders, "borders");
  if (!t.line_color.empty()) {
    std::uint32_t rgb = 0;
    if (!parse_rgb_hex(t.line_color, &rgb)) {
      throw UsageError("--line-color: '" + t.line_color +
                       "' is not a colour as six hex digits RRGGBB (ff0000 is red)");
    }
    o.line_rgb = rgb;
  }
  validate(p);
  return v;
}

std::vector<std::string> join_negative_values(int argc, char** argv) {
  std::vector<std::string> out;
  for (int k = 0; k < argc; ++k) {
    std::string a = argv[k];
    if (k + 1 < argc && kValueOptions.count(a) != 0) {
      const std::string next = argv[k + 1];
      if (next.size() > 1 && next[0] == '-' &&
          (std::isdigit(static_cast<unsigned char>(next[1])) || next[1] == '.')) {
        out.push_back(a + "=" + next);
        ++k;
        continue;
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace geofield
