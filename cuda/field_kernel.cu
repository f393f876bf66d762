#include "cuda_check.h"
#include "double_for_float.h"
#include "field_kernel.h"
#include "kernel_math.cuh"
#include "kernel_sinks.cuh"

namespace geofield {
namespace {

const dim3 kBlock(kBlockX, kBlockY);

// float : 4 x 4 nodes a thread, 64 x 64 tiles; the block computes its tile's row and column
//         factors into shared memory (128 threads, one factor each, then a barrier). Larger
//         tiles spread the factors' sin/cos further, but the GL texture takes their stores
//         slower: 4 x 4 is the fastest into the texture (docs/kernel-tuning.md).
// double: 4 x 4 nodes a thread, 64 x 64 tiles; the factors come from a pre-pass over the grid's
//         rows and columns (each tile's own FP64 sin/cos cost ~15% of the kernel), each row's
//         factors read by its warp directly (a broadcast load, no barrier).
template <typename T>
struct Tile {
  static constexpr bool kPrepass = sizeof(T) == sizeof(double);
  static constexpr int kCols = 4;
  static constexpr int kRows = 4;
  static constexpr int kX = 16 * kCols;
  static constexpr int kY = 16 * kRows;
};

// A node's value for formula F in precision T, with what depends on the grid alone taken once per
// thread (and the formula chosen once per thread, not per node). Double values bound for a float
// take the shorter combine.
template <typename T, Formula F, bool kToFloat>
struct NodeValue {
  T radius;
  float two_r, pi_r;  // the float haversine's 2R and pi R
  __device__ explicit NodeValue(const GridGeometry& g)
      : radius(T(g.radius)), two_r(float(2 * g.radius)), pi_r(float(kPi * g.radius)) {}
  __device__ T operator()(const RowFactors<T>& r, const ColFactors<T>& c) const {
    if constexpr (F == Formula::seed) {
      return seed_combine<T>(r, c, radius);
    } else if constexpr (sizeof(T) == sizeof(float)) {
      return haversine_distance_f32(r, c, two_r, pi_r);
    } else if constexpr (kToFloat) {
      return haversine_combine_for_float(r, c, radius);
    } else {
      return haversine_combine<T>(r, c, radius);
    }
  }
};

// The nodes of one thread: kCols x kRows of its tile, without bound checks when the tile lies
// inside the grid.
// (i0, j0): the tile's first node in the whole grid; (i_end, j_end): the subgrid's ends there.
template <typename T, Formula F, typename Sink, typename RowAt>
__device__ __forceinline__ void store_nodes(const GridGeometry& g, const Sink& sink, int j0, int i0,
                                            int j_end, int i_end,
                                            const ColFactors<T> (&cols)[Tile<T>::kCols],
                                            RowAt row_at) {
  using TileT = Tile<T>;
  const NodeValue<T, F, Sink::kToFloat> value(g);
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
  if (i0 + TileT::kY <= i_end && j0 + TileT::kX <= j_end) {
#pragma unroll
    for (int r = 0; r < TileT::kRows; ++r) {
      const RowFactors<T> row = row_at(ty + 16 * r);
#pragma unroll
      for (int c = 0; c < TileT::kCols; ++c)
        sink(j0 + tx + 16 * c, i0 + ty + 16 * r, value(row, cols[c]));
    }
    return;
  }
  for (int r = 0; r < TileT::kRows; ++r) {
    const int i = i0 + ty + 16 * r;
    if (i >= i_end) break;
    const RowFactors<T> row = row_at(ty + 16 * r);
    for (int c = 0; c < TileT::kCols; ++c) {
      const int j = j0 + tx + 16 * c;
      if (j < j_end) sink(j, i, value(row, cols[c]));
    }
  }
}

// The subgrid's rows' and columns' factors: entry k is the whole grid's row w.row0 + k (column
// w.col0 + k).
template <typename T>
__global__ void factors_kernel(GridGeometry g, Subgrid w, RowFactors<T>* rows,
                               ColFactors<T>* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < w.ny) {
    rows[k] = row_factors<T>(g, w.row0 + k);
  } else if (k < w.ny + w.nx) {
    cols[k - w.ny] = col_factors<T>(g, w.col0 + k - w.ny);
  }
}

// The nodes of subgrid w of the grid (the whole grid for the surface), each from the whole grid's
// own factors of its row and column.
template <typename T, typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY)
    field_kernel(GridGeometry g, Subgrid w, Sink sink, const RowFactors<T>* all_rows,
                 const ColFactors<T>* all_cols) {
  using TileT = Tile<T>;
  const int j0 = w.col0 + blockIdx.x * TileT::kX, i0 = w.row0 + blockIdx.y * TileT::kY;
  const int j_end = w.col0 + w.nx, i_end = w.row0 + w.ny;
  // Factors: the tile's, in shared memory (float), or the pre-pass's (double).
  __shared__ ColFactors<T> shared_cols[TileT::kPrepass ? 1 : TileT::kX];
  __shared__ RowFactors<T> shared_rows[TileT::kPrepass ? 1 : TileT::kY];
  if constexpr (!TileT::kPrepass) {
    const int t = threadIdx.y * kBlockX + threadIdx.x;
    static_assert(TileT::kX + TileT::kY <= kBlockX * kBlockY, "one thread per factor");
    if (t < TileT::kX) {
      if (j0 + t < j_end) shared_cols[t] = col_factors<T>(g, j0 + t);
    } else if (t < TileT::kX + TileT::kY) {
      const int r = t - TileT::kX;
      if (i0 + r < i_end) shared_rows[r] = row_factors<T>(g, i0 + r);
    }
    __syncthreads();
  }
  const int tx = threadIdx.x & 15;
  ColFactors<T> cols[TileT::kCols];
#pragma unroll
  for (int c = 0; c < TileT::kCols; ++c) {
    if constexpr (TileT::kPrepass)
      cols[c] = all_cols[min(j0 - w.col0 + tx + 16 * c, w.nx - 1)];
    else
      cols[c] = shared_cols[tx + 16 * c];
  }
  auto row_at = [&](int lr) {  // row lr of the tile
    if constexpr (TileT::kPrepass)
      return all_rows[min(i0 - w.row0 + lr, w.ny - 1)];
    else
      return shared_rows[lr];
  };
  if (g.formula == Formula::haversine) {
    store_nodes<T, Formula::haversine>(g, sink, j0, i0, j_end, i_end, cols, row_at);
  } else {
    store_nodes<T, Formula::seed>(g, sink, j0, i0, j_end, i_end, cols, row_at);
  }
}

