#include "cpu_backend.h"

#include <algorithm>
#include <thread>
#include <vector>

#include "gl_check.h"

namespace geofield {

template <typename T>
void compute_field_on_cpu(const FieldParams& p, T* out) {
  const GridGeometry g = grid_geometry(p);
  // Column factors depend on the column alone: once per field, not once per node.
  std::vector<ColFactors<T>> cols(static_cast<size_t>(g.nx));
  for (int j = 0; j < g.nx; ++j) cols[j] = col_factors<T>(g, j);

  const int workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = std::min(workers, g.ny);
  auto fill_rows = [&](int first, int last) {
    for (int i = first; i < last; ++i) {
      const RowFactors<T> r = row_factors<T>(g, i);
      T* row = out + static_cast<size_t>(i) * g.nx;
      for (int j = 0; j < g.nx; ++j) row[j] = combine<T>(g, r, cols[j]);
    }
  };
  std::vector<std::jthread> pool;
  pool.reserve(threads);
  for (int t = 0; t < threads; ++t) {
    const int first = static_cast<int>(static_cast<long long>(g.ny) * t / threads);
    const int last = static_cast<int>(static_cast<long long>(g.ny) * (t + 1) / threads);
    pool.emplace_back(fill_rows, first, last);
  }
}

template void compute_field_on_cpu<float>(const FieldParams&, float*);
template void compute_field_on_cpu<double>(const FieldParams&, double*);

void compute_host_field(const FieldParams& p, std::vector<float>* f32, std::vector<double>* f64) {
  const size_t n = static_cast<size_t>(node_count(p));
  f32->resize(n);
  if (p.precision == Precision::f64) {
    f64->resize(n);
    compute_field_on_cpu<double>(p, f64->data());
    std::transform(f64->begin(), f64->end(), f32->begin(), [](double v) { return float(v); });
  } else {
    f64->clear();
    f64->shrink_to_fit();
    compute_field_on_cpu<float>(p, f32->data());
  }
}

HostField host_field_as(int nx, int ny, const std::vector<float>& f32,
                        const std::vector<double>& f64, Precision as) {
  HostField h;
  h.nx = nx;
  h.ny = ny;
  h.precision = as;
  if (as == Precision::f32) {
    h.f32 = f32;
  } else if (!f64.empty()) {
    h.f64 = f64;
  } else {
    h.f64.assign(f32.begin(), f32.end());
  }
  return h;
}

void CpuBackend::compute(const FieldParams& p, FieldTexture& target) {
  compute_host_field(p, &f32_, &f64_);
  GF_GL(glPixelStorei(GL_UNPACK_ALIGNMENT, 4));
  GF_GL(glTextureSubImage2D(target.id(), 0, 0, 0, p.nx, p.ny, GL_RED, GL_FLOAT, f32_.data()));
  last_ = p;
}

HostField CpuBackend::read_field(const FieldTexture&, Precision as) {
  return host_field_as(last_.nx, last_.ny, f32_, f64_, as);
}

}  // namespace geofield
