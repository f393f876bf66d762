#include "compute/cpu_rows.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "compute/row_blocks.h"
#include "projected_chord.h"
#include "tiles.h"

namespace geofield {
namespace {

// The row loop of a haversine field, where a CPU render spends its time. GCC vectorises it:
// sqrt and haversine_half_angle are plain arithmetic and selects, given -fno-math-errno and
// -fno-trapping-math (compute/CMakeLists.txt, this file only; without them sqrt stays a call and
// the selects stay branches). The binary must run on any x86-64, so the loop is compiled
// twice and the loader picks one at start-up: AVX2 (8 floats or 4 doubles a lane) where the
// CPU has it, SSE2 (4 or 2) elsewhere. -ffp-contract=off keeps FMA out of the AVX2 clone, so
// both clones give the bits of the scalar shared math (tests/unit/cpu_backend_test.cpp).
template <typename T>
inline void haversine_row(RowFactors<T> r, const T* __restrict col_s, const T* __restrict col_k,
                          T radius, T* __restrict out, int n) {
  for (int j = 0; j < n; ++j) out[j] = haversine_combine<T>(r, {col_s[j], col_k[j]}, radius);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define GF_ROW_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define GF_ROW_CLONES
#endif
GF_ROW_CLONES void fill_haversine_row(RowFactors<float> r, const float* col_s, const float* col_k,
                                      float radius, float* out, int n) {
  haversine_row(r, col_s, col_k, radius, out, n);
}
GF_ROW_CLONES void fill_haversine_row(RowFactors<double> r, const double* col_s,
                                      const double* col_k, double radius, double* out, int n) {
  haversine_row(r, col_s, col_k, radius, out, n);
}

// Column factors of the subgrid's columns in two plain arrays (s and k), the layout the vector
// loop loads best; entry j is the whole grid's column w.col0 + j.
template <typename T>
struct ColumnTable {
  std::vector<T> s, k;
  ColumnTable(const GridGeometry& g, const Subgrid& w) : s(static_cast<size_t>(w.nx)), k(s.size()) {
    for (int j = 0; j < w.nx; ++j) {
      const ColFactors<T> c = col_factors<T>(g, w.col0 + j);
      s[j] = c.s;
      k[j] = c.k;
    }
  }
};

// Row i of the whole grid, the subgrid's columns.
template <typename T>
void fill_row(const GridGeometry& g, const ColumnTable<T>& cols, int i, T* row) {
  const RowFactors<T> r = row_factors<T>(g, i);
  const int n = static_cast<int>(cols.s.size());
  if (g.formula == Formula::haversine) {
    fill_haversine_row(r, cols.s.data(), cols.k.data(), T(g.radius), row, n);
    return;
  }
  for (int j = 0; j < n; ++j) row[j] = combine<T>(g, r, {cols.s[j], cols.k[j]});
}

// Rows per block: about 256 KiB of values, which stay in the core's cache between being
// computed and being copied out.
template <typename T>
int rows_per_block(int nx) {
  constexpr size_t kBlockBytes = size_t{256} << 10;
  return static_cast<int>(std::max<size_t>(1, kBlockBytes / (sizeof(T) * static_cast<size_t>(nx))));
}

// Fills every row of the subgrid by fill(whole-grid row, row of w.nx values), rows shared out
// among the cores; local row i of out is the whole grid's row w.row0 + i.
template <typename T, typename FillRow>
void fill_rows(const Subgrid& w, T* out, const FillRow& fill) {
  RowBlocks blocks(w.ny, rows_per_block<T>(w.nx));
  run_on_all_cores(blocks, [&] {
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) fill(w.row0 + i, out + static_cast<size_t>(i) * w.nx);
    }
  });
}

// The same a block of rows at a time into each thread's own buffer, handed to emit.
template <typename T, typename FillRow>
void emit_rows(const Subgrid& w, const EmitRows<T>& emit, const FillRow& fill) {
  RowBlocks blocks(w.ny, rows_per_block<T>(w.nx));
  run_on_all_cores(blocks, [&] {
    std::vector<T> buffer(static_cast<size_t>(rows_per_block<T>(w.nx)) * w.nx);
    for (int first, last; blocks.next(&first, &last);) {
      for (int i = first; i < last; ++i) {
        fill(w.row0 + i, buffer.data() + static_cast<size_t>(i - first) * w.nx);
      }
      emit(first, std::span<const T>(buffer.data(), static_cast<size_t>(last - first) * w.nx));
    }
  });
}

// A projected view's row: node by node, inverse projection then the formulas (the nodes of a
// row lie on no one parallel, so nothing separates into row and column factors).
template <typename T>
void fill_projected_row(const ProjectedGrid& g, const Subgrid& w, int i, T* row) {
  if constexpr (std::is_same_v<T, float>) {
    // Equal Earth's float field from the node's double point (as the nearest-site path takes
    // every projected node's): the same values with one centre as with none, and the Newton
    // inverse's float roundings (3e-7 of lambda, more toward the pole lines) left out.
    if (g.projection == Projection::eqearth) {
      for (int j = 0; j < w.nx; ++j) {
        const SpherePoint<double> d = projected_node_point<double>(g, i, w.col0 + j);
        const SpherePoint<float> q{float(d.lat_deg),  float(d.lon_deg), float(d.dlat_deg),
                                   float(d.dlon_deg), float(d.cos_lat), d.valid};
        row[j] = projected_point_value<float>(g, q);
      }
      return;
    }
  }
  for (int j = 0; j < w.nx; ++j) row[j] = projected_field_value<T>(g, i, w.col0 + j);
}

// A projected view's float haversine rows by the per-row and per-column terms of
// projected_chord.h, as the CUDA kernel computes them: a few operations a node where the
// inverse projection and the formulas take about ten times as many (2048² aeqd: 0.62 s of
// which 0.5 s were atan2 and sincos). The column terms are computed once per field.
class ChordRows {
 public:
  ChordRows(const ProjectedGrid& g, const Subgrid& w)
      : g_(g), k_(chord_constants<float>(g, std::numeric_limits<float>::quiet_NaN())) {
    cols_.reserve(w.nx);
    for (int j = 0; j < w.nx; ++j) cols_.push_back(chord_col_terms<float>(g, w.col0 + j));
  }
  void fill(int i, float* row) const {
    const AxisTerms<float> r = chord_row_terms<float>(g_, i);
    const int n = static_cast<int>(cols_.size());
    if (g_.projection != Projection::ortho) {
      for (int j = 0; j < n; ++j) row[j] = aeqd_radius_value(r, cols_[j], k_);
      return;
    }
    const float two_r = 2.0f * static_cast<float>(g_.radius);
    for (int j = 0; j < n; ++j) {
      float a, b;
      const bool on = ortho_haversines(r, cols_[j], k_, &a, &b);
      row[j] = on ? two_r * haversine_half_angle(a, b) : k_.nan;
    }
  }

