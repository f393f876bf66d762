#include "cuda_check.h"
#include "field_kernel.h"

namespace geofield {
namespace {

// A block of 32 x 8 threads covers a tile of 32 columns x (8 x rows per thread) rows: each
// thread writes that many nodes of one column. The factors of the tile's columns and rows are
// computed once into shared memory, so per node only combine() remains.
// Rows per thread, measured on the H200 at 8192^2 (cuda/tools/kernel_variants_probe.cu,
// bench/RESULTS.md):
//   float : 4 (32 x 32 tiles): 0.121 ms against 0.126 (8), 0.204 (16) and 0.313 (1). Why 16 is
//           that slow was not isolated, but it is not the arithmetic: storing `a` alone with 16
//           rows took as long.
//   double: 16 (32 x 128 tiles): the FP64 kernel is bound by arithmetic, and the double sin/cos
//           of the factors cost less spread over more nodes (0.288 ms against 0.331 with 4).
constexpr int kTileX = 32;
constexpr int kThreadsY = 8;

template <typename T>
struct Tile {
  static constexpr int kRowsPerThread = sizeof(T) == sizeof(float) ? 4 : 16;
  static constexpr int kY = kThreadsY * kRowsPerThread;
  static_assert(kTileX + kY <= kTileX * kThreadsY, "one thread per row and column factor");
};

struct SurfaceSink {
  cudaSurfaceObject_t surface;
  template <typename V>
  __device__ void operator()(int j, int i, V v) const {
    surf2Dwrite(static_cast<float>(v), surface, j * static_cast<int>(sizeof(float)), i);
  }
};

template <typename Out>
struct BufferSink {
  Out* out;
  int nx;
  template <typename V>
  __device__ void operator()(int j, int i, V v) const {
    out[static_cast<size_t>(i) * nx + j] = static_cast<Out>(v);
  }
};

template <typename T, typename Sink>
__global__ void __launch_bounds__(kTileX * kThreadsY) field_kernel(GridGeometry g, Sink sink) {
  __shared__ ColFactors<T> cols[kTileX];
  __shared__ RowFactors<T> rows[Tile<T>::kY];
  const int j0 = blockIdx.x * kTileX;
  const int i0 = blockIdx.y * Tile<T>::kY;
  const int t = threadIdx.y * kTileX + threadIdx.x;
  if (t < kTileX) {
    if (j0 + t < g.nx) cols[t] = col_factors<T>(g, j0 + t);
  } else if (t < kTileX + Tile<T>::kY) {
    const int r = t - kTileX;
    if (i0 + r < g.ny) rows[r] = row_factors<T>(g, i0 + r);
  }
  __syncthreads();
  const int j = j0 + threadIdx.x;
  if (j >= g.nx) return;
  const ColFactors<T> c = cols[threadIdx.x];
#pragma unroll 4
  for (int k = 0; k < Tile<T>::kRowsPerThread; ++k) {
    const int r = threadIdx.y + k * kThreadsY;
    if (i0 + r >= g.ny) break;
    sink(j, i0 + r, combine<T>(g, rows[r], c));
  }
}

__global__ void __launch_bounds__(kTileX * kThreadsY)
    store_only_kernel(int nx, int ny, cudaSurfaceObject_t surface) {
  const int j = blockIdx.x * kTileX + threadIdx.x;
  const int i0 = blockIdx.y * Tile<float>::kY;
  if (j >= nx) return;
#pragma unroll 4
  for (int k = 0; k < Tile<float>::kRowsPerThread; ++k) {
    const int i = i0 + threadIdx.y + k * kThreadsY;
    if (i >= ny) break;
    surf2Dwrite(static_cast<float>(i + j), surface, j * static_cast<int>(sizeof(float)), i);
  }
}

template <typename T>
dim3 grid_of(int nx, int ny) {
  return dim3(static_cast<unsigned>((nx + kTileX - 1) / kTileX),
              static_cast<unsigned>((ny + Tile<T>::kY - 1) / Tile<T>::kY));
}

const dim3 kBlock(kTileX, kThreadsY);

}  // namespace

template <typename T>
void launch_field_to_surface(const GridGeometry& g, cudaSurfaceObject_t surface,
                             cudaStream_t stream) {
  field_kernel<T><<<grid_of<T>(g.nx, g.ny), kBlock, 0, stream>>>(g, SurfaceSink{surface});
  GF_CUDA_LAUNCHED("field_kernel (surface)");
}

template <typename T, typename Out>
void launch_field_to_buffer(const GridGeometry& g, Out* out, cudaStream_t stream) {
  field_kernel<T><<<grid_of<T>(g.nx, g.ny), kBlock, 0, stream>>>(g, BufferSink<Out>{out, g.nx});
  GF_CUDA_LAUNCHED("field_kernel (buffer)");
}

void launch_store_only(int nx, int ny, cudaSurfaceObject_t surface, cudaStream_t stream) {
  store_only_kernel<<<grid_of<float>(nx, ny), kBlock, 0, stream>>>(nx, ny, surface);
  GF_CUDA_LAUNCHED("store_only_kernel");
}

template void launch_field_to_surface<float>(const GridGeometry&, cudaSurfaceObject_t, cudaStream_t);
template void launch_field_to_surface<double>(const GridGeometry&, cudaSurfaceObject_t, cudaStream_t);
template void launch_field_to_buffer<float, float>(const GridGeometry&, float*, cudaStream_t);
template void launch_field_to_buffer<double, float>(const GridGeometry&, float*, cudaStream_t);
template void launch_field_to_buffer<double, double>(const GridGeometry&, double*, cudaStream_t);

}  // namespace geofield
