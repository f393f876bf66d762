#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <vector>

#include "cuda_check.h"
#include "kernel_math.cuh"
#include "nearest_centres.h"
#include "projected_sites.h"
#include "site_tiling.h"
#include "warp_reductions.cuh"

namespace geofield {
namespace {

constexpr int kRegion = 16;  // nodes a side of a node-pass block (1 or 4 fine tiles)
constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kChunk = 32;  // candidates a node-pass block takes at a time
constexpr int kEvery = -1;  // a list's count when it did not fit: every centre

struct TileList {
  unsigned offset;  // into the pool
  int count;        // kEvery: the list is every centre
};

// What a centre's own field needs at this view: its grid offsets (make_grid_geometry's, on the
// device) and, for wgs84, its reference part.
struct CentreParts {
  double dlat0_deg, slat0_deg, dlon0_deg, cos_ref_lat;
  GeodesicReference reference;
};

// The rows' (cos lat, sin lat) and the columns' (cos lon, sin lon): a node's unit vector.
struct GridParts {
  const double2* rows;
  const double2* cols;
  int nx, ny;
};

__device__ __forceinline__ UnitVec node_vector(const GridParts& gp, int i, int j) {
  const double2 r = gp.rows[i], c = gp.cols[j];
  return {r.x * c.x, r.x * c.y, r.y};
}

__device__ __forceinline__ UnitVec unit_vec_of(double lat_deg, double lon_deg) {
  double sl, cl, so, co;
  sincos_deg(lat_deg, &sl, &cl);
  sincos_deg(lon_deg, &so, &co);
  return {cl * co, cl * so, sl};
}

// The nodes as the pruning sees them: vector() gives a node's unit vector, false for a node off
// a projected map (no point of the sphere under it), which no tile's cap needs to hold.
struct LatlonNodes {
  static constexpr bool kProjected = false;
  GridParts gp;
  __device__ bool vector(int i, int j, UnitVec* q) const {
    *q = node_vector(gp, i, j);
    return true;
  }
};

// aeqd, ortho: the point of the double inverse projection, the one the node pass measures to.
struct ProjectedNodes {
  static constexpr bool kProjected = true;
  ProjectedGrid map;
  __device__ bool vector(int i, int j, UnitVec* q) const {
    const SpherePoint<double> d = projected_node_point<double>(map, i, j);
    if (!d.valid) return false;
    *q = unit_vec_of(d.lat_deg, d.lon_deg);
    return true;
  }
};

// The grid as centre c's own field sees it (the view's grid with c as the reference point).
__device__ __forceinline__ GridGeometry centre_grid(const GridGeometry& g, const CentreParts& c) {
  GridGeometry gk = g;
  gk.dlat0_deg = c.dlat0_deg;
  gk.slat0_deg = c.slat0_deg;
  gk.dlon0_deg = c.dlon0_deg;
  gk.cos_ref_lat = c.cos_ref_lat;
  return gk;
}

// Reductions over the threads that share a tile: one warp (the fine pass), or the whole block
// through kWarps doubles of shared memory (the coarse pass). Every thread gets the result.
struct WarpGroup {
  __device__ double sum(double v) const { return warp_sum(v); }
  __device__ double max(double v) const { return warp_max(v); }
  __device__ double min(double v) const { return warp_min(v); }
};

struct BlockGroup {
  double* scratch;  // kWarps entries of shared memory
  template <typename Warp, typename Op>
  __device__ double reduce(double v, Warp warp_op, Op op) const {
    v = warp_op(v);
    __syncthreads();  // the last reduction's reads are done
    if ((threadIdx.x & 31) == 0) scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    double r = scratch[0];
    for (int w = 1; w < kWarps; ++w) r = op(r, scratch[w]);
    return r;
  }
  __device__ double sum(double v) const {
    return reduce(v, warp_sum, [](double a, double b) { return a + b; });
  }
  __device__ double max(double v) const {
    return reduce(v, warp_max, [](double a, double b) { return fmax(a, b); });
  }
  __device__ double min(double v) const {
    return reduce(v, warp_min, [](double a, double b) { return fmin(a, b); });
  }
};

// A tile's candidates to choose from: a list in the pool, or every centre.
struct Source {
  const int* ids;  // nullptr: centre t is t
  int count;
  __device__ int at(int t) const { return ids != nullptr ? ids[t] : t; }
};

__device__ __forceinline__ Source source_of(const TileList& l, const int* pool, int n) {
  return l.count == kEvery ? Source{nullptr, n} : Source{pool + l.offset, l.count};
}

__global__ void centre_vectors_kernel(const double2* latlon, int n, UnitVec* out) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  out[k] = unit_vec_of(latlon[k].x, latlon[k].y);
}

// Each centre's own map of a projected view (projected_sites.h).
__global__ void projected_sites_kernel(const double2* latlon, int n, ProjectedGrid view, bool wgs84,
                                       GeodesicEllipsoid e, ProjectedSite* sites) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  sites[k] =
      make_projected_site(view, latlon[k].x, latlon[k].y, e, wgs84, __int_as_float(0x7fffffff));
}

