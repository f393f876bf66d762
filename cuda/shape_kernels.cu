#include <limits>

#include "cuda_check.h"
#include "shape_kernels.h"

namespace geofield {
namespace {

// Row-major device memory holding subgrid w: values as Out, index and bearing unless null.
template <typename Out>
struct ShapeBuffers {
  Out* values;
  std::int32_t* index;
  float* bearing;
  int nx;
  __device__ bool wants_bearing() const { return bearing != nullptr; }
  __device__ void put(int i, int j, double value, std::int32_t feature, float b) const {
    const std::size_t at = static_cast<std::size_t>(i) * nx + j;
    values[at] = static_cast<Out>(value);
    if (index) index[at] = feature;
    if (bearing) bearing[at] = b;
  }
};

// The whole grid into the field's R32F and the index's R32I surfaces (the CUDA backend's
// registered textures).
struct ShapeSurfaces {
  cudaSurfaceObject_t field, index;
  __device__ bool wants_bearing() const { return false; }
  __device__ void put(int i, int j, double value, std::int32_t feature, float) const {
    surf2Dwrite(static_cast<float>(value), field, j * static_cast<int>(sizeof(float)), i);
    surf2Dwrite(feature, index, j * static_cast<int>(sizeof(std::int32_t)), i);
  }
};

template <typename Dest>
__global__ void shape_kernel(ShapeView v, Subgrid w, ArcTreeView rings, ArcTreeView others,
                             Dest dest, bool brute) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= w.ny || j >= w.nx) return;
  double lat, lon;
  if (v.projection == Projection::latlon) {
    lat = node_lat_deg(v.grid, w.row0 + i);
    lon = node_lon_deg(v.grid, w.col0 + j);
  } else {
    const SpherePoint<double> q = projected_node_point<double>(v.map, w.row0 + i, w.col0 + j);
    if (!q.valid) {
      dest.put(i, j, nan(""), -1, nanf(""));
      return;
    }
    lat = q.lat_deg;
    lon = q.lon_deg;
  }
  const UnitVec p = unit_vec_of_deg(lat, lon);
  const NearestArc r = brute ? nearest_arc_by_brute_force(rings, p) : nearest_arc(rings, p, -1);
  const NearestArc l = brute ? nearest_arc_by_brute_force(others, p) : nearest_arc(others, p, -1);
  const ShapeNode n = shape_node(rings, others, p, v.signed_inside, r, l);
  float b = nanf("");
  if (dest.wants_bearing() && !n.zero) {
    const TreeArc& a = (n.from_rings ? rings : others).arcs[n.arc];
    b = azimuth_float(azimuth_toward_deg(lat, lon, nearest_on_arc(p, a.arc)));
  }
  dest.put(i, j, v.radius * n.angle, n.feature, b);
}

dim3 shape_blocks_of(const Subgrid& w, dim3 block) {
  return dim3((w.nx + block.x - 1) / block.x, (w.ny + block.y - 1) / block.y);
}

}  // namespace

ArcTreeView ShapeKernels::Tree::view() const {
  return {static_cast<const ArcTreeNode*>(nodes.get()),
          static_cast<const std::int32_t*>(order.get()), static_cast<const ArcCap*>(caps.get()),
          static_cast<const TreeArc*>(arcs.get()), arc_count};
}

void ShapeKernels::copy(const HostArcTree& h, Tree* d, cudaStream_t stream) {
  d->arc_count = h.arc_count;
  if (h.arc_count == 0) return;
  const std::size_t n = static_cast<std::size_t>(h.arc_count);
  d->nodes.ensure(h.node_count * sizeof(ArcTreeNode), "the sites' tree");
  d->order.ensure(n * sizeof(std::int32_t), "the sites' tree");
  d->caps.ensure(n * sizeof(ArcCap), "the sites' tree");
  d->arcs.ensure(n * sizeof(TreeArc), "the sites' arcs");
  GF_CUDA(cudaMemcpyAsync(d->nodes.get(), h.nodes, h.node_count * sizeof(ArcTreeNode),
                          cudaMemcpyHostToDevice, stream));
  GF_CUDA(cudaMemcpyAsync(d->order.get(), h.order, n * sizeof(std::int32_t), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(cudaMemcpyAsync(d->caps.get(), h.arc_caps, n * sizeof(ArcCap), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(
      cudaMemcpyAsync(d->arcs.get(), h.arcs, n * sizeof(TreeArc), cudaMemcpyHostToDevice, stream));
  // The host's arrays may be reused once this returns.
  GF_CUDA(cudaStreamSynchronize(stream));
}

void ShapeKernels::set_trees(const HostArcTree& rings, const HostArcTree& others,
                             cudaStream_t stream) {
  copy(rings, &rings_, stream);
  copy(others, &others_, stream);
}

template <typename Out>
void ShapeKernels::compute(const ShapeView& v, const Subgrid& w, Out* values, std::int32_t* index,
                           float* bearing, cudaStream_t stream, bool brute_force) {
  if (rings_.arc_count == 0 && others_.arc_count == 0) {
    GF_CUDA_MISUSE("ShapeKernels::compute before set_trees");
  }
  const dim3 block(16, 8);
  shape_kernel<<<shape_blocks_of(w, block), block, 0, stream>>>(
      v, w, rings_.view(), others_.view(), ShapeBuffers<Out>{values, index, bearing, w.nx},
      brute_force);
  GF_CUDA_LAUNCHED("shape_kernel");
}

void ShapeKernels::compute_to_surfaces(const ShapeView& v, int nx, int ny,
                                       cudaSurfaceObject_t field, cudaSurfaceObject_t index,
                                       cudaStream_t stream) {
  if (rings_.arc_count == 0 && others_.arc_count == 0) {
    GF_CUDA_MISUSE("ShapeKernels::compute_to_surfaces before set_trees");
  }
  const dim3 block(16, 8);
  const Subgrid w = whole_grid(nx, ny);
  shape_kernel<<<shape_blocks_of(w, block), block, 0, stream>>>(v, w, rings_.view(), others_.view(),
                                                                ShapeSurfaces{field, index}, false);
  GF_CUDA_LAUNCHED("shape_kernel");
}

template void ShapeKernels::compute<float>(const ShapeView&, const Subgrid&, float*, std::int32_t*,
                                           float*, cudaStream_t, bool);
template void ShapeKernels::compute<double>(const ShapeView&, const Subgrid&, double*,
                                            std::int32_t*, float*, cudaStream_t, bool);

}  // namespace geofield
