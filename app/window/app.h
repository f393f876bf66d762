// The desktop app: one object owning everything, members declared in the order they are
// built (window, input hook, ImGui, GL objects, backend, UI) so destruction runs backwards.
#pragma once

#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "export/field_export_job.h"
#include "figure/figure_job.h"
#include "gl/renderer.h"
#include "ui/map_view.h"
#include "ui/ui_model.h"
#include "view/view_history.h"
#include "window/field_source.h"
#include "window/glfw_window.h"
#include "window/imgui_input_feed.h"
#include "window/imgui_layer.h"
#include "window/input_hook.h"
#include "window/window_request.h"

namespace geofield {

class App {
 public:
  explicit App(const WindowRequest& request);
  int run();  // until the window closes (or the automation is done); returns the exit status

 private:
  // The map's rectangle in the framebuffer, GL pixels (x, y: its bottom-left corner).
  struct MapPixels {
    int x = 0, y = 0, w = 1, h = 1;
  };

  void frame(int fb_width, int fb_height);
  void read_frame_info();
  UiActions draw_panels();
  void note_unkept_centres();
  void take_input(UiActions* actions);
  // The frame's shortcuts (window/key_bindings.h) and the F1 overlay (app_keys.cpp).
  void do_shortcuts(UiActions* actions);
  void update_field();
  ValueRange shown_field_range(const FieldRequest& shown);
  MapPixels draw_map(int fb_width, int fb_height);
  void save_screenshots(const UiActions& actions, bool automation_shot, const MapPixels& map,
                        int fb_width, int fb_height);
  void apply_edits(const ViewState& before);
  // The view extended to the map area's shape (view/map_fill.h) when fill_window is on; a
  // change of the window's shape alone makes no undo step (the caller tells the history).
  // True when the view changed (app_layout.cpp).
  bool fill_window_shape();
  // The side panel's width in window pixels for a window this wide, and the width the panel was
  // dragged to kept in the view (app_layout.cpp).
  float panel_width_px(float window_w) const;
  void keep_panel_width(float width_px);
  // The panel's hide button, at its top right corner over the map (app_layout.cpp).
  void draw_hide_button();
  void follow_backend_view(const ViewState& before);
  ViewStyle style_for(int map_w_px, int map_h_px) const;
  void do_actions(const UiActions& a);
  // The figure being made: starts, cancels, draws one band a frame, writes it when done.
  void advance_figure(const UiActions& a);
  // The field export being written (app_actions.cpp): its end logged, Cancel.
  void advance_export(const UiActions& a);
  // Opens the sites `text` names (a file or a built-in name: the Sites panel, a drop) into the
  // view, said in the status bar (app_actions.cpp).
  void open_view_sites(const std::string& text);
  void switch_backend(BackendChoice choice);
  // The Measurements panel's GeoJSON file (app_measurements.cpp): the measurements and, about
  // one reference point with rings shown, the rings.
  void export_measurements();
  std::filesystem::path export_path(const char* what, const char* ext) const;
  // The field on screen is the view's, and nothing is being computed.
  bool field_current() const;
  bool automation_done() const;
  // The field source the window starts with: the view's backend, or auto when a saved view's
  // cannot run.
  std::unique_ptr<FieldSource> first_source();
  // A field source for the view as it is: the one-centre backends, or the nearest-centre ones
  // when the view has centres. Throws what the factory throws.
  std::unique_ptr<FieldSource> make_source(BackendChoice choice, std::string* reason) const;
  // The field the view asks for: its reference point, or the nearest of its centres.
  FieldRequest wanted_request() const;
  // The source of the field follows the view: a new one when what it was made for changed.
  bool source_fits_view() const;
  // GEOFIELD_TEST_LOG_FRAMES: a line once a frame is drawn, saying what input it has seen.
  void log_drawn_frame(int fb_width, int fb_height) const;

  WindowRequest request_;
  InputEvents input_;  // written by the GLFW callbacks, read by the frame
  GlfwWindow window_;
  InputHook input_hook_;  // the only GLFW input callbacks: ImGui gets input through the queue
  ImGuiLayer imgui_;
  ImguiInputFeed input_feed_;
  Renderer renderer_;
  SizeCaps caps_;
  ViewState state_;
  ViewHistory history_;          // undo/redo of state_ (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y)
  FieldParams home_;             // the view Home goes back to: the one the window started with
  bool help_open_ = false;       // the F1 overlay
  bool panel_hidden_ = false;    // Tab: the map takes the whole window
  int test_frame_delay_ms_ = 0;  // GEOFIELD_TEST_FRAME_DELAY_MS: slow frames for input tests
  bool log_frames_ = false;      // GEOFIELD_TEST_LOG_FRAMES: each frame's time and input on stderr
  std::unique_ptr<FieldSource> source_;
  std::string backend_reason_;
  BackendView source_view_;  // what of the view source_'s backend was chosen for
  MapView map_;
  CentreList coloured_;                    // the centres whose colours centre_rgb_ holds
  CentreList noted_centres_;               // the centres last checked for centres_kept
  std::vector<std::uint32_t> centre_rgb_;  // centre_colours of coloured_
  ShapesPtr coloured_sites_;    // the sites whose features' colours the renderer holds instead
  ShapesPtr lined_sites_;       // the sites whose lines the renderer holds
  std::string logged_readout_;  // the hover readout last written to the test log
  std::string logged_status_;   // the status bar's view part last written to the test log
  ExportSettings exports_;
  MessageLog log_;
  TypedEdits edits_;            // typed values not taken yet, with their messages
  PlaceSearch place_search_;    // the View panel's place search box
  std::optional<Theme> theme_;  // the theme ImGui has; set on the first frame
  FrameInfo info_;
  std::unique_ptr<FigureJob> figure_;     // a figure in progress, drawn from renderer_'s field
  std::optional<FieldParams> figure_of_;  // the field it draws: a new one cancels it
  std::filesystem::path figure_path_;
  std::future<std::string> figure_writing_;     // painting and writing the last one: its message
  std::unique_ptr<FieldExportJob> export_job_;  // .npy / GeoTIFF being written on a thread
  int test_export_delay_ms_ = 0;                // GEOFIELD_TEST_EXPORT_DELAY_MS: a slow export
  std::optional<FieldRequest> range_of_;        // the request whose exact range info_.range holds
  std::chrono::steady_clock::time_point last_frame_;
  int frames_drawn_ = 0;
  int fields_shown_ = 0;  // fields the source has put in the texture (each a recompute)
  bool current_at_frame_start_ = false;  // the view's field was on screen when the frame began
  int frames_waiting_ = 0;  // automation frames past `frames` spent waiting for the field
  bool quit_ = false;
};

}  // namespace geofield
