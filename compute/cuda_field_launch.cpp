#include "compute/cuda_field_launch.h"

#include "field_kernel.h"
#include "projected_kernel.h"
#include "tiles.h"

namespace geofield {

CentresView centres_view(const FieldParams& p) {
  CentresView v;
  v.grid = grid_geometry(p);
  v.f64 = p.precision == Precision::f64;
  if (p.formula == Formula::wgs84) {
    v.geodesic = geodesic_field(p);
    // The CPU's stretch_delta (nearest_centre.cpp): 2f + f^2.
    const double f = flattening_of(p.ellipsoid_inv_f);
    v.wgs84_delta = 2 * f + f * f;
  }
  return v;
}

template <typename Out>
void launch_field_into(const FieldParams& p, Out* out, cudaStream_t stream, DeviceBuffer* scratch) {
  launch_field_into(p, whole_grid(p.nx, p.ny), out, stream, scratch);
}

template <typename Out>
void launch_field_into(const FieldParams& p, const Subgrid& w, Out* out, cudaStream_t stream,
                       DeviceBuffer* scratch) {
  check_subgrid(p, w);
  const bool f64 = p.precision == Precision::f64;
  if (p.formula == Formula::wgs84) {  // in double either way: there is no float geodesic
    if (p.projection != Projection::latlon) {
      launch_projected_geodesic_to_buffer<Out>(projected_grid(p), geodesic_field(p), w, out,
                                               stream);
    } else {
      launch_geodesic_field_to_buffer<Out>(grid_geometry(p), geodesic_field(p), w, out, stream,
                                           scratch);
    }
  } else if (p.projection != Projection::latlon) {
    if (f64) {
      launch_projected_to_buffer<double, Out>(projected_grid(p), w, out, stream);
    } else {
      launch_projected_to_buffer<float, Out>(projected_grid(p), w, out, stream);
    }
  } else if (f64) {
    launch_field_to_buffer<double, Out>(grid_geometry(p), w, out, stream, scratch);
  } else {
    launch_field_to_buffer<float, Out>(grid_geometry(p), w, out, stream, scratch);
  }
}

template void launch_field_into<float>(const FieldParams&, float*, cudaStream_t, DeviceBuffer*);
template void launch_field_into<double>(const FieldParams&, double*, cudaStream_t, DeviceBuffer*);
template void launch_field_into<float>(const FieldParams&, const Subgrid&, float*, cudaStream_t,
                                       DeviceBuffer*);
template void launch_field_into<double>(const FieldParams&, const Subgrid&, double*, cudaStream_t,
                                        DeviceBuffer*);

}  // namespace geofield
