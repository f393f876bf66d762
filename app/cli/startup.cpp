#include "cli/startup.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <tuple>

#include "cli/distinct_outputs.h"
#include "cli/value_parsers.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "sites/centres_file.h"
#include "view/centre_edits.h"
#include "view/projected_view.h"
#include "view/site_edits.h"

namespace geofield {
namespace {
constexpr int kMaxFrames = std::numeric_limits<int>::max();  // --frames
constexpr int kMinWindowSide = 64, kMaxWindowSide = 16384;   // --window, screen units
}  // namespace

void apply_typed_options(const ViewOptionText& t, const ViewOptions& r, ViewState* s) {
  FieldParams& p = s->params;
  const double sphere_before_km = sphere_radius_km(p);
  if (t.numba_case) {  // all of its values (and the options typed with it, in r)
    p = r.params;
    s->follow_window = false;
  }
  if (t.lat) p.lat_min_deg = r.params.lat_min_deg, p.lat_max_deg = r.params.lat_max_deg;
  if (t.lon) p.lon_min_deg = r.params.lon_min_deg, p.lon_max_deg = r.params.lon_max_deg;
  if (t.registration) p.registration = r.params.registration;
  if (t.size || t.step) {  // --step: the sides it gives over the bounds typed (or the defaults)
    p.nx = r.params.nx;
    p.ny = r.params.ny;
    s->follow_window = false;
  }
  if (t.ref) p.ref_lat_deg = r.params.ref_lat_deg, p.ref_lon_deg = r.params.ref_lon_deg;
  if (t.formula) p.formula = r.params.formula;
  if (t.units) {
    if (s->contour_interval_typed) {  // the saved view's typed rings, in the unit asked for
      s->contour_interval = converted_interval(s->contour_interval, p.units, r.params.units);
    }
    change_units(&p, r.params.units);  // a projected extent keeps its size
  }
  if (t.projection) {
    p.projection = r.params.projection;
    p.extent = r.params.extent;  // --extent, or the projection's default
  }
  if (t.radius) p.radius_km = r.params.radius_km;
  if (t.ellipsoid) {
    p.ellipsoid_a_km = r.params.ellipsoid_a_km;
    p.ellipsoid_inv_f = r.params.ellipsoid_inv_f;
  }
  // A saved projected map keeps its angle on the globe when its sphere changes (--formula wgs84
  // takes the ellipsoid's mean radius, --radius, --ellipsoid), as the window's controls keep it.
  if (!t.projection && p.projection != Projection::latlon) {
    p.extent = std::min(p.extent * (sphere_radius_km(p) / sphere_before_km), max_extent(p));
  }
  if (t.precision) p.precision = r.params.precision;
  if (t.backend) s->backend = r.backend;
  if (t.colormap) s->colormap = r.colormap;
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
    s->contour_interval_typed = true;  // in the units asked for, which the view has by now
  }
  if (o.no_contours) s->contours = false;
  if (o.graticule) s->graticule = *o.graticule;
  if (o.marker) s->marker = *o.marker;
  if (o.coastlines) s->coastlines = *o.coastlines;
  if (o.borders) s->borders = *o.borders;
  if (o.line_rgb) s->line_rgb = *o.line_rgb;
}

namespace {

// The last session, when there is one. A session file that cannot be loaded (not a regular
// file, not JSON, a bad value) never stops the window: it starts with the first view and says
// so in its status bar, and the file is moved aside (kept, under a name the message gives), so
// the session saved on exit does not destroy what the user may want to mend. When it cannot be
// moved, it is left as it is and this session is not saved over it.
void restore_session(WindowRequest* req) {
  const std::filesystem::path session = session_path();
  std::error_code ec;
  // Nothing there (or a link to nothing, which the exit's save writes through): a first run.
  if (std::filesystem::status(session, ec).type() == std::filesystem::file_type::not_found) {
    return;
  }
  try {
    std::string note;
    req->state = load_state(session, &note);
    if (!note.empty()) req->startup_notes.push_back("last session: " + note);
    return;
  } catch (const UsageError& e) {
    req->state = first_view();
    std::string m =
        std::string("last session not restored: ") + e.what() + "; started with the default view";
    try {
      const std::filesystem::path kept = set_aside(session);
      m += "; the file is kept as " + shown_path(kept);
    } catch (const std::exception& moving) {
      req->save_session = false;
      m += "; the file is left as it is and this session will not be saved over it (" +
           std::string(moving.what()) + ")";
    }
    req->startup_messages.push_back(std::move(m));
  }
}

// --centres FILE: the view's centres; a typed --ref alone is the one-centre field, so
// the last session's centres go; beside --centres it is the centre of the view's aeqd map (the
// view as restored and typed). Either way the view must be one that can take them.
void take_centres(const WindowCommand& c, ViewState* s) {
  if (c.typed.ref && c.options.centres) check_ref_beside_centres(s->params);
  if (c.typed.ref) s->centres = CentreSet();
  if (c.typed.ref || c.options.centres) clear_sites(s);  // the session's sites give way too
  if (c.options.centres) {
    std::vector<Centre> list;
    // The file as it is before the read: a change during the read shows at the next restore.
    std::optional<CentresFileRef> ref = centres_file_ref(*c.options.centres, 0);
    try {
      list = read_centres_file(*c.options.centres);
    } catch (const UsageError& e) {
      throw UsageError(std::string("--centres: ") + e.what());
    }
    if (list.size() > kMaxViewCentres) {
      throw UsageError("--centres: " + *centres_view_problem(s->params, list.size()));
    }
    const std::size_t n = list.size();
    s->centres = CentreSet(std::move(list));
    if (ref) {
      ref->count = n;
      s->centres = s->centres.with_file(std::move(*ref));
    }
  }
  if (const std::optional<std::string> why = centres_view_problem(s->params, s->centres.size())) {
    throw UsageError(*why);  // check_centres_view's words name --centres
  }
}

// --sites FILE|@NAME: the view's sites in place of its centres (a file of single
// points: its centres, as --centres), --signed with them; on a view that can take them.
void take_sites(const WindowCommand& c, ViewState* s) {
  if (!c.options.sites) return;
  SitesSource source;
  ShapesPtr shapes;
  try {
    shapes = read_view_sites(*c.options.sites, ".", &source);
  } catch (const UsageError& e) {
    const std::string what = e.what();
    // builtin_sites' words name --sites already.
    throw UsageError(what.rfind("--sites", 0) == 0 ? what : "--sites: " + what);
  }
  Opened opened = Opened::sites;
  std::string why;
  if (!open_sites(s, std::move(shapes), source, &opened, &why)) {
    throw UsageError(why.rfind("--sites", 0) == 0 ? why : "--sites: " + why);
  }
  if (c.options.signed_inside) {
    if (!s->sites.has_polygons()) {
      throw UsageError("--signed: " + shown_path(*c.options.sites) +
                       " has no polygons, whose inside it signs");
    }
    s->signed_inside = true;
  }
}

}  // namespace

