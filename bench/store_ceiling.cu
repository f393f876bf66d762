#include "store_ceiling.h"

// glad first: cuda_gl_interop.h then skips the system GL header.
#include <glad/gl.h>
// clang-format off
#include <cuda_gl_interop.h>
// clang-format on

#include <cstdio>
#include <limits>

#include "device_buffer.h"

namespace geofield::bench {
namespace {

// A value that depends on the node (so nothing can be folded or compressed away) at the cost
// of two integer-to-float conversions and one fma.
__device__ __forceinline__ float store_value(int i, int j) { return float(i) * 0.5f + float(j); }

// Each thread stores `rows` texels of one column (rows * blockDim.y rows per block).
__global__ void store_surface(cudaSurfaceObject_t s, int nx, int ny, int rows) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= nx) return;
  const int i0 = blockIdx.y * blockDim.y * rows + threadIdx.y;
  for (int k = 0; k < rows; ++k) {
    const int i = i0 + k * blockDim.y;
    if (i >= ny) break;
    surf2Dwrite(store_value(i, j), s, j * int(sizeof(float)), i);
  }
}

__global__ void store_linear(float* out, int nx, int ny) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ny && j < nx) out[size_t(i) * nx + j] = store_value(i, j);
}

dim3 grid_for(dim3 block, int nx, int ny, int rows = 1) {
  return dim3((nx + block.x - 1) / block.x, (ny + block.y * rows - 1) / (block.y * rows));
}

struct Shape {
  dim3 block;
  int rows;  // texels per thread, down a column
};

// The ceiling's own registration of the texture (the app's goes through the CUDA backend's
// interop wrapper): registered once, unregistered on destruction.
class Registration {
 public:
  explicit Registration(GLuint texture) {
    BENCH_CUDA(cudaGraphicsGLRegisterImage(&resource_, texture, GL_TEXTURE_2D,
                                           cudaGraphicsRegisterFlagsSurfaceLoadStore));
  }
  ~Registration() {
    const cudaError_t e = cudaGraphicsUnregisterResource(resource_);
    if (e != cudaSuccess)
      std::fprintf(stderr, "geofield_bench: unregister: %s\n", cudaGetErrorString(e));
  }
  Registration(const Registration&) = delete;
  Registration& operator=(const Registration&) = delete;

  void map() { BENCH_CUDA(cudaGraphicsMapResources(1, &resource_, 0)); }
  void unmap() { BENCH_CUDA(cudaGraphicsUnmapResources(1, &resource_, 0)); }
  void set_map_flags(unsigned flags) {
    BENCH_CUDA(cudaGraphicsResourceSetMapFlags(resource_, flags));
  }
  cudaSurfaceObject_t make_surface() {
    cudaArray_t array = nullptr;
    BENCH_CUDA(cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0));
    cudaResourceDesc desc{};
    desc.resType = cudaResourceTypeArray;
    desc.res.array.array = array;
    cudaSurfaceObject_t s = 0;
    BENCH_CUDA(cudaCreateSurfaceObject(&s, &desc));
    return s;
  }

 private:
  cudaGraphicsResource_t resource_ = nullptr;
};

}  // namespace

CeilingResult run_ceiling(FieldTexture& texture, int nx, int ny) {
  CeilingResult r;
  texture.ensure_size(nx, ny);
  Registration reg(texture.id());

  // The kernel alone, texture mapped once; the best of a few block shapes is the ceiling.
  reg.map();
  const cudaSurfaceObject_t surface = reg.make_surface();
  const Shape shapes[] = {{{32, 8}, 1},  {{32, 8}, 4}, {{32, 8}, 16}, {{32, 16}, 1},
                          {{32, 32}, 1}, {{64, 4}, 1}, {{16, 16}, 1}, {{128, 2}, 1}};
  double best = std::numeric_limits<double>::max();
  Shape best_shape = shapes[0];
  for (const Shape& sh : shapes) {
    const dim3 g = grid_for(sh.block, nx, ny, sh.rows);
    const Stats st = time_events([&] {
      store_surface<<<g, sh.block>>>(surface, nx, ny, sh.rows);
      BENCH_CUDA_LAUNCHED("store_surface");
    });
    const std::string name = std::to_string(sh.block.x) + "x" + std::to_string(sh.block.y) +
                             " threads, " + std::to_string(sh.rows) + " texel/thread";
    r.by_block.emplace_back(name, st);
    if (st.median_ms < best) {
      best = st.median_ms;
      best_shape = sh;
      r.texture_store = st;
      r.best_block = name;
    }
  }
  const dim3 best_block = best_shape.block;
  BENCH_CUDA(cudaDestroySurfaceObject(surface));
  reg.unmap();

  {
    DeviceBuffer<float> linear(size_t(nx) * size_t(ny));
    const dim3 g = grid_for(best_block, nx, ny);
    r.linear_store = time_events([&] {  // one texel per thread: plain coalesced rows
      store_linear<<<g, best_block>>>(linear.get(), nx, ny);
      BENCH_CUDA_LAUNCHED("store_linear");
    });
  }

  // A whole store-only recompute: map, surface, kernel, unmap.
  const dim3 g = grid_for(best_block, nx, ny, best_shape.rows);
  const auto recompute = [&] {
    reg.map();
    const cudaSurfaceObject_t s = reg.make_surface();
    store_surface<<<g, best_block>>>(s, nx, ny, best_shape.rows);
    BENCH_CUDA_LAUNCHED("store_surface");
    BENCH_CUDA(cudaDestroySurfaceObject(s));
    reg.unmap();
  };
  r.map_store_unmap_wall = time_wall(
      [&] {
        recompute();
        BENCH_CUDA(cudaStreamSynchronize(0));
      },
      5, 300, 20, 200);
  r.map_store_unmap_events = time_events(recompute);
  r.map_unmap_wall = time_wall(
      [&] {
        reg.map();
        reg.unmap();
        BENCH_CUDA(cudaStreamSynchronize(0));
      },
      5, 200, 20, 200);
  reg.set_map_flags(cudaGraphicsMapFlagsWriteDiscard);
  r.map_unmap_write_discard_wall = time_wall(
      [&] {
        reg.map();
        reg.unmap();
        BENCH_CUDA(cudaStreamSynchronize(0));
      },
      5, 200, 20, 200);
  return r;
}

}  // namespace geofield::bench