 private:
  ProjectedGrid g_;
  ChordConstants<float> k_;
  std::vector<AxisTerms<float>> cols_;
};

// The wgs84 formula's latlon rows (geodesic_field.h): each column's GeodesicColumn built once a
// field, each row's GeodesicRow once a row, then Newton's loop node by node, in double; a float
// field stores the double value as float (there is no float geodesic). The per-node call does
// not vectorise (a loop of data-dependent length), so rows go to the cores as the others do.
class GeodesicRows {
 public:
  GeodesicRows(const FieldParams& p, const Subgrid& w)
      : f_(geodesic_field(p)), g_(grid_geometry(p)) {
    cols_.reserve(static_cast<size_t>(w.nx));
    for (int j = 0; j < w.nx; ++j) cols_.push_back(geodesic_grid_column(g_, w.col0 + j));
  }
  template <typename T>
  void fill(int i, T* row) const {
    const GeodesicRow r = geodesic_grid_row(f_, g_, i);
    const size_t n = cols_.size();
    for (size_t j = 0; j < n; ++j) row[j] = static_cast<T>(geodesic_value(f_, r, cols_[j]));
  }

 private:
  GeodesicField f_;
  GridGeometry g_;
  std::vector<GeodesicColumn> cols_;
};

// A projected wgs84 row: each node's latitude and longitude by the inverse projection in double,
// then all of the geodesic's parts for that node.
template <typename T>
void fill_projected_geodesic_row(const GeodesicField& f, const ProjectedGrid& g, const Subgrid& w,
                                 int i, T* row) {
  for (int j = 0; j < w.nx; ++j) {
    row[j] = static_cast<T>(projected_geodesic_value(f, g, i, w.col0 + j));
  }
}

// Calls use(fill) with the row filler for p: wgs84 in double by geodesic_field.h; for a projected
// view by the row and column terms (float haversine) or node by node (double, the seed formula: the
// inverse projection and the formulas, as the kernels do), by the row and column factors for latlon
// (its column factors computed once per field, not once per node). The filler takes a row of the
// whole grid and fills the subgrid's columns of it.
template <typename T, typename Use>
void with_row_filler(const FieldParams& p, const Subgrid& w, Use&& use) {
  if (p.formula == Formula::wgs84) {
    if (p.projection != Projection::latlon) {
      const ProjectedGrid g = projected_grid(p);
      const GeodesicField f = geodesic_field(p);
      use([&](int i, T* row) { fill_projected_geodesic_row(f, g, w, i, row); });
      return;
    }
    const GeodesicRows rows(p, w);
    use([&](int i, T* row) { rows.fill(i, row); });
    return;
  }
  if (p.projection != Projection::latlon) {
    const ProjectedGrid g = projected_grid(p);
    if constexpr (std::is_same_v<T, float>) {
      // Equal Earth's nodes go node by node (projected_chord.h has no terms for it).
      if (p.formula == Formula::haversine && p.projection != Projection::eqearth) {
        const ChordRows rows(g, w);
        use([&](int i, float* row) { rows.fill(i, row); });
        return;
      }
    }
    use([&](int i, T* row) { fill_projected_row(g, w, i, row); });
    return;
  }
  const GridGeometry g = grid_geometry(p);
  const ColumnTable<T> cols(g, w);
  use([&](int i, T* row) { fill_row(g, cols, i, row); });
}

}  // namespace

