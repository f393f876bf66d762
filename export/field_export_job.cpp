#include "export/field_export_job.h"

#include <algorithm>
#include <memory>
#include <span>
#include <utility>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/output_kinds.h"

namespace geofield {
namespace {

std::span<const std::uint8_t> value_bytes(const HostField& f) {
  const std::size_t n = std::size_t(f.nx) * std::size_t(f.ny);
  if (f.precision == Precision::f64) {
    return {reinterpret_cast<const std::uint8_t*>(f.f64.data()), n * sizeof(double)};
  }
  return {reinterpret_cast<const std::uint8_t*>(f.f32.data()), n * sizeof(float)};
}

struct Cancelled {};

}  // namespace

FieldExportJob::FieldExportJob(HostField field, FieldParams p,
                               std::vector<FieldExportTarget> targets, std::string note,
                               std::function<void()> on_done, std::chrono::milliseconds piece_delay)
    : FieldExportJob([f = std::make_shared<HostField>(std::move(field))] { return std::move(*f); },
                     p, std::move(targets), std::move(note), std::move(on_done), piece_delay) {}

FieldExportJob::FieldExportJob(std::function<HostField()> make_field, FieldParams p,
                               std::vector<FieldExportTarget> targets, std::string note,
                               std::function<void()> on_done, std::chrono::milliseconds piece_delay)
    : make_field_(std::move(make_field)),
      params_(p),
      targets_(std::move(targets)),
      note_(std::move(note)),
      on_done_(std::move(on_done)),
      piece_delay_(piece_delay),
      thread_([this](std::stop_token stop) { run(stop); }) {}

FieldExportJob::~FieldExportJob() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

std::vector<std::string> FieldExportJob::messages() const {
  std::lock_guard lock(mutex_);
  return messages_;
}

void FieldExportJob::run(std::stop_token stop) {
  std::vector<std::string> said;
  bool ok = false;
  try {
    field_ = std::exchange(make_field_, nullptr)();
    const std::span<const std::uint8_t> values = value_bytes(field_);
    const double total = double(values.size()) * double(targets_.size());
    double written = 0;
    auto check = [&] {
      if (stop.stop_requested()) throw Cancelled{};
    };
    std::vector<std::unique_ptr<AtomicFile>> files;
    for (const FieldExportTarget& t : targets_) {
      check();
      auto file = std::make_unique<AtomicFile>(t.path);
      // Kept until the file is written: the writer reads the index from it.
      const std::vector<std::int32_t> index =
          t.centres && t.nearest_index && output_kind(t.kind).carries_index
              ? t.nearest_index()
              : std::vector<std::int32_t>{};
      OutputData data;
      data.params = &params_;
      data.field = &field_;
      data.centres = t.centres;
      data.sites = t.centres && !t.sites.empty() ? &t.sites : nullptr;
      data.index = index;
      data.history = t.history;
      std::uint64_t reported = 0;  // a writer in pieces reports them; the others, whole at the end
      data.on_piece = [&](std::uint64_t n) {
        check();
        reported += n;
        written += double(n);
        progress_ = written / total;
        if (piece_delay_.count() > 0) std::this_thread::sleep_for(piece_delay_);
      };
      output_kind(t.kind).write(*file, data);
      written += double(values.size() - std::min<std::uint64_t>(reported, values.size()));
      progress_ = written / total;
      check();
      file->finish();  // synced: the slow part on a disk, still cancellable after
      files.push_back(std::move(file));
    }
    check();
    for (auto& f : files) {
      f->commit();
      said.push_back("saved " + escaped_text(f->target().string()) + note_);
    }
    ok = true;
  } catch (const Cancelled&) {
    said = {"export cancelled: no file written"};
  } catch (const std::exception& e) {
    said = {std::string("field export failed: ") + e.what()};
  }
  {
    std::lock_guard lock(mutex_);
    messages_ = std::move(said);
    ok_ = ok;
  }
  done_ = true;
  if (on_done_) on_done_();
}

}  // namespace geofield
