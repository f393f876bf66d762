#include "view/cpu_field_worker.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>

#include "backends/cpu_backend.h"

namespace geofield {

CpuFieldWorker::CpuFieldWorker(std::function<void()> on_ready)
    : on_ready_(std::move(on_ready)), thread_([this](std::stop_token s) { run(s); }) {}

CpuFieldWorker::~CpuFieldWorker() {
  thread_.request_stop();
  wake_.notify_all();
}

void CpuFieldWorker::request(const FieldParams& p) {
  {
    std::lock_guard lock(mutex_);
    pending_ = p;
  }
  wake_.notify_all();
}

std::optional<CpuFieldResult> CpuFieldWorker::take() {
  std::lock_guard lock(mutex_);
  std::optional<CpuFieldResult> r = std::move(ready_);
  ready_.reset();
  return r;
}

bool CpuFieldWorker::busy() const {
  std::lock_guard lock(mutex_);
  return computing_ || pending_.has_value();
}

void CpuFieldWorker::run(std::stop_token stop) {
  for (;;) {
    FieldParams p;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [&] { return pending_.has_value(); })) return;
      p = *pending_;
      pending_.reset();
      computing_ = true;
    }
    CpuFieldResult r;
    r.params = p;
    try {
      const auto t0 = std::chrono::steady_clock::now();
      compute_host_field(p, &r.f32, &r.f64);
      r.compute_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      r.range = field_range(p);
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
