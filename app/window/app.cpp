#include "window/app.h"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <span>
#include <thread>
#include <utility>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/npy_export.h"
#include "export/png_export.h"
#include "field_range.h"
#include "gl/gl_check.h"
#include "memory_limits.h"
#include "view/centre_edits.h"
#include "view/centre_palette.h"
#include "view/map_fill.h"
#include "view/projected_view.h"
#include "view/reproduce_command.h"
#include "view/site_edits.h"
#include "view/site_polylines.h"
#include "window/framebuffer_capture.h"

namespace geofield {
namespace {

constexpr double kGraticuleSpacingPx = 140.0;   // about one graticule line per this many pixels
constexpr int kAutomationWaitFrames = 2000;     // give up waiting for the field after these
constexpr std::uint64_t kBytesPerNode = 4 * 3;  // worker result, the kept field, the texture

SizeCaps machine_caps() {
  SizeCaps c;
  GLint max_texture = 0;
  GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture));
  c.max_side = std::min<int>(max_texture, kMaxGridSide);
  const std::uint64_t avail = available_host_memory_bytes();
  // Half of what is free, so a double field and a picture still fit beside it.
  if (avail) c.max_nodes = std::max<std::uint64_t>(avail / 2 / kBytesPerNode, 4);
  return c;
}

GeoBounds bounds_of(const FieldParams& p) {
  return {p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, lon_span_of(p)};
}

void fit_caps(FieldParams* p, const SizeCaps& caps) {
  p->nx = std::clamp(p->nx, 2, caps.max_side);
  p->ny = std::clamp(p->ny, 2, caps.max_side);
  const double n = double(p->nx) * p->ny;
  if (n > double(caps.max_nodes)) {
    const double f = std::sqrt(double(caps.max_nodes) / n);
    p->nx = std::max(2, int(p->nx * f));
    p->ny = std::max(2, int(p->ny * f));
  }
}

// Why p's grid is beyond this machine's caps, or nothing when it fits.
std::optional<std::string> beyond_caps(const FieldParams& p, const SizeCaps& caps) {
  const std::string size = std::to_string(p.nx) + "x" + std::to_string(p.ny);
  if (p.nx > caps.max_side || p.ny > caps.max_side) {
    return "NX and NY must be at most " + std::to_string(caps.max_side) +
           " with this OpenGL (GL_MAX_TEXTURE_SIZE); got " + size;
  }
  if (double(p.nx) * p.ny > double(caps.max_nodes)) {
    return size + " is more than this machine's " + std::to_string(caps.max_nodes / 1000000) +
           " M nodes (half the free memory at " + std::to_string(kBytesPerNode) + " bytes a node)";
  }
  return std::nullopt;
}

}  // namespace

App::App(const WindowRequest& request)
    : request_(request),
      window_(request.width, request.height, "geofield"),
      input_hook_(window_.get(), &input_),
      imgui_(window_.get(), window_.content_scale()),
      caps_(machine_caps()),
      state_(request.state),
      history_(request.state),
      home_(request.state.params) {
  if (!request_.make_backend) GF_FAIL("the window was given no backend factory");
  for (const std::string& m : request_.startup_messages) log_.add(false, m);
  for (const std::string& m : request_.startup_notes) log_.note(m);
  // A grid beyond this machine's caps: refused when typed (as render refuses it); from a saved
  // view (made on a machine with more) made to fit, and said.
  if (const std::optional<std::string> why = beyond_caps(state_.params, caps_)) {
    if (request_.size_typed) throw UsageError("--size: " + *why);
    fit_caps(&state_.params, caps_);
    log_.add(false, "the saved view's grid does not fit here (" + *why + "); using " +
                        std::to_string(state_.params.nx) + "x" + std::to_string(state_.params.ny));
  }
  source_ = first_source();
  source_view_ = backend_view_of(wanted_request());
  history_ = ViewHistory(state_);
  home_ = state_.params;
  std::fprintf(stderr, "geofield: %s; %s\n", backend_reason_.c_str(),
               window_.description().c_str());
  info_.backend_reason = backend_reason_;
  info_.cuda_usable = request_.cuda_usable && request_.cuda_usable(&info_.cuda_why_not);
  if (!request_.cuda_usable) info_.cuda_why_not = "this program was started without CUDA";
  info_.scale = window_.content_scale();
  last_frame_ = std::chrono::steady_clock::now();
  // Tests of lost input need frames slower than a key tap, on any machine.
  if (const char* d = std::getenv("GEOFIELD_TEST_FRAME_DELAY_MS"))
    test_frame_delay_ms_ = std::atoi(d);
  if (const char* d = std::getenv("GEOFIELD_TEST_EXPORT_DELAY_MS"))
    test_export_delay_ms_ = std::atoi(d);
  log_frames_ = std::getenv("GEOFIELD_TEST_LOG_FRAMES") != nullptr;
}

