// ViewState: everything a person sets up in the window, saved as JSON and restored on start.
// The field part (FieldParams) decides what is computed; the rest is how it is drawn.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "backends/field_backend.h"
#include "field_params.h"
#include "gl/colormap.h"
#include "gl/line_color.h"
#include "sites/text_file.h"
#include "view/centre_set.h"
#include "view/measurements.h"
#include "view/view_sites.h"

namespace geofield {

// The window's colours: ImGui's and the map's surroundings.
enum class Theme : int { dark = 0, light = 1 };

// The side panel's width in logical pixels: narrow enough that the map keeps most of a small
// window, wide enough for the View panel's rows.
inline constexpr int kDefaultPanelWidth = 340, kMinPanelWidth = 240, kMaxPanelWidth = 900;

struct ViewState {
  FieldParams params;
  BackendChoice backend = BackendChoice::automatic;
  Colormap colormap = Colormap::viridis;
  bool reverse = false;
  bool auto_range = true;                  // colour range = the field's exact min:max
  double range_min = 0, range_max = 1000;  // fixed colour range, output unit
  bool contours = false;
  double contour_interval = 50;  // contour_units, > 0
  // Typed (the box, --contours, a saved typed one): kept as typed, converted when the unit
  // changes. Otherwise it follows the view (follow_ring_interval).
  bool contour_interval_typed = false;
  // The unit contour_interval is in, as follow_ring_interval saw it last frame (none: params'
  // units, as in a view just loaded), so a change of unit (the units box, a preset, an undo)
  // converts a typed 2000 km to 1080 nm.
  std::optional<Units> contour_units;
  bool graticule = true;
  bool marker = true;
  bool follow_window = false;  // nx, ny = the map's size in pixels
  bool fill_window = true;     // the view extends to the map area's shape (view/map_fill.h)
  // The side panel's width, logical pixels (before the content scale): dragged by its edge.
  int panel_width = kDefaultPanelWidth;
  bool coastlines = true;                    // Natural Earth coastlines over the map
  bool borders = false;                      // and country borders
  std::uint32_t line_rgb = kDefaultLineRgb;  // their colour, 0xRRGGBB
  Theme theme = Theme::dark;
  // Many reference points: when not empty the field is the distance to the nearest
  // of them (params' reference is not used), on latlon views with a distance formula only
  // (centres_view_problem, view/centre_edits.h).
  CentreSet centres;
  bool colour_by_centre = false;  // colour each node by its nearest centre, not by distance
  // Sites of every kind: when not empty the field is the distance to the nearest
  // line, polygon or point of them (never beside centres: site_edits.h), haversine or seed-free
  // views only (sites_view_problem). colour_by_centre colours by the nearest feature then.
  ViewSites sites;
  bool signed_inside = false;  // inside polygons, minus the distance to the boundary (--signed)
  // The measurements kept: Shift+drag adds one, the Measurements panel lists them.
  std::vector<Measurement> measurements;

