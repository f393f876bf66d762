// A libgeofield context: the backend a caller chose and what it keeps between computes (the
// CUDA stream and scratch memory, the centres on the device; gl: the module's headless context).
#pragma once

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "api_params.h"
#include "api_sites.h"
#include "backend_choice.h"
#include "compute/cuda_device_field.h"
#include "geofield.h"

namespace geofield::api {

// The backend asked for cannot run on this machine (GEOFIELD_UNAVAILABLE).
struct Unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class GlField;

class Context {
 public:
  // backend: "auto", "cpu", "cuda", "gl" (null: auto). Throws UsageError for another word or a
  // negative device, Unavailable where the backend cannot run.
  Context(const char* backend, int device);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const char* backend() const;
  const std::string& description() const { return description_; }
  int device() const { return cuda_ ? cuda_->device() : -1; }

  // Checks params (reading its sites through the context's cache) and out against them, and
  // computes into out (geofield_compute). Calls from several threads take turns: the scratch
  // memory and the stream are the context's.
  void compute(const geofield_params* params, const geofield_output& out);
  // The same at points (geofield_compute_points, api_points.cpp).
  void compute_points(const geofield_params* params, const geofield_points& points);

 private:
  void compute_on_cpu(const Request& r, const geofield_output& out);

  std::mutex mutex_;                           // one compute at a time
  BackendChoice choice_ = BackendChoice::cpu;  // what it computes with: cpu, cuda or gl
  std::string description_;
  std::unique_ptr<DeviceFieldComputer> cuda_;
  // gl: the module's context and backend (api_gl.h), on the thread that made the context.
  std::unique_ptr<GlField> gl_;
  SitesCache sites_;  // the last sites= read (the same text again is not read again)
};

}  // namespace geofield::api
