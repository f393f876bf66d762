#include <limits>

#include "cuda_check.h"
#include "double_for_float.h"
#include "kernel_sinks.cuh"
#include "projected_chord.h"
#include "projected_kernel.h"

namespace geofield {
namespace {

// The latlon float kernel's tiles (field_kernel.cu): 64 x 64 nodes a block of 32 x 8 threads,
// 4 x 4 nodes a thread, a warp storing 16 columns of 2 rows at a time (whole sectors of the
// texture's block-linear layout).
constexpr int kCols = 4;
constexpr int kRows = 4;
constexpr int kTileX = 16 * kCols;
constexpr int kTileY = 16 * kRows;
const dim3 kBlock(kBlockX, kBlockY);

// ortho in double for a float: as ortho_haversines, but cos c / 2 from the hardware's reciprocal
// square root and one Newton step (~2^-44 relative, double_for_float.h's way) instead of the
// correctly rounded double square root, whose longer sequence dominated the node; and b as 1 - a
// (haversine_a_for_float).
__device__ __forceinline__ double ortho_for_float(const AxisTerms<double>& row,
                                                  const AxisTerms<double>& col,
                                                  const ChordConstants<double>& k) {
  // (1/4 - row.sq) is the same for the thread's four columns of a row: taken once a row.
  const double q = (0.25 - row.sq) - col.sq;  // cos^2 c / 4
  const bool on = q >= 0.0;
  const double t = fmax(q, 0.0);
  const double y = rsqrt_seed(t, high_word(t)), g = t * y;
  const double dm = fma(0.5 * g, fma(-g, y, 3.0), -k.half_qc);  // (cos c - qc) / 2
  const double a = fma(dm, dm, row.a + col.a);
  return on ? haversine_a_for_float(a, k.two_r / 2) : k.nan;
}

// The haversine's node: aeqd's radius, or ortho's haversines from the row's and the column's
// terms, ended in float with the device's short haversine (the latlon kernel's), in double with
// the header's; a double bound for a float (the texture) as ortho_for_float.
template <Projection P, typename T, bool kToFloat>
__device__ __forceinline__ T chord_value(const AxisTerms<T>& row, const AxisTerms<T>& col,
                                         const ChordConstants<T>& k) {
  if constexpr (P == Projection::aeqd) {
    return aeqd_radius_value(row, col, k);
  } else if constexpr (sizeof(T) == sizeof(double) && kToFloat) {
    return ortho_for_float(row, col, k);
  } else {
    T a, b;
    const bool on = ortho_haversines(row, col, k, &a, &b);
    T d;
    if constexpr (sizeof(T) == sizeof(float)) {
      d = haversine_distance_ab_f32(a, b, k.two_r, k.pi_r);
    } else {
      d = k.two_r * haversine_half_angle(a, b);
    }
    return on ? d : k.nan;
  }
}

// The haversine, float or double. The block's 128 first threads compute the tile's column and
// row terms in double (rounded once to T) into shared memory, then every thread its 4 x 4 nodes
// from them.
// Edge tiles clamp the terms' index (the clamped ones are never stored) and check the bounds.
template <Projection P, typename T, typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    chord_kernel(ProjectedGrid g, Subgrid w, ChordConstants<T> k, Sink sink) {
  // The subgrid's nodes, indexed in the whole grid (terms of its own rows and columns).
  const int j0 = w.col0 + blockIdx.x * kTileX, i0 = w.row0 + blockIdx.y * kTileY;
  const int j_end = w.col0 + w.nx, i_end = w.row0 + w.ny;
  __shared__ AxisTerms<T> tile_cols[kTileX];
  __shared__ AxisTerms<T> tile_rows[kTileY];
  static_assert(kTileX + kTileY <= kBlockX * kBlockY, "one thread per term");
  const int t = threadIdx.y * kBlockX + threadIdx.x;
  if (t < kTileX) {
    tile_cols[t] = chord_col_terms<T>(g, min(j0 + t, j_end - 1));
  } else if (t < kTileX + kTileY) {
    tile_rows[t - kTileX] = chord_row_terms<T>(g, min(i0 + t - kTileX, i_end - 1));
  }
  __syncthreads();
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
  AxisTerms<T> cols[kCols];
#pragma unroll
  for (int c = 0; c < kCols; ++c) cols[c] = tile_cols[tx + 16 * c];
  if (i0 + kTileY <= i_end && j0 + kTileX <= j_end) {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const AxisTerms<T> row = tile_rows[ty + 16 * r];
#pragma unroll
      for (int c = 0; c < kCols; ++c)
        sink(j0 + tx + 16 * c, i0 + ty + 16 * r,
             chord_value<P, T, Sink::kToFloat>(row, cols[c], k));
    }
    return;
  }
  for (int r = 0; r < kRows; ++r) {
    const int i = i0 + ty + 16 * r;
    if (i >= i_end) break;
    const AxisTerms<T> row = tile_rows[ty + 16 * r];
    for (int c = 0; c < kCols; ++c) {
      const int j = j0 + tx + 16 * c;
      if (j < j_end) sink(j, i, chord_value<P, T, Sink::kToFloat>(row, cols[c], k));
    }
  }
}

// The seed formula and Equal Earth: the shared math node by node (inverse projection, then the
// formula), as the CPU backend runs it. Not unrolled: the node's code is long, the loop's
// overhead small beside it.
template <typename T, typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    node_kernel(ProjectedGrid g, Subgrid w, Sink sink) {
  const int j0 = w.col0 + blockIdx.x * kTileX, i0 = w.row0 + blockIdx.y * kTileY;
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
#pragma unroll 1
  for (int r = 0; r < kRows; ++r) {
    const int i = i0 + ty + 16 * r;
    if (i >= w.row0 + w.ny) break;
#pragma unroll 1
    for (int c = 0; c < kCols; ++c) {
      const int j = j0 + tx + 16 * c;
      if (j < w.col0 + w.nx) sink(j, i, projected_field_value<T>(g, i, j));
    }
  }
}

// wgs84: one thread a node, a warp 32 columns of one row; the inverse projection and all of the
// geodesic's parts per node, in double. __launch_bounds__ as the latlon geodesic kernel's
// (field_kernel.cu): 2 blocks of 256 threads an SM, at most 128 registers a thread.
template <typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY, 2)
    geodesic_node_kernel(ProjectedGrid g, Subgrid w, GeodesicField f, Sink sink) {
  const int lj = blockIdx.x * kBlockX + threadIdx.x, li = blockIdx.y * kBlockY + threadIdx.y;
  if (li >= w.ny || lj >= w.nx) return;
  const int i = w.row0 + li, j = w.col0 + lj;
  sink(j, i, projected_geodesic_value(f, g, i, j));
}

