// Sites of every kind built to be hard for a distance search (issue 28), shared by the CPU and
// GPU tests: lines across the antimeridian and over a pole, an arc of 120 degrees, a repeated
// vertex, a polygon with a hole, one about the south pole, a point, two features that are the
// same line (every node ties), and `random_lines` random zig-zags.
#pragma once

#include <ostream>

#include "field_params.h"
#include "site_shapes.h"

namespace geofield::test {

SiteShapes hard_shapes(int random_lines, unsigned seed);

// A case of the shapes' field tests (CPU, CUDA, GL): its name, view and options.
struct ShapeCase {
  const char* name;
  Projection projection;
  bool f64;
  bool signed_inside;
};
inline void PrintTo(const ShapeCase& c, std::ostream* os) { *os << c.name; }

}  // namespace geofield::test
