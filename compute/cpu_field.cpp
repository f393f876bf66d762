#include "compute/cpu_field.h"

#include <algorithm>
#include <thread>
#include <type_traits>
#include <utility>

#include "compute/cpu_rows.h"
#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "errors.h"
#include "tiles.h"

namespace geofield {
namespace {

// The sites as the nearest-site search takes them (none: empty, which it refuses in words).
std::span<const Centre> points_of(const SiteSet& s) {
  return s.points() ? std::span<const Centre>(*s.points()) : std::span<const Centre>();
}

// One point's index block: site 0 at every node. Each thread's own, never written after it
// grows, so the spans handed out stay all 0.
std::span<const std::int32_t> zeros(std::size_t n) {
  thread_local std::vector<std::int32_t> z;
  if (z.size() < n) z.assign(n, 0);
  return std::span<const std::int32_t>(z.data(), n);
}

// Rows of shapes' field handed out at a time: enough for every core (the shape field shares a
// band's rows among them), few enough that progress and cancel come often and a band of a wide
// grid stays a few MiB.
int shape_band_rows(const Subgrid& w) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int for_cores = 16 * cores;
  const int for_memory = std::max(1, (1 << 20) / w.nx);
  return std::max(1, std::min({for_cores, for_memory, w.ny}));
}

// The field of shapes (lines, polygons, points of several parts): the arc trees' search.
template <typename T>
void shape_blocks(const FieldRequest& r, const Subgrid& w, const EmitNearestRows<T>& emit) {
  const std::shared_ptr<const ShapeTrees> trees = shape_trees_of(r.sites.shapes());
  const ShapeFieldOptions o{r.signed_inside};
  const int band = shape_band_rows(w);
  const std::size_t n = static_cast<std::size_t>(band) * static_cast<std::size_t>(w.nx);
  std::vector<T> values(n);
  std::vector<std::int32_t> index(n);
  for (int first = 0; first < w.ny; first += band) {
    const Subgrid b{w.row0 + first, w.col0, w.nx, std::min(band, w.ny - first)};
    const std::size_t m = static_cast<std::size_t>(b.nx) * static_cast<std::size_t>(b.ny);
    shape_field_on_cpu<T>(r.params, *trees, o, b, values.data(), index.data(), nullptr);
    emit(first, std::span<const T>(values.data(), m),
         std::span<const std::int32_t>(index.data(), m));
  }
}

template <typename T>
void fill_block(CpuField* out, std::size_t at, std::span<const T> v,
                std::span<const std::int32_t> k) {
  if constexpr (std::is_same_v<T, double>) {
    std::copy(v.begin(), v.end(), out->f64.begin() + std::ptrdiff_t(at));
    std::transform(v.begin(), v.end(), out->f32.begin() + std::ptrdiff_t(at),
                   [](double x) { return static_cast<float>(x); });
  } else {
    std::copy(v.begin(), v.end(), out->f32.begin() + std::ptrdiff_t(at));
  }
  if (!out->index.empty()) std::copy(k.begin(), k.end(), out->index.begin() + std::ptrdiff_t(at));
}

template <typename T>
void compute_into(const FieldRequest& r, CpuField* out, const std::function<void(int)>& rows_done) {
  const std::size_t nx = static_cast<std::size_t>(r.params.nx);
  compute_request_subgrid_blocks_on_cpu<T>(
      r, whole_grid(r.params.nx, r.params.ny),
      [&](int first, std::span<const T> v, std::span<const std::int32_t> k) {
        fill_block<T>(out, static_cast<std::size_t>(first) * nx, v, k);
        if (rows_done) rows_done(static_cast<int>(v.size() / nx));
      });
}

}  // namespace

void check_sites(const FieldRequest& r) {
  if (r.sites.empty()) throw UsageError("--centres: no centres");
  if (r.sites.has_shapes()) {
    check_shapes_view(r.params, *r.sites.shapes());
  } else if (!r.sites.is_one_point()) {
    check_centres_view(r.params, *r.sites.points());
  }
}