template <typename Sink>
void launch_geodesic(const ProjectedGrid& g, const GeodesicField& f, const Subgrid& w, Sink sink,
                     cudaStream_t stream) {
  if (g.projection == Projection::latlon || g.formula != Formula::wgs84) {
    GF_CUDA_MISUSE("the projected geodesic kernel was handed a latlon grid or another formula");
  }
  const dim3 grid(static_cast<unsigned>((w.nx + kBlockX - 1) / kBlockX),
                  static_cast<unsigned>((w.ny + kBlockY - 1) / kBlockY));
  geodesic_node_kernel<<<grid, kBlock, 0, stream>>>(g, w, f, sink);
  GF_CUDA_LAUNCHED("projected geodesic_node_kernel");
}

template <typename T, typename Sink>
void launch(const ProjectedGrid& g, const Subgrid& w, Sink sink, cudaStream_t stream) {
  if (g.projection == Projection::latlon) {
    GF_CUDA_MISUSE("the projected kernel was handed a latlon grid (field_kernel.h computes it)");
  }
  if (g.formula == Formula::wgs84) {
    GF_CUDA_MISUSE("the projected kernel was handed a wgs84 grid (launch_projected_geodesic_*)");
  }
  const dim3 grid(static_cast<unsigned>((w.nx + kTileX - 1) / kTileX),
                  static_cast<unsigned>((w.ny + kTileY - 1) / kTileY));
  // Equal Earth goes node by node (projected_chord.h has no terms for it), as on the CPU.
  if (g.formula == Formula::haversine && g.projection != Projection::eqearth) {
    const ChordConstants<T> k = chord_constants<T>(g, std::numeric_limits<T>::quiet_NaN());
    if (g.projection == Projection::ortho) {
      chord_kernel<Projection::ortho, T><<<grid, kBlock, 0, stream>>>(g, w, k, sink);
    } else {
      chord_kernel<Projection::aeqd, T><<<grid, kBlock, 0, stream>>>(g, w, k, sink);
    }
    GF_CUDA_LAUNCHED("projected chord_kernel");
    return;
  }
  node_kernel<T><<<grid, kBlock, 0, stream>>>(g, w, sink);
  GF_CUDA_LAUNCHED("projected node_kernel");
}

}  // namespace

