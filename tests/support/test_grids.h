// The grids every test layer runs on, in one place. Two sets, for two kinds of test:
//   precision_test_grids: the hard places of the math (antimeridian, poles, metres, antipodes),
//     for the CPU-side tests in tests/unit (float vs double, GeographicLib, value range, the
//     CPU backend).
//   backend_test_grids: the foundation issue's five grids, on which the GPU backends (CUDA in
//     tests/gpu, GL in tests/gl) are checked node by node in every unit and precision.
//   projected_test_grids: aeqd, ortho and eqearth views (issues 12, 29) for the GPU backends'
//   projected
//     kernels and shaders, checked node by node against the CPU double field.
// Names are unique within a set, not across them: "antimeridian" is a different grid in each.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "field_params.h"

namespace geofield::test {

struct NamedGrid {
  std::string name;
  FieldParams params;
};

// Readable test names and failure messages instead of the parameter's bytes.
void PrintTo(const NamedGrid& g, std::ostream* os);

// A field with these bounds (degrees), size and reference point; everything else the default
// (haversine, radius, float32).
FieldParams make_params(double lat0, double lat1, double lon0, double lon1, int nx, int ny,
                        double ref_lat, double ref_lon, Units units = Units::km);

// The same as a projected view (aeqd or ortho) of that extent (km) and formula.
FieldParams make_map_params(Projection kind, double lat0, double lat1, double lon0, double lon1,
                            double ref_lat, double ref_lon, double extent, int nx, int ny,
                            Formula formula = Formula::haversine);

// Each precision grid for haversine and seed (names end in _haversine, _seed), or for the one
// formula asked for (wgs84 only when asked for: _wgs84).
std::vector<NamedGrid> precision_test_grids(std::optional<Formula> only = std::nullopt);

// The GPU backends' grids, formula left at its default: their tests pair each with both formulas.
std::vector<NamedGrid> backend_test_grids();

// A projected view: the reference, half-width (output unit) and size; ortho's centre is the
// middle of the bounds (lat0:lat1, lon0:lon1), aeqd's the reference.
FieldParams make_projected(Projection kind, double ref_lat, double ref_lon, double extent, int nx,
                           int ny, Units units = Units::km);

// The projected views of the GPU backends' tests, formula left at its default (paired with
// both, as backend_test_grids are): whole disc with its corners beyond the edge, near a pole,
// across the antimeridian, zoomed in to metres, the reference far from an ortho view's centre.
std::vector<NamedGrid> projected_test_grids();

}  // namespace geofield::test
