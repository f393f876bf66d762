// Tiles on CUDA (render --tile --backend cuda): a subgrid of a grid computed on the device holds
// the device's whole field at those nodes bit for bit, for every formula, precision, stored type
// and projection, subgrids on and off the kernels' 64-node tiles. Skipped without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "compute/cuda_device_field.h"
#include "gpu_test_support.h"
#include "test_grids.h"
#include "tiles.h"

namespace geofield {
namespace {

// Under compute-sanitizer (scripts/gpu-test.sh) a smaller run: one latlon and one projected
// grid, fewer nodes; every kernel path and subgrid shape still runs.
bool under_sanitizer() { return std::getenv("GEOFIELD_UNDER_SANITIZER") != nullptr; }

template <typename T>
void expect_subgrids_are_the_whole_field(DeviceFieldComputer& device, FieldParams p) {
  // Big enough for interior and edge blocks of the kernels; small enough to run every case.
  p.nx = std::min(p.nx, under_sanitizer() ? 300 : 700);
  p.ny = std::min(p.ny, under_sanitizer() ? 200 : 500);
  const Precision stored = sizeof(T) == sizeof(double) ? Precision::f64 : Precision::f32;
  std::vector<T> whole(static_cast<size_t>(node_count(p)));
  device.compute_to_host(FieldRequest::of_reference(p), whole.data(), stored, nullptr);
  std::vector<Subgrid> windows = {Subgrid{1, 37, p.nx - 38, p.ny - 2},
                                  Subgrid{p.ny - 1, p.nx - 1, 1, 1}};
  if (p.nx >= 192 && p.ny >= 134) {  // one on the kernels' 64-node blocks, several blocks wide
    windows.push_back(Subgrid{64, 128, std::min(p.nx - 128, 200), 70});
  }
  for (const TileLayout layout : {TileLayout{3, 2}, TileLayout{5, 7}}) {
    for (int k = 0; k < layout.count(); ++k) windows.push_back(tile_subgrid(layout, p.nx, p.ny, k));
  }
  for (const Subgrid& w : windows) {
    std::vector<T> part(static_cast<size_t>(w.nx) * w.ny);
    device.compute_subgrid_to_host(FieldRequest::of_reference(p), w, part.data(), stored, nullptr);
    for (int i = 0; i < w.ny; ++i) {
      const T* expected = whole.data() + static_cast<size_t>(w.row0 + i) * p.nx + w.col0;
      ASSERT_EQ(
          std::memcmp(part.data() + static_cast<size_t>(i) * w.nx, expected, sizeof(T) * w.nx), 0)
          << "row " << i << " of the subgrid at (" << w.row0 << ", " << w.col0 << ") " << w.nx
          << " x " << w.ny;
    }
  }
}

std::vector<test::NamedGrid> every_case() {
  std::vector<test::NamedGrid> out;
  std::vector<test::NamedGrid> grids = test::backend_test_grids();
  const std::vector<test::NamedGrid> projected = test::projected_test_grids();
  if (under_sanitizer()) grids.resize(1);
  for (const test::NamedGrid& g : projected) {
    grids.push_back(g);
    if (under_sanitizer()) break;
  }
  for (const test::NamedGrid& g : grids) {
    for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
      for (Precision pr : {Precision::f32, Precision::f64}) {
        test::NamedGrid c = g;
        c.params.formula = f;
        c.params.precision = pr;
        c.name += "_" + std::string(to_string(f)) + "_" + std::string(to_string(pr));
        out.push_back(c);
      }
    }
  }
  return out;
}

TEST(TileFieldOnGpu, SubgridsAreTheWholeFieldBitForBit) {
  GF_REQUIRE_CUDA();
  std::string why;
  std::unique_ptr<DeviceFieldComputer> device = try_make_device_field_computer(0, &why);
  ASSERT_NE(device, nullptr) << why;
  for (const test::NamedGrid& c : every_case()) {
    SCOPED_TRACE(c.name);
    expect_subgrids_are_the_whole_field<float>(*device, c.params);
    expect_subgrids_are_the_whole_field<double>(*device, c.params);
  }
}

}  // namespace
}  // namespace geofield