template <typename T>
void compute_request_subgrid_on_cpu(const FieldRequest& r, const Subgrid& w, T* values,
                                    std::int32_t* index) {
  const std::size_t n = static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny);
  if (r.one_point()) {
    compute_subgrid_on_cpu<T>(r.one_point_params(), w, values);
    if (index != nullptr) std::fill_n(index, n, 0);
    return;
  }
  if (r.sites.has_shapes()) {
    check_subgrid(r.params, w);
    shape_field_on_cpu<T>(r.params, *shape_trees_of(r.sites.shapes()), {r.signed_inside}, w, values,
                          index, nullptr);
    return;
  }
  std::vector<std::int32_t> unasked;  // the search finds the index whether asked or not
  if (index == nullptr) {
    unasked.resize(n);
    index = unasked.data();
  }
  nearest_centre_subgrid_on_cpu<T>(r.params, points_of(r.sites), w, values, index);
}

template <typename T>
void compute_request_subgrid_blocks_on_cpu(const FieldRequest& r, const Subgrid& w,
                                           const EmitNearestRows<T>& emit) {
  if (r.one_point()) {
    compute_subgrid_blocks_on_cpu<T>(r.one_point_params(), w, [&](int first, std::span<const T> v) {
      emit(first, v, zeros(v.size()));
    });
    return;
  }
  if (r.sites.has_shapes()) {
    check_subgrid(r.params, w);
    shape_blocks<T>(r, w, emit);
    return;
  }
  nearest_centre_subgrid_blocks_on_cpu<T>(r.params, points_of(r.sites), w, emit);
}

#define GF_CPU_REQUEST(T)                                                                     \
  template void compute_request_subgrid_on_cpu<T>(const FieldRequest&, const Subgrid&, T*,    \
                                                  std::int32_t*);                             \
  template void compute_request_subgrid_blocks_on_cpu<T>(const FieldRequest&, const Subgrid&, \
                                                         const EmitNearestRows<T>&);
GF_CPU_REQUEST(float)
GF_CPU_REQUEST(double)
#undef GF_CPU_REQUEST

void compute_cpu_field(const FieldRequest& r, CpuField* out,
                       const std::function<void(int rows)>& rows_done) {
  const FieldParams& p = r.params;
  const std::size_t n = static_cast<std::size_t>(node_count(p));
  out->request = r;
  out->f32.resize(n);
  if (p.precision == Precision::f64) {
    out->f64.resize(n);
  } else {
    out->f64.clear();
    out->f64.shrink_to_fit();
  }
  if (r.one_point()) {
    out->index.clear();
    out->index.shrink_to_fit();
  } else {
    out->index.resize(n);
  }
  if (p.precision == Precision::f64) {
    compute_into<double>(r, out, rows_done);
  } else {
    compute_into<float>(r, out, rows_done);
  }
}

HostField CpuField::as(Precision p) const {
  HostField h;
  h.nx = nx();
  h.ny = ny();
  h.precision = p;
  if (p == Precision::f32) {
    h.f32 = f32;
  } else if (!f64.empty()) {
    h.f64 = f64;
  } else {
    h.f64.assign(f32.begin(), f32.end());
  }
  return h;
}

HostField CpuField::take(Precision p) {
  HostField h;
  if (p == Precision::f64 && !f64.empty()) {
    h = {nx(), ny(), p, {}, std::move(f64)};
  } else if (p == Precision::f32) {
    h = {nx(), ny(), p, std::move(f32), {}};
  } else {
    h = as(p);
  }
  f32.clear();
  f64.clear();
  return h;
}

std::vector<std::int32_t> CpuField::index_or_zeros() const {
  if (!index.empty()) return index;
  return std::vector<std::int32_t>(static_cast<std::size_t>(nx()) * static_cast<std::size_t>(ny()));
}

ValueRange CpuField::range() const {
  if (request.one_point()) return field_range(request.one_point_params());
  return f64.empty() ? values_range(std::span<const float>(f32))
                     : values_range(std::span<const double>(f64));
}

}  // namespace geofield
