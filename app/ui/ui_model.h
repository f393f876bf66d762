// What the panels read and what they ask for: the panels edit the ViewState and fill
// UiActions; the App does the work (exports, loading, backend switch) after the frame's UI.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "backends/field_backend.h"
#include "export/output_kinds.h"
#include "field_range.h"
#include "figure/figure_style.h"
#include "view/place_search.h"
#include "view/reproduce_command.h"
#include "view/view_math.h"
#include "view/view_state.h"

namespace geofield {

// Grid size caps of this machine: the GL texture limit and memory.
struct SizeCaps {
  int max_side = 16384;
  std::uint64_t max_nodes = 1ull << 28;
};

// What the panels show about the field and the frame.
struct FrameInfo {
  std::string backend;               // "cpu", "cuda", "gl"
  std::string backend_reason;        // make_backend's one line
  bool cuda_usable = false;          // whether switching to cuda can work on this machine
  std::string cuda_why_not;          // when it cannot, why (no CUDA in this build, no device, ...)
  bool busy = false;                 // a field is being computed
  std::optional<double> compute_ms;  // the last field's compute time; empty: none measured yet
  double frame_ms = 0;               // the time between the last two frames (idle time included)
  double draw_ms = 0;  // the last frame's own work: panels, field, map, before the swap
  std::optional<FieldParams> shown;
  ValueRange range;  // exact range of the shown field
  MapRect map_area;  // right of the panels, above the status bar, window pixels: where the map
                     // is letterboxed
  MapRect map;       // the map's rectangle in it (true shape), window pixels
  float scale = 1;   // UI content scale
  // The point under the pointer while it is over the map, and the field's value there (output
  // unit; cursor_value.h): the status bar's reading.
  std::optional<GeoPoint> cursor;
  std::optional<double> cursor_value;
  std::optional<double> figure_progress;  // a figure being made: 0..1 of its map drawn
  bool figure_writing = false;            // its map is drawn: painting and writing it
  std::optional<double> export_progress;  // a field export being written: 0..1
};

// `folder` made absolute (the working directory for an empty one; a leading "~" is $HOME),
// normalised; unchanged when the working directory cannot be read.
std::string absolute_folder(const std::string& folder);
// `folder` as the panel shows it: under $HOME as "~/...", so that a screenshot names no
// user's home; the full path stays in the tooltip and in every message.
std::string home_abbreviated(const std::string& folder);

struct ExportSettings {
  std::string folder = absolute_folder(".");  // absolute: saved paths are shown in full
  int figure_w = 1600;  // the figure: its width in pixels; the map sets its height
  FigurePreset figure_preset = FigurePreset::print;  // its style, as `render --style`
  bool f64 = false;                                  // .npy, GeoTIFF and NetCDF as float64
  std::string state_file = "geofield-view.json";
  // The Centres panel's file: imported (CSV or GeoJSON) and exported (CSV), in the
  // folder above unless absolute.
  std::string centres_file = "centres.csv";
  // The Sites panel's file: GeoJSON or CSV, in the folder above unless absolute.
  std::string sites_file = "sites.geojson";
  // The Measurements panel's GeoJSON file: a name in the folder above.
  std::string measurements_file = "measurements.geojson";
};

// The figure the Export panel's buttons make, as Copy as command writes it.
inline FigureCommand figure_command_of(const ExportSettings& e) {
  return {"geofield-figure.png", e.figure_w, figure_preset_name(e.figure_preset)};
}

struct UiActions {
  bool screenshot = false;
  bool screenshot_with_ui = true;
  bool picture = false;             // start a figure (app/figure), made a band a frame
  const char* picture_ext = "png";  // its file: png, or pdf / svg (lines and text as vectors)
  bool cancel_figure = false;
  std::vector<OutputId> field_exports;  // the Export panel's outputs (output_kinds.h) asked for
  bool cancel_export = false;           // stop the field export being written (no file)
  bool save_state = false;
  bool load_state = false;
  bool copy_command = false;
  bool import_centres = false;       // read ExportSettings::centres_file into the view's centres
  bool export_centres = false;       // write the view's centres there as CSV
  bool export_measurements = false;  // write the measurements (and rings) there as GeoJSON
  // Open these sites: a file (the Sites panel's, or one dropped on the window) or a
  // built-in name (@coastline, @land, @borders).
  std::optional<std::string> open_sites;
  std::optional<BackendChoice> switch_backend;
};

// The last few results of actions, newest last; failures are kept as failures. Each is also
// written to stderr, so a person at a terminal and the display tests read what the status bar
// shows.
struct MessageLog {
  struct Message {
    bool ok;
    std::string text;
    bool note = false;  // not ok, but no error: the program went on as asked (drawn amber)
    // A typed value's refusal: the control's label (TypedEdits), whose correction or Esc
    // settles the message.
    std::string control;
    bool settled = false;
  };
  std::deque<Message> items;
  void add(bool ok, std::string text) {
    std::fprintf(stderr, "geofield: %s%s\n", ok ? "" : "error: ", text.c_str());
    keep({ok, std::move(text), false, {}, false});
  }
  // Something the user should know that is no failure (a saved view's centres not restored):
  // written without "error: ", as the command line's notes are, and kept in the status bar's
  // problem slot until a newer problem replaces it.
  void note(std::string text) {
    std::fprintf(stderr, "geofield: %s\n", text.c_str());
    keep({false, std::move(text), true, {}, false});
  }
  void keep(Message m) {
    items.push_back(std::move(m));
    while (items.size() > 6) items.pop_front();
  }
  // The newest success and the newest failure or note: the status bar's two messages. A
  // settled failure is none: the bar shows no older one in its place.
  const Message* last(bool ok) const {
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
      if (it->ok == ok) return it->settled ? nullptr : &*it;
    }
    return nullptr;
  }
  // Settles the typed values' messages whose control `settled` says is no longer pending.
  template <typename Settled>
  void clear_settled(const Settled& settled) {
    for (Message& m : items) {
      if (!m.control.empty() && !m.settled && settled(m.control)) m.settled = true;
    }
  }
};