template <typename T>
void launch_projected_to_surface(const ProjectedGrid& g, cudaSurfaceObject_t surface,
                                 cudaStream_t stream) {
  launch<T>(g, whole_grid(g.nx, g.ny), SurfaceSink{surface}, stream);
}

template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, Out* out, cudaStream_t stream) {
  launch_projected_to_buffer<T, Out>(g, whole_grid(g.nx, g.ny), out, stream);
}

template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, const Subgrid& w, Out* out,
                                cudaStream_t stream) {
  launch<T>(g, w, subgrid_sink(out, w), stream);
}

void launch_projected_geodesic_to_surface(const ProjectedGrid& g, const GeodesicField& f,
                                          cudaSurfaceObject_t surface, cudaStream_t stream) {
  launch_geodesic(g, f, whole_grid(g.nx, g.ny), SurfaceSink{surface}, stream);
}

template <typename Out>
void launch_projected_geodesic_to_buffer(const ProjectedGrid& g, const GeodesicField& f, Out* out,
                                         cudaStream_t stream) {
  launch_projected_geodesic_to_buffer<Out>(g, f, whole_grid(g.nx, g.ny), out, stream);
}

template <typename Out>
void launch_projected_geodesic_to_buffer(const ProjectedGrid& g, const GeodesicField& f,
                                         const Subgrid& w, Out* out, cudaStream_t stream) {
  launch_geodesic(g, f, w, subgrid_sink(out, w), stream);
}

template void launch_projected_to_buffer<float, float>(const ProjectedGrid&, const Subgrid&, float*,
                                                       cudaStream_t);
template void launch_projected_to_buffer<double, float>(const ProjectedGrid&, const Subgrid&,
                                                        float*, cudaStream_t);
template void launch_projected_to_buffer<float, double>(const ProjectedGrid&, const Subgrid&,
                                                        double*, cudaStream_t);
template void launch_projected_to_buffer<double, double>(const ProjectedGrid&, const Subgrid&,
                                                         double*, cudaStream_t);
template void launch_projected_geodesic_to_buffer<float>(const ProjectedGrid&, const GeodesicField&,
                                                         const Subgrid&, float*, cudaStream_t);
template void launch_projected_geodesic_to_buffer<double>(const ProjectedGrid&,
                                                          const GeodesicField&, const Subgrid&,
                                                          double*, cudaStream_t);

template void launch_projected_geodesic_to_buffer<float>(const ProjectedGrid&, const GeodesicField&,
                                                         float*, cudaStream_t);
template void launch_projected_geodesic_to_buffer<double>(const ProjectedGrid&,
                                                          const GeodesicField&, double*,
                                                          cudaStream_t);
template void launch_projected_to_surface<float>(const ProjectedGrid&, cudaSurfaceObject_t,
                                                 cudaStream_t);
template void launch_projected_to_surface<double>(const ProjectedGrid&, cudaSurfaceObject_t,
                                                  cudaStream_t);
template void launch_projected_to_buffer<float, float>(const ProjectedGrid&, float*, cudaStream_t);
template void launch_projected_to_buffer<double, float>(const ProjectedGrid&, float*, cudaStream_t);
template void launch_projected_to_buffer<float, double>(const ProjectedGrid&, double*,
                                                        cudaStream_t);
template void launch_projected_to_buffer<double, double>(const ProjectedGrid&, double*,
                                                         cudaStream_t);

}  // namespace geofield