template <typename T>
void compute_field_on_cpu(const FieldParams& p, T* out) {
  compute_subgrid_on_cpu<T>(p, whole_grid(p.nx, p.ny), out);
}

template <typename T>
void compute_subgrid_on_cpu(const FieldParams& p, const Subgrid& w, T* out) {
  check_subgrid(p, w);
  with_row_filler<T>(p, w, [&](const auto& fill) { fill_rows(w, out, fill); });
}

template <typename T>
void compute_field_blocks_on_cpu(const FieldParams& p, const EmitRows<T>& emit) {
  compute_subgrid_blocks_on_cpu<T>(p, whole_grid(p.nx, p.ny), emit);
}

template <typename T>
void compute_subgrid_blocks_on_cpu(const FieldParams& p, const Subgrid& w,
                                   const EmitRows<T>& emit) {
  check_subgrid(p, w);
  with_row_filler<T>(p, w, [&](const auto& fill) { emit_rows(w, emit, fill); });
}

template void compute_field_on_cpu<float>(const FieldParams&, float*);
template void compute_field_on_cpu<double>(const FieldParams&, double*);
template void compute_subgrid_on_cpu<float>(const FieldParams&, const Subgrid&, float*);
template void compute_subgrid_on_cpu<double>(const FieldParams&, const Subgrid&, double*);
template <typename T>
std::uint64_t field_blocks_bytes(int nx, std::size_t copy_bytes) {
  const auto cores = std::uint64_t{std::max(1u, std::thread::hardware_concurrency())};
  const auto block = std::uint64_t(rows_per_block<T>(nx)) * std::uint64_t(nx);
  return cores * block * (sizeof(T) + copy_bytes) + 2 * std::uint64_t(nx) * sizeof(T);
}

template std::uint64_t field_blocks_bytes<float>(int, std::size_t);
template std::uint64_t field_blocks_bytes<double>(int, std::size_t);
template void compute_field_blocks_on_cpu<float>(const FieldParams&, const EmitRows<float>&);
template void compute_field_blocks_on_cpu<double>(const FieldParams&, const EmitRows<double>&);
template void compute_subgrid_blocks_on_cpu<float>(const FieldParams&, const Subgrid&,
                                                   const EmitRows<float>&);
template void compute_subgrid_blocks_on_cpu<double>(const FieldParams&, const Subgrid&,
                                                    const EmitRows<double>&);

}  // namespace geofield
