// FieldParams: everything that determines the field, one plain value compared to detect change.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "field_math.h"
#include "geodesic_field.h"
#include "projected_grid.h"

namespace geofield {

enum class Precision : int { f32 = 0, f64 = 1 };

// Where a grid's values are (DESIGN.md, "Grid contract"). node: the nodes on the bounds, nx
// nodes span/(nx - 1) apart (GMT's gridline registration). pixel: the bounds are the edges of
// nx x ny cells of span/nx, the values at the cells' centres (GMT's -r, every GIS raster's).
enum class Registration : int { node = 0, pixel = 1 };

struct FieldParams {
  double lat_min_deg = 29.0, lat_max_deg = 31.0;   // [-90, 90], min < max
  double lon_min_deg = 99.0, lon_max_deg = 101.0;  // [-360, 360], min > max crosses 180
  int nx = 1000, ny = 1000;                        // nodes per row / per column, >= 2
  double ref_lat_deg = 30.0, ref_lon_deg = 101.0;  // reference point
  Formula formula = Formula::haversine;
  Units units = Units::km;
  double radius_km = kDefaultRadiusKm;  // the sphere of haversine and seed; unused by wgs84
  // The wgs84 formula's ellipsoid (WGS84 by default): equatorial radius, and inverse flattening
  // 1/f with 0 for a sphere; supported 1/f >= 50 (geodesic.h). Unused by haversine and seed.
  // With wgs84 the projections, the graticule and the extent's limits take the sphere of the
  // ellipsoid's mean radius (sphere_radius_km below).
  double ellipsoid_a_km = kWgs84A_m / 1000.0;
  double ellipsoid_inv_f = kWgs84InverseF;
  Precision precision = Precision::f32;
  // latlon: the grid of the bounds above. aeqd: a square-pixel grid of half-width `extent` about
  // the reference point; ortho: about the centre of the bounds; eqearth: about the equator
  // and the reference's meridian (its central meridian) (projected_grid.h has the nodes).
  Projection projection = Projection::latlon;
  // Output unit, aeqd (0, pi R], ortho (0, R], eqearth (0, 2.7066 R] (its half-width at the
  // equator: the whole world); unused by latlon.
  double extent = 0;
  // The bounds (latlon) or the extent (projected views) are the nodes' or the cells' edges.
  Registration registration = Registration::node;

