// Why a kernel stores slower or faster than another: variants of the per-node work, the stored
// values, the tiles and the thread layout, into a plain cudaArray. For the benchmark notes
// (docs/kernel-tuning.md; the numbers in bench/measurements.csv); not a test.
// A cudaArray is not the GL texture in every respect: the texture takes the stores of large
// tiles slower (bench: 4 x 8 nodes a thread 0.079 ms against 0.067 into a cudaArray), so a
// shape chosen here is confirmed by the benchmark, which writes the texture.
// Rounds (the double path unless said): D where the FP64 work goes (ncu: 67 instructions a
// node, issue-bound), H several columns a thread, I warps of 16 x 2 (whole block-linear
// sectors: the store ceiling itself moved, 0.104 -> 0.066 ms at 8192^2), J the float kernel's
// tile. Rounds E-G (an integer min and a folded end; constant-memory coefficients and factors
// from a pre-pass; two columns a thread) led from D to H: their numbers are in
// docs/kernel-tuning.md, their kernels in git history (b890f4e).
//
//   geofield_kernel_variants_probe [N ...]     sizes N x N (default 4096 8192)
//   geofield_kernel_variants_probe --profile [N]   each double case launched once (for ncu)
//   geofield_kernel_variants_probe --trimmed [N ...]  the library kernels and rounds H-J
//   geofield_kernel_variants_probe --float-tiles [N ...]  the library kernels and round J
#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_check.h"
#include "device_memory.h"
#include "field_kernel.h"
#include "field_math.h"
#include "kernel_math.cuh"
#include "timing.h"