// make_grid_geometry's reference-point parts, for each centre.
__global__ void centre_parts_kernel(const double2* latlon, int n, GridGeometry g, bool wgs84,
                                    GeodesicEllipsoid e, CentreParts* parts) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double lat = latlon[k].x, lon = latlon[k].y;
  CentreParts c{};
  c.dlat0_deg = g.lat_max_deg - lat;
  c.slat0_deg = g.lat_max_deg + lat;
  const double r = remainder(g.lon_min_deg - lon, 360.0);  // reduce_deg_180
  c.dlon0_deg = r == 180.0 ? -180.0 : r;
  double s;
  sincos_deg(lat, &s, &c.cos_ref_lat);
  if (wgs84) c.reference = make_geodesic_reference(e, lat);
  parts[k] = c;
}

__global__ void grid_parts_kernel(GridGeometry g, double2* rows, double2* cols) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  double s, c;
  if (k < g.ny) {
    sincos_deg(node_lat_deg(g, k), &s, &c);
    rows[k] = make_double2(c, s);
  } else if (k < g.ny + g.nx) {
    sincos_deg(node_lon_deg(g, k - g.ny), &s, &c);
    cols[k - g.ny] = make_double2(c, s);
  }
}

// The cap of the tile rows [i0, i1) x columns [j0, j1) (this thread t of the group's `size`
// looks at every size-th node) and the chord^2 from its direction *q within which its
// candidates among src lie (centre_bounds.h). The direction: a latlon tile's middle node; a
// projected tile's mean of its nodes on the map, normalised (its middle node may be off the map,
// and a projected tile's corners do not bound it: the cap's angle is measured over every node,
// so any direction is exact, a central one only narrower). *any: whether the tile has a node on
// the map (when not, it needs no list).
template <typename Nodes, typename Group>
__device__ double tile_limit(const Nodes& nodes, const Group& group, int i0, int i1, int j0, int j1,
                             int t, int size, const Source& src, const UnitVec* centres,
                             const ReachBound& bound, UnitVec* q, bool* any) {
  const int w = j1 - j0, count = w * (i1 - i0);
  UnitVec x;
  if constexpr (Nodes::kProjected) {
    double sx = 0, sy = 0, sz = 0, on = 0;
    for (int u = t; u < count; u += size) {
      if (nodes.vector(i0 + u / w, j0 + u % w, &x)) sx += x.x, sy += x.y, sz += x.z, on += 1;
    }
    sx = group.sum(sx), sy = group.sum(sy), sz = group.sum(sz), on = group.sum(on);
    *any = on > 0;
    if (!*any) return 0;
    const double len = sqrt(sx * sx + sy * sy + sz * sz);
    *q = len > 1e-6 ? UnitVec{sx / len, sy / len, sz / len} : UnitVec{0, 0, 1};
  } else {
    *any = true;
    nodes.vector((i0 + i1 - 1) / 2, (j0 + j1 - 1) / 2, q);
  }
  double c2 = 0;
  for (int u = t; u < count; u += size) {
    if (nodes.vector(i0 + u / w, j0 + u % w, &x)) c2 = fmax(c2, chord2(*q, x));
  }
  const double rho = cap_angle(group.max(c2));
  double m2 = INFINITY;
  for (int k = t; k < src.count; k += size) m2 = fmin(m2, chord2(*q, centres[src.at(k)]));
  return candidate_chord2(bound, angle_of_chord2(group.min(m2)), rho);
}