__global__ void __launch_bounds__(kBlockX* kBlockY)
    store_only_kernel(int nx, int ny, cudaSurfaceObject_t surface) {
  using TileT = Tile<float>;
  const int j0 = blockIdx.x * TileT::kX, i0 = blockIdx.y * TileT::kY;
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
#pragma unroll
  for (int r = 0; r < TileT::kRows; ++r) {
#pragma unroll
    for (int c = 0; c < TileT::kCols; ++c) {
      const int i = i0 + ty + 16 * r, j = j0 + tx + 16 * c;
      if (i < ny && j < nx) {
        surf2Dwrite(static_cast<float>(i) * 0.5f + static_cast<float>(j), surface,
                    j * static_cast<int>(sizeof(float)), i);
      }
    }
  }
}

// wgs84: the pre-pass, one thread a row or a column part of subgrid w (entry k: the whole
// grid's row w.row0 + k, column w.col0 + k).
__global__ void geodesic_parts_kernel(GeodesicField f, GridGeometry g, Subgrid w, GeodesicRow* rows,
                                      GeodesicColumn* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < w.ny) {
    rows[k] = geodesic_grid_row(f, g, w.row0 + k);
  } else if (k < w.ny + w.nx) {
    cols[k - w.ny] = geodesic_grid_column(g, w.col0 + k - w.ny);
  }
}

// wgs84: one thread a node, a warp 32 columns of one row (one GeodesicRow, read once by the
// warp; neighbouring nodes, so lanes mostly take as many Newton steps). The node's code takes
// about 114 registers (docs/geodesic.md): the bound of 2 blocks of 256 threads an SM caps them at
// 128, which it fits without spilling, 16 warps an SM. The loop's FP64 arithmetic dominates, so
// the stores' layout (the float kernel's care) does not matter here.
template <typename Sink>
__global__ void __launch_bounds__(kBlockX* kBlockY, 2)
    geodesic_kernel(GeodesicField f, GridGeometry g, Subgrid w, Sink sink, const GeodesicRow* rows,
                    const GeodesicColumn* cols) {
  const int lj = blockIdx.x * kBlockX + threadIdx.x, li = blockIdx.y * kBlockY + threadIdx.y;
  if (li >= w.ny || lj >= w.nx) return;
  sink(w.col0 + lj, w.row0 + li, geodesic_value(f, rows[li], cols[lj]));
}

