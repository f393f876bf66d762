#include <limits>

#include "arc_cap_list.h"
#include "cuda_check.h"
#include "shape_kernels.h"

namespace geofield {
namespace {

// Row-major device memory holding subgrid w: values as Out, index and bearing unless null.
template <typename Out>
struct ShapeBuffers {
  Out* values;
  std::int32_t* index;
  float* bearing;
  int nx;
  __device__ bool wants_bearing() const { return bearing != nullptr; }
  __device__ void put(int i, int j, double value, std::int32_t feature, float b) const {
    const std::size_t at = static_cast<std::size_t>(i) * nx + j;
    values[at] = static_cast<Out>(value);
    if (index) index[at] = feature;
    if (bearing) bearing[at] = b;
  }
};

// The whole grid into the field's R32F and the index's R32I surfaces (the CUDA backend's
// registered textures).
struct ShapeSurfaces {
  cudaSurfaceObject_t field, index;
  __device__ bool wants_bearing() const { return false; }
  __device__ void put(int i, int j, double value, std::int32_t feature, float) const {
    surf2Dwrite(static_cast<float>(value), field, j * static_cast<int>(sizeof(float)), i);
    surf2Dwrite(feature, index, j * static_cast<int>(sizeof(std::int32_t)), i);
  }
};

// Node (i, j) of subgrid w: its latitude and longitude (degrees), false off a projected map.
__device__ __forceinline__ bool node_position(const ShapeView& v, const Subgrid& w, int i, int j,
                                              double* lat, double* lon) {
  if (v.projection == Projection::latlon) {
    *lat = node_lat_deg(v.grid, w.row0 + i);
    *lon = node_lon_deg(v.grid, w.col0 + j);
    return true;
  }
  const SpherePoint<double> q = projected_node_point<double>(v.map, w.row0 + i, w.col0 + j);
  *lat = q.lat_deg;
  *lon = q.lon_deg;
  return q.valid;
}

// A node's value, feature and bearing from the two trees' nearest arcs, as the CPU's.
template <typename Dest>
__device__ __forceinline__ void put_node(const ShapeView& v, const ArcTreeView& rings,
                                         const ArcTreeView& others, const Dest& dest, int i, int j,
                                         const UnitVec& p, double lat, double lon,
                                         const NearestArc& r, const NearestArc& l) {
  const ShapeNode n = shape_node(rings, others, p, v.signed_inside, r, l);
  float b = nanf("");
  if (dest.wants_bearing() && !n.zero) {
    const TreeArc& a = (n.from_rings ? rings : others).arcs[n.arc];
    b = azimuth_float(azimuth_toward_deg(lat, lon, nearest_on_arc(p, a.arc)));
  }
  dest.put(i, j, v.radius * n.angle, n.feature, b);
}

// A warp takes 32 tiles of kTileSide x kTileSide nodes, kWarpTileRows x kWarpTileCols of them;
// a block, kBlockWarps warps one above the other. First each lane lists its tile's arcs of each
// tree (arc_cap_list.h: one walk of a tree for 64 nodes, the lanes' walks side by side); then
// the warp goes through its tiles, each lane measuring one column's nodes of a tile, 32 /
// kTileSide rows apart, against that tile's lists only. kBruteForce: no lists, every node
// measures every arc (the tests' oracle, by the same code for the nodes, in an instantiation of
// its own so that the fast kernel carries none of it). The sizes are the H200's best
// (bench/RESULTS.md, run SK): smaller lists give up sooner on tiles far from every arc, whose
// nodes then walk from a good first guess.
constexpr int kTileSide = 8;
constexpr int kWarpTileRows = 4, kWarpTileCols = 8;
constexpr int kBlockWarps = 4;
constexpr int kListCapacity = 12;  // arcs a tile's list holds per tree; more: its nodes walk
// The share of the SM's on-chip memory given to shared memory, in percent of the most it can
// be: 72 % is the 164 KiB configuration, room for 4 blocks, leaving about 90 KiB of L1 cache to
// the trees' hot nodes and arcs. Left to the driver (80 registers let 6 blocks fit), all of it
// goes to shared memory and the L1 keeps 28 KiB: 25 % slower on the H200 (bench/RESULTS.md,
// run SK).
constexpr int kSharedCarveoutPercent = 72;
constexpr int kWarpRows = kWarpTileRows * kTileSide, kWarpCols = kWarpTileCols * kTileSide;

struct TileLists {
  std::int32_t ids[32][2][kListCapacity];
  float lower[32][2][kListCapacity];
  std::int32_t count[32][2], nearest[32][2];
  // A latlon grid's rows' and columns' sines and cosines: a node's unit vector is their
  // products, as unit_vec_of_deg makes it, without its two sincos a node.
  double slat[kWarpRows], clat[kWarpRows], slon[kWarpCols], clon[kWarpCols];
};

// A tile's nodes: rows [i0, i1) x columns [j0, j1) of the subgrid.
struct TileSpan {
  int i0, i1, j0, j1;
};

// The warp's nodes: where node (i, j) of the subgrid is, and its unit vector (false off a
// projected map).
struct WarpNodes {
  const ShapeView& v;
  const Subgrid& w;
  const TileLists& s;
  int i_warp, j_warp;
  __device__ bool at(int i, int j, double* lat, double* lon, UnitVec* x) const {
    if (!node_position(v, w, i, j, lat, lon)) return false;
    if (v.projection == Projection::latlon) {
      const int r = i - i_warp, c = j - j_warp;
      *x = {s.clat[r] * s.clon[c], s.clat[r] * s.slon[c], s.slat[r]};
    } else {
      *x = unit_vec_of_deg(*lat, *lon);
    }
    return true;
  }
};

// The tile's cap: a direction q and the largest angle rho from it to the tile's nodes (any
// direction is exact, a central one only narrower). The angle from a point has no maximum
// inside a small latitude-longitude rectangle nor inside its sides (along a parallel it grows
// with the longitude's difference, along a meridian it has one minimum), so a latlon tile's
// farthest node is a corner: only corners are measured there, unless the tile spans a wide
// longitude; on a projected map every node is. false: no node of the tile on the map.
__device__ bool tile_cap(const WarpNodes& nodes, const TileSpan& t, UnitVec* q, double* rho) {
  const ShapeView& v = nodes.v;
  const bool corners =
      v.projection == Projection::latlon && fabs(node_lon_deg(v.grid, nodes.w.col0 + t.j1 - 1) -
                                                 node_lon_deg(v.grid, nodes.w.col0 + t.j0)) <= 90;
  const int di = corners && t.i1 - t.i0 > 1 ? t.i1 - 1 - t.i0 : 1;
  const int dj = corners && t.j1 - t.j0 > 1 ? t.j1 - 1 - t.j0 : 1;
  double lat, lon, sx = 0, sy = 0, sz = 0;
  UnitVec x;
  bool any = false;
  for (int i = t.i0; i < t.i1; i += di) {
    for (int j = t.j0; j < t.j1; j += dj) {
      if (!nodes.at(i, j, &lat, &lon, &x)) continue;
      sx += x.x, sy += x.y, sz += x.z;
      any = true;
    }
  }
  if (!any) return false;
  const double len = sqrt(sx * sx + sy * sy + sz * sz);
  *q = len > 1e-6 ? UnitVec{sx / len, sy / len, sz / len} : x;
  double c2 = 0;
  for (int i = t.i0; i < t.i1; i += di) {
    for (int j = t.j0; j < t.j1; j += dj) {
      if (nodes.at(i, j, &lat, &lon, &x)) c2 = fmax(c2, chord2(*q, x));
    }
  }
  *rho = cap_angle(c2);
  return true;
}

template <typename Dest, bool kBruteForce>
__global__ void __launch_bounds__(kBlockWarps * 32)
    shape_tile_kernel(ShapeView v, Subgrid w, ArcTreeView rings, ArcTreeView others, Dest dest) {
  __shared__ TileLists shared[kBlockWarps];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  TileLists& s = shared[warp];
  const int i_warp = (blockIdx.y * kBlockWarps + warp) * kWarpRows;
  const int j_warp = blockIdx.x * kWarpCols;
  if (v.projection == Projection::latlon) {
    for (int r = lane; r < kWarpRows && i_warp + r < w.ny; r += 32) {
      sincos_deg(node_lat_deg(v.grid, w.row0 + i_warp + r), &s.slat[r], &s.clat[r]);
    }
    for (int c = lane; c < kWarpCols && j_warp + c < w.nx; c += 32) {
      sincos_deg(node_lon_deg(v.grid, w.col0 + j_warp + c), &s.slon[c], &s.clon[c]);
    }
    __syncwarp();
  }
  const WarpNodes nodes{v, w, s, i_warp, j_warp};
  auto span_of = [&](int t) {
    const int i0 = i_warp + (t / kWarpTileCols) * kTileSide;
    const int j0 = j_warp + (t % kWarpTileCols) * kTileSide;
    return TileSpan{i0, min(i0 + kTileSide, w.ny), j0, min(j0 + kTileSide, w.nx)};
  };
  if (!kBruteForce) {
    const TileSpan t = span_of(lane);
    UnitVec q;
    double rho = 0;
    const bool any = t.i0 < t.i1 && t.j0 < t.j1 && tile_cap(nodes, t, &q, &rho);
    for (int tree = 0; tree < 2; ++tree) {
      CapArcList list;
      if (any) {
        list.ids = s.ids[lane][tree];
        list.lower = s.lower[lane][tree];
        list_arcs_for_cap(tree == 0 ? rings : others, q, rho, kListCapacity, &list);
      }
      s.count[lane][tree] = list.count;
      s.nearest[lane][tree] = list.nearest_to_q;
    }
  }
  __syncwarp();
  for (int t = 0; t < 32; ++t) {
    const TileSpan span = span_of(t);
    const int j = span.j0 + lane % kTileSide;
    for (int k = lane / kTileSide; k < kTileSide; k += 32 / kTileSide) {
      const int i = span.i0 + k;
      if (i >= span.i1 || j >= span.j1) continue;
      double lat, lon;
      UnitVec p;
      if (!nodes.at(i, j, &lat, &lon, &p)) {
        dest.put(i, j, nan(""), -1, nanf(""));
        continue;
      }
      NearestArc r, l;
      if (kBruteForce) {
        r = nearest_arc_by_brute_force(rings, p);
        l = nearest_arc_by_brute_force(others, p);
      } else {
        const CapArcList lr{s.ids[t][0], s.lower[t][0], s.count[t][0], s.nearest[t][0]};
        const CapArcList ll{s.ids[t][1], s.lower[t][1], s.count[t][1], s.nearest[t][1]};
        r = nearest_arc_in_list(rings, p, lr);
        l = nearest_arc_in_list(others, p, ll);
      }
      put_node(v, rings, others, dest, i, j, p, lat, lon, r, l);
    }
  }
}

// Launches the kernel over subgrid w (a host call each time: the carveout is the current
// device's, and costs microseconds beside the kernel's milliseconds).
template <typename Dest, bool kBruteForce>
void launch_tiles(const ShapeView& v, const Subgrid& w, const ArcTreeView& rings,
                  const ArcTreeView& others, const Dest& dest, cudaStream_t stream) {
  GF_CUDA(cudaFuncSetAttribute(shape_tile_kernel<Dest, kBruteForce>,
                               cudaFuncAttributePreferredSharedMemoryCarveout,
                               kSharedCarveoutPercent));
  const int rows = kBlockWarps * kWarpRows;
  const dim3 blocks((w.nx + kWarpCols - 1) / kWarpCols, (w.ny + rows - 1) / rows);
  shape_tile_kernel<Dest, kBruteForce>
      <<<blocks, kBlockWarps * 32, 0, stream>>>(v, w, rings, others, dest);
  GF_CUDA_LAUNCHED("shape_tile_kernel");
}

}  // namespace

ArcTreeView ShapeKernels::Tree::view() const {
  return {static_cast<const ArcTreeNode*>(nodes.get()),
          static_cast<const std::int32_t*>(order.get()), static_cast<const ArcCap*>(caps.get()),
          static_cast<const TreeArc*>(arcs.get()), arc_count};
}

void ShapeKernels::copy(const HostArcTree& h, Tree* d, cudaStream_t stream) {
  d->arc_count = h.arc_count;
  if (h.arc_count == 0) return;
  const std::size_t n = static_cast<std::size_t>(h.arc_count);
  d->nodes.ensure(h.node_count * sizeof(ArcTreeNode), "the sites' tree");
  d->order.ensure(n * sizeof(std::int32_t), "the sites' tree");
  d->caps.ensure(n * sizeof(ArcCap), "the sites' tree");
  d->arcs.ensure(n * sizeof(TreeArc), "the sites' arcs");
  GF_CUDA(cudaMemcpyAsync(d->nodes.get(), h.nodes, h.node_count * sizeof(ArcTreeNode),
                          cudaMemcpyHostToDevice, stream));
  GF_CUDA(cudaMemcpyAsync(d->order.get(), h.order, n * sizeof(std::int32_t), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(cudaMemcpyAsync(d->caps.get(), h.arc_caps, n * sizeof(ArcCap), cudaMemcpyHostToDevice,
                          stream));
  GF_CUDA(
      cudaMemcpyAsync(d->arcs.get(), h.arcs, n * sizeof(TreeArc), cudaMemcpyHostToDevice, stream));
  // The host's arrays may be reused once this returns.
  GF_CUDA(cudaStreamSynchronize(stream));
}

void ShapeKernels::set_trees(const HostArcTree& rings, const HostArcTree& others,
                             cudaStream_t stream) {
  copy(rings, &rings_, stream);
  copy(others, &others_, stream);
}

template <typename Out>
void ShapeKernels::compute(const ShapeView& v, const Subgrid& w, Out* values, std::int32_t* index,
                           float* bearing, cudaStream_t stream, bool brute_force) {
  if (rings_.arc_count == 0 && others_.arc_count == 0) {
    GF_CUDA_MISUSE("ShapeKernels::compute before set_trees");
  }
  const ShapeBuffers<Out> dest{values, index, bearing, w.nx};
  if (brute_force) {
    launch_tiles<ShapeBuffers<Out>, true>(v, w, rings_.view(), others_.view(), dest, stream);
  } else {
    launch_tiles<ShapeBuffers<Out>, false>(v, w, rings_.view(), others_.view(), dest, stream);
  }
}

void ShapeKernels::compute_to_surfaces(const ShapeView& v, int nx, int ny,
                                       cudaSurfaceObject_t field, cudaSurfaceObject_t index,
                                       cudaStream_t stream) {
  if (rings_.arc_count == 0 && others_.arc_count == 0) {
    GF_CUDA_MISUSE("ShapeKernels::compute_to_surfaces before set_trees");
  }
  launch_tiles<ShapeSurfaces, false>(v, whole_grid(nx, ny), rings_.view(), others_.view(),
                                     ShapeSurfaces{field, index}, stream);
}

template void ShapeKernels::compute<float>(const ShapeView&, const Subgrid&, float*, std::int32_t*,
                                           float*, cudaStream_t, bool);
template void ShapeKernels::compute<double>(const ShapeView&, const Subgrid&, double*,
                                            std::int32_t*, float*, cudaStream_t, bool);

}  // namespace geofield
