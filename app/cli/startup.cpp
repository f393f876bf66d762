#include "cli/startup.h"

#include <filesystem>

#include "cli/value_parsers.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "view/projected_view.h"

namespace geofield {

void apply_typed_options(const ViewOptionText& t, const ViewOptions& r, ViewState* s) {
  FieldParams& p = s->params;
  if (t.numba_case) {  // all of its values (and the options typed with it, in r)
    p = r.params;
    s->follow_window = false;
  }
  if (!t.lat.empty()) p.lat_min_deg = r.params.lat_min_deg, p.lat_max_deg = r.params.lat_max_deg;
  if (!t.lon.empty()) p.lon_min_deg = r.params.lon_min_deg, p.lon_max_deg = r.params.lon_max_deg;
  if (!t.size.empty()) {
    p.nx = r.params.nx;
    p.ny = r.params.ny;
    s->follow_window = false;
  }
  if (!t.ref.empty()) p.ref_lat_deg = r.params.ref_lat_deg, p.ref_lon_deg = r.params.ref_lon_deg;
  if (!t.formula.empty()) p.formula = r.params.formula;
  if (!t.units.empty()) change_units(&p, r.params.units);  // a projected extent keeps its size
  if (!t.projection.empty()) {
    p.projection = r.params.projection;
    p.extent = r.params.extent;  // --extent, or the projection's default
  }
  if (!t.radius.empty()) p.radius_km = r.params.radius_km;
  if (!t.precision.empty()) p.precision = r.params.precision;
  if (!t.backend.empty()) s->backend = r.backend;
  if (!t.colormap.empty()) s->colormap = r.colormap;
  if (t.reverse) s->reverse = true;
  if (r.fixed_range) {
    s->auto_range = false;
    s->range_min = r.fixed_range->first;
    s->range_max = r.fixed_range->second;
  }
  const OverlayOptions& o = r.overlays;
  if (o.contour_interval) {
    s->contours = true;
    s->contour_interval = *o.contour_interval;
  }
  if (o.graticule) s->graticule = *o.graticule;
  if (o.marker) s->marker = *o.marker;
  if (o.coastlines) s->coastlines = *o.coastlines;
  if (o.borders) s->borders = *o.borders;
  if (o.line_rgb) s->line_rgb = *o.line_rgb;
}

WindowRequest make_window_request(const WindowOptionText& w, const ViewOptionText& view_text) {
  const ViewOptions resolved = resolve(view_text);  // bad options fail before any window
  WindowRequest req;
  req.state = first_view();  // no saved view: the reference in the middle, rings on
  if (!w.state_file.empty()) {
    req.state = load_state(w.state_file);
  } else if (!w.no_session) {
    const std::filesystem::path session = session_path();
    std::error_code ec;
    if (std::filesystem::exists(session, ec)) {
      try {
        req.state = load_state(session);
      } catch (const UsageError& e) {
        req.startup_messages.push_back(std::string("last session not restored: ") + e.what() +
                                       "; using the defaults");
        req.state = first_view();
      }
    }
  }
  apply_typed_options(view_text, resolved, &req.state);
  validate(req.state.params);
  req.save_session = !w.no_session;
  req.backend_typed = !view_text.backend.empty();
  req.size_typed = !view_text.size.empty() || view_text.numba_case;
  if (w.frames < 0) throw UsageError("--frames: must be >= 0");
  req.frames = w.frames;
  if (!w.screenshot.empty()) {
    check_writable(w.screenshot, "--screenshot");
    req.screenshot = std::filesystem::absolute(w.screenshot);  // the status bar shows it whole
    if (req.frames == 0) req.frames = 1;
  }
  if (!w.save_state.empty()) {
    check_writable(w.save_state, "--save-state");
    req.save_state_on_exit = w.save_state;
  }
  if (!w.window.empty()) {
    const auto [width, height] = parse_size(w.window, "--window");
    if (width < 64 || height < 64 || width > 16384 || height > 16384) {
      throw UsageError("--window: WxH must be between 64 and 16384 pixels per side");
    }
    req.width = width;
    req.height = height;
  }
  return req;
}

}  // namespace geofield