std::unique_ptr<FieldSource> App::make_source(BackendChoice choice, std::string* reason) const {
  auto wake = [] { glfwPostEmptyEvent(); };  // wake the UI when a field is ready
  return make_field_source(request_.make_backend(choice, wanted_request(), reason), wake);
}

FieldRequest App::wanted_request() const {
  if (!state_.sites.empty()) {
    return {state_.params, SiteSet::shapes(state_.sites.shapes()), state_.signed_inside};
  }
  if (state_.centres.empty()) return FieldRequest::of_reference(state_.params);
  return {state_.params, SiteSet::points(state_.centres.shared())};
}

bool App::source_fits_view() const { return backend_view_of(wanted_request()) == source_view_; }

std::unique_ptr<FieldSource> App::first_source() {
  try {
    return make_source(state_.backend, &backend_reason_);
  } catch (const UsageError& e) {
    if (request_.backend_typed) throw;
    // A saved view's backend this machine cannot run (CUDA, saved where there was a GPU): the
    // automatic choice instead, said once; the view itself is kept.
    log_.add(false, std::string("the saved view's backend cannot be used here (") + e.what() +
                        "); using auto");
    state_.backend = BackendChoice::automatic;
    return make_source(state_.backend, &backend_reason_);
  }
}

bool App::field_current() const {
  return source_->shown_request() && *source_->shown_request() == wanted_request() &&
         !source_->busy();
}

bool App::automation_done() const {
  if (request_.frames <= 0 || frames_drawn_ < request_.frames) return false;
  // Current since the frame began: its panels (drawn before the field is taken) show the
  // field's range and time too, not the previous field's.
  return (current_at_frame_start_ && field_current()) || frames_waiting_ > kAutomationWaitFrames;
}

int App::run() {
  GLFWwindow* w = window_.get();
  while (!glfwWindowShouldClose(w) && !quit_) {
    // Queued input not yet handed to ImGui is drawn without waiting for more.
    if (request_.frames > 0 || input_.redraw_frames > 0 || !input_.queue.empty()) {
      glfwPollEvents();
    } else {
      // Asleep until input, a finished field (glfwPostEmptyEvent) or a slow tick while busy.
      // An export in progress ticks too, so its bar moves; it never needs a frame to go on.
      glfwWaitEventsTimeout(source_->busy() || export_job_ ? 0.05 : 1.0);
    }
    int fbw = 0, fbh = 0;
    glfwGetFramebufferSize(w, &fbw, &fbh);
    if (fbw <= 0 || fbh <= 0) {  // minimised: nothing to draw into
      glfwWaitEventsTimeout(0.25);
      continue;
    }
    if (input_.redraw_frames > 0) --input_.redraw_frames;
    frame(fbw, fbh);
  }
  int status = 0;
  try {
    if (request_.save_session) {
      const std::filesystem::path p = session_path();
      std::filesystem::create_directories(p.parent_path());
      save_state(p, state_);
    }
    if (request_.save_state_on_exit) save_state(*request_.save_state_on_exit, state_);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield: could not save the view: %s\n", e.what());
    status = 1;
  }
  return status;
}

