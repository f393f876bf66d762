// Why a kernel stores slower or faster than another with the same tiles: variants of the per-node
// work and of the stored values, into a plain cudaArray (the GL texture measured the same,
// cuda/INTEROP.md). For the benchmark notes (bench/RESULTS.md); not a test.
//
//   geofield_kernel_variants_probe [N ...]     sizes N x N (default 4096 8192)
#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_check.h"
#include "field_kernel.h"
#include "field_math.h"
#include "probe_timing.h"

namespace geofield {
namespace {

enum Variant : int {
  kHaversine,       // the shared math's combine (asin of the smaller haversine)
  kAtan2,           // the earlier combine: 2R atan2f(sqrt a, sqrt b)
  kStoreA,          // a alone: the two FMAs and the store, no angle
  kSmoothBits,      // the combine, the value's 12 low mantissa bits cleared
  kRandomBits,      // a hash of (i, j) as float bits: nothing for a compressor
  kIntegerValues,   // float(i) * 0.5 + j: the ceiling kernel's values
  kFloatVariants,   // the float path measures the ones above
  kEstrin = kFloatVariants,  // the double path: the polynomial by Estrin's scheme
};
const char* const kNames[] = {"haversine (asin of min)", "atan2f(sqrt a, sqrt b)", "store a only",
                              "haversine, 12 low bits cleared", "hash bits (incompressible)",
                              "i*0.5+j (ceiling's values)"};

constexpr int kTileX = 32, kThreadsY = 8;

__device__ __forceinline__ float bits_float(unsigned u) { return __uint_as_float(u); }

// The double path's polynomial by Estrin's scheme (shorter dependency chains, a few more
// multiplies) instead of Horner's (the shared math).
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

// What variant V stores at node (i, j), in precision T.
template <typename T, int V>
__device__ __forceinline__ float node_value(const RowFactors<T>& rf, const ColFactors<T>& c,
                                            T radius, int i, int j) {
  if (V == kHaversine) return float(haversine_combine<T>(rf, c, radius));
  const T a = rf.a0 + rf.c * c.s, b = rf.b0 + rf.c * c.k;
  if (V == kAtan2) return float(T(2) * radius * atan2(sqrt(a), sqrt(b)));
  if (V == kStoreA) return float(a);
  if (V == kSmoothBits) {
    return bits_float(__float_as_uint(float(haversine_combine<T>(rf, c, radius))) & ~0xfffu);
  }
  if (V == kRandomBits) {
    unsigned h = unsigned(i) * 0x9E3779B1u ^ unsigned(j) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    return bits_float((h & 0x007fffffu) | 0x3f800000u);
  }
  if (V == kEstrin) {
    const T m = a <= b ? a : b;
    const T r = sqrt(m) * asin_sqrt_over_sqrt_estrin(m);
    return float(T(2) * radius * (a <= b ? r : (HalfPi<T>::hi - r) + HalfPi<T>::lo));
  }
  return float(i) * 0.5f + float(j);  // kIntegerValues
}

// The field kernel's tiling with rows_per_thread chosen at run time: a block's column and row
// factors into shared memory, then rows_per_thread nodes of one column per thread.
template <typename T, int V>
__global__ void __launch_bounds__(256) variant_kernel(GridGeometry g, cudaSurfaceObject_t s,
                                                      int rows_per_thread) {
  extern __shared__ double shared[];  // double: aligned for either precision's factors
  ColFactors<T>* cols = reinterpret_cast<ColFactors<T>*>(shared);
  RowFactors<T>* rows = reinterpret_cast<RowFactors<T>*>(cols + kTileX);
  const int tile_y = kThreadsY * rows_per_thread;
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * tile_y;
  const int t = threadIdx.y * kTileX + threadIdx.x;
  for (int k = t; k < kTileX + tile_y; k += kTileX * kThreadsY) {
    if (k < kTileX) {
      if (j0 + k < g.nx) cols[k] = col_factors<T>(g, j0 + k);
    } else if (i0 + k - kTileX < g.ny) {
      rows[k - kTileX] = row_factors<T>(g, i0 + k - kTileX);
    }
  }
  __syncthreads();
  const int j = j0 + threadIdx.x;
  if (j >= g.nx) return;
  const ColFactors<T> c = cols[threadIdx.x];
  const T radius = T(g.radius);
#pragma unroll 4
  for (int k = 0; k < rows_per_thread; ++k) {
    const int r = threadIdx.y + k * kThreadsY;
    const int i = i0 + r;
    if (i >= g.ny) break;
    surf2Dwrite(node_value<T, V>(rows[r], c, radius, i, j), s, j * int(sizeof(float)), i);
  }
}

template <typename T, int V>
void launch(const GridGeometry& g, cudaSurfaceObject_t s, int rows_per_thread) {
  const dim3 block(kTileX, kThreadsY);
  const int tile_y = kThreadsY * rows_per_thread;
  const dim3 grid((g.nx + kTileX - 1) / kTileX, (g.ny + tile_y - 1) / tile_y);
  const size_t shared = kTileX * sizeof(ColFactors<T>) + tile_y * sizeof(RowFactors<T>);
  variant_kernel<T, V><<<grid, block, shared>>>(g, s, rows_per_thread);
  GF_CUDA_LAUNCHED("variant_kernel");
}

using Launcher = void (*)(const GridGeometry&, cudaSurfaceObject_t, int);
const Launcher kFloatLaunchers[] = {launch<float, kHaversine>,  launch<float, kAtan2>,
                                    launch<float, kStoreA>,     launch<float, kSmoothBits>,
                                    launch<float, kRandomBits>, launch<float, kIntegerValues>};
static_assert(sizeof(kFloatLaunchers) / sizeof(kFloatLaunchers[0]) == kFloatVariants);

void probe_size(int n) {
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
  auto row = [n](const char* what, const char* shape, double ms) {
    std::printf("%6d  %-34s %-10s %8.4f ms\n", n, what, shape, ms);
  };
  auto tiles = [](int rows) { return "32x8 x" + std::to_string(rows); };
  row("launch_field_to_surface<float>", "library",
      probe::gpu_ms(nullptr, [&] { launch_field_to_surface<float>(g, s, nullptr); }));
  for (int rows : {16, 8, 4, 1}) {
    for (int v = 0; v < kFloatVariants; ++v) {
      row(kNames[v], tiles(rows).c_str(),
          probe::gpu_ms(nullptr, [&] { kFloatLaunchers[v](g, s, rows); }));
    }
  }
  row("launch_field_to_surface<double>", "library",
      probe::gpu_ms(nullptr, [&] { launch_field_to_surface<double>(g, s, nullptr); }));
  for (int rows : {32, 16, 8, 4}) {
    row("double haversine, Horner", tiles(rows).c_str(),
        probe::gpu_ms(nullptr, [&] { launch<double, kHaversine>(g, s, rows); }));
    row("double haversine, Estrin", tiles(rows).c_str(),
        probe::gpu_ms(nullptr, [&] { launch<double, kEstrin>(g, s, rows); }));
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
    for (int n : sizes) geofield::probe_size(n);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "probe: failed: %s\n", e.what());
    return 1;
  }
}