template <typename Sink>
void launch_geodesic(const GridGeometry& g, const GeodesicField& f, const Subgrid& w, Sink sink,
                     cudaStream_t stream, DeviceBuffer* parts) {
  if (g.formula != Formula::wgs84) {
    GF_CUDA_MISUSE("the geodesic kernel was handed a grid of another formula");
  }
  DeviceBuffer own;
  DeviceBuffer& buffer = parts != nullptr ? *parts : own;
  const size_t row_bytes = sizeof(GeodesicRow) * static_cast<size_t>(w.ny);
  buffer.ensure(row_bytes + sizeof(GeodesicColumn) * static_cast<size_t>(w.nx),
                "the geodesic's row and column parts");
  auto* rows = static_cast<GeodesicRow*>(buffer.get());
  auto* cols = reinterpret_cast<GeodesicColumn*>(static_cast<char*>(buffer.get()) + row_bytes);
  constexpr int kPartsBlock = 32;  // a few thousand parts over every SM, not a few
  const int n = w.nx + w.ny;
  geodesic_parts_kernel<<<(n + kPartsBlock - 1) / kPartsBlock, kPartsBlock, 0, stream>>>(
      f, g, w, rows, cols);
  GF_CUDA_LAUNCHED("geodesic_parts_kernel");
  const dim3 grid(static_cast<unsigned>((w.nx + kBlockX - 1) / kBlockX),
                  static_cast<unsigned>((w.ny + kBlockY - 1) / kBlockY));
  geodesic_kernel<<<grid, kBlock, 0, stream>>>(f, g, w, sink, rows, cols);
  GF_CUDA_LAUNCHED("geodesic_kernel");
  if (own.get() != nullptr) GF_CUDA(cudaStreamSynchronize(stream));  // before `own` is freed
}

template <typename T>
dim3 grid_of(int nx, int ny) {
  return dim3(static_cast<unsigned>((nx + Tile<T>::kX - 1) / Tile<T>::kX),
              static_cast<unsigned>((ny + Tile<T>::kY - 1) / Tile<T>::kY));
}

// The pre-pass (double): every row's and column's factors into `factors` (grown as needed;
// a launch without one gets a buffer of its own, released when the launch has run).
template <typename T, typename Sink>
void launch(const GridGeometry& g, const Subgrid& w, Sink sink, cudaStream_t stream,
            DeviceBuffer* factors) {
  if (g.formula == Formula::wgs84) {
    GF_CUDA_MISUSE(
        "the field kernel was handed a wgs84 grid (launch_geodesic_field_* computes it)");
  }
  const RowFactors<T>* rows = nullptr;
  const ColFactors<T>* cols = nullptr;
  DeviceBuffer own;
  if constexpr (Tile<T>::kPrepass) {
    DeviceBuffer& buffer = factors != nullptr ? *factors : own;
    const size_t row_bytes = sizeof(RowFactors<T>) * static_cast<size_t>(w.ny);
    buffer.ensure(row_bytes + sizeof(ColFactors<T>) * static_cast<size_t>(w.nx),
                  "the row and column factors");
    auto* r = static_cast<RowFactors<T>*>(buffer.get());
    auto* c = reinterpret_cast<ColFactors<T>*>(static_cast<char*>(buffer.get()) + row_bytes);
    constexpr int kPrepassBlock = 32;  // 16384 factors over every SM, not a few
    const int n = w.nx + w.ny;
    factors_kernel<T>
        <<<(n + kPrepassBlock - 1) / kPrepassBlock, kPrepassBlock, 0, stream>>>(g, w, r, c);
    GF_CUDA_LAUNCHED("factors_kernel");
    rows = r;
    cols = c;
  }
  field_kernel<T><<<grid_of<T>(w.nx, w.ny), kBlock, 0, stream>>>(g, w, sink, rows, cols);
  GF_CUDA_LAUNCHED("field_kernel");
  if (own.get() != nullptr) GF_CUDA(cudaStreamSynchronize(stream));  // before `own` is freed
}

}  // namespace

template <typename T>
void launch_field_to_surface(const GridGeometry& g, cudaSurfaceObject_t surface,
                             cudaStream_t stream, DeviceBuffer* factors) {
  launch<T>(g, whole_grid(g.nx, g.ny), SurfaceSink{surface}, stream, factors);
}

