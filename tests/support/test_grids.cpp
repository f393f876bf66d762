#include "test_grids.h"

namespace geofield::test {

void PrintTo(const NamedGrid& g, std::ostream* os) { *os << g.name; }

FieldParams make_params(double lat0, double lat1, double lon0, double lon1, int nx, int ny,
                        double ref_lat, double ref_lon, Units units) {
  FieldParams p;
  p.lat_min_deg = lat0, p.lat_max_deg = lat1, p.lon_min_deg = lon0, p.lon_max_deg = lon1;
  p.nx = nx, p.ny = ny;
  p.ref_lat_deg = ref_lat, p.ref_lon_deg = ref_lon;
  p.units = units;
  return p;
}

FieldParams make_map_params(Projection kind, double lat0, double lat1, double lon0, double lon1,
                            double ref_lat, double ref_lon, double extent, int nx, int ny,
                            Formula formula) {
  FieldParams p = make_params(lat0, lat1, lon0, lon1, nx, ny, ref_lat, ref_lon);
  p.projection = kind;
  p.extent = extent;
  p.formula = formula;
  return p;
}

std::vector<NamedGrid> precision_test_grids(std::optional<Formula> only) {
  const std::vector<NamedGrid> base = {
      {"default_view", FieldParams{}},
      {"antimeridian", make_params(-20, 20, 170, -170, 401, 301, 5, 178)},
      {"antimeridian_ref_west", make_params(50, 70, 160, -150, 301, 201, 60, -175)},
      {"touching_north_pole", make_params(80, 90, -180, 180, 361, 201, 85, 10)},
      {"near_north_pole_small", make_params(89, 90, 0, 360, 181, 201, 89.5, 0)},
      {"touching_south_pole", make_params(-90, -60, 0, 360, 361, 301, -75, -45)},
      {"tiny_metres_at_north_pole",
       make_params(89.9999, 90, 0, 360, 181, 201, 89.99995, 45, Units::m)},
      {"whole_globe_ref_near_south_pole", make_params(-90, 90, 0, 360, 361, 181, -89.9, 10)},
      {"whole_globe", make_params(-90, 90, -180, 180, 721, 361, 30, 101)},
      {"tiny_metres_ref_at_corner",
       make_params(30, 30.0001, 100.9999, 101, 301, 301, 30, 101, Units::m)},
      {"tiny_metres_ref_inside",
       make_params(-45.00005, -44.99995, 12.34565, 12.34575, 257, 199, -45, 12.3457, Units::m)},
      {"tiny_metres_far_ref", make_params(30, 30.0001, 101, 101.0001, 201, 201, 0, 0, Units::m)},
      {"contains_antipode", make_params(-31, -29, -80, -78, 201, 201, 30, 101)},
      {"contains_antipode_tiny",
       make_params(-30.00005, -29.99995, -79.00005, -78.99995, 101, 101, 30, 101, Units::m)},
      {"antipode_of_pole_ref", make_params(-90, -85, -180, 180, 361, 101, 90, 0)},
  };
  std::vector<NamedGrid> all;
  for (const NamedGrid& g : base) {
    for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
      if (only ? *only != f : f == Formula::wgs84) continue;
      NamedGrid n = g;
      n.params.formula = f;
      n.name += '_';
      n.name += to_string(f);
      all.push_back(n);
    }
  }
  return all;
}

std::vector<NamedGrid> backend_test_grids() {
  return {
      // 29:31, 99:101, ref 30,101, 1000x1000
      {"default_view", FieldParams{}},
      // crossing the antimeridian, reference on it
      {"antimeridian", make_params(-10, 10, 170, -170, 517, 389, 0, 180)},
      // the north pole: top row is the pole, reference on it, whole circle
      {"pole", make_params(60, 90, -180, 180, 721, 301, 90, 0)},
      // 0.0001 x 0.0001 degree grid in metres (about 11 m x 8 m)
      {"tiny_metres", make_params(45, 45.0001, 7, 7.0001, 101, 101, 45.00005, 7.00003, Units::m)},
      // the antipode of (30, 100) is (-30, -80), node (200, 200) of this grid
      {"antipode", make_params(-40, -20, -90, -70, 401, 401, 30, 100)},
  };
}