// Writes the warp's candidates among src[b0, b1) (those within `limit` of q) in order from
// pool[at]; every lane of the warp calls it.
__device__ void write_candidates(const Source& src, int b0, int b1, const UnitVec* centres,
                                 const UnitVec& q, double limit, int* pool, unsigned at) {
  const int lane = threadIdx.x & 31;
  for (int base = b0; base < b1; base += 32) {
    const int t = base + lane;
    const int k = t < b1 ? src.at(t) : 0;
    const bool in = t < b1 && chord2(q, centres[k]) <= limit;
    const unsigned ballot = __ballot_sync(kAllLanes, in);
    if (in) pool[at + __popc(ballot & ((1u << lane) - 1))] = k;
    at += __popc(ballot);
  }
}

__device__ int count_candidates(const Source& src, int b0, int b1, const UnitVec* centres,
                                const UnitVec& q, double limit) {
  const int lane = threadIdx.x & 31;
  int c = 0;
  for (int base = b0; base < b1; base += 32) {
    const int t = base + lane;
    const bool in = t < b1 && chord2(q, centres[src.at(t)]) <= limit;
    c += __popc(__ballot_sync(kAllLanes, in));
  }
  return c;
}

// Takes `total` entries of the pool, or none when they do not fit (the list is then every
// centre); the demand is counted either way.
__device__ TileList take_from_pool(int total, unsigned long long* used, unsigned capacity) {
  const unsigned long long off = atomicAdd(used, static_cast<unsigned long long>(total));
  if (off + static_cast<unsigned long long>(total) > capacity) return {0, kEvery};
  return {static_cast<unsigned>(off), total};
}

// One block a coarse tile of subgrid w, over every centre: the tile's cap, its nearest centre's
// angle, and the candidates (each warp counts and writes a slice of the centres, in order).
template <typename Nodes>
__global__ void __launch_bounds__(kThreads)
    coarse_kernel(Nodes nodes, Subgrid w, const UnitVec* centres, int n, ReachBound bound, int side,
                  TileList* lists, int* pool, unsigned long long* used, unsigned capacity) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i0 = w.row0 + blockIdx.y * side, j0 = w.col0 + blockIdx.x * side;
  const int i1 = min(w.row0 + w.ny, i0 + side), j1 = min(w.col0 + w.nx, j0 + side);
  __shared__ double scratch[kWarps];
  __shared__ int counts[kWarps];
  __shared__ TileList list;
  const Source all{nullptr, n};
  UnitVec q;
  bool any;
  const double limit = tile_limit(nodes, BlockGroup{scratch}, i0, i1, j0, j1, threadIdx.x, kThreads,
                                  all, centres, bound, &q, &any);
  if (!any) {  // the whole block
    if (threadIdx.x == 0) lists[blockIdx.y * gridDim.x + blockIdx.x] = TileList{0, 0};
    return;
  }
  const int per = (n + kWarps - 1) / kWarps;
  const int b0 = min(n, warp * per), b1 = min(n, b0 + per);
  const int mine = count_candidates(all, b0, b1, centres, q, limit);
  if (lane == 0) counts[warp] = mine;
  __syncthreads();
  if (threadIdx.x == 0) {
    int total = 0;
    for (int u = 0; u < kWarps; ++u) {
      const int cw = counts[u];
      counts[u] = total;
      total += cw;
    }
    list = take_from_pool(total, used, capacity);
    lists[blockIdx.y * gridDim.x + blockIdx.x] = list;
  }
  __syncthreads();
  if (list.count == kEvery) return;
  write_candidates(all, b0, b1, centres, q, limit, pool, list.offset + counts[warp]);
}