  bool operator==(const FieldParams&) const = default;
};

constexpr int kMinGridSide = 2;        // nodes per side: the two edges
constexpr int kMaxGridSide = 1 << 20;  // parse-time cap; GL and memory caps come later
// The whole grid of `render --tile`, whose memory is a tile's: 4 194 304 nodes a side, the
// globe at a quarter of an arc-second (the arc-second globe is 1 296 001 x 648 001 nodes).
constexpr int kMaxTiledGridSide = 1 << 22;
// A sphere's radius and an ellipsoid's a, km: from a metre (the window's smallest step; below
// it a float field of a small view leaves the normal floats, and a subnormal radius gave an
// all-NaN field) to 1e9.
constexpr double kMinRadiusKm = 1.0e-3;
constexpr double kMaxRadiusKm = 1.0e9;
constexpr double kMaxAbsLonDeg = 360.0;

// The field of FieldParams a problem belongs to: the window shows the message beside it.
enum class ParamField {
  lat_min,
  lat_max,
  lon_min,
  lon_max,
  nx,
  ny,
  ref_lat,
  ref_lon,
  radius,
  extent,
  ellipsoid_a,
  ellipsoid_inv_f
};

// Why a FieldParams is not a valid field, worded twice from one check: for the command line
// (naming the option, "--lat: ...") and for the window (naming the control, "lat min ...").
// Both give the accepted range.
struct ParamProblem {
  ParamField field;
  std::string cli;  // "--lat: latitude 95 is outside [-90, 90]"
  std::string ui;   // "lat min must be from -90 to 90 degrees (got 95)"
};

// The first problem of p, or none: the one validation of the command line, the saved view and
// the window. `edited`: the control just changed, which a problem between two fields (lat min
// not below lat max) is worded for and attributed to.
// max_side: the largest nx and ny accepted (kMaxTiledGridSide for a tiled render's grid).
std::optional<ParamProblem> check(const FieldParams& p,
                                  std::optional<ParamField> edited = std::nullopt,
                                  int max_side = kMaxGridSide);

// Throws UsageError with check()'s command-line wording when p is not a valid field.
void validate(const FieldParams& p);

// The original numba answer's exact case: its grid (the default bounds and size), its
// reference point and its expression (`seed`), in double as the original computed.
FieldParams numba_case();

// The one place the registration becomes node positions: the nodes of p's latlon grid, on the
// bounds (node) or at the cells' centres (pixel).
GridNodes grid_nodes(const FieldParams& p);

GridGeometry grid_geometry(const FieldParams& p);

// The spacing of a projected view's nodes in the output unit: 2 extent / (nx - 1) (node) or
// 2 extent / nx (pixel).
double projected_step(const FieldParams& p);
// Half the height of a projected view's map in the output unit: of its nodes (node), of its
// cells (pixel). Its half-width is the extent.
double projected_half_height(const FieldParams& p);

// A projected view (aeqd, ortho) as the shared math computes it; p.projection != latlon.
ProjectedGrid projected_grid(const FieldParams& p);

// The centre of an ortho view: the middle of the lat/lon bounds (longitudes across the
// antimeridian too), in degrees.
double view_centre_lat_deg(const FieldParams& p);
double view_centre_lon_deg(const FieldParams& p);

// The sphere of the view, km: radius_km for haversine and seed, the ellipsoid's mean radius
// (2a + b) / 3 for wgs84 (6371.00877 km for WGS84). The projections, the extent's limits, the
// graticule and the range rings' circles use it.
double sphere_radius_km(const FieldParams& p);

// The sphere radius in the output unit (sphere_radius_km).
double radius_in_units(const FieldParams& p);

// The wgs84 formula's per-field part (ellipsoid, reference point, unit) of p.
GeodesicField geodesic_field(const FieldParams& p);

// Named ellipsoids for the window's presets and the figure's title.
struct EllipsoidPreset {
  const char* name;
  double a_km, inv_f;
  const char* source;  // where the numbers come from
};
std::span<const EllipsoidPreset> ellipsoid_presets();
// The preset with exactly this a and 1/f, or null.
const EllipsoidPreset* find_ellipsoid_preset(double a_km, double inv_f);
// "WGS84 (a = 6378.137 km, 1/f = 298.257223563)", or without a name when none fits.
std::string describe_ellipsoid(double a_km, double inv_f);

// The largest accepted --extent of the projection (pi R for aeqd, R for ortho, the world's
// half-width kEqEarthMaxX R for eqearth), output unit.
double max_extent(const FieldParams& p);
// The extent a projected view takes when none is given: a quarter of a great circle (aeqd,
// 10 008 km on the Earth), the whole disc (ortho) or the whole world (eqearth).
double default_extent(const FieldParams& p);
// The nodes per column of an eqearth world map nx nodes wide: the world's y/x aspect
// (1.3174 / 2.7066), so that the grid is the map's outline's box.
int eqearth_world_ny(int nx, Registration r = Registration::node);
// The central point of the view's projection: the reference point (aeqd), the middle of the
// bounds (ortho), the equator on the reference's meridian (eqearth). Degrees.
struct MapCentre {
  double lat_deg, lon_deg;
};
MapCentre projection_centre_of(const FieldParams& p);

std::string_view to_string(Formula f);
std::string_view to_string(Units u);
std::string_view to_string(Precision p);
std::string_view to_string(Projection p);
std::string_view to_string(Registration r);
bool parse_registration(std::string_view s, Registration* out);
bool parse_formula(std::string_view s, Formula* out);
bool parse_units(std::string_view s, Units* out);
bool parse_precision(std::string_view s, Precision* out);
bool parse_projection(std::string_view s, Projection* out);

// The grid side (--size's number) that cells of step_deg make over span_deg degrees: span/step
// cells, one more node for node registration. `problem` is --step's one-line refusal (naming
// axis, "longitude" or "latitude") when the step does not divide the span to within 1e-9 of a
// cell (with the nearest sizes and their steps) or the side is outside [2, max_side].
struct StepSide {
  int side = 0;
  std::string problem;  // empty: side is the grid's
};
StepSide side_for_step(double span_deg, double step_deg, Registration r, int max_side,
                       std::string_view axis);

inline std::uint64_t node_count(const FieldParams& p) {
  return static_cast<std::uint64_t>(p.nx) * static_cast<std::uint64_t>(p.ny);
}

}  // namespace geofield
