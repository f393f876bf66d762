// ViewState: everything a person sets up in the window, saved as JSON and restored on start.
// The field part (FieldParams) decides what is computed; the rest is how it is drawn.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "backends/field_backend.h"
#include "field_params.h"
#include "gl/colormap.h"
#include "gl/line_color.h"

namespace geofield {

// The window's colours: ImGui's and the map's surroundings.
enum class Theme : int { dark = 0, light = 1 };

struct ViewState {
  FieldParams params;
  BackendChoice backend = BackendChoice::automatic;
  Colormap colormap = Colormap::viridis;
  bool reverse = false;
  bool auto_range = true;                  // colour range = the field's exact min:max
  double range_min = 0, range_max = 1000;  // fixed colour range, output unit
  bool contours = false;
  double contour_interval = 50;  // output unit, > 0
  bool graticule = true;
  bool marker = true;
  bool follow_window = false;                // nx, ny = the map's size in pixels
  bool coastlines = true;                    // Natural Earth coastlines over the map
  bool borders = false;                      // and country borders
  std::uint32_t line_rgb = kDefaultLineRgb;  // their colour, 0xRRGGBB
  Theme theme = Theme::dark;

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
// "Lock": automatic off and the fixed range set to [min, max] (the range shown now); false,
// and nothing changed, when that range cannot be a colour scale.
bool lock_range(ViewState* s, double min, double max);

nlohmann::json to_json(const ViewState& s);
// Throws UsageError saying which field is wrong; missing fields keep their defaults.
ViewState state_from_json(const nlohmann::json& j);

// Whole-file helpers: load throws UsageError (unreadable, not JSON, bad values); save writes
// atomically and throws RuntimeFailure with the reason.
ViewState load_state(const std::filesystem::path& path);
void save_state(const std::filesystem::path& path, const ViewState& s);

// $XDG_CONFIG_HOME/geofield/session.json, or ~/.config/geofield/session.json.
std::filesystem::path session_path();

}  // namespace geofield