FieldParams make_projected(Projection kind, double ref_lat, double ref_lon, double extent, int nx,
                           int ny, Units units) {
  FieldParams p;
  p.projection = kind;
  p.ref_lat_deg = ref_lat, p.ref_lon_deg = ref_lon;
  p.extent = extent;
  p.nx = nx, p.ny = ny;
  p.units = units;
  return p;
}

namespace {
FieldParams with_bounds(FieldParams p, double lat0, double lat1, double lon0, double lon1) {
  p.lat_min_deg = lat0, p.lat_max_deg = lat1, p.lon_min_deg = lon0, p.lon_max_deg = lon1;
  return p;
}
}  // namespace

std::vector<NamedGrid> projected_test_grids() {
  const double r = kDefaultRadiusKm, half = kPi * kDefaultRadiusKm;
  constexpr Projection aeqd = Projection::aeqd, ortho = Projection::ortho,
                       eqearth = Projection::eqearth;
  return {
      // the whole sphere: the antipode's circle inside the map, its corners NaN
      {"aeqd_whole", make_projected(aeqd, 30, 101, half, 301, 241)},
      // about a point near the north pole, the pole 5.6 km north of the centre
      {"aeqd_near_pole", make_projected(aeqd, 89.95, -30, 3000, 257, 199)},
      // on the antimeridian, even sizes: no node at the centre
      {"aeqd_antimeridian", make_projected(aeqd, -15, 179.9, 500, 200, 150)},
      // 50 m across, in metres
      {"aeqd_metres", make_projected(aeqd, -33.9, 18.4, 25, 101, 81, Units::m)},
      // 60 miles about a point 0.4 degree from the south pole, in miles: the seed formula's
      // cosines near a pole, where a float latitude has lost their digits (the soak found it)
      {"aeqd_south_pole_small", make_projected(aeqd, -89.6, 54.2, 60, 121, 97, Units::mi)},
      // the globe about (40, -170), the middle of 170:-150 (across the antimeridian); the
      // reference on the far side: the disc's corners NaN
      {"ortho_globe", with_bounds(make_projected(ortho, 30, 101, r, 241, 181), 20, 60, 170, -150)},
      // about 85 N, the pole and the reference in view
      {"ortho_near_pole",
       with_bounds(make_projected(ortho, 88, 40, 1500, 201, 201), 80, 90, -20, 20)},
      // 100 km about (0, 180), the reference 40 km away across the antimeridian
      {"ortho_antimeridian",
       with_bounds(make_projected(ortho, 0.3, -179.7, 100, 161, 121), -10, 10, 179, -179)},
      // the reference near the antipode of the centre (-60, 20): every node far from it
      {"ortho_far_reference",
       with_bounds(make_projected(ortho, 59, -161, r / 1.852, 181, 181, Units::nm), -70, -50, 10,
                   30)},
      // Equal Earth: the whole world about 101 E (odd sizes: nodes on the equator's ends, at
      // lon +-180 from the central meridian, and on the central meridian)
      {"eqearth_world",
       make_projected(eqearth, 30, 101, kEqEarthMaxX * r, 301, eqearth_world_ny(301))},
      // a square grid of the world's width: rows beyond the pole lines NaN; the central
      // meridian on the antimeridian, in nautical miles, even sizes
      {"eqearth_square",
       make_projected(eqearth, -60, 179.9, kEqEarthMaxX * r / 1.852, 200, 200, Units::nm)},
      // 1500 km about (0, -175): the map across the antimeridian, the reference off the map
      {"eqearth_zoomed", make_projected(eqearth, 12, -175, 1500, 161, 121)},
  };
}

}  // namespace geofield::test