ViewStyle App::style_for(int map_w_px, int map_h_px) const {
  ViewStyle st;
  st.colormap = state_.colormap;
  st.reverse = state_.reverse;
  st.value_min = state_.auto_range ? info_.range.min : state_.range_min;
  st.value_max = state_.auto_range ? info_.range.max : state_.range_max;
  const std::optional<FieldParams>& shown = source_->shown();
  if (!shown) return st;
  st.view = bounds_of(state_.params);
  st.field = bounds_of(*shown);
  st.map = map_frame_of(state_.params);
  st.field_map = map_frame_of(*shown);
  st.field_cells = shown->registration == Registration::pixel;
  if (st.map.projected()) {
    // The view's frame with the map's own shape: the rectangle drawn may differ from the
    // grid's (the grid follows it a field later).
    st.map.half_height = st.map.half_width * map_h_px / std::max(1, map_w_px);
  }
  st.field_nx = shown->nx;
  st.field_ny = shown->ny;
  if (state_.contours) st.contour_interval = state_.contour_interval;
  if (state_.graticule && st.map.projected()) {
    st.graticule_lat_step_deg = st.graticule_lon_step_deg = nice_step_deg(
        projected_span_deg(state_.params), std::max(1, int(map_w_px / kGraticuleSpacingPx)));
  } else if (state_.graticule) {
    st.graticule_lat_step_deg = nice_step_deg(st.view.lat_max_deg - st.view.lat_min_deg,
                                              std::max(1, int(map_h_px / kGraticuleSpacingPx)));
    st.graticule_lon_step_deg =
        nice_step_deg(st.view.lon_span_deg, std::max(1, int(map_w_px / kGraticuleSpacingPx)));
  }
  // With centres or sites: their markers, not the reference's.
  st.marker = state_.marker && state_.centres.empty() && state_.sites.empty();
  const std::optional<FieldRequest>& shown_request = source_->shown_request();
  const bool many_sites =
      shown_request && (shown_request->sites.has_shapes() || !state_.centres.empty());
  if ((!state_.centres.empty() || !state_.sites.empty()) && many_sites) {
    st.index_texture = source_->index_texture();
    if (st.index_texture == 0) st.index_texture = renderer_.one_site_index();
    st.colour_by_centre = state_.colour_by_centre;
    // Centres' cells are the picture's subject; thousands of features' (a coast's islands)
    // would net the map: their boundaries only when coloured by feature.
    st.centre_boundaries = state_.sites.empty() || state_.colour_by_centre;
  }
  st.marker_lat_deg = state_.params.ref_lat_deg;
  st.marker_lon_deg = state_.params.ref_lon_deg;
  st.marker_radius_px = 7.0 * info_.scale;
  st.lines.coastlines = state_.coastlines;
  st.lines.borders = state_.borders;
  st.lines.coast_rgba = rgba_of(state_.line_rgb, 1.0f);
  st.lines.border_rgba = rgba_of(state_.line_rgb, kBorderAlpha);
  st.lines.width_px = info_.scale;  // one pixel at scale 1, as the other overlays
  // A contrasting edge under the lines, so they read on every colormap (turbo's yellows hide
  // white ones, its dark ends dark ones): the coasts' by their colour, the rings' and
  // graticule's in the shader by the colours under them.
  st.lines.halo_px = kLineHaloPx * info_.scale;
  st.lines.halo_rgba = halo_rgba_of(state_.line_rgb);
  st.line_halo_px = kLineHaloPx * info_.scale;
  st.lines.sites = !state_.sites.empty() && state_.sites.shapes() == lined_sites_;
  st.lines.sites_width_px = 2.0f * info_.scale;
  return st;
}

void App::apply_edits(const ViewState& before) {
  FieldParams& p = state_.params;
  if (state_.follow_window) {
    const float fb_scale = ImGui::GetIO().DisplayFramebufferScale.x;
    p.nx = std::max(2, int(std::lround(info_.map.w * fb_scale)));
    p.ny = std::max(2, int(std::lround(info_.map.h * fb_scale)));
  }
  fit_caps(&p, caps_);
  try {
    validate(p);
  } catch (const UsageError& e) {
    log_.add(false, e.what());
    p = before.params;
  }
  // Centres only on a view that can take them (a latlon view of a distance): an edit that
  // would leave them on any other is not taken, with check_centres_view's words.
  if (const std::optional<std::string> why = centres_view_problem(p, state_.centres.size())) {
    log_.add(false, *why);
    p = before.params;
    state_.centres = before.centres;
  }
  // Sites likewise, on a haversine view only (every backend computes them there).
  if (!state_.sites.empty()) {
    if (const std::optional<std::string> why = sites_view_problem(p)) {
      log_.add(false, *why);
      p = before.params;
      if (sites_view_problem(p)) state_.sites = before.sites;
    }
  }
}

