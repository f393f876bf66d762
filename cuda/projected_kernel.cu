#include <limits>

#include "cuda_check.h"
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

// The float haversine's node: aeqd's radius, or ortho's haversines from the row's and the
// column's terms with the device's short haversine end (the latlon kernel's).
template <Projection P>
__device__ __forceinline__ float chord_value(const AxisTerms<float>& row,
                                             const AxisTerms<float>& col,
                                             const ChordConstants<float>& k) {
  if constexpr (P == Projection::aeqd) {
    return aeqd_radius_value(row, col, k);
  } else {
    float a, b;
    const bool on = ortho_haversines(row, col, k, &a, &b);
    const float d = haversine_distance_ab_f32(a, b, k.two_r, k.pi_r);
    return on ? d : k.nan;
  }
}

// Float haversine. The block's 128 first threads compute the tile's column and row terms in
// double (rounded once to float) into shared memory, then every thread its 4 x 4 nodes from them.
// Edge tiles clamp the terms' index (the clamped ones are never stored) and check the bounds.
template <Projection P, typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    chord_kernel(ProjectedGrid g, ChordConstants<float> k, Sink sink) {
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * kTileY;
  __shared__ AxisTerms<float> tile_cols[kTileX];
  __shared__ AxisTerms<float> tile_rows[kTileY];
  static_assert(kTileX + kTileY <= kBlockX * kBlockY, "one thread per term");
  const int t = threadIdx.y * kBlockX + threadIdx.x;
  if (t < kTileX) {
    tile_cols[t] = chord_col_terms<float>(g, min(j0 + t, g.nx - 1));
  } else if (t < kTileX + kTileY) {
    tile_rows[t - kTileX] = chord_row_terms<float>(g, min(i0 + t - kTileX, g.ny - 1));
  }
  __syncthreads();
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
  AxisTerms<float> cols[kCols];
#pragma unroll
  for (int c = 0; c < kCols; ++c) cols[c] = tile_cols[tx + 16 * c];
  if (i0 + kTileY <= g.ny && j0 + kTileX <= g.nx) {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      const AxisTerms<float> row = tile_rows[ty + 16 * r];
#pragma unroll
      for (int c = 0; c < kCols; ++c)
        sink(j0 + tx + 16 * c, i0 + ty + 16 * r, chord_value<P>(row, cols[c], k));
    }
    return;
  }
  for (int r = 0; r < kRows; ++r) {
    const int i = i0 + ty + 16 * r;
    if (i >= g.ny) break;
    const AxisTerms<float> row = tile_rows[ty + 16 * r];
    for (int c = 0; c < kCols; ++c) {
      const int j = j0 + tx + 16 * c;
      if (j < g.nx) sink(j, i, chord_value<P>(row, cols[c], k));
    }
  }
}

// Double, and the seed formula: the shared math node by node (inverse projection, then the
// formulas), as the CPU backend runs it. Not unrolled: the node's code is long, the loop's
// overhead small beside it.
template <typename T, typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY) node_kernel(ProjectedGrid g, Sink sink) {
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * kTileY;
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
#pragma unroll 1
  for (int r = 0; r < kRows; ++r) {
    const int i = i0 + ty + 16 * r;
    if (i >= g.ny) break;
#pragma unroll 1
    for (int c = 0; c < kCols; ++c) {
      const int j = j0 + tx + 16 * c;
      if (j < g.nx) sink(j, i, projected_field_value<T>(g, i, j));
    }
  }
}

// wgs84: one thread a node, a warp 32 columns of one row; the inverse projection and all of the
// geodesic's parts per node, in double. __launch_bounds__ as the latlon geodesic kernel's
// (field_kernel.cu): 2 blocks of 256 threads an SM, at most 128 registers a thread.
template <typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY, 2)
    geodesic_node_kernel(ProjectedGrid g, GeodesicField f, Sink sink) {
  const int j = blockIdx.x * kBlockX + threadIdx.x, i = blockIdx.y * kBlockY + threadIdx.y;
  if (i >= g.ny || j >= g.nx) return;
  sink(j, i, projected_geodesic_value(f, g, i, j));
}

template <typename Sink>
void launch_geodesic(const ProjectedGrid& g, const GeodesicField& f, Sink sink,
                     cudaStream_t stream) {
  if (g.projection == Projection::latlon || g.formula != Formula::wgs84) {
    GF_CUDA_MISUSE("the projected geodesic kernel was handed a latlon grid or another formula");
  }
  const dim3 grid(static_cast<unsigned>((g.nx + kBlockX - 1) / kBlockX),
                  static_cast<unsigned>((g.ny + kBlockY - 1) / kBlockY));
  geodesic_node_kernel<<<grid, kBlock, 0, stream>>>(g, f, sink);
  GF_CUDA_LAUNCHED("projected geodesic_node_kernel");
}

template <typename T, typename Sink>
void launch(const ProjectedGrid& g, Sink sink, cudaStream_t stream) {
  if (g.projection == Projection::latlon) {
    GF_CUDA_MISUSE("the projected kernel was handed a latlon grid (field_kernel.h computes it)");
  }
  if (g.formula == Formula::wgs84) {
    GF_CUDA_MISUSE("the projected kernel was handed a wgs84 grid (launch_projected_geodesic_*)");
  }
  const dim3 grid(static_cast<unsigned>((g.nx + kTileX - 1) / kTileX),
                  static_cast<unsigned>((g.ny + kTileY - 1) / kTileY));
  if constexpr (sizeof(T) == sizeof(float)) {
    if (g.formula == Formula::haversine) {
      const ChordConstants<float> k =
          chord_constants<float>(g, std::numeric_limits<float>::quiet_NaN());
      if (g.projection == Projection::ortho) {
        chord_kernel<Projection::ortho><<<grid, kBlock, 0, stream>>>(g, k, sink);
      } else {
        chord_kernel<Projection::aeqd><<<grid, kBlock, 0, stream>>>(g, k, sink);
      }
      GF_CUDA_LAUNCHED("projected chord_kernel");
      return;
    }
  }
  node_kernel<T><<<grid, kBlock, 0, stream>>>(g, sink);
  GF_CUDA_LAUNCHED("projected node_kernel");
}

}  // namespace

template <typename T>
void launch_projected_to_surface(const ProjectedGrid& g, cudaSurfaceObject_t surface,
                                 cudaStream_t stream) {
  launch<T>(g, SurfaceSink{surface}, stream);
}

template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, Out* out, cudaStream_t stream) {
  launch<T>(g, BufferSink<Out>{out, g.nx}, stream);
}

void launch_projected_geodesic_to_surface(const ProjectedGrid& g, const GeodesicField& f,
                                          cudaSurfaceObject_t surface, cudaStream_t stream) {
  launch_geodesic(g, f, SurfaceSink{surface}, stream);
}

template <typename Out>
void launch_projected_geodesic_to_buffer(const ProjectedGrid& g, const GeodesicField& f, Out* out,
                                         cudaStream_t stream) {
  launch_geodesic(g, f, BufferSink<Out>{out, g.nx}, stream);
}

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