WindowCommand make_window_command(const WindowOptionText& w, const ViewOptionText& view_text) {
  WindowCommand c;
  c.typed = view_text;
  c.view = resolve(view_text);  // bad options fail before any window
  WindowOptions& o = c.options;
  // A file option typed with an empty value is refused, never taken as "not given".
  auto file = [](const std::optional<std::string>& text, const char* option) {
    std::optional<std::filesystem::path> path;
    if (text) {
      if (text->empty()) throw empty_value_error(option, "FILE");
      path = *text;
    }
    return path;
  };
  o.state_file = file(w.state_file, "--state");
  o.screenshot = file(w.screenshot, "--screenshot");
  o.save_state = file(w.save_state, "--save-state");
  o.centres = file(w.centres, "--centres");
  if (w.sites) {
    if (w.sites->empty()) throw empty_value_error("--sites", "FILE|@NAME");
    if (o.centres) throw UsageError("--sites and --centres: give one of them");
    o.sites = *w.sites;
  }
  if (w.signed_inside && !o.sites) throw UsageError("--signed: give --sites too");
  o.signed_inside = w.signed_inside;
  o.no_session = w.no_session;
  if (w.frames) {
    if (w.frames->empty()) throw empty_value_error("--frames", "N");
    o.frames = parse_whole(*w.frames, "--frames", 0, kMaxFrames);
  }
  if (o.screenshot && o.frames == 0) o.frames = 1;
  if (w.window) {
    if (w.window->empty()) throw empty_value_error("--window", "WxH");
    std::tie(o.width, o.height) = parse_size(*w.window, "--window", kMinWindowSide, kMaxWindowSide);
  }
  return c;
}

WindowRequest make_window_request(const WindowCommand& c) {
  const WindowOptions& o = c.options;
  WindowRequest req;
  req.save_session = !o.no_session;
  req.frames = o.frames;
  if (o.screenshot) {
    check_writable(*o.screenshot, "--screenshot");
    req.screenshot = std::filesystem::absolute(*o.screenshot);  // the status bar shows it whole
  }
  if (o.save_state) {
    check_writable(*o.save_state, "--save-state");
    req.save_state_on_exit = *o.save_state;
  }
  // The view's JSON, written on exit, would replace the screenshot: refused as render refuses it.
  if (o.screenshot && o.save_state) {
    check_distinct_outputs({{"--screenshot", *o.screenshot}, {"--save-state", *o.save_state}});
  }
  req.width = o.width;
  req.height = o.height;
  // The view last: a session file is moved aside only when the window is going to start.
  req.state = first_view();  // no saved view: the reference in the middle, rings on
  if (o.state_file) {
    try {
      std::string note;
      req.state = load_state(*o.state_file, &note);
      if (!note.empty()) req.startup_notes.push_back("--state: " + note);
    } catch (const UsageError& e) {
      throw UsageError(std::string("--state: ") + e.what());
    }
  } else if (!o.no_session) {
    restore_session(&req);
  }
  apply_typed_options(c.typed, c.view, &req.state);
  take_centres(c, &req.state);
  take_sites(c, &req.state);
  if (req.state.params.formula == Formula::wgs84 && req.state.backend == BackendChoice::gl &&
      !c.typed.backend) {  // the saved backend cannot draw the view: the choice goes back to auto
    req.state.backend = BackendChoice::automatic;
    req.startup_messages.push_back("backend auto: " + std::string(kGlNoWgs84));
  }
  validate(req.state.params);
  req.backend_typed = c.typed.backend.has_value();
  req.size_typed = c.typed.size.has_value() || c.typed.numba_case;
  return req;
}

WindowRequest make_window_request(const WindowOptionText& w, const ViewOptionText& view_text) {
  return make_window_request(make_window_command(w, view_text));
}

}  // namespace geofield
