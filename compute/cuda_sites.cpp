#include "compute/cuda_sites.h"

#include <algorithm>
#include <vector>

#include "compute/nearest_centre.h"
#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "cuda_check.h"
#include "errors.h"
#include "tiles.h"

namespace geofield {

CentresView centres_view(const FieldParams& p) {
  CentresView v;
  v.f64 = p.precision == Precision::f64;
  if (p.projection == Projection::latlon) {
    v.grid = grid_geometry(p);
  } else {
    v.projected = true;
    v.map = projected_grid(p);
    v.grid.nx = p.nx;
    v.grid.ny = p.ny;
    v.grid.radius = v.map.radius;
    v.grid.formula = p.formula;
  }
  if (p.formula == Formula::wgs84) {
    v.geodesic = geodesic_field(p);
    // The CPU's stretch_delta (nearest_centre.cpp): 2f + f^2.
    const double f = flattening_of(p.ellipsoid_inv_f);
    v.wgs84_delta = 2 * f + f * f;
  }
  return v;
}

ShapeView shape_view(const FieldParams& p, bool signed_inside) {
  ShapeView v;
  v.projection = p.projection;
  if (p.projection == Projection::latlon) {
    v.grid = grid_geometry(p);
  } else {
    v.map = projected_grid(p);
  }
  v.radius = radius_in_units(p);
  v.signed_inside = signed_inside;
  return v;
}

HostArcTree host_arc_tree(const SegmentTree& t) {
  return {t.nodes().data(),    t.nodes().size(), t.order().data(),
          t.arc_caps().data(), t.arcs().data(),  static_cast<std::int32_t>(t.arcs().size())};
}

void CudaSites::hold(const SiteSet& sites, cudaStream_t stream) {
  if (sites.empty()) throw UsageError("--centres: no centres");
  if (held_ == sites) return;  // the same list or set of shapes: compared by pointer first
  if (sites.has_shapes()) {
    const std::shared_ptr<const ShapeTrees> trees = shape_trees_of(sites.shapes());
    shape_kernels_.set_trees(host_arc_tree(trees->rings), host_arc_tree(trees->others), stream);
    held_ = sites;
    return;
  }
  hold(std::span<const Centre>(*sites.points()), stream);
  held_ = sites;
}

void CudaSites::hold(std::span<const Centre> sites, cudaStream_t stream) {
  if (sites.empty()) throw UsageError("--centres: no centres");
  if (held_.points() &&
      std::equal(sites.begin(), sites.end(), held_.points()->begin(), held_.points()->end())) {
    return;
  }
  std::vector<double> lat(sites.size()), lon(sites.size());
  for (std::size_t k = 0; k < sites.size(); ++k) {
    lat[k] = sites[k].lat_deg;
    lon[k] = sites[k].lon_deg;
  }
  kernels_.set_centres(lat.data(), lon.data(), lat.size(), stream);
  GF_CUDA(cudaStreamSynchronize(stream));  // lat and lon go out of scope
  held_ = SiteSet::points(std::vector<Centre>(sites.begin(), sites.end()));
}

template <typename Out>
void CudaSites::into(const FieldParams& p, const Subgrid& w, Out* values, std::int32_t* index,
                     cudaStream_t stream) {
  if (held_.empty()) GF_FAIL("CudaSites::into before hold");
  check_centres_view(p, *held_.points());
  check_subgrid(p, w);
  kernels_.compute_to_buffers<Out>(centres_view(p), w, values, index, stream);
}

template <typename Out>
void CudaSites::into(const FieldRequest& r, const Subgrid& w, Out* values, std::int32_t* index,
                     cudaStream_t stream) {
  if (!held_.has_shapes()) {
    into<Out>(r.params, w, values, index, stream);
    return;
  }
  if (!(held_ == r.sites)) GF_FAIL("CudaSites::into: the request's sites are not those held");
  check_shapes_view(r.params, *held_.shapes());
  check_subgrid(r.params, w);
  shape_kernels_.compute<Out>(shape_view(r.params, r.signed_inside), w, values, index, nullptr,
                              stream);
}

void CudaSites::to_surfaces(const FieldRequest& r, cudaSurfaceObject_t field,
                            cudaSurfaceObject_t index, cudaStream_t stream) {
  if (held_.empty()) GF_FAIL("CudaSites::to_surfaces before hold");
  const FieldParams& p = r.params;
  if (held_.has_shapes()) {
    check_shapes_view(p, *held_.shapes());
    shape_kernels_.compute_to_surfaces(shape_view(p, r.signed_inside), p.nx, p.ny, field, index,
                                       stream);
    return;
  }
  check_centres_view(p, *held_.points());
  kernels_.compute_to_surfaces(centres_view(p), field, index, stream);
}

template void CudaSites::into<float>(const FieldParams&, const Subgrid&, float*, std::int32_t*,
                                     cudaStream_t);
template void CudaSites::into<double>(const FieldParams&, const Subgrid&, double*, std::int32_t*,
                                      cudaStream_t);
template void CudaSites::into<float>(const FieldRequest&, const Subgrid&, float*, std::int32_t*,
                                     cudaStream_t);
template void CudaSites::into<double>(const FieldRequest&, const Subgrid&, double*, std::int32_t*,
                                      cudaStream_t);

}  // namespace geofield
