// The nearest-centre field (issue 16) off the UI thread, as CpuFieldWorker does the one-centre
// field: a worker computes the newest asked-for field and index into host memory; the UI thread
// takes the result when ready and uploads both. No GL here.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "backends/centres_field_backend.h"
#include "field_params.h"
#include "field_range.h"

namespace geofield {

struct CentresFieldResult {
  FieldParams params;
  CentreList centres;
  std::vector<float> f32;           // what the texture shows
  std::vector<double> f64;          // filled when params.precision == f64
  std::vector<std::int32_t> index;  // the nearest centre of each node, row 0 north
  double compute_ms = 0;
  ValueRange range;  // the field's smallest and largest value
};

class CentresFieldWorker {
 public:
  // on_ready runs on the worker thread after each result (to wake the UI's event wait).
  explicit CentresFieldWorker(std::function<void()> on_ready = {});
  ~CentresFieldWorker();  // stops after the field in progress
  CentresFieldWorker(const CentresFieldWorker&) = delete;
  CentresFieldWorker& operator=(const CentresFieldWorker&) = delete;

  // Asks for the field of p measured to `centres` (checked: check_centres_view); replaces any
  // request not yet started. A request that fails (out of memory) keeps the last field and says
  // why on stderr.
  void request(const FieldParams& p, CentreList centres);
  // The newest finished result, once; empty while none is new.
  std::optional<CentresFieldResult> take();
  bool busy() const;

 private:
  void run(std::stop_token stop);

  std::function<void()> on_ready_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::optional<std::pair<FieldParams, CentreList>> pending_;
  std::optional<CentresFieldResult> ready_;
  bool computing_ = false;
  std::jthread thread_;  // last: starts after the members it uses exist, stops first
};

}  // namespace geofield
