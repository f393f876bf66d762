// The nearest of many centres on the GPU, exactly and not by brute force: for every
// node of a grid (latlon, aeqd or ortho), or of a subgrid of it, the smallest value over the
// centres of the view's formula with that centre as the reference, and that centre's index (the
// lowest of those that tie).
//
// All on the device, in passes on one stream (docs/centres.md, "GPU (CUDA)"):
//   coarse: one block per coarse tile (site_tiling.h: 32 to 256 nodes a side) finds the tile's
//           cap (centre_bounds.h: the largest angle from the tile's direction over every node of
//           it, so it holds a projected tile too) and the centres that can win in it, scanning
//           every centre;
//   fine  : one warp per tile of 8 x 8 or 16 x 16 nodes (about the centres' spacing) does the
//           same over its coarse tile's candidates only;
//   nodes : each node evaluates its fine tile's candidates by the formula (the haversine's row
//           and column factors of each candidate made once per tile in shared memory; on a
//           projected view the node's point once, then projected_sites.h's value of each), the
//           smallest value, ties to the lowest index. A projected node off the map: NaN, -1.
// A subgrid's tiles start at its own corner; every value depends on the node and the centre
// only, so a subgrid holds the whole field's values and indices there, bit for bit.
// Candidate lists live in one device pool taken by an atomic offset. A tile whose list does not
// fit takes every centre instead (slower, never wrong); the pool's use is copied back without
// waiting and the next compute grows the pool to fit.
//
// Brute force (CentresTuning::brute_force) is the same node pass with every tile's list being
// every centre: the same code computes the same value, so pruned and brute force agree to the
// bit, which is what the tests hold the pruning to.
//
// cuda/ is a leaf: the app turns FieldParams into a CentresView (centres_view, cuda_sites.h).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "centre_bounds.h"
#include "device_memory.h"
#include "field_math.h"
#include "geodesic_field.h"
#include "projected_chord.h"
#include "subgrid.h"

namespace geofield {

struct CentresView {
  // The nodes, the formula (haversine or wgs84) and the radius in the output unit; its reference
  // point is not used. A projected view fills nx, ny, formula and radius of it.
  GridGeometry grid;
  // aeqd, ortho: the view's map (aeqd about the view's reference point, ortho about its middle).
  bool projected = false;
  ProjectedGrid map{};
  ChordConstants<float> map_chord{};  // set by compute
  bool f64 = false;  // haversine: every value in double (wgs84 is in double either way)
  // wgs84: the ellipsoid and the unit (its reference is not used), and the stretch bound
  // delta = 2f + f^2 of the sphere of the ellipsoid's mean radius.
  GeodesicField geodesic;
  double wgs84_delta = 0;
};

struct CentresTuning {
  int fine_tile = 0;         // nodes a side of a fine tile: 0 from the centres' density, 8 or 16
  bool brute_force = false;  // every centre at every node (tests, the benchmark's baseline)
  int coarse_tile = 0;       // nodes a side of a coarse tile: 0 from the grid's step, else a
                             // multiple of 16 and of the fine tile
};

class NearestCentres {
 public:
  NearestCentres();
  ~NearestCentres();
  NearestCentres(const NearestCentres&) = delete;
  NearestCentres& operator=(const NearestCentres&) = delete;

  // Uploads n centres (degrees; latitude in [-90, 90]) and makes their unit vectors on the
  // device. Queued on `stream`; the host arrays may be reused when this returns.
  void set_centres(const double* lat_deg, const double* lon_deg, std::size_t n,
                   cudaStream_t stream);
  std::size_t centre_count() const { return n_; }

  // The field as float into an R32F surface and the index into an R32I surface (texel (j, i) =
  // node (row i, column j)). Asynchronous.
  void compute_to_surfaces(const CentresView& v, cudaSurfaceObject_t field,
                           cudaSurfaceObject_t index, cudaStream_t stream, CentresTuning t = {});
  // The same into row-major device memory, values stored as Out (float or double).
  template <typename Out>
  void compute_to_buffers(const CentresView& v, Out* values, std::int32_t* index,
                          cudaStream_t stream, CentresTuning t = {}) {
    compute_to_buffers(v, whole_grid(v.grid.nx, v.grid.ny), values, index, stream, t);
  }
  // Subgrid w of the grid (a tile): w.nx values a row, local node (i, j) the grid's node
  // (w.row0 + i, w.col0 + j), bit for bit the whole field's there.
  template <typename Out>
  void compute_to_buffers(const CentresView& v, const Subgrid& w, Out* values, std::int32_t* index,
                          cudaStream_t stream, CentresTuning t = {});

  // The pool's size in entries; tests make it small to force the overflow path.
  void set_pool_capacity(std::size_t entries);
  std::size_t pool_capacity() const { return capacity_; }
  // The entries the last compute's lists asked for (waits for that compute): more than the
  // capacity it ran with means some tiles took every centre.
  std::size_t last_pool_demand();
  // Whether that demand was more than the pool the last compute ran with (waits for it).
  bool last_pool_overflowed() { return last_pool_demand() > demand_capacity_; }
  // The fine tile's side the last compute used.
  int last_fine_tile() const { return fine_tile_; }
  int last_coarse_tile() const { return coarse_tile_; }

 private:
  template <typename Sink>
  void compute(const CentresView& v, const Subgrid& w, const Sink& sink, cudaStream_t stream,
               CentresTuning t);
  void grow_pool_if_short();

  std::size_t n_ = 0;
  DeviceBuffer latlon_;          // n double2: latitude, longitude in degrees
  DeviceBuffer vectors_;         // n UnitVec
  DeviceBuffer centre_parts_;    // n per-centre grid parts or maps, made for each view
  DeviceBuffer grid_parts_;      // the rows' and columns' cos and sin, for the nodes' vectors
  DeviceBuffer lists_;           // the coarse and fine tiles' lists (offset, count)
  DeviceBuffer pool_;            // candidate indices
  DeviceBuffer used_;            // the pool's atomic offset (unsigned long long)
  std::size_t capacity_ = 0;     // pool entries
  bool capacity_fixed_ = false;  // set_pool_capacity was called: no automatic first size
  unsigned long long* demand_host_ = nullptr;  // pinned: the last compute's pool demand
  std::size_t demand_capacity_ = 0;            // the capacity that compute ran with
  CudaEvent demand_copied_;
  bool demand_pending_ = false;
  int fine_tile_ = 0;
  int coarse_tile_ = 0;
};

}  // namespace geofield
