// What the panels read and what they ask for: the panels edit the ViewState and fill
// UiActions; the App does the work (exports, loading, backend switch) after the frame's UI.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>

#include "backends/field_backend.h"
#include "field_range.h"
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
  std::string backend;         // "cpu", "cuda", "gl"
  std::string backend_reason;  // make_backend's one line
  bool cuda_usable = false;    // whether switching to cuda can work on this machine
  std::string cuda_why_not;    // when it cannot, why (no CUDA in this build, no device, ...)
  bool busy = false;           // a field is being computed
  double compute_ms = 0;       // the last field's compute time
  double frame_ms = 0;
  std::optional<FieldParams> shown;
  ValueRange range;  // exact range of the shown field
  MapRect map_area;  // right of the panels, window pixels: where the map is letterboxed
  MapRect map;       // the map's rectangle in it (true shape), window pixels
  float scale = 1;   // UI content scale
  std::optional<double> figure_progress;  // a figure being made: 0..1 of its map drawn
  bool figure_writing = false;            // its map is drawn: painting and writing it
  std::optional<double> export_progress;  // a field export being written: 0..1
};

struct ExportSettings {
  std::string folder = ".";
  int figure_w = 1600;  // the picture (a figure): its width in pixels; the map sets its height
  bool f64 = false;     // .npy and GeoTIFF as float64
  std::string state_file = "geofield-view.json";
};

struct UiActions {
  bool screenshot = false;
  bool screenshot_with_ui = true;
  bool picture = false;  // start a figure (app/figure), made a band a frame
  bool cancel_figure = false;
  bool npy = false;
  bool geotiff = false;
  bool cancel_export = false;  // stop the field export being written (no file)
  bool save_state = false;
  bool load_state = false;
  bool copy_command = false;
  std::optional<BackendChoice> switch_backend;
};

// The last few results of actions, newest last; failures are kept as failures.
struct MessageLog {
  struct Message {
    bool ok;
    std::string text;
  };
  std::deque<Message> items;
  void add(bool ok, std::string text) {
    items.push_back({ok, std::move(text)});
    while (items.size() > 6) items.pop_front();
  }
};

// Panels, one file each.
void draw_view_panel(ViewState* s, const SizeCaps& caps, const FrameInfo& info, UiActions* a);
void draw_look_panel(ViewState* s, const FrameInfo& info);
void draw_export_panel(ExportSettings* e, const ViewState& s, const FrameInfo& info, UiActions* a,
                       const MessageLog& log);
void draw_status_panel(const FrameInfo& info);

}  // namespace geofield
