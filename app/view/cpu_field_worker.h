// The CPU backend's compute off the UI thread, for every site set: a worker computes the newest
// asked-for field (and, for several sites, the nearest one's index) into host memory through
// the CPU's one path (cpu_field.h), a block of rows at a time, so that its progress is known
// and a newer request stops it; the UI thread takes the result when it is ready and uploads it.
// No GL here.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "compute/cpu_field.h"
#include "field_range.h"
#include "sites.h"

namespace geofield {

// The field (cpu_field.h: the index too for several sites) and how long it took.
struct CpuFieldResult : CpuField {
  double compute_ms = 0;
  // The field's range (CpuField::range), found here off the UI thread: for ortho's one point
  // it visits every node (~0.1 s at 880 x 880 on this machine).
  ValueRange known_range;
};

class CpuFieldWorker {
 public:
  // on_ready runs on the worker thread after each result (e.g. to wake the UI's event wait).
  explicit CpuFieldWorker(std::function<void()> on_ready = {});
  ~CpuFieldWorker();  // stops after the field in progress
  CpuFieldWorker(const CpuFieldWorker&) = delete;
  CpuFieldWorker& operator=(const CpuFieldWorker&) = delete;

  // Asks for the field of r (validated: check, check_sites); replaces any request not yet
  // started. A request that fails (out of memory) keeps the last field and says why on stderr.
  void request(const FieldRequest& r);
  // The field of p's own reference point.
  void request(const FieldParams& p) { request(FieldRequest::of_reference(p)); }
  // The newest finished result, once; empty while none is new.
  std::optional<CpuFieldResult> take();
  // True while a request is waiting or being computed.
  bool busy() const;
  // 0..1 of the rows of the field being computed; empty when none is.
  std::optional<double> progress() const;

 private:
  void run(std::stop_token stop);
  void fill(CpuFieldResult* r, std::stop_token stop);

  std::function<void()> on_ready_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::optional<FieldRequest> pending_;
  std::optional<CpuFieldResult> ready_;
  bool computing_ = false;
  std::atomic<double> progress_{0};  // of the field being computed, written by the fill
  std::jthread thread_;              // last: starts after the members it uses exist, stops first
};

}  // namespace geofield
