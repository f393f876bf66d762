// Why a kernel stores slower or faster than another with the same tiles: variants of the per-node
// work and of the stored values, into a plain cudaArray (the GL texture measured the same,
// cuda/INTEROP.md). For the benchmark notes (bench/RESULTS.md); not a test.
//
//   geofield_kernel_variants_probe [N ...]     sizes N x N (default 4096 8192)
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.h"
#include "field_kernel.h"
#include "field_math.h"

namespace geofield {
namespace {

enum Variant : int {
  kHaversine,       // the shared math's combine (asin of the smaller haversine)
  kAtan2,           // the earlier combine: 2R atan2f(sqrt a, sqrt b)
  kStoreA,          // a alone: the two FMAs and the store, no angle
  kSmoothBits,      // the combine, the value's 12 low mantissa bits cleared
  kRandomBits,      // a hash of (i, j) as float bits: nothing for a compressor
  kIntegerValues,   // float(i) * 0.5 + j: the ceiling kernel's values
  kVariants
};
const char* const kNames[] = {"haversine (asin of min)", "atan2f(sqrt a, sqrt b)", "store a only",
                              "haversine, 12 low bits cleared", "hash bits (incompressible)",
                              "i*0.5+j (ceiling's values)"};

constexpr int kTileX = 32, kThreadsY = 8;

__device__ __forceinline__ float bits_float(unsigned u) { return __uint_as_float(u); }

template <int V>
__global__ void __launch_bounds__(256) variant_kernel(GridGeometry g, cudaSurfaceObject_t s,
                                                      int rows_per_thread) {
  extern __shared__ float shared[];
  ColFactors<float>* cols = reinterpret_cast<ColFactors<float>*>(shared);
  RowFactors<float>* rows = reinterpret_cast<RowFactors<float>*>(cols + kTileX);
  const int tile_y = kThreadsY * rows_per_thread;
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * tile_y;
  const int t = threadIdx.y * kTileX + threadIdx.x;
  for (int k = t; k < kTileX + tile_y; k += kTileX * kThreadsY) {
    if (k < kTileX) {
      if (j0 + k < g.nx) cols[k] = col_factors<float>(g, j0 + k);
    } else if (i0 + k - kTileX < g.ny) {
      rows[k - kTileX] = row_factors<float>(g, i0 + k - kTileX);
    }
  }
  __syncthreads();
  const int j = j0 + threadIdx.x;
  if (j >= g.nx) return;
  const ColFactors<float> c = cols[threadIdx.x];
  const float radius = float(g.radius);
#pragma unroll 4
  for (int k = 0; k < rows_per_thread; ++k) {
    const int r = threadIdx.y + k * kThreadsY;
    const int i = i0 + r;
    if (i >= g.ny) break;
    const RowFactors<float> rf = rows[r];
    float v;
    if (V == kHaversine) {
      v = haversine_combine<float>(rf, c, radius);
    } else if (V == kAtan2) {
      const float a = rf.a0 + rf.c * c.s, b = rf.b0 + rf.c * c.k;
      v = 2.0f * radius * atan2f(sqrtf(a), sqrtf(b));
    } else if (V == kStoreA) {
      v = rf.a0 + rf.c * c.s;
    } else if (V == kSmoothBits) {
      v = bits_float(__float_as_uint(haversine_combine<float>(rf, c, radius)) & ~0xfffu);
    } else if (V == kRandomBits) {
      unsigned h = unsigned(i) * 0x9E3779B1u ^ unsigned(j) * 0x85EBCA77u;
      h ^= h >> 15;
      h *= 0x2C1B3C6Du;
      h ^= h >> 13;
      v = bits_float((h & 0x007fffffu) | 0x3f800000u);
    } else {
      v = float(i) * 0.5f + float(j);
    }
    surf2Dwrite(v, s, j * int(sizeof(float)), i);
  }
}

// The double path: its factors and combine in double, the polynomial by Horner (the shared
// math) or by Estrin's scheme (shorter dependency chains, a few more multiplies).
__device__ __forceinline__ double asin_sqrt_over_sqrt_estrin(double m) {
  const double c[18] = {1.6666666666665203e-01, 7.5000000004162e-02,     4.4642856726550204e-02,
                        3.03819656502614e-02,   2.2371511464467295e-02,  1.7365764027454614e-02,
                        1.3783166507626489e-02, 1.3388084562730912e-02,  -4.004590389785901e-03,
                        8.617110918926801e-02,  -3.267245562038436e-01,  1.0984773265875025e+00,
                        -2.6957386893111184e+00, 4.985321847685702e+00,  -6.641127757788607e+00,
                        6.092505961346284e+00,  -3.4437492001521215e+00, 9.264578716301071e-01};
  const double m2 = m * m, m4 = m2 * m2, m8 = m4 * m4, m16 = m8 * m8;
  double p[9];
#pragma unroll
  for (int k = 0; k < 9; ++k) p[k] = c[2 * k] + c[2 * k + 1] * m;
  const double q0 = p[0] + p[1] * m2, q1 = p[2] + p[3] * m2, q2 = p[4] + p[5] * m2,
               q3 = p[6] + p[7] * m2;
  const double r0 = q0 + q1 * m4, r1 = q2 + q3 * m4;
  const double q = (r0 + r1 * m8) + p[8] * m16;
  return 1.0 + m * q;
}

template <bool Estrin>
__global__ void __launch_bounds__(256) double_kernel(GridGeometry g, cudaSurfaceObject_t s,
                                                     int rows_per_thread) {
  extern __shared__ double shared_d[];
  ColFactors<double>* cols = reinterpret_cast<ColFactors<double>*>(shared_d);
  RowFactors<double>* rows = reinterpret_cast<RowFactors<double>*>(cols + kTileX);
  const int tile_y = kThreadsY * rows_per_thread;
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * tile_y;
  const int t = threadIdx.y * kTileX + threadIdx.x;
  for (int k = t; k < kTileX + tile_y; k += kTileX * kThreadsY) {
    if (k < kTileX) {
      if (j0 + k < g.nx) cols[k] = col_factors<double>(g, j0 + k);
    } else if (i0 + k - kTileX < g.ny) {
      rows[k - kTileX] = row_factors<double>(g, i0 + k - kTileX);
    }
  }
  __syncthreads();
  const int j = j0 + threadIdx.x;
  if (j >= g.nx) return;
  const ColFactors<double> c = cols[threadIdx.x];
#pragma unroll 4
  for (int k = 0; k < rows_per_thread; ++k) {
    const int r = threadIdx.y + k * kThreadsY;
    const int i = i0 + r;
    if (i >= g.ny) break;
    const RowFactors<double> rf = rows[r];
    double v;
    if (Estrin) {
      const double a = rf.a0 + rf.c * c.s, b = rf.b0 + rf.c * c.k;
      const double m = a <= b ? a : b;
      const double h = sqrt(m) * asin_sqrt_over_sqrt_estrin(m);
      v = 2.0 * g.radius * (a <= b ? h : (HalfPi<double>::hi - h) + HalfPi<double>::lo);
    } else {
      v = haversine_combine<double>(rf, c, g.radius);
    }
    surf2Dwrite(float(v), s, j * int(sizeof(float)), i);
  }
}

template <bool Estrin>
void launch_double(const GridGeometry& g, cudaSurfaceObject_t s, int rows_per_thread) {
  const dim3 block(kTileX, kThreadsY);
  const int tile_y = kThreadsY * rows_per_thread;
  const dim3 grid((g.nx + kTileX - 1) / kTileX, (g.ny + tile_y - 1) / tile_y);
  const size_t shared = kTileX * sizeof(ColFactors<double>) + tile_y * sizeof(RowFactors<double>);
  double_kernel<Estrin><<<grid, block, shared>>>(g, s, rows_per_thread);
  GF_CUDA_LAUNCHED("double_kernel");
}

template <int V>
void launch(const GridGeometry& g, cudaSurfaceObject_t s, int rows_per_thread) {
  const dim3 block(kTileX, kThreadsY);
  const int tile_y = kThreadsY * rows_per_thread;
  const dim3 grid((g.nx + kTileX - 1) / kTileX, (g.ny + tile_y - 1) / tile_y);
  const size_t shared = kTileX * sizeof(ColFactors<float>) + tile_y * sizeof(RowFactors<float>);
  variant_kernel<V><<<grid, block, shared>>>(g, s, rows_per_thread);
  GF_CUDA_LAUNCHED("variant_kernel");
}

float time_ms(void (*body)(const GridGeometry&, cudaSurfaceObject_t, int), const GridGeometry& g,
              cudaSurfaceObject_t s, int rows) {
  cudaEvent_t a, b;
  GF_CUDA(cudaEventCreate(&a));
  GF_CUDA(cudaEventCreate(&b));
  std::vector<float> t;
  for (int r = 0; r < 60; ++r) {
    GF_CUDA(cudaEventRecord(a));
    body(g, s, rows);
    GF_CUDA(cudaEventRecord(b));
    GF_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    GF_CUDA(cudaEventElapsedTime(&ms, a, b));
    if (r >= 10) t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

using Launcher = void (*)(const GridGeometry&, cudaSurfaceObject_t, int);
const Launcher kLaunchers[] = {launch<kHaversine>, launch<kAtan2>, launch<kStoreA>,
                               launch<kSmoothBits>, launch<kRandomBits>, launch<kIntegerValues>};
static_assert(sizeof(kLaunchers) / sizeof(kLaunchers[0]) == kVariants);

void probe(int n) {
  // The default view (lat 29:31, lon 99:101, reference 30, 101), n x n nodes.
  const GridGeometry g = make_grid_geometry(29, 31, 99, 101, n, n, 30, 101, Formula::haversine,
                                            Units::km, kDefaultRadiusKm);
  cudaChannelFormatDesc fmt = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray_t array = nullptr;
  GF_CUDA(cudaMallocArray(&array, &fmt, n, n, cudaArraySurfaceLoadStore));
  cudaResourceDesc desc{};
  desc.resType = cudaResourceTypeArray;
  desc.res.array.array = array;
  cudaSurfaceObject_t s = 0;
  GF_CUDA(cudaCreateSurfaceObject(&s, &desc));
  const float lib = time_ms([](const GridGeometry& gg, cudaSurfaceObject_t ss, int) {
    launch_field_to_surface<float>(gg, ss, nullptr);
  }, g, s, 0);
  std::printf("%6d  %-34s %-10s %8.4f ms\n", n, "launch_field_to_surface<float>", "library", lib);
  for (int rows : {16, 8, 4, 1}) {
    for (int v = 0; v < kVariants; ++v) {
      std::printf("%6d  %-34s 32x8 x%-3d %8.4f ms\n", n, kNames[v], rows,
                  time_ms(kLaunchers[v], g, s, rows));
    }
  }
  const float lib_d = time_ms([](const GridGeometry& gg, cudaSurfaceObject_t ss, int) {
    launch_field_to_surface<double>(gg, ss, nullptr);
  }, g, s, 0);
  std::printf("%6d  %-34s %-10s %8.4f ms\n", n, "launch_field_to_surface<double>", "library", lib_d);
  for (int rows : {32, 16, 8, 4}) {
    std::printf("%6d  %-34s 32x8 x%-3d %8.4f ms\n", n, "double haversine, Horner", rows,
                time_ms(launch_double<false>, g, s, rows));
    std::printf("%6d  %-34s 32x8 x%-3d %8.4f ms\n", n, "double haversine, Estrin", rows,
                time_ms(launch_double<true>, g, s, rows));
  }
  std::fflush(stdout);
  GF_CUDA(cudaDestroySurfaceObject(s));
  GF_CUDA(cudaFreeArray(array));
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  try {
    std::vector<int> sizes;
    for (int a = 1; a < argc; ++a) sizes.push_back(std::atoi(argv[a]));
    if (sizes.empty()) sizes = {4096, 8192};
    for (int n : sizes) geofield::probe(n);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "probe: failed: %s\n", e.what());
    return 1;
  }
}
