// The App's work for the buttons of the Export panel and the backend switch. Every result,
// good or bad, is logged in the UI; a failure never ends the app.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/output_kinds.h"
#include "gl/gl_check.h"
#include "memory_limits.h"
#include "sites/centres_file.h"
#include "view/centre_edits.h"
#include "view/reproduce_command.h"
#include "view/site_edits.h"
#include "window/app.h"

namespace geofield {
namespace {

std::string timestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

// An output as check_writable names it to the window's user: its button's label.
const char* panel_name(OutputId id) { return output_kind(id).panel_label; }

}  // namespace

std::filesystem::path App::export_path(const char* what, const char* ext) const {
  const std::filesystem::path folder = exports_.folder.empty() ? "." : exports_.folder;
  const std::string stem = "geofield-" + timestamp() + "-" + what;
  std::filesystem::path p = folder / (stem + "." + ext);
  for (int k = 2; std::filesystem::exists(p) && k < 1000; ++k) {
    p = folder / (stem + "-" + std::to_string(k) + "." + ext);
  }
  return p;
}

void App::switch_backend(BackendChoice choice) {
  std::string reason;
  std::unique_ptr<FieldSource> next = make_source(choice, &reason);
  source_ = std::move(next);  // the old one's worker stops here
  source_view_ = backend_view_of(wanted_request());
  state_.backend = choice;
  backend_reason_ = reason;
  info_.backend_reason = reason;
  range_of_.reset();
  log_.add(true, reason);
}

void App::do_actions(const UiActions& a) {
  auto attempt = [&](const char* what, auto&& work) {
    try {
      work();
    } catch (const std::exception& e) {
      log_.add(false, std::string(what) + " failed: " + e.what());
    }
  };
  const std::optional<FieldParams> shown = source_->shown();
  if (a.switch_backend) attempt("backend switch", [&] { switch_backend(*a.switch_backend); });
  if (!a.field_exports.empty()) {
    const Precision as = exports_.f64 ? Precision::f64 : Precision::f32;
    attempt("field export", [&] {
      if (!shown) throw UsageError("no field yet");
      if (export_job_) throw UsageError("an export is being written (Cancel or wait)");
      std::vector<FieldExportTarget> targets;
      // A field of many centres or sites is described as such; the NetCDF file holds its index
      // too, as render --sites --netcdf's does.
      const std::optional<std::size_t> centres =
          !state_.sites.empty()     ? std::optional<std::size_t>(state_.sites.size())
          : !state_.centres.empty() ? std::optional<std::size_t>(state_.centres.size())
                                    : std::nullopt;
      // The file's history: the view as the command that draws it (as Copy as command).
      const std::filesystem::path folder = exports_.folder.empty() ? "." : exports_.folder;
      const std::string history =
          "geofield window, Export panel; the view as a command: " +
          render_command_line(state_, "geofield.png", (folder / exports_.centres_file).string());
      for (const OutputKind& k : output_kinds()) {  // in the registry's order, each once
        if (std::count(a.field_exports.begin(), a.field_exports.end(), k.id) == 0) continue;
        if (k.require != nullptr) k.require();
        // The extension without its dot: ".npy" -> "npy".
        targets.push_back(
            {k.id, export_path("field", k.extensions.front().c_str() + 1), centres, history});
        if (centres && k.carries_index) {
          targets.back().nearest_index = source_->index_for_export();
          targets.back().sites = source_->shown_request()->sites;  // the index's sites, named
        }
      }
      for (const FieldExportTarget& t : targets) check_writable(t.path, panel_name(t.kind));
      // A read-back from the GPU is the frame's (GL); a copy of a host field and the writing
      // are the job's thread's.
      std::function<HostField()> f = source_->field_for_export(renderer_.field(), as);
      const std::string note = as == Precision::f64 && shown->precision == Precision::f32
                                   ? " (computed in float; set precision double for double values)"
                                   : "";
      export_job_ = std::make_unique<FieldExportJob>(
          std::move(f), *shown, std::move(targets), note, [] { glfwPostEmptyEvent(); },
          std::chrono::milliseconds(test_export_delay_ms_));
      info_.export_progress = 0.0;
    });
  }
  const std::filesystem::path state_file =
      std::filesystem::path(exports_.folder.empty() ? "." : exports_.folder) / exports_.state_file;
  if (a.save_state) {
    attempt("save view", [&] {
      check_writable(state_file, "view file");
      save_state(state_file, state_);
      log_.add(true, "saved " + escaped_text(state_file.string()));
    });
  }
  if (a.load_state) {
    attempt("load view", [&] {
      const BackendChoice running = state_.backend;  // the backend stays; switch it in View
      std::string note;
      state_ = load_state(state_file, &note);
      state_.backend = running;
      log_.add(true, "loaded " + escaped_text(state_file.string()));
      if (!note.empty()) log_.note(note);  // the view is loaded: no error
    });
  }
  const std::filesystem::path centres_file =
      std::filesystem::path(exports_.folder.empty() ? "." : exports_.folder) /
      exports_.centres_file;
  if (a.import_centres) {
    attempt("import centres", [&] {
      std::string why;
      std::optional<CentresFileRef> ref = centres_file_ref(centres_file, 0);
      if (!replace_centres(&state_, read_centres_file(centres_file), &why)) {
        throw UsageError(why);
      }
      if (ref) {  // the list is the file's: a large one is saved as a reference to it
        ref->count = state_.centres.size();
        state_.centres = state_.centres.with_file(std::move(*ref));
      }
      log_.add(true, "imported " + std::to_string(state_.centres.size()) + " centres from " +
                         escaped_text(centres_file.string()));
    });
  }
  if (a.export_measurements) attempt("export measurements", [&] { export_measurements(); });
  if (a.export_centres) {
    attempt("export centres", [&] {
      if (state_.centres.empty()) throw UsageError("no centres to export");
      check_writable(centres_file, "centres file");
      write_centres_csv(centres_file, state_.centres.list());
      std::string kept;
      if (std::optional<CentresFileRef> ref =
              centres_file_ref(centres_file, state_.centres.size())) {
        // The list is now this file's: the saved view refers to it (beyond kMaxInlineCentres).
        state_.centres = state_.centres.with_file(std::move(*ref));
        if (state_.centres.size() > kMaxInlineCentres) kept = " (the saved view refers to it)";
      }
      log_.add(true, "saved " + std::to_string(state_.centres.size()) + " centres to " +
                         escaped_text(centres_file.string()) + kept);
    });
  }
  if (a.open_sites) open_view_sites(*a.open_sites);
  if (a.copy_command) {
    const std::string cmd = render_command_line(state_, "geofield.png", centres_file.string(),
                                                figure_command_of(exports_));
    ImGui::SetClipboardText(cmd.c_str());
    log_.add(true, "copied: " + cmd +
                       (state_.centres.empty()
                            ? ""
                            : " (its centres file: the Centres panel's Export CSV writes it)"));
  }
}

void App::open_view_sites(const std::string& text) {
  const std::filesystem::path folder = exports_.folder.empty() ? "." : exports_.folder;
  try {
    SitesSource source;
    ShapesPtr shapes = read_view_sites(text, folder, &source);
    Opened opened = Opened::sites;
    std::string why;
    if (!open_sites(&state_, std::move(shapes), source, &opened, &why)) throw UsageError(why);
    if (opened == Opened::centres) {
      log_.add(true, "opened " + std::to_string(state_.centres.size()) + " points from " +
                         escaped_text(source.name) + " as centres (the Centres panel)");
    } else {
      log_.add(true, "opened " + sites_summary(*state_.sites.shapes()) + " from " +
                         escaped_text(source.name));
    }
  } catch (const std::exception& e) {
    log_.add(false, std::string("open sites failed: ") + e.what());
  }
}

void App::advance_export(const UiActions& a) {
  if (!export_job_) return;
  if (a.cancel_export) export_job_->cancel();
  if (!export_job_->done()) {
    info_.export_progress = export_job_->progress();
    return;
  }
  // The log writes each to stderr too (for a log or a test to read): once.
  for (const std::string& m : export_job_->messages()) log_.add(export_job_->ok(), m);
  export_job_.reset();
  info_.export_progress.reset();
}

}  // namespace geofield