// One frame: panels and input edit the view; the field follows the view; the map and the
// panels are drawn; screenshots are taken before the swap; then the panels' actions run.
void App::frame(int fbw, int fbh) {
  const auto frame_start = std::chrono::steady_clock::now();
  const ViewState before = state_;
  if (theme_ != state_.theme) imgui_.set_theme(state_.theme == Theme::light);
  theme_ = state_.theme;
  imgui_.begin_frame([this] { input_feed_.feed(&input_.queue); });
  read_frame_info();
  current_at_frame_start_ = field_current();
  UiActions actions = draw_panels();
  take_input(&actions);
  const ViewState unfilled = state_;
  const bool filled = fill_window_shape();
  apply_edits(before);
  // The window's shape alone made no step: what the history holds follows it.
  if (filled) history_.follow(unfilled, state_);
  follow_backend_view(before);
  update_field();
  follow_ring_interval(&state_, info_.range.min, info_.range.max);  // before the rings are drawn
  const MapPixels map = draw_map(fbw, fbh);

  ++frames_drawn_;
  if (request_.frames > 0 && frames_drawn_ >= request_.frames) ++frames_waiting_;
  const bool automation_shot = automation_done();
  save_screenshots(actions, automation_shot, map, fbw, fbh);
  info_.draw_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frame_start)
          .count();
  glfwSwapBuffers(window_.get());
  if (automation_shot) quit_ = true;
  do_actions(actions);
  advance_figure(actions);
  advance_export(actions);
  note_unkept_centres();
  // A drag (of the map or of a widget) or a field being typed in is one step when it ends.
  history_.observe(state_, map_.dragging() || ImGui::IsAnyItemActive(), map_.wheel_burst());
  if (log_frames_) {
    // The hover readout, when it changes: what the display tests read of the tooltip.
    if (map_.readout_text() != logged_readout_) {
      logged_readout_ = map_.readout_text();
      std::fprintf(stderr, "geofield: readout %s\n", logged_readout_.c_str());
    }
    log_drawn_frame(fbw, fbh);
  }
  if (test_frame_delay_ms_ > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(test_frame_delay_ms_));
  }
  // Keep drawing while something moves (a computing field, a drag) or ImGui is mid-gesture.
  const ImGuiIO& io = ImGui::GetIO();
  if (!(state_ == before) || io.MouseDown[0] || io.WantTextInput) {
    input_.redraw_frames = std::max(input_.redraw_frames, 2);
  }
}

// The display tests wait on these lines instead of sleeping: the pointer where they put it,
// the keys and buttons they sent handed to ImGui (counted by kind) with nothing left queued,
// the framebuffer at the size they set, a new field shown (fields counts them; current: the
// view's field is on screen; range: the colours' ends). Printed after the swap.
void App::log_drawn_frame(int fbw, int fbh) const {
  const ImguiInputFeed::Fed& fed = input_feed_.fed();
  const std::optional<std::array<double, 2>> at = input_feed_.pointer();
  char pointer[48] = "none";
  // The colour range the map and the colorbar are drawn with.
  const ValueRange colours =
      state_.auto_range ? info_.range : ValueRange{state_.range_min, state_.range_max};
  if (at) std::snprintf(pointer, sizeof pointer, "%.0f,%.0f", (*at)[0], (*at)[1]);
  std::fprintf(stderr,
               "geofield: drawn frame=%d keys=%ld keys_down=%d buttons=%ld buttons_down=%d "
               "scrolls=%ld moves=%ld chars=%ld focus=%ld queued=%zu pointer=%s typing=%d "
               "framebuffer=%dx%d fields=%d busy=%d current=%d map=%.0f,%.0f,%.0fx%.0f "
               "range=%.9g:%.9g\n",
               frames_drawn_, fed.keys, input_feed_.keys_down(), fed.buttons,
               input_feed_.buttons_down(), fed.scrolls, fed.moves, fed.chars, fed.focus,
               input_.queue.size(), pointer, ImGui::GetIO().WantTextInput ? 1 : 0, fbw, fbh,
               fields_shown_, source_->busy() ? 1 : 0, field_current() ? 1 : 0, info_.map.x,
               info_.map.y, info_.map.w, info_.map.h, colours.min, colours.max);
}

