#include "view/cpu_field_worker.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <span>

#include "backends/cpu_backend.h"
#include "compute/nearest_centre.h"

namespace geofield {
namespace {

struct Superseded {};  // a newer request came: the field in progress is not wanted any more

}  // namespace

CpuFieldWorker::CpuFieldWorker(std::function<void()> on_ready)
    : on_ready_(std::move(on_ready)), thread_([this](std::stop_token s) { run(s); }) {}

CpuFieldWorker::~CpuFieldWorker() {
  thread_.request_stop();
  wake_.notify_all();
}

void CpuFieldWorker::request(const FieldRequest& r) {
  {
    std::lock_guard lock(mutex_);
    pending_ = r;
  }
  wake_.notify_all();
}

std::optional<CpuFieldResult> CpuFieldWorker::take() {
  std::lock_guard lock(mutex_);
  std::optional<CpuFieldResult> r = std::move(ready_);
  ready_.reset();
  return r;
}

std::optional<double> CpuFieldWorker::progress() const {
  std::lock_guard lock(mutex_);
  if (!computing_) return std::nullopt;
  return progress_.load();
}

// The same rows as the CPU backend's (one filler for both), a block at a time: the fraction
// done is known, and a newer request or the worker's end stops the fill between blocks (a pan
// during a 16384² field does not wait for it). Several sites: the nearest-site field and index.
void CpuFieldWorker::fill(CpuFieldResult* r, std::stop_token stop) {
  const FieldParams& p = r->request.params;
  const std::size_t nx = std::size_t(p.nx);
  const std::size_t n = nx * std::size_t(p.ny);
  const double rows = double(p.ny);
  std::atomic<int> done{0};
  auto count = [&](std::size_t n_rows) {
    progress_ = (done += int(n_rows)) / rows;
    if (stop.stop_requested()) throw Superseded{};
    std::lock_guard lock(mutex_);
    if (pending_) throw Superseded{};
  };
  r->f32.resize(n);
  if (!r->request.one_point()) {
    const std::vector<Centre>& sites = *r->request.sites.points();
    r->index.resize(n);
    if (p.precision == Precision::f64) {
      r->f64.resize(n);
      nearest_centre_field_on_cpu<double>(p, sites, r->f64.data(), r->index.data());
      std::transform(r->f64.begin(), r->f64.end(), r->f32.begin(),
                     [](double v) { return float(v); });
    } else {
      r->f64.clear();
      nearest_centre_field_on_cpu<float>(p, sites, r->f32.data(), r->index.data());
    }
    count(std::size_t(p.ny));
    return;
  }
  const FieldParams q = r->request.one_point_params();
  if (p.precision == Precision::f64) {
    r->f64.resize(n);
    compute_field_blocks_on_cpu<double>(q, [&](int first, std::span<const double> v) {
      std::copy(v.begin(), v.end(), r->f64.begin() + std::ptrdiff_t(first * nx));
      std::transform(v.begin(), v.end(), r->f32.begin() + std::ptrdiff_t(first * nx),
                     [](double x) { return float(x); });
      count(v.size() / nx);
    });
  } else {
    r->f64.clear();
    compute_field_blocks_on_cpu<float>(q, [&](int first, std::span<const float> v) {
      std::copy(v.begin(), v.end(), r->f32.begin() + std::ptrdiff_t(first * nx));
      count(v.size() / nx);
    });
  }
}

bool CpuFieldWorker::busy() const {
  std::lock_guard lock(mutex_);
  return computing_ || pending_.has_value();
}

void CpuFieldWorker::run(std::stop_token stop) {
  for (;;) {
    CpuFieldResult r;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [&] { return pending_.has_value(); })) return;
      r.request = std::move(*pending_);
      pending_.reset();
      computing_ = true;
      progress_ = 0;
    }
    try {
      const auto t0 = std::chrono::steady_clock::now();
      fill(&r, stop);
      r.compute_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      // One point: the range is exact from the view (field_range); several sites: the values'.
      if (r.request.one_point()) {
        r.range = field_range(r.request.one_point_params());
      } else if (r.f64.empty()) {
        r.range = values_range(std::span<const float>(r.f32));
      } else {
        r.range = values_range(std::span<const double>(r.f64));
      }
    } catch (const Superseded&) {  // the newer request is taken at the top
      std::lock_guard lock(mutex_);
      computing_ = false;
      continue;
    } catch (const std::exception& e) {  // out of memory: keep the last field, say why
      std::fprintf(stderr, "geofield: computing the field failed: %s\n", e.what());
      std::lock_guard lock(mutex_);
      computing_ = false;
      continue;
    }
    {
      std::lock_guard lock(mutex_);
      ready_ = std::move(r);
      computing_ = false;
    }
    if (on_ready_) on_ready_();
  }
}

}  // namespace geofield
