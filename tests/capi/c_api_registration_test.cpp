// API 1.2: geofield_params.registration and geofield_params_set_step, as the command line's
// --registration and --step (the same sides, values and messages); a caller built for 1.1 gets
// node registration.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "compute/cpu_field.h"
#include "field_params.h"
#include "geofield.h"

namespace {

geofield_params global() {
  geofield_params p;
  geofield_params_init(&p);
  p.lat_min = -90, p.lat_max = 90, p.lon_min = -180, p.lon_max = 180;
  return p;
}

TEST(CApiRegistration, SetStepGivesTheCommandLinesSides) {
  geofield_params p = global();
  EXPECT_EQ(p.registration, GEOFIELD_NODE);
  ASSERT_EQ(geofield_params_set_step(&p, 0.25, 0.25), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(p.nx, 1441);
  EXPECT_EQ(p.ny, 721);
  p.registration = GEOFIELD_PIXEL;
  ASSERT_EQ(geofield_params_set_step(&p, 0.5, 0.25), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(p.nx, 720);
  EXPECT_EQ(p.ny, 720);
}

TEST(CApiRegistration, SetStepRefusesAStepThatDoesNotDivide) {
  geofield_params p = global();
  p.registration = GEOFIELD_PIXEL;
  EXPECT_EQ(geofield_params_set_step(&p, 0.7, 1), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(geofield_last_error()).rfind("--step: 0.7 degrees over the longitude", 0),
            0u)
      << geofield_last_error();
  EXPECT_EQ(p.nx, 1000);  // unchanged
  p.registration = 7;
  EXPECT_EQ(geofield_params_check(&p), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(geofield_last_error()),
            "--registration: 7 is not one of node (0), pixel (1)");
}

TEST(CApiRegistration, PixelFieldIsTheProgramsAtTheCellCentres) {
  geofield_params p = global();
  p.registration = GEOFIELD_PIXEL;
  p.precision = GEOFIELD_PRECISION_DOUBLE;
  ASSERT_EQ(geofield_params_set_step(&p, 10, 10), GEOFIELD_OK);
  geofield_context* c = nullptr;
  ASSERT_EQ(geofield_context_create("cpu", 0, &c), GEOFIELD_OK);
  std::vector<double> values(std::size_t(p.nx) * p.ny);
  geofield_output o;
  geofield_output_init(&o);
  o.dtype = GEOFIELD_FLOAT64;
  o.values = values.data();
  o.values_bytes = values.size() * sizeof(double);
  ASSERT_EQ(geofield_compute(c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  geofield_context_destroy(c);

  geofield::FieldParams q;
  q.lat_min_deg = -90, q.lat_max_deg = 90, q.lon_min_deg = -180, q.lon_max_deg = 180;
  q.nx = 36, q.ny = 18;
  q.registration = geofield::Registration::pixel;
  q.precision = geofield::Precision::f64;
  geofield::CpuField f;
  geofield::compute_cpu_field(geofield::FieldRequest::of_reference(q), &f);
  ASSERT_EQ(values.size(), f.f64.size());
  EXPECT_EQ(values, f.f64);
  // Cell (0, 0)'s centre (85, -175) from (30, 101), in double.
  EXPECT_NEAR(values[0], geofield::haversine_distance(30, 101, 85, -175, q.radius_km), 1e-9);
}

TEST(CApiRegistration, CallersOfVersionOnePointOneGetNodes) {
  geofield_params p = global();
  p.nx = 37, p.ny = 19;
  p.registration = 7;  // beyond their struct: never read
  p.struct_size = offsetof(geofield_params, registration);
  EXPECT_EQ(geofield_params_check(&p), GEOFIELD_OK) << geofield_last_error();
}

}  // namespace