void App::read_frame_info() {
  const auto now = std::chrono::steady_clock::now();
  info_.frame_ms = std::chrono::duration<double, std::milli>(now - last_frame_).count();
  if (log_frames_)
    std::fprintf(stderr, "geofield: frame %d %.1f ms (computing %.0f%%)\n", frames_drawn_,
                 info_.frame_ms, 100 * source_->progress().value_or(-0.01));
  last_frame_ = now;
  const ImGuiIO& io = ImGui::GetIO();
  const float panel_w = panel_hidden_ ? 0.0f : panel_width_px(io.DisplaySize.x);
  const float status_h = status_bar_height(io.DisplaySize.x, info_.scale);
  info_.map_area = {panel_w, 0, std::max(1.0f, io.DisplaySize.x - panel_w),
                    std::max(1.0f, io.DisplaySize.y - status_h)};
  info_.map = map_rect(state_.params, state_.follow_window, info_.map_area);
  // The status bar's reading under the pointer, over the map only (not under a panel).
  info_.cursor.reset();
  info_.cursor_value.reset();
  // Automation pictures show the view, not wherever the pointer happens to rest.
  if (request_.frames == 0 && info_.map.contains(io.MousePos.x, io.MousePos.y) &&
      !io.WantCaptureMouse) {
    info_.cursor = point_under(state_.params, info_.map, io.MousePos.x, io.MousePos.y);
    if (info_.cursor) info_.cursor_value = map_.point_lookups().at(state_, *info_.cursor);
  }
  info_.backend = std::string(source_->backend_name());
  info_.busy = source_->busy();
  info_.compute_ms = source_->last_compute_ms();
  info_.shown = source_->shown();
}

UiActions App::draw_panels() {
  UiActions actions;
  if (panel_hidden_) {
    // Only a way back, in the map's corner; every control is a key or the mouse meanwhile.
    ImGui::SetNextWindowPos(ImVec2(4 * info_.scale, 4 * info_.scale));
    ImGui::Begin("panel hidden", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    if (ImGui::Button("show panel (Tab)")) panel_hidden_ = false;
    ImGui::End();
  } else {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(info_.map_area.x, info_.map_area.h));
    // Its right edge is dragged to resize it (ImGui's edge resize); the height stays the window's.
    const float max_w = std::max(kMinPanelWidth * info_.scale, ImGui::GetIO().DisplaySize.x * 0.6f);
    // (At least the width asked: a window too narrow for the least width keeps what it has.)
    const float min_w = std::min(kMinPanelWidth * info_.scale, float(info_.map_area.x));
    ImGui::SetNextWindowSizeConstraints(ImVec2(min_w, info_.map_area.h),
                                        ImVec2(std::max(max_w, min_w), info_.map_area.h));
    ImGui::Begin("geofield", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoTitleBar |  // a row more for the controls
                     ImGuiWindowFlags_NoSavedSettings);
    keep_panel_width(ImGui::GetWindowWidth());
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 6.5f);
    draw_view_panel(&state_, caps_, info_, &actions, &edits_, &place_search_);
    draw_look_panel(&state_, info_, &edits_);
    draw_export_panel(&exports_, state_, info_, &actions, &edits_);
    draw_sites_panel(&state_, &exports_, &actions);
    draw_centres_panel(&state_, &exports_, &actions, &edits_);
    draw_measurements_panel(&state_, &exports_, &actions);
    ImGui::PopItemWidth();
    ImGui::End();
  }
  if (!panel_hidden_) draw_hide_button();
  if (edits_.newest) {
    log_.add(false, *std::exchange(edits_.newest, std::nullopt));
    log_.items.back().control = std::exchange(edits_.newest_control, std::string());
  }
  // A typed value's message leaves the status bar once the value is corrected or put back.
  log_.clear_settled(
      [this](const std::string& control) { return edits_.by_control.count(control) == 0; });
  draw_status_bar(info_, log_, state_);
  if (log_frames_) {
    const std::string view = status_view_text(info_, state_);
    if (view != logged_status_) {
      logged_status_ = view;
      std::fprintf(stderr, "geofield: status %s\n", view.c_str());
    }
  }
  return actions;
}

// Beyond kMaxInlineCentres the saved view keeps the centres only as a reference to the file
// they are; an edit makes the list no file's, which the status bar says once a list.
void App::note_unkept_centres() {
  if (state_.centres.shared() == noted_centres_) return;
  noted_centres_ = state_.centres.shared();
  if (centres_kept(state_.centres)) return;
  log_.add(false, std::to_string(state_.centres.size()) + " centres, edited: more than " +
                      std::to_string(kMaxInlineCentres) +
                      " are kept across sessions only as the file they are, so these edits are "
                      "not; Export CSV writes them and the saved view then refers to that file");
}