// One warp a fine tile (f x f nodes) of subgrid w, over its coarse tile's candidates.
template <typename Nodes>
__global__ void __launch_bounds__(kThreads)
    fine_kernel(Nodes nodes, Subgrid w, const UnitVec* centres, int n, ReachBound bound, int f,
                int fine_x, int fine_tiles, int side, int coarse_x, const TileList* coarse,
                TileList* fine, int* pool, unsigned long long* used, unsigned capacity) {
  const int lane = threadIdx.x & 31;
  const long long tile = static_cast<long long>(blockIdx.x) * kWarps + (threadIdx.x >> 5);
  if (tile >= fine_tiles) return;  // the whole warp
  const int fi = static_cast<int>(tile / fine_x), fj = static_cast<int>(tile % fine_x);
  const int i0 = w.row0 + fi * f, j0 = w.col0 + fj * f;
  const int i1 = min(w.row0 + w.ny, i0 + f), j1 = min(w.col0 + w.nx, j0 + f);
  const Source src = source_of(coarse[(fi * f / side) * coarse_x + fj * f / side], pool, n);
  UnitVec q;
  bool any;
  const double limit =
      tile_limit(nodes, WarpGroup{}, i0, i1, j0, j1, lane, 32, src, centres, bound, &q, &any);
  if (!any) {  // the whole warp
    if (lane == 0) fine[tile] = TileList{0, 0};
    return;
  }
  const int total = count_candidates(src, 0, src.count, centres, q, limit);
  TileList list{};
  if (lane == 0) list = take_from_pool(total, used, capacity);
  list.offset = __shfl_sync(kAllLanes, list.offset, 0);
  list.count = __shfl_sync(kAllLanes, list.count, 0);
  if (lane == 0) fine[tile] = list;
  if (list.count == kEvery) return;
  write_candidates(src, 0, src.count, centres, q, limit, pool, list.offset);
}

enum class Mode { f32, f64, wgs84 };

template <Mode M>
using ValueT = typename std::conditional<M == Mode::f32, float, double>::type;

// Centre k's wgs84 value at node (i, j), as the CPU's CentreFields::value computes it.
__device__ double wgs84_value(const GeodesicField& f, const GridGeometry& g, const CentreParts& c,
                              int i, int j) {
  const GeodesicRow row = make_geodesic_row(f.ellipsoid, c.reference, geodesic_row_lat_deg(g, i));
  return geodesic_value(f, row, geodesic_grid_column(centre_grid(g, c), j));
}

