#include "random_views.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "projected_grid.h"

// Under AddressSanitizer (the asan preset) its allocator says what the program holds: its
// quarantine keeps freed memory resident (300 MiB more at the end of the CPU soak).
#if defined(__SANITIZE_ADDRESS__)
#define GEOFIELD_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GEOFIELD_UNDER_ASAN 1
#endif
#endif
#ifdef GEOFIELD_UNDER_ASAN
#include <sanitizer/allocator_interface.h>
#endif

namespace geofield::soak {

FieldParams random_view(std::mt19937_64& rng, int min_side, int max_side) {
  std::uniform_real_distribution<double> u(0, 1);
  FieldParams p;
  const auto side = [&] {
    return min_side + static_cast<int>(rng() % static_cast<unsigned>(max_side - min_side + 1));
  };
  p.nx = side();
  p.ny = side();
  p.formula = rng() % 4 == 0 ? Formula::seed : Formula::haversine;
  p.units = static_cast<Units>(rng() % 4);
  p.radius_km = rng() % 3 == 0 ? 1 + u(rng) * 10000 : kDefaultRadiusKm;
  p.precision = rng() % 2 == 0 ? Precision::f32 : Precision::f64;
  p.ref_lat_deg = -90 + 180 * u(rng);
  p.ref_lon_deg = -180 + 360 * u(rng);
  // Bounds from a whole-Earth view down to metres, across the antimeridian at times.
  const double lat_span = std::pow(10.0, -4 + 6.2 * u(rng));
  p.lat_min_deg = std::max(-90.0, -90 + (180 - std::min(lat_span, 180.0)) * u(rng));
  p.lat_max_deg = std::min(90.0, p.lat_min_deg + std::min(lat_span, 180.0));
  const double lon_span = std::min(360.0, std::pow(10.0, -4 + 6.6 * u(rng)));
  p.lon_min_deg = -180 + 360 * u(rng);
  p.lon_max_deg = p.lon_min_deg + lon_span;
  if (lon_span >= 360) {
    p.lon_min_deg = -180, p.lon_max_deg = 180;
  } else if (p.lon_max_deg > 180) {
    p.lon_max_deg -= 360;  // written across 180 as a smaller number
  }
  const int kind = static_cast<int>(rng() % 6);
  p.projection = kind == 0 ? Projection::aeqd : kind == 1 ? Projection::ortho : Projection::latlon;
  if (p.projection != Projection::latlon) p.extent = max_extent(p) * std::pow(10.0, -4 * u(rng));
  return p;
}

std::string describe(const FieldParams& p) {
  char s[400];
  std::snprintf(
      s, sizeof s,
      "%s %s %s %s R=%.17g km, %dx%d, lat %.17g:%.17g lon %.17g:%.17g ref %.17g,%.17g "
      "extent %.17g",
      std::string(to_string(p.projection)).c_str(), std::string(to_string(p.formula)).c_str(),
      std::string(to_string(p.precision)).c_str(), std::string(to_string(p.units)).c_str(),
      p.radius_km, p.nx, p.ny, p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, p.lon_max_deg,
      p.ref_lat_deg, p.ref_lon_deg, p.extent);
  return s;
}

bool node_point(const FieldParams& p, int i, int j, double* lat, double* lon) {
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    *lat = node_lat_deg(g, i);
    *lon = node_lon_deg(g, j);
    return true;
  }
  const SpherePoint<double> q = projected_node_point<double>(projected_grid(p), i, j);
  *lat = q.lat_deg;
  *lon = q.lon_deg;
  return q.valid;
}

double resident_mib() {
#ifdef GEOFIELD_UNDER_ASAN
  return static_cast<double>(__sanitizer_get_current_allocated_bytes()) / (1 << 20);
#else
  std::ifstream statm("/proc/self/statm");
  long pages_total = 0, pages_resident = 0;
  statm >> pages_total >> pages_resident;
  return pages_resident * (static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20));
#endif
}

}  // namespace geofield::soak
