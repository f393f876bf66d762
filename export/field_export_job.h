// Field exports (the Export panel's outputs: .npy, GeoTIFF, NetCDF) off the window's frame loop: a
// thread writes the files, each by its writer in output_kinds.h, from
// a field in host memory (or first makes it there, when its maker can run off the GL thread: the
// CPU backend's field converted to the precision asked), reports progress and stops when cancelled.
// Each file is an AtomicFile: a cancelled or failed write is dropped unnamed, so nothing appears;
// the files appear together once all are whole. The .npy is written in pieces (progress by bytes,
// cancel between pieces); the GeoTIFF and NetCDF writers (modules, one call each) report no
// progress and are cancelled after they return, before anything is named.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "export/output_kinds.h"
#include "field_params.h"
#include "host_field.h"
#include "sites.h"

namespace geofield {

struct FieldExportTarget {
  OutputId kind;  // a field's output (output_kinds.h), written by its writer
  std::filesystem::path path;
  // The field is the distance to the nearest of this many centres: the GeoTIFF's description
  // and the NetCDF file's title and long_name say so instead of naming one reference point.
  std::optional<std::size_t> centres = std::nullopt;
  // What made the file, for the NetCDF file's history attribute.
  std::string history = "geofield window, Export panel";
  // With centres, for an output that carries the index (the NetCDF file's nearest_centre): each
  // node's nearest centre (nx * ny, row 0 north), made on the job's thread as the field is;
  // none: the file holds no index.
  std::function<std::vector<std::int32_t>()> nearest_index = nullptr;
  // With centres and the index: the sites, whose names the file carries (the NetCDF file's site
  // table, site_table.h).
  SiteSet sites = {};
};

class FieldExportJob {
 public:
  // Starts writing `field` (of params p) to the targets; `note` ends each "saved" message.
  // on_done runs on the job's thread when it ends (to wake the frame loop). piece_delay: tests
  // only, a pause after each piece, so a test can cancel mid-write.
  FieldExportJob(std::function<HostField()> make_field, FieldParams p,
                 std::vector<FieldExportTarget> targets, std::string note,
                 std::function<void()> on_done, std::chrono::milliseconds piece_delay = {});
  FieldExportJob(HostField field, FieldParams p, std::vector<FieldExportTarget> targets,
                 std::string note, std::function<void()> on_done,
                 std::chrono::milliseconds piece_delay = {});
  ~FieldExportJob();  // cancels and waits: the thread uses the members
  FieldExportJob(const FieldExportJob&) = delete;
  FieldExportJob& operator=(const FieldExportJob&) = delete;

  void cancel() { thread_.request_stop(); }
  bool done() const { return done_.load(); }
  // 0..1 of the bytes written (GeoTIFF, NetCDF: 0 until it is written whole).
  double progress() const { return progress_.load(); }
  // Once done: one message a file (or one for the failure or the cancel), and whether all went.
  bool ok() const { return ok_; }
  std::vector<std::string> messages() const;

  // Bytes of each .npy piece: small enough that a cancel is quick and progress moves.
  static constexpr std::uint64_t kPieceBytes = kNpyPieceBytes;

 private:
  void run(std::stop_token stop);

  std::function<HostField()> make_field_;  // run first on the job's thread
  HostField field_;
  FieldParams params_;
  std::vector<FieldExportTarget> targets_;
  std::string note_;
  std::function<void()> on_done_;
  std::chrono::milliseconds piece_delay_;
  std::atomic<double> progress_{0};
  std::atomic<bool> done_{false};
  mutable std::mutex mutex_;
  std::vector<std::string> messages_;
  bool ok_ = false;
  std::jthread thread_;  // last: starts after the members it uses
};

}  // namespace geofield
