// What the field kernels (field_kernel.cu, projected_kernel.cu) share: the thread block and the
// destinations a kernel writes through.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernel_math.cuh"
#include "subgrid.h"

namespace geofield {

// Thread layout. A block is 32 x 8 threads; thread (x, y) covers the nodes of its block's tile at
// column (x & 15) + 16 c and row 2 y + (x >> 4) + 16 r. A warp so stores 16 columns of 2 rows at
// a time: in the texture's block-linear layout a 32-byte sector holds 16 bytes of two rows, and
// such a store fills whole sectors, where a warp storing 32 columns of one row half-fills 8 and
// leaves the other halves to another warp. Stores alone run ~1.6x faster this way, and a thread
// needs several stores in flight (docs/kernel-tuning.md).
constexpr int kBlockX = 32;
constexpr int kBlockY = 8;

// The texture (an R32F surface): every value as float.
struct SurfaceSink {
  static constexpr bool kToFloat = true;
  cudaSurfaceObject_t surface;
  template <typename V>
  __device__ void operator()(int j, int i, V v) const {
    surf2Dwrite(to_float(v), surface, j * static_cast<int>(sizeof(float)), i);
  }
};

// Row-major device memory holding a subgrid of the grid (subgrid.h): node (i, j) of the whole
// grid at (i - row0, j - col0), nx values a row. kForFloat: the values end as floats even though
// Out is double (the test hook launch_field_for_float_to_buffer).
template <typename Out, bool kForFloat = sizeof(Out) == sizeof(float)>
struct BufferSink {
  static constexpr bool kToFloat = kForFloat;
  Out* out;
  int nx;
  int row0 = 0, col0 = 0;
  template <typename V>
  __device__ void operator()(int j, int i, V v) const {
    out[static_cast<size_t>(i - row0) * nx + (j - col0)] =
        sizeof(Out) == sizeof(float) ? Out(to_float(v)) : Out(v);
  }
};

// The sink of subgrid w: the kernels index the whole grid's nodes and store the subgrid's.
template <typename Out, bool kForFloat = sizeof(Out) == sizeof(float)>
BufferSink<Out, kForFloat> subgrid_sink(Out* out, const Subgrid& w) {
  return BufferSink<Out, kForFloat>{out, w.nx, w.row0, w.col0};
}

}  // namespace geofield