void App::take_input(UiActions* actions) {
  // A file dropped on the window opens as sites (several: the first, and the rest said).
  if (!input_.dropped.empty()) {
    if (input_.dropped.size() > 1) {
      log_.note("dropped " + std::to_string(input_.dropped.size()) +
                " files: opening the first as sites");
    }
    actions->open_sites = input_.dropped.front();
    input_.dropped.clear();
  }
  map_.handle_mouse(&state_, info_.map, 7.0f * info_.scale, input_feed_.last_scroll_time());
  if (std::optional<std::string> m = map_.take_message()) log_.add(false, *m);
  do_shortcuts(actions);
}

// make_backend_for chooses by the projection and the formula as well (backend_view_of: the gl
// backend does not compute wgs84), so a change of either makes the field source again; a
// backend that cannot compute the new view (one asked for by name) leaves the view as it was,
// with the reason.
void App::follow_backend_view(const ViewState& before) {
  if (source_fits_view()) return;
  try {
    std::string reason;
    source_ = make_source(state_.backend, &reason);
    source_view_ = backend_view_of(wanted_request());
    backend_reason_ = info_.backend_reason = reason;
    range_of_.reset();
  } catch (const std::exception& e) {
    log_.add(false, e.what());
    // Back to the field on screen (a loaded view may have brought the projection: `before`
    // has it too), so the failure is not retried every frame.
    state_.params = source_->shown() ? *source_->shown() : before.params;
    state_.centres = before.centres;
    state_.sites = before.sites;
    state_.signed_inside = before.signed_inside;
  }
}

// A frame whose FieldParams equal the last asked computes nothing.
void App::update_field() {
  try {
    if (source_->update(wanted_request(), renderer_.field())) ++fields_shown_;
  } catch (const std::exception& e) {
    log_.add(false, std::string("compute failed: ") + e.what());
    // Back to the field on screen, so the panels show it and the failure is not retried.
    if (source_->shown()) state_.params = *source_->shown();
  }
  if (std::optional<std::string> n = source_->take_notice()) log_.add(false, *n);
  const std::optional<FieldRequest>& shown = source_->shown_request();
  if (shown && (!range_of_ || !(*range_of_ == *shown))) {
    info_.range = shown_field_range(*shown);
    range_of_ = *shown;
  }
}

// The exact range of the field in the texture: the CPU worker's, found off the UI thread; one
// point's closed form (field_range); otherwise (several sites, lines, shapes: no closed form)
// the values read back, once a request, as an export reads them.
ValueRange App::shown_field_range(const FieldRequest& shown) {
  if (const std::optional<ValueRange>& found = source_->shown_range()) return *found;
  if (shown.one_point()) return field_range(shown.one_point_params());
  const HostField f = source_->read_field(renderer_.field(), Precision::f32);
  return values_range(std::span<const float>(f.f32));
}