  bool operator==(const ViewState&) const = default;
};

// The window's first view, when there is no saved session: the reference point in the middle
// of the map with range rings around it, so the first picture reads as a distance field. The
// defaults of FieldParams (the numba answer's grid, reference on its east edge) stay those of
// `render` and of a saved view's missing fields.
ViewState first_view();

std::string_view to_string(Theme t);
bool parse_theme(std::string_view s, Theme* out);

// While the range is automatic, the fixed range follows the range shown, so unchecking
// "automatic range" locks the colour scale where it is while panning and zooming. A range that
// cannot be a colour scale (not finite, or min >= max: a constant field) is not taken, so the
// saved state stays loadable.
void follow_shown_range(ViewState* s, double shown_min, double shown_max);
// The range rings' interval: a typed one (contour_interval_typed) is converted to params.units
// when contour_units differs (rounded to 3 significant digits, so 2000 km becomes 1080 nm, not
// 1079.91...); an automatic one is ring_interval(shown_min, shown_max), 4 to 10 rings over the
// range shown, recomputed as the view, projection, unit, reference or centres change it. A
// range that is not finite or empty changes nothing. Called every frame.
void follow_ring_interval(ViewState* s, double shown_min, double shown_max);
// The interval converted from one unit to another, to 3 significant digits (within 0.5 %).
double converted_interval(double interval, Units from, Units to);

// "Lock": automatic off and the fixed range set to [min, max] (the range shown now); false,
// and nothing changed, when that range cannot be a colour scale.
bool lock_range(ViewState* s, double min, double max);

// The view as saved. While the range is automatic the fixed range is written only when it can
// be a colour scale (it is the range last shown, which unchecking "automatic" locks); one that
// cannot (a view saved before its field's range was known) is left out, so the file loads.
// Centres: inline up to kMaxInlineCentres; more as "centres_file" when the list is a file's
// (CentreSet::file), else not at all (centres_kept says so).
nlohmann::json to_json(const ViewState& s);
// Whether the saved view keeps s's centres.
bool centres_kept(const CentreSet& c);
// The one check of a saved view, key by key: every key ViewState has must be of its type and in
// its range (whole numbers are integer JSON values, never converted; numbers finite; names one
// of the accepted ones); the field part by check() (field_params.h), the colour range and the
// contour interval by look_checks.h, so the limits and the words are those of the command line
// and the window. A fixed range is checked only when it is used (automatic off); an unusable
// one while automatic is replaced by the default. Missing keys keep their defaults; unknown
// keys are ignored (a newer program's). "centres": an array of at most kMaxInlineCentres
// objects {"lat": , "lon": , "name": } checked as centre_problem checks them, on a view that
// can take them (centres_view_problem). Or "centres_file" (more than kMaxInlineCentres
// centres): {"path": absolute, "count": , "bytes": , "mtime_ns": }, the file they were read
// from; read only when centres_note is given: a file missing or changed since (size, time,
// count) is no error of the view: the view has no centres and *centres_note says why in one
// line. "sites": {"source": "@name"} or {"source": absolute path, "bytes", "mtime_ns",
// "features"} (view_sites.h), never beside centres, on a view that can take them
// (sites_view_problem); read only when centres_note is given, which then says in one line why
// they could not be (a file missing or changed). "signed_inside": true or false.
// "measurements": read_measurements (measurements.h).
// Throws UsageError: the key, the accepted values, what was there (bounded).
ViewState state_from_json(const nlohmann::json& j, std::string* centres_note = nullptr);

// The text save_state writes, and the text's reading: the loader's entry for any bytes
// (tests/fuzz/view_state_fuzz.cpp). state_from_text throws only UsageError, one line,
// "SOURCE: problem" (SOURCE as given: a quoted path, "the view"), for bad JSON (numbers too
// large for a double among them), bad values and text over kMaxStateFileBytes.
std::string state_to_text(const ViewState& s);
ViewState state_from_text(std::string_view text, std::string_view source,
                          std::string* centres_note = nullptr);

// Whole-file helpers. load: only a regular file of at most kMaxStateFileBytes (state_file.h);
// throws UsageError "'PATH': problem"; reads a "centres_file" (centres_note: why it could not,
// or empty). save: writes atomically what loads back (a view that
// would not, such as one with a non-finite number, throws UsageError and writes nothing);
// RuntimeFailure when the file cannot be written.
ViewState load_state(const std::filesystem::path& path, std::string* centres_note = nullptr);
void save_state(const std::filesystem::path& path, const ViewState& s);

// $XDG_CONFIG_HOME/geofield/session.json, or ~/.config/geofield/session.json.
std::filesystem::path session_path();

// Moves what is at `path` (an unreadable session file, or a folder or pipe at its name) aside
// to PATH.unreadable-YYYYmmdd-HHMMSS (-2, -3, ... when taken) in the same folder, never
// replacing anything, so the next session can be saved without destroying it. Returns the new
// path; throws RuntimeFailure with the reason when it cannot be moved.
std::filesystem::path set_aside(const std::filesystem::path& path);

}  // namespace geofield
