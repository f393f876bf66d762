// The float kernel's separable projected field (core/projected_chord.h) on the host, in float:
// on every projected view of the GPU tests' catalogue (test_grids.h) it is the CPU double field
// (projected_field_value<double>) to the float path's bound, 2e-6 |v| + 2e-6 max|v|, with NaN
// exactly where the double field has none; in aeqd it is the node's radius. What the device adds
// to this (its approximate square roots and division, a few ulp) the GPU tests cover.
#include "projected_chord.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "test_grids.h"

namespace geofield {
namespace {

// The CPU double field's largest value on grid g of p (NaN nodes left out): the bounds' scale.
double largest_value(const ProjectedGrid& g, const FieldParams& p) {
  double max_abs = 0;
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const double d = projected_field_value<double>(g, i, j);
      if (!std::isnan(d)) max_abs = std::max(max_abs, d);
    }
  }
  return max_abs;
}

TEST(ProjectedChord, FloatTermsGiveTheDoubleFieldWithinTheFloatBound) {
  for (const test::NamedGrid& v : test::projected_test_grids()) {
    const FieldParams& p = v.params;
    if (p.projection == Projection::eqearth) continue;  // node by node: no chord terms
    const ProjectedGrid g = projected_grid(p);
    const ChordConstants<float> k =
        chord_constants<float>(g, std::numeric_limits<float>::quiet_NaN());
    const double edge = (p.projection == Projection::ortho ? 1.0 : kPi) * g.radius;
    const double max_abs = largest_value(g, p);
    double worst = 0, worst_header = 0;  // this path's, and projected_field_value<float>'s
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const double d = projected_field_value<double>(g, i, j);
        const double f = chord_field_value<float>(g, k, i, j);
        const double r = std::hypot(projected_node_x<double>(g, j), projected_node_y<double>(g, i));
        if (std::fabs(r - edge) <= 1e-6 * edge) continue;  // on the edge: either side
        ASSERT_EQ(std::isnan(f), std::isnan(d)) << v.name << " node " << i << "," << j;
        if (std::isnan(d)) continue;
        const double bound = 2e-6 * max_abs + 2e-6 * std::fabs(d);
        EXPECT_LE(std::fabs(f - d), bound) << v.name << " node " << i << "," << j;
        if (p.projection == Projection::aeqd) {
          EXPECT_LE(std::fabs(f - r), 2e-6 * max_abs + 2e-6 * r) << v.name << " radius";
        }
        worst = std::max(worst, std::fabs(f - d) / bound);
        const double h = projected_field_value<float>(g, i, j);
        if (!std::isnan(h)) worst_header = std::max(worst_header, std::fabs(h - d) / bound);
      }
    }
    std::printf("chord %s: worst error/bound %.3f (projected_field_value<float>: %.3f)\n",
                v.name.c_str(), worst, worst_header);
  }
}

// The double kernel's path (projected_kernel.cu takes the same terms in double): the CPU double
// field node by node to the --f64 export's bound, 1e-11 |v| + 1e-12 max|v|, NaN exactly where it
// has none outside a band of 1e-12 of the edge.
TEST(ProjectedChord, DoubleTermsGiveTheDoubleFieldWithinTheExportBound) {
  for (const test::NamedGrid& v : test::projected_test_grids()) {
    const FieldParams& p = v.params;
    if (p.projection == Projection::eqearth || p.formula != Formula::haversine) continue;
    const ProjectedGrid g = projected_grid(p);
    const ChordConstants<double> k =
        chord_constants<double>(g, std::numeric_limits<double>::quiet_NaN());
    const double edge = (p.projection == Projection::ortho ? 1.0 : kPi) * g.radius;
    const double max_abs = largest_value(g, p);
    double worst = 0;
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const double d = projected_field_value<double>(g, i, j);
        const double c = chord_field_value<double>(g, k, i, j);
        const double r = std::hypot(projected_node_x<double>(g, j), projected_node_y<double>(g, i));
        if (std::fabs(r - edge) <= 1e-12 * edge) continue;  // on the edge: either side
        ASSERT_EQ(std::isnan(c), std::isnan(d)) << v.name << " node " << i << "," << j;
        if (std::isnan(d)) continue;
        const double bound = 1e-12 * max_abs + 1e-11 * std::fabs(d);
        EXPECT_LE(std::fabs(c - d), bound) << v.name << " node " << i << "," << j;
        worst = std::max(worst, std::fabs(c - d) / bound);
      }
    }
    std::printf("chord double %s: worst error/bound %.1e\n", v.name.c_str(), worst);
  }
}

// Where the double path's plain (cos c - qc) / 2 is weakest: nodes a metre or less from a
// reference far from an ortho view's centre. Each node's distance is the CPU double field's
// within the export bound there too (the reference one metre north of node (20, 70)).
TEST(ProjectedChord, DoubleTermsNearAnOffCentreReference) {
  FieldParams p = test::make_map_params(Projection::ortho, 30, 50, 10, 30, 40, 20, 3000, 101, 101);
  const SpherePoint<double> node = projected_node_point<double>(projected_grid(p), 20, 70);
  ASSERT_TRUE(node.valid);
  p.ref_lat_deg = node.lat_deg + 0.001 / 111.2;  // a metre north, in km
  p.ref_lon_deg = node.lon_deg;
  const ProjectedGrid g = projected_grid(p);
  const ChordConstants<double> k =
      chord_constants<double>(g, std::numeric_limits<double>::quiet_NaN());
  const double off = std::hypot(g.ref_local.east, g.ref_local.north);
  ASSERT_TRUE(off > 0.3 && off < 0.9) << off;  // far off the centre, on the disc
  const double max_abs = largest_value(g, p);
  const double d = projected_field_value<double>(g, 20, 70);
  EXPECT_NEAR(d, 0.001, 1e-6);  // the node is a metre from the reference
  for (int i = 18; i <= 22; ++i) {
    for (int j = 68; j <= 72; ++j) {
      const double want = projected_field_value<double>(g, i, j);
      EXPECT_NEAR(chord_field_value<double>(g, k, i, j), want, 1e-11 * want + 1e-12 * max_abs)
          << i << "," << j;
    }
  }
}

// The reference's components seen from the centre: aeqd's centre is the reference itself.
TEST(ProjectedChord, AeqdCentreIsTheReference) {
  for (const test::NamedGrid& v : test::projected_test_grids()) {
    const ProjectedGrid g = projected_grid(v.params);
    if (g.projection != Projection::aeqd) continue;
    EXPECT_EQ(g.ref_local.east, 0) << v.name;
    EXPECT_EQ(g.ref_local.north, 0) << v.name;
    EXPECT_EQ(g.ref_local.cos_c, 1) << v.name;
  }
}

}  // namespace
}  // namespace geofield
