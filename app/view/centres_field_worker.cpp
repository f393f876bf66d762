#include "view/centres_field_worker.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>

#include "backends/nearest_centre.h"

namespace geofield {

CentresFieldWorker::CentresFieldWorker(std::function<void()> on_ready)
    : on_ready_(std::move(on_ready)), thread_([this](std::stop_token s) { run(s); }) {}

CentresFieldWorker::~CentresFieldWorker() {
  thread_.request_stop();
  wake_.notify_all();
}

void CentresFieldWorker::request(const FieldParams& p, CentreList centres) {
  {
    std::lock_guard lock(mutex_);
    pending_.emplace(p, std::move(centres));
  }
  wake_.notify_all();
}

std::optional<CentresFieldResult> CentresFieldWorker::take() {
  std::lock_guard lock(mutex_);
  std::optional<CentresFieldResult> r = std::move(ready_);
  ready_.reset();
  return r;
}

bool CentresFieldWorker::busy() const {
  std::lock_guard lock(mutex_);
  return computing_ || pending_.has_value();
}

void CentresFieldWorker::run(std::stop_token stop) {
  for (;;) {
    CentresFieldResult r;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [&] { return pending_.has_value(); })) return;
      r.params = pending_->first;
      r.centres = std::move(pending_->second);
      pending_.reset();
      computing_ = true;
    }
    try {
      const auto t0 = std::chrono::steady_clock::now();
      const FieldParams& p = r.params;
      const std::size_t n = std::size_t(p.nx) * std::size_t(p.ny);
      r.f32.resize(n);
      r.index.resize(n);
      if (p.precision == Precision::f64) {
        r.f64.resize(n);
        nearest_centre_field_on_cpu<double>(p, *r.centres, r.f64.data(), r.index.data());
        std::transform(r.f64.begin(), r.f64.end(), r.f32.begin(),
                       [](double v) { return float(v); });
      } else {
        nearest_centre_field_on_cpu<float>(p, *r.centres, r.f32.data(), r.index.data());
      }
      if (!r.f64.empty()) {
        const auto [lo, hi] = std::minmax_element(r.f64.begin(), r.f64.end());
        r.range = {*lo, *hi};
      } else {
        const auto [lo, hi] = std::minmax_element(r.f32.begin(), r.f32.end());
        r.range = {*lo, *hi};
      }
      r.compute_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    } catch (const std::exception& e) {  // out of memory: keep the last field, say why
      std::fprintf(stderr, "geofield: computing the nearest-centre field failed: %s\n", e.what());
      std::lock_guard lock(mutex_);
      computing_ = false;
      continue;
    }
    {
      std::lock_guard lock(mutex_);
      // A newer request came meanwhile: this result is still shown until that one is ready.
      ready_ = std::move(r);
      computing_ = false;
    }
    if (on_ready_) on_ready_();
  }
}

}  // namespace geofield
