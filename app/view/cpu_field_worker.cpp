#include "view/cpu_field_worker.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>

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

// The CPU's one path, a block at a time: the fraction done is known, and a newer request or
// the worker's end stops the fill between blocks (a pan during a 16384² field does not wait
// for it), for every site set.
void CpuFieldWorker::fill(CpuFieldResult* r, std::stop_token stop) {
  const FieldRequest request = r->request;
  const double rows = double(request.params.ny);
  std::atomic<int> done{0};
  compute_cpu_field(request, r, [&](int n_rows) {
    progress_ = (done += n_rows) / rows;
    if (stop.stop_requested()) throw Superseded{};
    std::lock_guard lock(mutex_);
    if (pending_) throw Superseded{};
  });
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
      r.request = std::move(*pending_);  // what fill computes
      pending_.reset();
      computing_ = true;
      progress_ = 0;
    }
    try {
      const auto t0 = std::chrono::steady_clock::now();
      fill(&r, stop);
      r.compute_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      r.known_range = r.range();
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
