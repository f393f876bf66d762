// The options that describe a view, shared by `geofield` (the window) and `geofield render`.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backends/field_backend.h"
#include "errors.h"
#include "field_params.h"
#include "gl/renderer.h"

namespace geofield {

// What the user typed, as text, turned into values by resolve() with our own messages. An
// option not typed is empty (nullopt); one typed with an empty value holds "" and is refused.
struct ViewOptionText {
  std::optional<std::string> lat, lon, size, ref, formula, units, radius, precision, backend,
      colormap, range, projection, extent, contours, line_color, ellipsoid, step, registration;
  bool reverse = false;
  bool numba_case = false;
  // Overlays: --graticule turns one on, --no-graticule off; neither leaves it as it was (off
  // for render, the session's in the window).
  bool no_contours = false, graticule = false, no_graticule = false, marker = false,
       no_marker = false, coastlines = false, no_coastlines = false, borders = false,
       no_borders = false;
};

// The overlays typed, each empty when not typed.
struct OverlayOptions {
  std::optional<double> contour_interval;  // output unit, > 0
  bool no_contours = false;                // --no-contours: no rings, the figure's default ones
  std::optional<bool> graticule, marker, coastlines, borders;
  std::optional<std::uint32_t> line_rgb;  // 0xRRGGBB
};

struct ViewOptions {
  FieldParams params;
  BackendChoice backend = BackendChoice::automatic;
  Colormap colormap = Colormap::viridis;
  bool reverse = false;
  std::optional<std::pair<double, double>> fixed_range;  // colour range; automatic when empty
  OverlayOptions overlays;
  // --ref given as a place or a locator: what titles call it ("Rome, Italy"); empty otherwise.
  std::string ref_label;
};

// The one option table of the window and `render`: the view, its look and its overlays.
void add_view_options(CLI::App& app, ViewOptionText* text);

// Parses and validates; throws UsageError naming the option, quoting what was typed and giving
// the accepted values (an empty value too).
// max_side: the largest --size side (kMaxTiledGridSide for render --tile).
ViewOptions resolve(const ViewOptionText& text, int max_side = kMaxGridSide);

// --ref typed beside --centres: the centres are the field's sources, so --ref is only the view's
// own reference point, the centre of an aeqd map. Throws UsageError, in one line, on a view
// whose place it does not set (latlon: --lat/--lon; ortho: the middle of --lat/--lon).
void check_ref_beside_centres(const FieldParams& p);

// Binds an option that takes a value to text: typed, it holds the value as given.
CLI::Option* add_text_option(CLI::App& app, const std::string& name,
                             std::optional<std::string>* text, const std::string& description,
                             const std::string& form);

// The error for an option typed with an empty value: names it and what it expects.
UsageError empty_value_error(std::string_view option, std::string_view form);

}  // namespace geofield