// Values typed into the panels that cannot be taken: each stays as typed, its message beside it
// (in the UI's words, with the accepted range), until it is corrected or Esc. Keyed by the
// control's label; `newest` is the latest new message, which the App puts in the status bar.
struct TypedEdits {
  struct Pending {
    std::string text;
    std::string message;
  };
  std::map<std::string, Pending> by_control;
  std::optional<std::string> newest;
  std::string newest_control;  // its control's label, when it is a typed value's (by_control)
};

// The View panel's place search (place_search_box.h): the text typed and what it offers.
struct PlaceSearch {
  std::string text;
  std::vector<PlaceHit> hits;  // remade as the text is edited
  bool searching = false;      // edited since a place was taken: an empty list is worth a word
};

// Panels, one file each.
void draw_view_panel(ViewState* s, const SizeCaps& caps, const FrameInfo& info, UiActions* a,
                     TypedEdits* edits, PlaceSearch* search);
void draw_look_panel(ViewState* s, const FrameInfo& info, TypedEdits* edits);
void draw_export_panel(ExportSettings* e, const ViewState& s, const FrameInfo& info, UiActions* a,
                       TypedEdits* edits);
// The Centres panel: the table of centres (edit, rename, delete), clear, colour by
// nearest centre, import and export. Edits go through centre_edits.h; a refused one is put in
// edits->newest for the status bar.
void draw_centres_panel(ViewState* s, ExportSettings* e, UiActions* a, TypedEdits* edits);
// The Sites panel: open a file or a built-in name, signed inside polygons, colour by
// nearest feature, clear. Opening is the App's (a->open_sites); the rest edits s.
void draw_sites_panel(ViewState* s, ExportSettings* e, UiActions* a);
// The Measurements panel: the kept measurements (distance, bearing, ends), delete
// one or all, export them with the rings as GeoJSON (a->export_measurements).
void draw_measurements_panel(ViewState* s, ExportSettings* e, UiActions* a);

// The status bar (app/ui/status_bar.cpp): its height in window pixels for a window this wide,
// and the bar itself along the window's bottom edge.
float status_bar_height(float window_w, float scale);
// Its view part: "grid 1000 x 1000 | ref 30.000N 101.000E | 30.512N 100.250E: 57.3 km" (the
// pointer's point and the value there while it is over the map; with centres or sites, their
// count instead of the reference), degrees to the decimals the map's zoom needs.
void draw_status_bar(const FrameInfo& info, const MessageLog& log, const ViewState& s);
std::string status_view_text(const FrameInfo& info, const ViewState& s);
// Its timings: "cpu 12.3 ms | draw 8.1 ms" (the last recompute; "idle 8.1 ms": the last
// frame's own work, not the time asleep between frames); "cpu ..." until a compute time is
// measured. The tooltip has the evaluation rate.
std::string status_performance_text(const FrameInfo& info);

}  // namespace geofield
