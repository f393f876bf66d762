#include "field_params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "errors.h"

namespace geofield {
namespace {

std::string num(double v) {
  std::ostringstream m;
  m.precision(10);
  m << v;
  return m.str();
}

// The command line's wording: the shortest text that reads back as v, so a message never shows
// a rounded number (90.0000001 is not "90").
std::string exact(double v) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : num(v);
}

// A value outside [lo, hi] (or not finite): the option's and the control's wording.
std::optional<ParamProblem> outside(double v, double lo, double hi, ParamField field,
                                    const char* option, const char* what, const char* control,
                                    const char* unit) {
  if (std::isfinite(v) && v >= lo && v <= hi) return std::nullopt;
  ParamProblem pr{field, "", ""};
  if (!std::isfinite(v)) {
    pr.cli = std::string(option) + ": must be a finite number";
  } else {
    pr.cli = std::string(option) + ": " + what + " " + exact(v) + " is outside [" + exact(lo) +
             ", " + exact(hi) + "]";
  }
  pr.ui = std::string(control) + " must be from " + num(lo) + " to " + num(hi) + " " + unit +
          " (got " + num(v) + ")";
  return pr;
}

// What bounds --extent of a projection, in words.
const char* extent_limit_words(Projection p) {
  switch (p) {
    case Projection::aeqd: return "half a great circle";
    case Projection::eqearth: return "the world's half-width, 2.7066 R";
    default: return "the sphere's radius";
  }
}

// The wgs84 formula's ellipsoid: a in [kMinRadiusKm, kMaxRadiusKm] km, 1/f zero (a sphere) or at
// least 1 / kGeodesicMaxFlattening (the series' limit; prolate ellipsoids are not handled).
std::optional<ParamProblem> check_ellipsoid(const FieldParams& p) {
  const double a = p.ellipsoid_a_km, inv_f = p.ellipsoid_inv_f;
  if (!std::isfinite(a) || a < kMinRadiusKm || a > kMaxRadiusKm) {
    const std::string cli =
        std::isfinite(a) ? "--ellipsoid: A_KM " + exact(a) + " is outside [" + exact(kMinRadiusKm) +
                               ", " + exact(kMaxRadiusKm) + "] (the equatorial radius in km)"
                         : std::string("--ellipsoid: A_KM must be a finite number");
    return ParamProblem{ParamField::ellipsoid_a, cli,
                        "a must be from " + num(kMinRadiusKm) + " to " + num(kMaxRadiusKm) +
                            " km (got " + num(a) + ")"};
  }
  const double min_inv_f = 1 / kGeodesicMaxFlattening;
  if (!std::isfinite(inv_f) || !(inv_f == 0 || inv_f >= min_inv_f) ||
      !geodesic_ellipsoid_supported(a * 1000.0, flattening_of(inv_f))) {
    const std::string cli =
        std::isfinite(inv_f)
            ? "--ellipsoid: INV_F " + exact(inv_f) + " is outside [" + exact(min_inv_f) +
                  ", inf); 0 for a sphere (flattening up to 1/" + exact(min_inv_f) +
                  "; prolate ellipsoids are not supported)"
            : std::string("--ellipsoid: INV_F must be a finite number (0 for a sphere)");
    return ParamProblem{
        ParamField::ellipsoid_inv_f, cli,
        "1/f must be 0 (a sphere) or at least " + num(min_inv_f) + " (got " + num(inv_f) + ")"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<ParamProblem> check(const FieldParams& p, std::optional<ParamField> edited,
                                  int max_side) {
  using F = ParamField;
  if (auto pr =
          outside(p.lat_min_deg, -90, 90, F::lat_min, "--lat", "latitude", "lat min", "degrees"))
    return pr;
  if (auto pr =
          outside(p.lat_max_deg, -90, 90, F::lat_max, "--lat", "latitude", "lat max", "degrees"))
    return pr;
  if (!(p.lat_min_deg < p.lat_max_deg)) {
    const std::string cli = "--lat: MIN must be below MAX (got " + exact(p.lat_min_deg) + ":" +
                            exact(p.lat_max_deg) + ")";
    if (edited == F::lat_max) {
      return ParamProblem{F::lat_max, cli,
                          "lat max must be above lat min: from " + num(p.lat_min_deg) +
                              " to 90 degrees (got " + num(p.lat_max_deg) + ")"};
    }
    return ParamProblem{F::lat_min, cli,
                        "lat min must be below lat max: from -90 to " + num(p.lat_max_deg) +
                            " degrees (got " + num(p.lat_min_deg) + ")"};
  }
  if (auto pr = outside(p.lon_min_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, F::lon_min, "--lon",
                        "longitude", "lon min", "degrees"))
    return pr;
  if (auto pr = outside(p.lon_max_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, F::lon_max, "--lon",
                        "longitude", "lon max", "degrees"))
    return pr;
  if (p.lon_min_deg == p.lon_max_deg) {
    const bool max_edited = edited == F::lon_max;
    return ParamProblem{
        max_edited ? F::lon_max : F::lon_min,
        "--lon: MIN and MAX are equal; give two different longitudes (-180:180 for the whole "
        "circle, MIN > MAX to cross the antimeridian)",
        std::string(max_edited ? "lon max must differ from lon min ("
                               : "lon min must differ from lon max (") +
            num(max_edited ? p.lon_min_deg : p.lon_max_deg) +
            "), each from -360 to 360 degrees; min > max crosses 180"};
  }
  // MAX more than a turn past MIN wraps to a sliver ((MAX - MIN) mod 360): an overshoot of
  // 180 by rounding would give a grid a hair wide. Two whole turns (-360:360) stay the circle.
  if (const double turn = p.lon_max_deg - p.lon_min_deg;
      turn > 360 && std::fmod(turn, 360.0) != 0) {
    const bool max_edited = edited == F::lon_max;
    return ParamProblem{
        max_edited ? F::lon_max : F::lon_min,
        "--lon: " + exact(p.lon_min_deg) + ":" + exact(p.lon_max_deg) + " spans " + num(turn) +
            " degrees, more than the whole circle; give at most 360 (-180:180 for the whole "
            "circle)",
        "lon max - lon min must be at most 360 degrees (got " + num(turn) + ")"};
  }
  if (p.nx < kMinGridSide || p.ny < kMinGridSide || p.nx > max_side || p.ny > max_side) {
    std::ostringstream m;
    m << "--size: NX and NY must be in [" << kMinGridSide << ", " << max_side << "] (got " << p.nx
      << "x" << p.ny << ")";
    const bool x_bad = p.nx < kMinGridSide || p.nx > max_side;
    return ParamProblem{x_bad ? F::nx : F::ny, m.str(),
                        std::string(x_bad ? "nx" : "ny") + " must be from " +
                            std::to_string(kMinGridSide) + " to " + std::to_string(max_side) +
                            " nodes (got " + std::to_string(x_bad ? p.nx : p.ny) + ")"};
  }
  if (auto pr =
          outside(p.ref_lat_deg, -90, 90, F::ref_lat, "--ref", "latitude", "ref lat", "degrees"))
    return pr;
  if (auto pr = outside(p.ref_lon_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, F::ref_lon, "--ref",
                        "longitude", "ref lon", "degrees"))
    return pr;
  if (!std::isfinite(p.radius_km) || p.radius_km < kMinRadiusKm || p.radius_km > kMaxRadiusKm) {
    const std::string range = "[" + exact(kMinRadiusKm) + ", " + exact(kMaxRadiusKm) + "] km";
    return ParamProblem{F::radius,
                        std::isfinite(p.radius_km)
                            ? "--radius: " + exact(p.radius_km) + " km is outside " + range
                            : std::string("--radius: must be a finite number"),
                        "radius must be from " + num(kMinRadiusKm) + " to " + num(kMaxRadiusKm) +
                            " km (got " + num(p.radius_km) + ")"};
  }
  if (p.formula == Formula::wgs84) {
    if (auto pr = check_ellipsoid(p)) return pr;
  }
  if (p.projection == Projection::latlon) return std::nullopt;
  const double most = max_extent(p);
  if (!std::isfinite(p.extent) || !(p.extent > 0) || p.extent > most) {
    std::ostringstream m;
    m << "--extent: " << exact(p.extent) << " " << to_string(p.units) << " is outside (0, "
      << exact(most) << "] for --projection " << to_string(p.projection) << " ("
      << extent_limit_words(p.projection) << " in " << to_string(p.units) << ")";
    return ParamProblem{
        F::extent, m.str(),
        "extent must be above 0 and at most " + num(most) + " " + std::string(to_string(p.units)) +
            " (" + extent_limit_words(p.projection) + ")" + " (got " + num(p.extent) + ")"};
  }
  return std::nullopt;
}

void validate(const FieldParams& p) {
  if (const std::optional<ParamProblem> pr = check(p)) throw UsageError(pr->cli);
}

FieldParams numba_case() {
  FieldParams p;  // the defaults are the answer's grid: 29:31 x 99:101, 1000 x 1000, ref 30,101
  p.formula = Formula::seed;
  p.precision = Precision::f64;
  return p;
}

double sphere_radius_km(const FieldParams& p) {
  return p.formula == Formula::wgs84 ? ellipsoid_mean_radius_km(p.ellipsoid_a_km, p.ellipsoid_inv_f)
                                     : p.radius_km;
}

double radius_in_units(const FieldParams& p) { return sphere_radius_km(p) * units_per_km(p.units); }

GeodesicField geodesic_field(const FieldParams& p) {
  return make_geodesic_field(p.ellipsoid_a_km, p.ellipsoid_inv_f, p.ref_lat_deg, p.ref_lon_deg,
                             p.units);
}

std::span<const EllipsoidPreset> ellipsoid_presets() {
  static constexpr EllipsoidPreset kPresets[] = {
      {"WGS84", kWgs84A_m / 1000.0, kWgs84InverseF, "NGA TR8350.2"},
      {"GRS80", 6378.137, 298.257222101, "Moritz, Geodetic Reference System 1980"},
      // The Moon is nearly a sphere (IAU uses R = 1737.4 km); NASA's Moon fact sheet gives
      // equatorial 1738.1 km and polar 1736.0 km, f = 2.1 / 1738.1.
      {"Moon", 1738.1, 827.667, "NASA Moon fact sheet: a = 1738.1 km, b = 1736.0 km"},
      {"Mars", 3396.19, 169.894, "IAU 2000: a = 3396.19 km, b = 3376.20 km"},
  };
  return kPresets;
}

const EllipsoidPreset* find_ellipsoid_preset(double a_km, double inv_f) {
  for (const EllipsoidPreset& e : ellipsoid_presets()) {
    if (e.a_km == a_km && e.inv_f == inv_f) return &e;
  }
  return nullptr;
}

std::string describe_ellipsoid(double a_km, double inv_f) {
  const EllipsoidPreset* named = find_ellipsoid_preset(a_km, inv_f);
  std::string s = named ? std::string(named->name) + " (" : std::string("ellipsoid (");
  s += "a = " + exact(a_km) + " km, ";
  s += inv_f == 0 ? std::string("f = 0, a sphere") : "1/f = " + exact(inv_f);
  return s + ")";
}

double max_extent(const FieldParams& p) {
  switch (p.projection) {
    case Projection::ortho: return radius_in_units(p);
    case Projection::eqearth: return kEqEarthMaxX * radius_in_units(p);
    default: return kPi * radius_in_units(p);
  }
}

double default_extent(const FieldParams& p) {
  switch (p.projection) {
    case Projection::ortho:
    case Projection::eqearth: return max_extent(p);
    default: return kPi / 2 * radius_in_units(p);
  }
}

int eqearth_world_ny(int nx, Registration r) {
  if (r == Registration::pixel) {  // the cells' box: nx cells wide
    return std::max(kMinGridSide, static_cast<int>(std::lround(nx * kEqEarthMaxY / kEqEarthMaxX)));
  }
  return std::max(kMinGridSide,
                  static_cast<int>(std::lround((nx - 1) * kEqEarthMaxY / kEqEarthMaxX)) + 1);
}

MapCentre projection_centre_of(const FieldParams& p) {
  switch (p.projection) {
    case Projection::aeqd: return {p.ref_lat_deg, p.ref_lon_deg};
    case Projection::eqearth: return {0.0, wrap_lon_deg(p.ref_lon_deg)};
    default: return {view_centre_lat_deg(p), view_centre_lon_deg(p)};
  }
}

double view_centre_lat_deg(const FieldParams& p) { return 0.5 * (p.lat_min_deg + p.lat_max_deg); }

double view_centre_lon_deg(const FieldParams& p) {
  return wrap_lon_deg(p.lon_min_deg + 0.5 * lon_span_deg(p.lon_min_deg, p.lon_max_deg));
}

ProjectedGrid projected_grid(const FieldParams& p) {
  const MapCentre c = projection_centre_of(p);
  return make_projected_grid(p.projection, p.nx, p.ny, p.extent, c.lat_deg, c.lon_deg,
                             p.ref_lat_deg, p.ref_lon_deg, p.formula, p.units, sphere_radius_km(p),
                             p.registration == Registration::pixel);
}

double projected_step(const FieldParams& p) {
  return 2.0 * p.extent / (p.registration == Registration::pixel ? p.nx : p.nx - 1);
}

double projected_half_height(const FieldParams& p) {
  return 0.5 * projected_step(p) * (p.registration == Registration::pixel ? p.ny : p.ny - 1);
}

GridNodes grid_nodes(const FieldParams& p) {
  return p.registration == Registration::pixel
             ? nodes_at_cell_centres(p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, p.lon_max_deg,
                                     p.nx, p.ny)
             : nodes_on_bounds(p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, p.lon_max_deg, p.nx,
                               p.ny);
}

GridGeometry grid_geometry(const FieldParams& p) {
  return make_grid_geometry(grid_nodes(p), p.nx, p.ny, p.ref_lat_deg, p.ref_lon_deg, p.formula,
                            p.units, sphere_radius_km(p));
}

StepSide side_for_step(double span_deg, double step_deg, Registration r, int max_side,
                       std::string_view axis) {
  const int extra = r == Registration::node ? 1 : 0;  // a node more than cells
  const std::string head = "--step: " + exact(step_deg) + " degrees over the " + std::string(axis) +
                           " span " + exact(span_deg) + " (" +
                           std::string(r == Registration::node ? "node" : "pixel") +
                           " registration)";
  if (!std::isfinite(step_deg) || !(step_deg > 0)) {
    return {0, "--step: must be a number of degrees above 0 (got " + exact(step_deg) + ")"};
  }
  const double cells = span_deg / step_deg;
  const double whole = std::round(cells);
  // 1e-9 of a cell: far above the rounding of a decimal step (0.1 is 1e-17 off), far below a
  // step that is not meant (a cell left over anywhere in the grid).
  if (std::fabs(cells - whole) > 1e-9) {
    std::string nearest;
    for (const double k : {std::floor(cells), std::ceil(cells)}) {
      if (k < 1 || k + extra > max_side) continue;
      nearest += (nearest.empty() ? "; the nearest: " : ", ") +
                 std::to_string(static_cast<long long>(k) + extra) + " (step " + num(span_deg / k) +
                 ")";
    }
    return {0, head + " is not a whole number of cells (" + num(cells) + ")" + nearest +
                   "; or give --size"};
  }
  const double side = whole + extra;
  if (side < kMinGridSide || side > max_side) {
    const double most_cells = max_side - extra, least_cells = kMinGridSide - extra;
    const std::string sides =
        side < 1e15 ? std::to_string(static_cast<long long>(side)) : num(side);
    return {0, head + " gives " + sides + " nodes a side, outside [" +
                   std::to_string(kMinGridSide) + ", " + std::to_string(max_side) +
                   "]: the step must be from " + num(span_deg / most_cells) + " to " +
                   num(span_deg / least_cells) + " degrees"};
  }
  return {static_cast<int>(side), ""};
}

std::string_view to_string(Formula f) {
  switch (f) {
    case Formula::seed: return "seed";
    case Formula::wgs84: return "wgs84";
    case Formula::haversine:
    default: return "haversine";
  }
}

std::string_view to_string(Units u) {
  switch (u) {
    case Units::nm: return "nm";
    case Units::mi: return "mi";
    case Units::m: return "m";
    case Units::km:
    default: return "km";
  }
}

std::string_view to_string(Precision p) { return p == Precision::f64 ? "double" : "float"; }

std::string_view to_string(Projection p) {
  switch (p) {
    case Projection::aeqd: return "aeqd";
    case Projection::ortho: return "ortho";
    case Projection::eqearth: return "eqearth";
    case Projection::latlon:
    default: return "latlon";
  }
}

std::string_view to_string(Registration r) { return r == Registration::pixel ? "pixel" : "node"; }

bool parse_registration(std::string_view s, Registration* out) {
  for (Registration r : {Registration::node, Registration::pixel}) {
    if (s == to_string(r)) {
      *out = r;
      return true;
    }
  }
  return false;
}

bool parse_projection(std::string_view s, Projection* out) {
  for (Projection p :
       {Projection::latlon, Projection::aeqd, Projection::ortho, Projection::eqearth}) {
    if (s == to_string(p)) {
      *out = p;
      return true;
    }
  }
  return false;
}

bool parse_formula(std::string_view s, Formula* out) {
  for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
    if (s == to_string(f)) {
      *out = f;
      return true;
    }
  }
  return false;
}

bool parse_units(std::string_view s, Units* out) {
  for (Units u : {Units::km, Units::nm, Units::mi, Units::m}) {
    if (s == to_string(u)) {
      *out = u;
      return true;
    }
  }
  return false;
}

bool parse_precision(std::string_view s, Precision* out) {
  if (s == "float")
    *out = Precision::f32;
  else if (s == "double")
    *out = Precision::f64;
  else
    return false;
  return true;
}

}  // namespace geofield
