#include "compute/cuda_points.h"

#include "compute/cpu_field.h"
#include "compute/cuda_sites.h"
#include "compute/shape_trees.h"
#include "cuda_check.h"

namespace geofield {

void CudaPoints::hold(const FieldRequest& r, cudaStream_t stream) {
  const FieldParams& p = r.params;
  const bool same_formula = held_for_.formula == p.formula &&
                            held_for_.ellipsoid_a_km == p.ellipsoid_a_km &&
                            held_for_.ellipsoid_inv_f == p.ellipsoid_inv_f;
  if (held_ == r.sites && (r.sites.has_shapes() || same_formula)) return;
  if (r.sites.has_shapes()) {
    const std::shared_ptr<const ShapeTrees> trees = shape_trees_of(r.sites.shapes());
    shapes_.set_trees(host_arc_tree(trees->rings), host_arc_tree(trees->others), stream);
  } else {
    const std::span<const Centre> sites(*r.sites.points());
    const std::vector<PointPlace> places = site_places(point_formula(p), sites);
    std::vector<UnitVec> vectors;
    vectors.reserve(sites.size());
    for (const Centre& c : sites) vectors.push_back(unit_vec_of_deg(c.lat_deg, c.lon_deg));
    points_.set_sites(places.data(), vectors.data(), sites.size(), stream);
    GF_CUDA(cudaStreamSynchronize(stream));  // places and vectors go out of scope
  }
  held_ = r.sites;
  held_for_ = p;
}

template <typename Out>
void CudaPoints::into(const FieldRequest& r, DevicePoints pts, Out* values, std::int32_t* index,
                      cudaStream_t stream) {
  check_sites(r);
  const PointFormula f = point_formula(r.params);
  const bool f64 = r.params.precision == Precision::f64;
  if (r.sites.is_one_point()) {
    const Centre& c = r.sites.point(0);
    const PointPlace site = make_point_place(f, c.lat_deg, c.lon_deg, true);
    f64 ? launch_point_values<double, Out>(f, site, pts, values, index, stream)
        : launch_point_values<float, Out>(f, site, pts, values, index, stream);
    return;
  }
  hold(r, stream);
  if (r.sites.has_shapes()) {
    shapes_.compute_points<Out>(shape_view(r.params, r.signed_inside), pts.lat_deg, pts.lon_deg,
                                pts.count, values, index, stream);
    return;
  }
  const ReachBound reach = point_reach_bound(r.params);
  f64 ? points_.compute<double, Out>(f, reach, pts, values, index, stream)
      : points_.compute<float, Out>(f, reach, pts, values, index, stream);
}

template void CudaPoints::into<float>(const FieldRequest&, DevicePoints, float*, std::int32_t*,
                                      cudaStream_t);
template void CudaPoints::into<double>(const FieldRequest&, DevicePoints, double*, std::int32_t*,
                                       cudaStream_t);

}  // namespace geofield