// The node pass over subgrid w: a block is kRegion x kRegion nodes, 1 fine tile of 16 or 4 of 8 a
// side; a warp lies in one fine tile, so its threads walk one candidate list. Per chunk of
// candidates the block makes each candidate's row factors for the tile's rows and column factors
// for its columns (latlon haversine) once, then each node combines them (field_kernel's float
// and double paths' functions), keeping the smallest value and, on a tie, the lowest index.
// Projected (P): each node's point by the double inverse projection, once, then each
// candidate's value there (projected_sites.h); a node off the map is NaN, index -1.
template <Mode M, bool P, typename Sink>
__global__ void __launch_bounds__(kThreads)
    node_kernel(CentresView v, Subgrid w, const CentreParts* parts, const ProjectedSite* sites,
                int n, int f, int fine_x, int fine_y, const TileList* fine, const int* pool,
                bool brute_force, Sink sink) {
  using T = ValueT<M>;
  constexpr bool kFactors = M != Mode::wgs84 && !P;
  const GridGeometry& g = v.grid;
  const int per = kRegion / f, subs = per * per;
  const int I0 = w.row0 + blockIdx.y * kRegion, J0 = w.col0 + blockIdx.x * kRegion;
  const int i_end = w.row0 + w.ny, j_end = w.col0 + w.nx;
  const int t = threadIdx.x;
  const int s = t / (f * f), r = (t % (f * f)) / f, c = t % f;
  const int i = I0 + (s / per) * f + r, j = J0 + (s % per) * f + c;
  __shared__ int ids[4][kChunk];
  __shared__ int counts[4];
  __shared__ const int* lists[4];
  __shared__ RowFactors<T> rowf[kFactors ? 4 * kChunk * 8 : 1];
  __shared__ ColFactors<T> colf[kFactors ? 4 * kChunk * 8 : 1];
  if (t < subs) {
    const int fi = (I0 - w.row0) / f + t / per, fj = (J0 - w.col0) / f + t % per;
    counts[t] = 0;
    lists[t] = nullptr;
    if (fi < fine_y && fj < fine_x) {
      const TileList l = brute_force ? TileList{0, kEvery} : fine[fi * fine_x + fj];
      const Source src = source_of(l, pool, n);
      counts[t] = src.count;
      lists[t] = src.ids;
    }
  }
  __syncthreads();
  int most = 0;
  for (int u = 0; u < subs; ++u) most = max(most, counts[u]);
  const bool inside = i < i_end && j < j_end;
  bool on = inside;  // inside and on the map
  SpherePoint<double> point{};
  if constexpr (P) {
    if (inside) {
      point = projected_node_point<double>(v.map, i, j);
      on = point.valid;
    }
  }
  T best = T(INFINITY);
  int best_k = INT_MAX;
  const float two_r = float(2 * g.radius), pi_r = float(kPi * g.radius);
  for (int b = 0; b < most; b += kChunk) {
    if (t < subs * kChunk) {
      const int su = t / kChunk, m = t % kChunk, at = b + m;
      ids[su][m] = at < counts[su] ? (lists[su] != nullptr ? lists[su][at] : at) : -1;
    }
    __syncthreads();
    if constexpr (kFactors) {
      // Job u: candidate m of sub-tile su, its row factors (x < f) or column factors (x >= f)
      // for the tile's rows or columns; the sub-tiles interleaved, so a tile's few candidates
      // are made in the first jobs at once, rows and columns on different threads.
      const int span = subs * 2 * f;  // jobs a candidate slot
      for (int u = t; u < kChunk * span; u += kThreads) {
        const int m = u / span, su = (u % span) / (2 * f), x = u % (2 * f);
        if (b + m >= most) break;  // m only grows with u
        const int k = ids[su][m];
        if (k < 0) continue;
        const GridGeometry gk = centre_grid(g, parts[k]);
        if (x < f) {
          rowf[(su * kChunk + m) * f + x] =
              row_factors<T>(gk, min(I0 + (su / per) * f + x, i_end - 1));
        } else {
          colf[(su * kChunk + m) * f + x - f] =
              col_factors<T>(gk, min(J0 + (su % per) * f + x - f, j_end - 1));
        }
      }
      __syncthreads();
    }
    const int mine = min(kChunk, counts[s] - b);
    if (on) {
      for (int m = 0; m < mine; ++m) {
        const int k = ids[s][m];
        T value;
        if constexpr (P) {
          value = projected_site_value<T>(sites[k], v.map, v.map_chord, v.geodesic, i, j, point);
        } else if constexpr (M == Mode::wgs84) {
          value = wgs84_value(v.geodesic, g, parts[k], i, j);
        } else if constexpr (M == Mode::f32) {
          value = haversine_distance_f32(rowf[(s * kChunk + m) * f + r],
                                         colf[(s * kChunk + m) * f + c], two_r, pi_r);
        } else {
          value = haversine_combine<double>(rowf[(s * kChunk + m) * f + r],
                                            colf[(s * kChunk + m) * f + c], g.radius);
        }
        if (value < best || (value == best && k < best_k)) best = value, best_k = k;
      }
    }
    __syncthreads();
  }
  if (!inside) return;
  if (on) {
    sink(j, i, best, best_k);
  } else {
    sink(j, i, T(point.lat_deg), -1);  // NaN, as the one-point projected kernels write
  }
}

struct SurfacePair {
  cudaSurfaceObject_t field, index;
  template <typename V>
  __device__ void operator()(int j, int i, V v, int k) const {
    surf2Dwrite(to_float(v), field, j * static_cast<int>(sizeof(float)), i);
    surf2Dwrite(k, index, j * static_cast<int>(sizeof(int)), i);
  }
};

