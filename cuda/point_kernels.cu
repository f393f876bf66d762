#include <cmath>

#include "cuda_check.h"
#include "point_kernels.h"
#include "shape_kernels.h"

namespace geofield {
namespace {

constexpr int kBlock = 256;  // threads a block, and sites a shared-memory tile

// Whether (lat, lon) is a place (NaN is not): the host's check_points in one line.
__device__ __forceinline__ bool is_place(double lat, double lon) {
  return lat >= -90.0 && lat <= 90.0 && lon >= -360.0 && lon <= 360.0;
}

unsigned blocks_for(std::size_t n) { return static_cast<unsigned>((n + kBlock - 1) / kBlock); }

template <typename T, typename Out>
__global__ void one_site_kernel(PointFormula f, PointPlace site, DevicePoints pts, Out* values,
                                std::int32_t* index) {
  const std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (k >= pts.count) return;
  const double lat = pts.lat_deg[k], lon = pts.lon_deg[k];
  const bool ok = is_place(lat, lon);
  const T v = ok ? point_value<T>(f, site, make_point_place(f, lat, lon, false)) : T(nan(""));
  values[k] = static_cast<Out>(v);
  if (index) index[k] = ok ? 0 : -1;
}

// Every site's unit vector from shared memory, a block's tile at a time, into use(s, vector)
// for site s. Every thread of the block calls it (it synchronises).
template <typename Use>
__device__ __forceinline__ void for_each_site(const UnitVec* vectors, int n, UnitVec* tile,
                                              const Use& use) {
  for (int s0 = 0; s0 < n; s0 += kBlock) {
    __syncthreads();
    if (s0 + static_cast<int>(threadIdx.x) < n) tile[threadIdx.x] = vectors[s0 + threadIdx.x];
    __syncthreads();
    const int m = n - s0 < kBlock ? n - s0 : kBlock;
    for (int t = 0; t < m; ++t) use(s0 + t, tile[t]);
  }
}

template <typename T, typename Out>
__global__ void __launch_bounds__(kBlock)
    nearest_site_kernel(PointFormula f, ReachBound reach, const PointPlace* sites,
                        const UnitVec* vectors, int n_sites, DevicePoints pts, Out* values,
                        std::int32_t* index) {
  __shared__ UnitVec tile[kBlock];
  const std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  const bool live = k < pts.count;
  const double lat = live ? pts.lat_deg[k] : 0.0, lon = live ? pts.lon_deg[k] : 0.0;
  const bool ok = live && is_place(lat, lon);
  const UnitVec q = unit_vec_of_deg(ok ? lat : 0.0, ok ? lon : 0.0);
  // The chord-nearest site, then every site within the formula's reach of it (as the CPU's
  // tree names them), evaluated.
  double best2 = 1e300;
  for_each_site(vectors, n_sites, tile, [&](int, const UnitVec& c) {
    const double d2 = chord2(q, c);
    best2 = d2 < best2 ? d2 : best2;
  });
  const double r2 = chord2_of_angle(reach_of(reach, angle_of_chord2(best2)));
  const PointPlace place = make_point_place(f, ok ? lat : 0.0, ok ? lon : 0.0, false);
  T best = T(INFINITY);
  std::int32_t best_k = -1;
  for_each_site(vectors, n_sites, tile, [&](int s, const UnitVec& c) {
    if (chord2(q, c) > r2) return;
    const T v = point_value<T>(f, sites[s], place);
    if (v < best || (v == best && s < best_k)) best = v, best_k = s;
  });
  if (!live) return;
  values[k] = static_cast<Out>(ok ? best : T(nan("")));
  if (index) index[k] = ok ? best_k : -1;
}

template <typename Out>
__global__ void shape_points_kernel(ShapeView v, ArcTreeView rings, ArcTreeView others,
                                    DevicePoints pts, Out* values, std::int32_t* index) {
  const std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (k >= pts.count) return;
  const double lat = pts.lat_deg[k], lon = pts.lon_deg[k];
  if (!is_place(lat, lon)) {
    values[k] = static_cast<Out>(nan(""));
    if (index) index[k] = -1;
    return;
  }
  const UnitVec p = unit_vec_of_deg(lat, lon);
  const ShapeNode n = shape_node(rings, others, p, v.signed_inside, nearest_arc(rings, p, -1),
                                 nearest_arc(others, p, -1));
  values[k] = static_cast<Out>(v.radius * n.angle);
  if (index) index[k] = n.feature;
}

}  // namespace

template <typename T, typename Out>
void launch_point_values(const PointFormula& f, const PointPlace& site, DevicePoints pts,
                         Out* values, std::int32_t* index, cudaStream_t stream) {
  if (pts.count == 0) return;
  one_site_kernel<T, Out>
      <<<blocks_for(pts.count), kBlock, 0, stream>>>(f, site, pts, values, index);
  GF_CUDA_LAUNCHED("one_site_kernel");
}

void PointSites::set_sites(const PointPlace* places, const UnitVec* vectors, std::size_t n,
                           cudaStream_t stream) {
  n_ = n;
  if (n == 0) return;
  places_.ensure(n * sizeof(PointPlace), "the sites' places");
  vectors_.ensure(n * sizeof(UnitVec), "the sites' unit vectors");
  GF_CUDA(cudaMemcpyAsync(places_.get(), places, n * sizeof(PointPlace), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(cudaMemcpyAsync(vectors_.get(), vectors, n * sizeof(UnitVec), cudaMemcpyHostToDevice,
                          stream));
}

template <typename T, typename Out>
void PointSites::compute(const PointFormula& f, const ReachBound& reach, DevicePoints pts,
                         Out* values, std::int32_t* index, cudaStream_t stream) const {
  if (n_ == 0) GF_CUDA_MISUSE("PointSites::compute before set_sites");
  if (pts.count == 0) return;
  nearest_site_kernel<T, Out><<<blocks_for(pts.count), kBlock, 0, stream>>>(
      f, reach, static_cast<const PointPlace*>(places_.get()),
      static_cast<const UnitVec*>(vectors_.get()), static_cast<int>(n_), pts, values, index);
  GF_CUDA_LAUNCHED("nearest_site_kernel");
}

template <typename Out>
void ShapeKernels::compute_points(const ShapeView& v, const double* lat_deg, const double* lon_deg,
                                  std::size_t n, Out* values, std::int32_t* index,
                                  cudaStream_t stream) const {
  if (empty()) GF_CUDA_MISUSE("ShapeKernels::compute_points before set_trees");
  if (n == 0) return;
  shape_points_kernel<Out><<<blocks_for(n), kBlock, 0, stream>>>(
      v, rings_.view(), others_.view(), DevicePoints{lat_deg, lon_deg, n}, values, index);
  GF_CUDA_LAUNCHED("shape_points_kernel");
}

#define GF_POINT_KERNELS(T, Out)                                                                  \
  template void launch_point_values<T, Out>(const PointFormula&, const PointPlace&, DevicePoints, \
                                            Out*, std::int32_t*, cudaStream_t);                   \
  template void PointSites::compute<T, Out>(const PointFormula&, const ReachBound&, DevicePoints, \
                                            Out*, std::int32_t*, cudaStream_t) const;
GF_POINT_KERNELS(float, float)
GF_POINT_KERNELS(float, double)
GF_POINT_KERNELS(double, float)
GF_POINT_KERNELS(double, double)
#undef GF_POINT_KERNELS

template void ShapeKernels::compute_points<float>(const ShapeView&, const double*, const double*,
                                                  std::size_t, float*, std::int32_t*,
                                                  cudaStream_t) const;
template void ShapeKernels::compute_points<double>(const ShapeView&, const double*, const double*,
                                                   std::size_t, double*, std::int32_t*,
                                                   cudaStream_t) const;

}  // namespace geofield