namespace geofield {
namespace {

enum Variant : int {
  kHaversine,                // the shared math's combine (asin of the smaller haversine)
  kAtan2,                    // the earlier combine: 2R atan2f(sqrt a, sqrt b)
  kStoreA,                   // a alone: the two FMAs and the store, no angle
  kSmoothBits,               // the combine, the value's 12 low mantissa bits cleared
  kRandomBits,               // a hash of (i, j) as float bits: nothing for a compressor
  kIntegerValues,            // float(i) * 0.5 + j: the ceiling kernel's values
  kFloatVariants,            // the float path measures the ones above
  kEstrin = kFloatVariants,  // the double path: the polynomial by Estrin's scheme
};
const char* const kNames[] = {
    "haversine (asin of min)",        "atan2f(sqrt a, sqrt b)",     "store a only",
    "haversine, 12 low bits cleared", "hash bits (incompressible)", "i*0.5+j (ceiling's values)"};

constexpr int kTileX = 32, kThreadsY = 8;

__device__ __forceinline__ float bits_float(unsigned u) { return __uint_as_float(u); }

// The double path's polynomial by Estrin's scheme (shorter dependency chains, a few more
// multiplies) instead of Horner's (the shared math).
__device__ __forceinline__ double asin_sqrt_over_sqrt_estrin(double m) {
  const double c[18] = {GF_ASIN_Q64};  // lowest term first, as core/field_constants.h
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
__global__ void __launch_bounds__(256)
    variant_kernel(GridGeometry g, cudaSurfaceObject_t s, int rows_per_thread) {
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

// ---- The double path: where its FP64 work goes (issue 5: double <= 1.3x float) ----------------
// Steps, each on top of the one before:
//   kD1Fused   : the smaller haversine chosen by an integer compare (both are >= 0, so their bit
//                patterns order as they do; no DSETP on the FP64 pipe), and 2R folded into the
//                end: value = fma(+-2R sqrt(m), P(m), 0 or pi R) (one multiply and one FMA
//                instead of a multiply, a subtraction, an addition and a multiply);
//   kD2Sqrt    : sqrt(m) from rsqrt.approx.f64 and two Newton steps instead of the IEEE sqrt;
//   kD3Cvt     : the double rounded to float with integer operations instead of F2F.F32.F64;
// and, orthogonal to those, how the kernel runs: full tiles without the per-row bound check (the
// nodes of one thread can interleave), and the row and column factors from a pre-pass in global
// memory instead of each tile's own sin/cos.
enum DoubleVariant : int { kD0Library, kD1Fused, kD2Sqrt, kD3Cvt, kDoubleVariants };

__device__ __forceinline__ double rsqrt_approx(double x) {
  double y;
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  return y;
}

// sqrt(m) for m >= 0 from the hardware's reciprocal square root (about 2^-22) and two coupled
// Newton steps (s -> sqrt m, h -> 1 / (2 sqrt m)); 0 for m == 0 (rsqrt(0) is inf).
__device__ __forceinline__ double sqrt_newton(double m) {
  const double y = rsqrt_approx(m);
  double s = m * y, h = 0.5 * y;
  double r = fma(-s, h, 0.5);
  s = fma(s, r, s);
  h = fma(h, r, h);
  r = fma(-s, h, 0.5);
  s = fma(s, r, s);
  return __double_as_longlong(m) == 0 ? 0.0 : s;
}

// v >= 0 rounded to the nearest float (ties to even), values below FLT_MIN flushed to 0.
__device__ __forceinline__ float to_float_int(double v) {
  const unsigned long long u = static_cast<unsigned long long>(__double_as_longlong(v));
  const unsigned hi = static_cast<unsigned>(u >> 32), lo = static_cast<unsigned>(u);
  unsigned f = ((hi - (896u << 20)) << 3) | (lo >> 29);  // exponent 1023 - 127 = 896 apart
  const unsigned rest = lo & 0x1fffffffu;
  f += (rest > 0x10000000u) | ((rest == 0x10000000u) & f);
  return hi < (897u << 20) ? 0.0f : __uint_as_float(f);
}

template <int V>
__device__ __forceinline__ double double_value(const RowFactors<double>& rf,
                                               const ColFactors<double>& c, double two_r,
                                               double pi_r) {
  if (V == kD0Library) return haversine_combine<double>(rf, c, two_r * 0.5);
  const double a = rf.a0 + rf.c * c.s, b = rf.b0 + rf.c * c.k;
  const bool near = __double_as_longlong(a) <= __double_as_longlong(b);
  const double m = near ? a : b;
  const double s = V >= kD2Sqrt ? sqrt_newton(m) : sqrt(m);
  return fma((near ? two_r : -two_r) * s, asin_sqrt_over_sqrt(m), near ? 0.0 : pi_r);
}

template <int V>
__device__ __forceinline__ float stored(double v) {
  return V >= kD3Cvt ? to_float_int(v) : static_cast<float>(v);
}

// Row and column factors of the whole grid, once per recompute (the pre-pass).
__global__ void double_factors_kernel(GridGeometry g, RowFactors<double>* rows,
                                      ColFactors<double>* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < g.ny)
    rows[k] = row_factors<double>(g, k);
  else if (k < g.ny + g.nx)
    cols[k - g.ny] = col_factors<double>(g, k - g.ny);
}

// The field kernel's double tiling (32 x 8 threads, rows_per_thread nodes of one column each).
// kFullTiles: tiles inside the grid run their rows without a bound check. kPrepass: the tile's
// factors are copied from the pre-pass instead of computed. out: when set, the double values go
// there (the accuracy check) instead of the surface.
template <int V, bool kFullTiles, bool kPrepass>
__global__ void __launch_bounds__(256)
    double_variant_kernel(GridGeometry g, cudaSurfaceObject_t surface, int rows_per_thread,
                          const RowFactors<double>* all_rows, const ColFactors<double>* all_cols,
                          double* out) {
  extern __shared__ double shared[];
  ColFactors<double>* cols = reinterpret_cast<ColFactors<double>*>(shared);
  RowFactors<double>* rows = reinterpret_cast<RowFactors<double>*>(cols + kTileX);
  const int tile_y = kThreadsY * rows_per_thread;
  const int j0 = blockIdx.x * kTileX, i0 = blockIdx.y * tile_y;
  const int t = threadIdx.y * kTileX + threadIdx.x;
  for (int k = t; k < kTileX + tile_y; k += kTileX * kThreadsY) {
    if (k < kTileX) {
      if (j0 + k < g.nx) cols[k] = kPrepass ? all_cols[j0 + k] : col_factors<double>(g, j0 + k);
    } else if (i0 + k - kTileX < g.ny) {
      const int i = i0 + k - kTileX;
      rows[k - kTileX] = kPrepass ? all_rows[i] : row_factors<double>(g, i);
    }
  }
  __syncthreads();
  const int j = j0 + threadIdx.x;
  if (j >= g.nx) return;
  const ColFactors<double> c = cols[threadIdx.x];
  const double two_r = 2 * g.radius, pi_r = kPi * g.radius;
  auto put = [&](int i, double v) {
    if (out)
      out[static_cast<size_t>(i) * g.nx + j] = v;
    else
      surf2Dwrite(stored<V>(v), surface, j * int(sizeof(float)), i);
  };
  if (kFullTiles && i0 + tile_y <= g.ny) {
#pragma unroll 4
    for (int k = 0; k < rows_per_thread; ++k) {
      const int r = threadIdx.y + k * kThreadsY;
      put(i0 + r, double_value<V>(rows[r], c, two_r, pi_r));
    }
    return;
  }
#pragma unroll 4
  for (int k = 0; k < rows_per_thread; ++k) {
    const int r = threadIdx.y + k * kThreadsY;
    if (i0 + r >= g.ny) break;
    put(i0 + r, double_value<V>(rows[r], c, two_r, pi_r));
  }
}

// A grid's double row and column factors (the pre-pass's output) and, with `field`, room for a
// double field (the accuracy check's), in device memory owned here.
class DoubleScratch {
 public:
  DoubleScratch(const GridGeometry& g, bool field) {
    const size_t row_bytes = sizeof(RowFactors<double>) * g.ny;
    factors_.ensure(row_bytes + sizeof(ColFactors<double>) * g.nx, "the probe's factors");
    rows = static_cast<RowFactors<double>*>(factors_.get());
    cols = reinterpret_cast<ColFactors<double>*>(static_cast<char*>(factors_.get()) + row_bytes);
    if (field) {
      field_.ensure(sizeof(double) * g.nx * g.ny, "the probe's double field");
      out = static_cast<double*>(field_.get());
    }
  }
  RowFactors<double>* rows = nullptr;
  ColFactors<double>* cols = nullptr;
  double* out = nullptr;

 private:
  DeviceBuffer factors_, field_;
};

template <int V, bool kFullTiles, bool kPrepass>
void launch_double(const GridGeometry& g, cudaSurfaceObject_t s, int rows_per_thread,
                   const DoubleScratch& d, double* out) {
  if (kPrepass) {
    const int n = g.nx + g.ny;
    double_factors_kernel<<<(n + 127) / 128, 128>>>(g, d.rows, d.cols);
    GF_CUDA_LAUNCHED("double_factors_kernel");
  }
  const dim3 block(kTileX, kThreadsY);
  const int tile_y = kThreadsY * rows_per_thread;
  const dim3 grid((g.nx + kTileX - 1) / kTileX, (g.ny + tile_y - 1) / tile_y);
  const size_t shared = kTileX * sizeof(ColFactors<double>) + tile_y * sizeof(RowFactors<double>);
  double_variant_kernel<V, kFullTiles, kPrepass>
      <<<grid, block, shared>>>(g, s, rows_per_thread, d.rows, d.cols, out);
  GF_CUDA_LAUNCHED("double_variant_kernel");
}

using DoubleLauncher = void (*)(const GridGeometry&, cudaSurfaceObject_t, int, const DoubleScratch&,
                                double*);
struct DoubleCase {
  const char* name;
  DoubleLauncher launch;
};
const DoubleCase kDoubleCases[] = {
    {"D0 shared math", launch_double<kD0Library, false, false>},
    {"D1 int min + fused end", launch_double<kD1Fused, false, false>},
    {"D2 D1 + rsqrt/Newton sqrt", launch_double<kD2Sqrt, false, false>},
    {"D3 D2 + int double->float", launch_double<kD3Cvt, false, false>},
    {"D0 full tiles", launch_double<kD0Library, true, false>},
    {"D2 full tiles", launch_double<kD2Sqrt, true, false>},
    {"D3 full tiles", launch_double<kD3Cvt, true, false>},
    {"D0 pre-pass", launch_double<kD0Library, false, true>},
    {"D2 full tiles + pre-pass", launch_double<kD2Sqrt, true, true>},
    {"D3 full tiles + pre-pass", launch_double<kD3Cvt, true, true>},
};

// ---- Helpers of rounds H and I --------------------------------------------------------------
// (Rounds E, F and G, the steps between D and H, are recorded in docs/kernel-tuning.md with their
// raw output; their kernels are in git history, b890f4e.)
// The polynomials' coefficients in constant memory, where DFMA reads them as operands: as
// literals each cost a uniform-register move per node (round F).
__constant__ double kQForFloat[12] = {
    1.6666666620012108e-01, 7.50000612277798e-02,  4.4640061912354416e-02, 3.044569886639864e-02,
    2.1524679018920554e-02, 2.446936195886098e-02, -2.544236818254346e-02, 1.580017188722634e-01,
    -3.536344439498757e-01, 5.903870764688959e-01, -5.443969512667522e-01, 2.5017433508719805e-01};
__constant__ double kQFull[18] = {
    1.6666666666665203e-01,  7.5000000004162e-02,    4.4642856726550204e-02, 3.03819656502614e-02,
    2.2371511464467295e-02,  1.7365764027454614e-02, 1.3783166507626489e-02, 1.3388084562730912e-02,
    -4.004590389785901e-03,  8.617110918926801e-02,  -3.267245562038436e-01, 1.0984773265875025e+00,
    -2.6957386893111184e+00, 4.985321847685702e+00,  -6.641127757788607e+00, 6.092505961346284e+00,
    -3.4437492001521215e+00, 9.264578716301071e-01};

// ---- Round H: kCols columns per thread (j + 32 c), kRows rows; the sign of the far half applied
// to t by one LOP3 on its high word instead of building +-R per node.
template <bool kForFloat>
__device__ __forceinline__ double signed_value(double a0, double b0, double rc, double cs,
                                               double ck, double r, double pi_r) {
  const double a = fma(rc, cs, a0), b = fma(rc, ck, b0);
  const int ahi = __double2hiint(a), bhi = __double2hiint(b);
  const bool near = ahi <= bhi;
  const double m = near ? a : b;
  const int mhi = near ? ahi : bhi;
  const double y = rsqrt_approx(__hiloint2double(max(mhi, 0x00100000), __double2loint(m)));
  const double g = m * y;
  double t, q;
  if (kForFloat) {
    t = (g * r) * fma(-g, y, 3.0);  // 2R sqrt(m) to ~2^-42
    q = kQForFloat[11];
#pragma unroll
    for (int k = 10; k >= 0; --k) q = fma(q, m, kQForFloat[k]);
  } else {
    const double e = fma(-g, y, 1.0);
    const double big = 2.0 * (g * r);
    t = fma(big, e * fma(e, 0.375, 0.5), big);
    q = kQFull[17];
#pragma unroll
    for (int k = 16; k >= 0; --k) q = fma(q, m, kQFull[k]);
  }
  t = __hiloint2double(__double2hiint(t) ^ (near ? 0 : int(0x80000000u)), __double2loint(t));
  return fma(t, fma(m, q, 1.0), near ? 0.0 : pi_r);
}

template <bool kForFloat, int kCols, int kRows, bool kToBuffer>
__global__ void __launch_bounds__(256)
    multi_column_kernel(GridGeometry g, cudaSurfaceObject_t surface,
                        const RowFactors<double>* all_rows, const ColFactors<double>* all_cols,
                        double* out) {
  constexpr int tile_y = kThreadsY * kRows;
  const int jb = blockIdx.x * kCols * kTileX + threadIdx.x;
  const int i0 = blockIdx.y * tile_y + threadIdx.y;
  if (jb >= g.nx) return;
  ColFactors<double> c[kCols];
#pragma unroll
  for (int k = 0; k < kCols; ++k) c[k] = all_cols[min(jb + k * kTileX, g.nx - 1)];
  const double r = g.radius, pi_r = kPi * g.radius;
  auto row = [&](int i) {
    const RowFactors<double> f = all_rows[i];
#pragma unroll
    for (int k = 0; k < kCols; ++k) {
      const int j = jb + k * kTileX;
      const double v = signed_value<kForFloat>(f.a0, f.b0, f.c, c[k].s, c[k].k, r, pi_r);
      if (k == 0 || j < g.nx) {
        if (kToBuffer)
          out[static_cast<size_t>(i) * g.nx + j] = v;
        else
          surf2Dwrite(to_float(v), surface, j * int(sizeof(float)), i);
      }
    }
  };
  if (blockIdx.y * tile_y + tile_y <= g.ny) {
#pragma unroll
    for (int k = 0; k < kRows; ++k) row(i0 + k * kThreadsY);
    return;
  }
  for (int k = 0; k < kRows; ++k) {
    if (i0 + k * kThreadsY >= g.ny) break;
    row(i0 + k * kThreadsY);
  }
}

// The pre-pass in blocks of 32: the factors of 16384 rows and columns spread over every SM.
__global__ void double_factors_kernel_small(GridGeometry g, RowFactors<double>* rows,
                                            ColFactors<double>* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < g.ny)
    rows[k] = row_factors<double>(g, k);
  else if (k < g.ny + g.nx)
    cols[k - g.ny] = col_factors<double>(g, k - g.ny);
}

template <bool kForFloat, int kCols, int kRows, int kPrepassBlock>
void launch_multi_column(const GridGeometry& g, cudaSurfaceObject_t s, int /*rows*/,
                         const DoubleScratch& d, double* out) {
  const int n = g.nx + g.ny;
  double_factors_kernel_small<<<(n + kPrepassBlock - 1) / kPrepassBlock, kPrepassBlock>>>(g, d.rows,
                                                                                          d.cols);
  GF_CUDA_LAUNCHED("double_factors_kernel_small");
  const dim3 block(kTileX, kThreadsY);
  const dim3 grid((g.nx + kCols * kTileX - 1) / (kCols * kTileX),
                  (g.ny + kThreadsY * kRows - 1) / (kThreadsY * kRows));
  if (out)
    multi_column_kernel<kForFloat, kCols, kRows, true><<<grid, block>>>(g, s, d.rows, d.cols, out);
  else
    multi_column_kernel<kForFloat, kCols, kRows, false><<<grid, block>>>(g, s, d.rows, d.cols, out);
  GF_CUDA_LAUNCHED("multi_column_kernel");
}

const DoubleCase kMultiColumnCases[] = {
    {"H for float, 2 cols x 4 rows, pp128", launch_multi_column<true, 2, 4, 128>},
    {"H for float, 2 cols x 4 rows, pp32", launch_multi_column<true, 2, 4, 32>},
    {"H for float, 2 cols x 2 rows, pp32", launch_multi_column<true, 2, 2, 32>},
    {"H for float, 4 cols x 1 rows, pp32", launch_multi_column<true, 4, 1, 32>},
    {"H for float, 4 cols x 2 rows, pp32", launch_multi_column<true, 4, 2, 32>},
    {"H for float, 4 cols x 4 rows, pp32", launch_multi_column<true, 4, 4, 32>},
    {"H full, 2 cols x 4 rows, pp32", launch_multi_column<false, 2, 4, 32>},
    {"H full, 4 cols x 2 rows, pp32", launch_multi_column<false, 4, 2, 32>},
};

// ---- Round I: warps of 16 columns x 2 rows. In the texture's block-linear layout a 32-byte
// sector holds 16 bytes of two rows, so a warp storing one row of 32 floats half-fills 8 sectors
// and another warp must fill the other halves; 16 x 2 fills 4 sectors whole.
// Thread (x, y) of a 32 x 8 block: column (x & 15) + 16 c, row 2 y + (x >> 4) + 16 k.
template <int V, int kCols, int kRows>
__global__ void __launch_bounds__(256)
    pair_rows_kernel(GridGeometry g, cudaSurfaceObject_t surface,
                     const RowFactors<double>* all_rows, const ColFactors<double>* all_cols) {
  // V: 0 double for float (round H's value), 1 the float library combine, 2 store only
  constexpr int tile_x = 16 * kCols, tile_y = 16 * kRows;
  const int jb = blockIdx.x * tile_x + (threadIdx.x & 15);
  const int ib = blockIdx.y * tile_y + 2 * threadIdx.y + (threadIdx.x >> 4);
  if (jb >= g.nx) return;
  const double r = g.radius, pi_r = kPi * g.radius;
  ColFactors<double> c[kCols];
  ColFactors<float> cf[kCols];
#pragma unroll
  for (int k = 0; k < kCols; ++k) {
    const int j = min(jb + 16 * k, g.nx - 1);
    if (V == 0) c[k] = all_cols[j];
    if (V == 1) cf[k] = col_factors<float>(g, j);
  }
  auto row = [&](int i) {
    RowFactors<double> f{};
    RowFactors<float> ff{};
    if (V == 0) f = all_rows[i];
    if (V == 1) ff = row_factors<float>(g, i);
#pragma unroll
    for (int k = 0; k < kCols; ++k) {
      const int j = jb + 16 * k;
      float v;
      if (V == 0)
        v = to_float(signed_value<true>(f.a0, f.b0, f.c, c[k].s, c[k].k, r, pi_r));
      else if (V == 1)
        v = haversine_combine<float>(ff, cf[k], float(g.radius));
      else
        v = float(i) * 0.5f + float(j);
      if (k == 0 || j < g.nx) surf2Dwrite(v, surface, j * int(sizeof(float)), i);
    }
  };
  if (blockIdx.y * tile_y + tile_y <= g.ny) {
#pragma unroll
    for (int k = 0; k < kRows; ++k) row(ib + 16 * k);
    return;
  }
  for (int k = 0; k < kRows; ++k) {
    if (ib + 16 * k >= g.ny) break;
    row(ib + 16 * k);
  }
}

template <int V, int kCols, int kRows>
void launch_pair_rows(const GridGeometry& g, cudaSurfaceObject_t s, int /*rows*/,
                      const DoubleScratch& d, double* out) {
  if (out) {  // the accuracy check: the round H kernel computes the same values
    launch_multi_column<true, 2, 4, 32>(g, s, 0, d, out);
    return;
  }
  if (V == 0) {
    const int n = g.nx + g.ny;
    double_factors_kernel_small<<<(n + 31) / 32, 32>>>(g, d.rows, d.cols);
    GF_CUDA_LAUNCHED("double_factors_kernel_small");
  }
  const dim3 block(kTileX, kThreadsY);
  const dim3 grid((g.nx + 16 * kCols - 1) / (16 * kCols), (g.ny + 16 * kRows - 1) / (16 * kRows));
  pair_rows_kernel<V, kCols, kRows><<<grid, block>>>(g, s, d.rows, d.cols);
  GF_CUDA_LAUNCHED("pair_rows_kernel");
}

const DoubleCase kPairRowsCases[] = {
    {"I double for float, 16x2 warps, 2c x 2r", launch_pair_rows<0, 2, 2>},
    {"I double for float, 16x2 warps, 2c x 4r", launch_pair_rows<0, 2, 4>},
    {"I double for float, 16x2 warps, 4c x 2r", launch_pair_rows<0, 4, 2>},
    {"I double for float, 16x2 warps, 4c x 4r", launch_pair_rows<0, 4, 4>},
    {"I store only, 16x2 warps, 1c x 1r", launch_pair_rows<2, 1, 1>},
    {"I store only, 16x2 warps, 2c x 2r", launch_pair_rows<2, 2, 2>},
    {"I store only, 16x2 warps, 2c x 4r", launch_pair_rows<2, 2, 4>},
};

void row_store_only(const GridGeometry& g, cudaSurfaceObject_t s, int n) {
  std::printf("%6d  %-34s %8.4f ms\n", n, "library store_only_kernel (32x8 x4)",
              probe::gpu_ms(nullptr, [&] { launch_store_only(g.nx, g.ny, s, nullptr); }));
}

// ---- Round J: the float kernel's tile (cols x rows nodes a thread in 16 x 2 warps), its factors
// from the tile (shared memory, a barrier) or from a pre-pass (direct loads), against stores alone.
template <int kCols, int kRows, int kSource>  // 0 tile factors, 1 pre-pass, 2 store only
__global__ void __launch_bounds__(256)
    float_tile_kernel(GridGeometry g, cudaSurfaceObject_t surface,
                      const RowFactors<float>* all_rows, const ColFactors<float>* all_cols) {
  constexpr int kX = 16 * kCols, kY = 16 * kRows;
  const int j0 = blockIdx.x * kX, i0 = blockIdx.y * kY;
  const int tx = threadIdx.x & 15, ty = 2 * threadIdx.y + (threadIdx.x >> 4);
  __shared__ ColFactors<float> sc[kSource == 0 ? kX : 1];
  __shared__ RowFactors<float> sr[kSource == 0 ? kY : 1];
  if constexpr (kSource == 0) {
    const int t = threadIdx.y * 32 + threadIdx.x;
    for (int k = t; k < kX + kY; k += 256) {
      if (k < kX) {
        if (j0 + k < g.nx) sc[k] = col_factors<float>(g, j0 + k);
      } else if (i0 + k - kX < g.ny) {
        sr[k - kX] = row_factors<float>(g, i0 + k - kX);
      }
    }
    __syncthreads();
  }
  const float two_r = float(2 * g.radius), pi_r = float(kPi * g.radius);
  ColFactors<float> c[kCols];
#pragma unroll
  for (int k = 0; k < kCols; ++k) {
    if constexpr (kSource == 0) c[k] = sc[tx + 16 * k];
    if constexpr (kSource == 1) c[k] = all_cols[min(j0 + tx + 16 * k, g.nx - 1)];
  }
  if (i0 + kY <= g.ny && j0 + kX <= g.nx) {
#pragma unroll
    for (int r = 0; r < kRows; ++r) {
      RowFactors<float> f{};
      if constexpr (kSource == 0) f = sr[ty + 16 * r];
      if constexpr (kSource == 1) f = all_rows[i0 + ty + 16 * r];
#pragma unroll
      for (int k = 0; k < kCols; ++k) {
        const int i = i0 + ty + 16 * r, j = j0 + tx + 16 * k;
        const float v = kSource == 2 ? float(i) * 0.5f + float(j)
                                     : haversine_distance_f32(f, c[k], two_r, pi_r);
        surf2Dwrite(v, surface, j * int(sizeof(float)), i);
      }
    }
  }
}

__global__ void float_factors_kernel(GridGeometry g, RowFactors<float>* rows,
                                     ColFactors<float>* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < g.ny)
    rows[k] = row_factors<float>(g, k);
  else if (k < g.ny + g.nx)
    cols[k - g.ny] = col_factors<float>(g, k - g.ny);
}

template <int kCols, int kRows, int kSource>
double time_float_tile(const GridGeometry& g, cudaSurfaceObject_t s, RowFactors<float>* rows,
                       ColFactors<float>* cols) {
  const dim3 grid((g.nx + 16 * kCols - 1) / (16 * kCols), (g.ny + 16 * kRows - 1) / (16 * kRows));
  return probe::gpu_ms(nullptr, [&] {
    if (kSource == 1) {
      const int n = g.nx + g.ny;
      float_factors_kernel<<<(n + 31) / 32, 32>>>(g, rows, cols);
      GF_CUDA_LAUNCHED("float_factors_kernel");
    }
    float_tile_kernel<kCols, kRows, kSource><<<grid, dim3(32, 8)>>>(g, s, rows, cols);
    GF_CUDA_LAUNCHED("float_tile_kernel");
  });
}

void probe_float_tiles(const GridGeometry& g, cudaSurfaceObject_t s, int n) {
  DeviceBuffer factors;
  const size_t row_bytes = sizeof(RowFactors<float>) * g.ny;
  factors.ensure(row_bytes + sizeof(ColFactors<float>) * g.nx, "the probe's float factors");
  auto* rows = static_cast<RowFactors<float>*>(factors.get());
  auto* cols = reinterpret_cast<ColFactors<float>*>(static_cast<char*>(factors.get()) + row_bytes);
  auto line = [n](const char* what, double ms) {
    std::printf("%6d  J %-40s %8.4f ms\n", n, what, ms);
  };
  line("library float",
       probe::gpu_ms(nullptr, [&] { launch_field_to_surface<float>(g, s, nullptr); }));
  line("library store only",
       probe::gpu_ms(nullptr, [&] { launch_store_only(g.nx, g.ny, s, nullptr); }));
  line("2x2 tile factors", time_float_tile<2, 2, 0>(g, s, rows, cols));
  line("2x2 pre-pass", time_float_tile<2, 2, 1>(g, s, rows, cols));
  line("2x2 stores", time_float_tile<2, 2, 2>(g, s, rows, cols));
  line("4x2 tile factors", time_float_tile<4, 2, 0>(g, s, rows, cols));
  line("4x2 pre-pass", time_float_tile<4, 2, 1>(g, s, rows, cols));
  line("4x2 stores", time_float_tile<4, 2, 2>(g, s, rows, cols));
  line("2x4 tile factors", time_float_tile<2, 4, 0>(g, s, rows, cols));
  line("2x4 pre-pass", time_float_tile<2, 4, 1>(g, s, rows, cols));
  line("2x4 stores", time_float_tile<2, 4, 2>(g, s, rows, cols));
  line("4x4 tile factors", time_float_tile<4, 4, 0>(g, s, rows, cols));
  line("4x4 pre-pass", time_float_tile<4, 4, 1>(g, s, rows, cols));
  line("4x4 stores", time_float_tile<4, 4, 2>(g, s, rows, cols));
  line("8x2 tile factors", time_float_tile<8, 2, 0>(g, s, rows, cols));
  line("8x2 stores", time_float_tile<8, 2, 2>(g, s, rows, cols));
  line("4x8 tile factors", time_float_tile<4, 8, 0>(g, s, rows, cols));
  line("4x8 stores", time_float_tile<4, 8, 2>(g, s, rows, cols));
  std::fflush(stdout);
}

// Every double case at every tile height, timed into the surface, and its double field against
// the library's (max relative difference over every node).
void probe_double(const GridGeometry& g, cudaSurfaceObject_t s, int n, bool trimmed_only) {
  const DoubleScratch d(g, true);
  const size_t nodes = static_cast<size_t>(g.nx) * g.ny;
  launch_field_to_buffer<double, double>(g, d.out, nullptr);  // the library's field, first
  std::vector<double> want(nodes), got(nodes);
  GF_CUDA(cudaMemcpy(want.data(), d.out, nodes * sizeof(double), cudaMemcpyDeviceToHost));
  auto check_and_time = [&](const DoubleCase& c, std::initializer_list<int> shapes) {
    c.launch(g, s, 16, d, d.out);
    GF_CUDA(cudaMemcpy(got.data(), d.out, nodes * sizeof(double), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t k = 0; k < nodes; ++k) {
      const double e = std::fabs(got[k] - want[k]) / std::fmax(std::fabs(want[k]), 1e-300);
      worst = std::fmax(worst, e);
    }
    for (int rows : shapes) {
      const double ms = probe::gpu_ms(nullptr, [&] { c.launch(g, s, rows, d, nullptr); });
      std::printf("%6d  %-34s 32x8 x%-3d %8.4f ms   max rel vs library %.2e\n", n, c.name, rows, ms,
                  worst);
    }
  };
  if (!trimmed_only) {
    for (const DoubleCase& c : kDoubleCases) check_and_time(c, {32, 16, 8});
  }
  for (const DoubleCase& c : kMultiColumnCases) check_and_time(c, {0});
  for (const DoubleCase& c : kPairRowsCases) check_and_time(c, {0});
  row_store_only(g, s, n);
  std::fflush(stdout);
}

using Launcher = void (*)(const GridGeometry&, cudaSurfaceObject_t, int);
const Launcher kFloatLaunchers[] = {launch<float, kHaversine>,  launch<float, kAtan2>,
                                    launch<float, kStoreA>,     launch<float, kSmoothBits>,
                                    launch<float, kRandomBits>, launch<float, kIntegerValues>};
static_assert(sizeof(kFloatLaunchers) / sizeof(kFloatLaunchers[0]) == kFloatVariants);

void probe_size(int n, bool trimmed_only, bool float_tiles_only = false) {
  // The default view (lat 29:31, lon 99:101, reference 30, 101), n x n nodes.
  const GridGeometry g = make_grid_geometry(29, 31, 99, 101, n, n, 30, 101, Formula::haversine,
                                            Units::km, kDefaultRadiusKm);
  const SurfaceArray target(n, n);
  const cudaSurfaceObject_t s = target.surface();
  auto row = [n](const char* what, const char* shape, double ms) {
    std::printf("%6d  %-34s %-10s %8.4f ms\n", n, what, shape, ms);
  };
  auto tiles = [](int rows) { return "32x8 x" + std::to_string(rows); };
  DeviceBuffer factors;  // the double path's pre-pass output, kept as the backend keeps it
  row("launch_field_to_surface<float>", "library",
      probe::gpu_ms(nullptr, [&] { launch_field_to_surface<float>(g, s, nullptr); }));
  row("launch_field_to_surface<double>", "library",
      probe::gpu_ms(nullptr, [&] { launch_field_to_surface<double>(g, s, nullptr, &factors); }));
  if (trimmed_only || float_tiles_only) {
    probe_float_tiles(g, s, n);
    if (trimmed_only) probe_double(g, s, n, true);
    return;
  }
  for (int rows : {16, 8, 4, 1}) {
    for (int v = 0; v < kFloatVariants; ++v) {
      row(kNames[v], tiles(rows).c_str(),
          probe::gpu_ms(nullptr, [&] { kFloatLaunchers[v](g, s, rows); }));
    }
  }
  row("launch_field_to_surface<double>", "library",
      probe::gpu_ms(nullptr, [&] { launch_field_to_surface<double>(g, s, nullptr, &factors); }));
  for (int rows : {32, 16, 8, 4}) {
    row("double haversine, Horner", tiles(rows).c_str(),
        probe::gpu_ms(nullptr, [&] { launch<double, kHaversine>(g, s, rows); }));
    row("double haversine, Estrin", tiles(rows).c_str(),
        probe::gpu_ms(nullptr, [&] { launch<double, kEstrin>(g, s, rows); }));
  }
  probe_double(g, s, n, false);
  std::fflush(stdout);
}

}  // namespace

void profile_double(int n) {
  const GridGeometry g = make_grid_geometry(29, 31, 99, 101, n, n, 30, 101, Formula::haversine,
                                            Units::km, kDefaultRadiusKm);
  const SurfaceArray target(n, n);
  const cudaSurfaceObject_t s = target.surface();
  const DoubleScratch d(g, false);
  launch_field_to_surface<double>(g, s, nullptr);
  for (const DoubleCase& c : kDoubleCases) c.launch(g, s, 16, d, nullptr);
  for (const DoubleCase& c : kPairRowsCases) c.launch(g, s, 16, d, nullptr);
  launch_field_to_surface<float>(g, s, nullptr);
  launch_store_only(g.nx, g.ny, s, nullptr);
  GF_CUDA(cudaDeviceSynchronize());
}
}  // namespace geofield

int main(int argc, char** argv) {
  try {
    std::vector<int> sizes;
    bool profile = false, trimmed = false, float_tiles = false;
    for (int a = 1; a < argc; ++a) {
      if (std::string(argv[a]) == "--profile")
        profile = true;
      else if (std::string(argv[a]) == "--trimmed")
        trimmed = true;
      else if (std::string(argv[a]) == "--float-tiles")
        float_tiles = true;
      else
        sizes.push_back(std::atoi(argv[a]));
    }
    if (profile) {  // each double case once, 16 rows per thread, 8192^2: for ncu
      geofield::profile_double(sizes.empty() ? 8192 : sizes[0]);
      return 0;
    }
    if (sizes.empty()) sizes = {4096, 8192};
    for (int n : sizes) geofield::probe_size(n, trimmed, float_tiles);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "probe: failed: %s\n", e.what());
    return 1;
  }
}