App::MapPixels App::draw_map(int fbw, int fbh) {
  // The view as edited this frame, letterboxed to its true shape.
  info_.map = map_rect(state_.params, state_.follow_window, info_.map_area);
  const ImGuiIO& io = ImGui::GetIO();
  const double sx = fbw / std::max(1.0f, io.DisplaySize.x);
  const double sy = fbh / std::max(1.0f, io.DisplaySize.y);
  MapPixels map;
  map.x = int(std::lround(info_.map.x * sx));
  map.w = std::max(1, int(std::lround(info_.map.w * sx)));
  map.h = std::max(1, int(std::lround(info_.map.h * sy)));
  map.y = fbh - int(std::lround(info_.map.y * sy)) - map.h;  // GL's rows count from the bottom
  // The colours of the centres on screen (the field's), for the cells and the markers.
  const CentreList shown_centres = state_.centres.empty() ? nullptr : source_->shown_centres();
  if (shown_centres && shown_centres != coloured_) {
    centre_rgb_ = centre_colours(*shown_centres);
    renderer_.set_centre_colours(centre_rgb_);
    coloured_ = shown_centres;
    coloured_sites_ = nullptr;
  }
  // The sites' features' colours and lines, once a set.
  const ShapesPtr shown_shapes = state_.sites.empty() || !source_->shown_request()
                                     ? nullptr
                                     : source_->shown_request()->sites.shapes();
  if (shown_shapes && shown_shapes != coloured_sites_) {
    renderer_.set_centre_colours(feature_colours(*shown_shapes));
    coloured_sites_ = shown_shapes;
    coloured_ = nullptr;
  }
  if (state_.sites.shapes() != lined_sites_) {
    lined_sites_ = state_.sites.shapes();
    // Built-in sets are the coastline and border layers' own data, which those toggles draw at
    // the scale the view needs; drawn again as sites they would cover a world view in pink (and
    // cost llvmpipe over a second a frame at 1:10m).
    const bool drawn = lined_sites_ && !state_.sites.source().builtin();
    const SitePolylines lines = drawn ? site_polylines(*lined_sites_) : SitePolylines{};
    renderer_.set_site_lines(lines.as_line_set());
  }
  const ViewStyle style = style_for(map.w, map.h);
  const bool shown = source_->shown().has_value();
  // Automation pictures show the view, not wherever the pointer happens to rest.
  map_.draw_overlays(state_, info_.map, style.graticule_lat_step_deg, style.graticule_lon_step_deg,
                     request_.frames == 0,
                     same_centres(state_.centres.shared(), coloured_)
                         ? std::span<const std::uint32_t>(centre_rgb_)
                         : std::span<const std::uint32_t>());
  if (!shown) {
    ImGui::GetBackgroundDrawList()->AddText(ImVec2(info_.map.x + 20, info_.map.y + 20),
                                            ImGui::GetColorU32(ImGuiCol_Text),
                                            "computing the field...");
  }
  // A long CPU recompute says how far it is; the last field stays on screen meanwhile.
  if (const std::optional<double> done = source_->progress(); done && info_.shown) {
    char text[48];
    std::snprintf(text, sizeof text, "computing %.0f%%", 100 * *done);
    const ImVec2 at(static_cast<float>(info_.map.x) + 8, static_cast<float>(info_.map.y) + 8);
    const ImVec2 size = ImGui::CalcTextSize(text);
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    dl->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2),
                      IM_COL32(0, 0, 0, 160), 3.0f);
    dl->AddText(at, IM_COL32(255, 255, 255, 255), text);
  }
  GF_GL(glBindFramebuffer(GL_FRAMEBUFFER, 0));
  GF_GL(glViewport(0, 0, fbw, fbh));
  // The map's surroundings follow the theme: ImGui's window colour, a shade apart from it.
  if (state_.theme == Theme::light) {
    GF_GL(glClearColor(0.80f, 0.80f, 0.82f, 1.0f));
  } else {
    GF_GL(glClearColor(0.1f, 0.1f, 0.11f, 1.0f));
  }
  GF_GL(glClear(GL_COLOR_BUFFER_BIT));
  if (shown) renderer_.draw(map.x, map.y, map.w, map.h, style);
  return map;
}

// The map alone is read before ImGui draws the panels over the frame, the window after.
void App::save_screenshots(const UiActions& actions, bool automation_shot, const MapPixels& map,
                           int fbw, int fbh) {
  std::optional<std::filesystem::path> map_shot, ui_shot;
  if (actions.screenshot) {
    (actions.screenshot_with_ui ? ui_shot : map_shot) =
        export_path(actions.screenshot_with_ui ? "screenshot" : "map", "png");
  }
  if (automation_shot && request_.screenshot) ui_shot = *request_.screenshot;
  if (map_shot) {
    try {
      check_writable(*map_shot, "screenshot");
      write_png(*map_shot, capture_framebuffer(map.x, map.y, map.w, map.h));
      log_.add(true, "saved " + map_shot->string());
    } catch (const std::exception& e) {
      log_.add(false, std::string("screenshot failed: ") + e.what());
    }
  }
  imgui_.render();
  if (!ui_shot) return;
  try {
    if (!automation_shot) check_writable(*ui_shot, "screenshot");  // --screenshot: at start
    write_png(*ui_shot, capture_framebuffer(0, 0, fbw, fbh));
    log_.add(true, "saved " + ui_shot->string());  // on stderr too: one line a file
  } catch (const std::exception& e) {
    log_.add(false, std::string("screenshot failed: ") + e.what());
    if (automation_shot) throw;
  }
}

}  // namespace geofield