// Row-major memory holding subgrid (row0, col0, nx wide) of the grid, as kernel_sinks.cuh's.
template <typename Out>
struct BufferPair {
  Out* values;
  std::int32_t* index;
  int nx;
  int row0, col0;
  template <typename V>
  __device__ void operator()(int j, int i, V v, int k) const {
    const size_t at = static_cast<size_t>(i - row0) * nx + (j - col0);
    if constexpr (sizeof(Out) == sizeof(float)) {
      values[at] = to_float(v);
    } else {
      values[at] = v;
    }
    index[at] = k;
  }
};

int blocks_for(long long n, int per_block) {
  return static_cast<int>((n + per_block - 1) / per_block);
}

}  // namespace

NearestCentres::NearestCentres() {
  GF_CUDA(cudaMallocHost(&demand_host_, sizeof(unsigned long long)));
  *demand_host_ = 0;
}

NearestCentres::~NearestCentres() {
  if (demand_host_ != nullptr) {
    const cudaError_t e = cudaFreeHost(demand_host_);
    if (e != cudaSuccess) {
      std::fprintf(stderr, "geofield: cudaFreeHost failed: %s\n", cuda_error_text(e).c_str());
    }
  }
}

void NearestCentres::set_centres(const double* lat_deg, const double* lon_deg, std::size_t n,
                                 cudaStream_t stream) {
  if (n == 0 || n > static_cast<std::size_t>(INT_MAX)) {
    GF_CUDA_MISUSE("NearestCentres::set_centres: no centres, or more than an int counts");
  }
  std::vector<double2> latlon(n);
  for (std::size_t k = 0; k < n; ++k) latlon[k] = make_double2(lat_deg[k], lon_deg[k]);
  latlon_.ensure(n * sizeof(double2), "the centres");
  vectors_.ensure(n * sizeof(UnitVec), "the centres' unit vectors");
  // The host vector is gone when this returns: the copy must have read it by then.
  GF_CUDA(cudaMemcpyAsync(latlon_.get(), latlon.data(), n * sizeof(double2), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(cudaStreamSynchronize(stream));
  centre_vectors_kernel<<<blocks_for(static_cast<long long>(n), 256), 256, 0, stream>>>(
      static_cast<const double2*>(latlon_.get()), static_cast<int>(n),
      static_cast<UnitVec*>(vectors_.get()));
  GF_CUDA_LAUNCHED("centre_vectors_kernel");
  n_ = n;
}

void NearestCentres::set_pool_capacity(std::size_t entries) {
  capacity_ = std::min<std::size_t>(std::max<std::size_t>(entries, 1), INT_MAX);
  capacity_fixed_ = true;
}

std::size_t NearestCentres::last_pool_demand() {
  if (demand_pending_) GF_CUDA(cudaEventSynchronize(demand_copied_.get()));
  return static_cast<std::size_t>(*demand_host_);
}

// The last compute's demand, once its copy has landed (never waits): a pool it overflowed grows
// to the demand and a quarter more.
void NearestCentres::grow_pool_if_short() {
  if (!demand_pending_ || !demand_copied_.done()) return;
  demand_pending_ = false;
  const std::size_t demand = static_cast<std::size_t>(*demand_host_);
  if (demand > demand_capacity_ && demand > capacity_) {
    capacity_ = std::min<std::size_t>(demand + demand / 4, INT_MAX);
  }
}

template <typename Sink>
void NearestCentres::compute(const CentresView& view, const Subgrid& w, const Sink& sink,
                             cudaStream_t stream, CentresTuning tuning) {
  if (n_ == 0) GF_CUDA_MISUSE("NearestCentres::compute before set_centres");
  CentresView v = view;
  const GridGeometry& g = v.grid;
  if (g.formula == Formula::seed) GF_CUDA_MISUSE("the seed formula has no nearest centre");
  if (v.projected && (v.map.nx != g.nx || v.map.ny != g.ny || v.map.formula != g.formula)) {
    GF_CUDA_MISUSE("NearestCentres: the view's map and grid disagree");
  }
  if (w.nx < 1 || w.ny < 1 || w.row0 < 0 || w.col0 < 0 || w.row0 + w.ny > g.ny ||
      w.col0 + w.nx > g.nx) {
    GF_CUDA_MISUSE("NearestCentres: the subgrid is not inside the grid");
  }
  const bool wgs84 = g.formula == Formula::wgs84;
  const int n = static_cast<int>(n_);
  // The tiles' sides: site_tiling.h's policy unless the tuning fixes them (tests, the bench).
  // A projected grid's step is its spacing at the map's centre, as the CPU takes it.
  const double step_rad = v.projected ? v.map.step / v.map.radius
                                      : std::max(g.lon_step_deg, g.lat_step_deg) * kRadPerDeg;
  const GpuSiteTiles policy = gpu_site_tiles(n_, step_rad);
  const int f = tuning.fine_tile != 0 ? tuning.fine_tile : policy.fine;
  if (f != 8 && f != 16) GF_CUDA_MISUSE("NearestCentres: a fine tile is 8 or 16 nodes a side");
  const int side = tuning.coarse_tile != 0 ? tuning.coarse_tile : policy.coarse;
  if (side % 16 != 0 || side < 16)
    GF_CUDA_MISUSE("NearestCentres: a coarse tile is a multiple of 16");
  fine_tile_ = f;
  coarse_tile_ = side;
  const int coarse_x = blocks_for(w.nx, side), coarse_y = blocks_for(w.ny, side);
  const int fine_x = blocks_for(w.nx, f), fine_y = blocks_for(w.ny, f);
  const long long coarse_tiles = static_cast<long long>(coarse_x) * coarse_y;
  const long long fine_tiles = static_cast<long long>(fine_x) * fine_y;

  if (v.projected) {
    centre_parts_.ensure(sizeof(ProjectedSite) * n_, "the centres' maps for this view");
  } else {
    grid_parts_.ensure(sizeof(double2) * (static_cast<std::size_t>(g.nx) + g.ny),
                       "the grid's rows and columns");
    centre_parts_.ensure(sizeof(CentreParts) * n_, "the centres' parts for this view");
  }
  lists_.ensure(sizeof(TileList) * static_cast<std::size_t>(coarse_tiles + fine_tiles),
                "the tiles' candidate lists");
  if (!capacity_fixed_) {
    // A first guess: 16 candidates a fine tile, 4 coarse tiles a centre (measured demands are
    // far below it, docs/centres.md); an overflow grows it.
    const std::size_t guess = 16 * static_cast<std::size_t>(fine_tiles) + 4 * n_ + 65536;
    capacity_ = std::max(capacity_, std::min<std::size_t>(guess, INT_MAX));
  }
  grow_pool_if_short();
  pool_.ensure(sizeof(int) * capacity_, "the candidate pool");
  used_.ensure(sizeof(unsigned long long), "the candidate pool's counter");

  auto* coarse = static_cast<TileList*>(lists_.get());
  TileList* fine = coarse + coarse_tiles;
  auto* pool = static_cast<int*>(pool_.get());
  auto* used = static_cast<unsigned long long*>(used_.get());
  const auto* vectors = static_cast<const UnitVec*>(vectors_.get());
  const auto* latlon = static_cast<const double2*>(latlon_.get());
  const unsigned capacity = static_cast<unsigned>(capacity_);
  ReachBound bound;
  bound.wgs84 = wgs84;
  bound.stretch = wgs84 ? (1 + v.wgs84_delta) / (1 - v.wgs84_delta) : 1.0;

  GF_CUDA(cudaMemsetAsync(used, 0, sizeof(unsigned long long), stream));
  const CentreParts* parts = nullptr;
  const ProjectedSite* sites = nullptr;
  if (v.projected) {
    v.map_chord = chord_constants<float>(v.map, std::numeric_limits<float>::quiet_NaN());
    auto* own = static_cast<ProjectedSite*>(centre_parts_.get());
    projected_sites_kernel<<<blocks_for(n, 128), 128, 0, stream>>>(latlon, n, v.map, wgs84,
                                                                   v.geodesic.ellipsoid, own);
    GF_CUDA_LAUNCHED("projected_sites_kernel");
    sites = own;
  } else {
    auto* rows = static_cast<double2*>(grid_parts_.get());
    auto* own = static_cast<CentreParts*>(centre_parts_.get());
    grid_parts_kernel<<<blocks_for(g.nx + g.ny, 128), 128, 0, stream>>>(g, rows, rows + g.ny);
    GF_CUDA_LAUNCHED("grid_parts_kernel");
    centre_parts_kernel<<<blocks_for(n, 256), 256, 0, stream>>>(latlon, n, g, wgs84,
                                                                v.geodesic.ellipsoid, own);
    GF_CUDA_LAUNCHED("centre_parts_kernel");
    parts = own;
  }
  const auto prune = [&](const auto& nodes) {
    coarse_kernel<<<dim3(coarse_x, coarse_y), kThreads, 0, stream>>>(
        nodes, w, vectors, n, bound, side, coarse, pool, used, capacity);
    GF_CUDA_LAUNCHED("coarse_kernel");
    fine_kernel<<<blocks_for(fine_tiles, kWarps), kThreads, 0, stream>>>(
        nodes, w, vectors, n, bound, f, fine_x, static_cast<int>(fine_tiles), side, coarse_x,
        coarse, fine, pool, used, capacity);
    GF_CUDA_LAUNCHED("fine_kernel");
  };
  if (!tuning.brute_force) {
    if (v.projected) {
      prune(ProjectedNodes{v.map});
    } else {
      auto* rows = static_cast<double2*>(grid_parts_.get());
      prune(LatlonNodes{GridParts{rows, rows + g.ny, g.nx, g.ny}});
    }
  }
  const dim3 blocks(blocks_for(w.nx, kRegion), blocks_for(w.ny, kRegion));
  const auto nodes = [&](auto mode, auto projected) {
    node_kernel<decltype(mode)::value, decltype(projected)::value><<<blocks, kThreads, 0, stream>>>(
        v, w, parts, sites, n, f, fine_x, fine_y, fine, pool, tuning.brute_force, sink);
  };
  using Projected = std::true_type;
  using Latlon = std::false_type;
  const auto mode_of = [&](auto projected) {
    if (wgs84) {
      nodes(std::integral_constant<Mode, Mode::wgs84>{}, projected);
    } else if (v.f64) {
      nodes(std::integral_constant<Mode, Mode::f64>{}, projected);
    } else {
      nodes(std::integral_constant<Mode, Mode::f32>{}, projected);
    }
  };
  if (v.projected) {
    mode_of(Projected{});
  } else {
    mode_of(Latlon{});
  }
  GF_CUDA_LAUNCHED("node_kernel");
  if (!tuning.brute_force) {
    // The demand comes back without waiting; the next compute reads it (grow_pool_if_short).
    GF_CUDA(cudaMemcpyAsync(demand_host_, used, sizeof(unsigned long long), cudaMemcpyDeviceToHost,
                            stream));
    GF_CUDA(cudaEventRecord(demand_copied_.get(), stream));
    demand_pending_ = true;
    demand_capacity_ = capacity_;
  }
}

void NearestCentres::compute_to_surfaces(const CentresView& v, cudaSurfaceObject_t field,
                                         cudaSurfaceObject_t index, cudaStream_t stream,
                                         CentresTuning t) {
  compute(v, whole_grid(v.grid.nx, v.grid.ny), SurfacePair{field, index}, stream, t);
}

template <typename Out>
void NearestCentres::compute_to_buffers(const CentresView& v, const Subgrid& w, Out* values,
                                        std::int32_t* index, cudaStream_t stream, CentresTuning t) {
  compute(v, w, BufferPair<Out>{values, index, w.nx, w.row0, w.col0}, stream, t);
}

template void NearestCentres::compute_to_buffers<float>(const CentresView&, const Subgrid&, float*,
                                                        std::int32_t*, cudaStream_t, CentresTuning);
template void NearestCentres::compute_to_buffers<double>(const CentresView&, const Subgrid&,
                                                         double*, std::int32_t*, cudaStream_t,
                                                         CentresTuning);

}  // namespace geofield