template <typename T, typename Out>
void launch_field_to_buffer(const GridGeometry& g, Out* out, cudaStream_t stream,
                            DeviceBuffer* factors) {
  launch_field_to_buffer<T, Out>(g, whole_grid(g.nx, g.ny), out, stream, factors);
}

template <typename T, typename Out>
void launch_field_to_buffer(const GridGeometry& g, const Subgrid& w, Out* out, cudaStream_t stream,
                            DeviceBuffer* factors) {
  launch<T>(g, w, subgrid_sink(out, w), stream, factors);
}

void launch_field_for_float_to_buffer(const GridGeometry& g, double* out, cudaStream_t stream) {
  const Subgrid w = whole_grid(g.nx, g.ny);
  launch<double>(g, w, subgrid_sink<double, true>(out, w), stream, nullptr);
}

void launch_geodesic_field_to_surface(const GridGeometry& g, const GeodesicField& f,
                                      cudaSurfaceObject_t surface, cudaStream_t stream,
                                      DeviceBuffer* parts) {
  launch_geodesic(g, f, whole_grid(g.nx, g.ny), SurfaceSink{surface}, stream, parts);
}

template <typename Out>
void launch_geodesic_field_to_buffer(const GridGeometry& g, const GeodesicField& f, Out* out,
                                     cudaStream_t stream, DeviceBuffer* parts) {
  launch_geodesic_field_to_buffer<Out>(g, f, whole_grid(g.nx, g.ny), out, stream, parts);
}

template <typename Out>
void launch_geodesic_field_to_buffer(const GridGeometry& g, const GeodesicField& f,
                                     const Subgrid& w, Out* out, cudaStream_t stream,
                                     DeviceBuffer* parts) {
  launch_geodesic(g, f, w, subgrid_sink(out, w), stream, parts);
}

void launch_store_only(int nx, int ny, cudaSurfaceObject_t surface, cudaStream_t stream) {
  store_only_kernel<<<grid_of<float>(nx, ny), kBlock, 0, stream>>>(nx, ny, surface);
  GF_CUDA_LAUNCHED("store_only_kernel");
}

template void launch_field_to_surface<float>(const GridGeometry&, cudaSurfaceObject_t, cudaStream_t,
                                             DeviceBuffer*);
template void launch_field_to_surface<double>(const GridGeometry&, cudaSurfaceObject_t,
                                              cudaStream_t, DeviceBuffer*);
template void launch_field_to_buffer<float, float>(const GridGeometry&, float*, cudaStream_t,
                                                   DeviceBuffer*);
template void launch_field_to_buffer<double, float>(const GridGeometry&, float*, cudaStream_t,
                                                    DeviceBuffer*);
template void launch_field_to_buffer<float, double>(const GridGeometry&, double*, cudaStream_t,
                                                    DeviceBuffer*);
template void launch_field_to_buffer<double, double>(const GridGeometry&, double*, cudaStream_t,
                                                     DeviceBuffer*);
template void launch_field_to_buffer<float, float>(const GridGeometry&, const Subgrid&, float*,
                                                   cudaStream_t, DeviceBuffer*);
template void launch_field_to_buffer<double, float>(const GridGeometry&, const Subgrid&, float*,
                                                    cudaStream_t, DeviceBuffer*);
template void launch_field_to_buffer<float, double>(const GridGeometry&, const Subgrid&, double*,
                                                    cudaStream_t, DeviceBuffer*);
template void launch_field_to_buffer<double, double>(const GridGeometry&, const Subgrid&, double*,
                                                     cudaStream_t, DeviceBuffer*);
template void launch_geodesic_field_to_buffer<float>(const GridGeometry&, const GeodesicField&,
                                                     const Subgrid&, float*, cudaStream_t,
                                                     DeviceBuffer*);
template void launch_geodesic_field_to_buffer<double>(const GridGeometry&, const GeodesicField&,
                                                      const Subgrid&, double*, cudaStream_t,
                                                      DeviceBuffer*);
template void launch_geodesic_field_to_buffer<float>(const GridGeometry&, const GeodesicField&,
                                                     float*, cudaStream_t, DeviceBuffer*);
template void launch_geodesic_field_to_buffer<double>(const GridGeometry&, const GeodesicField&,
                                                      double*, cudaStream_t, DeviceBuffer*);

}  // namespace geofield
