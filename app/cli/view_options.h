// The options that describe a view, shared by `geofield` (the window) and `geofield render`.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "backends/field_backend.h"
#include "field_params.h"
#include "gl/renderer.h"

namespace geofield {

// What the user typed, as text, turned into values by resolve() with our own messages.
struct ViewOptionText {
  std::string lat, lon, size, ref, formula, units, radius, precision, backend, colormap, range,
      projection, extent;
  bool reverse = false;
};

struct ViewOptions {
  FieldParams params;
  BackendChoice backend = BackendChoice::automatic;
  Colormap colormap = Colormap::viridis;
  bool reverse = false;
  std::optional<std::pair<double, double>> fixed_range;  // colour range; automatic when empty
};

void add_view_options(CLI::App& app, ViewOptionText* text);

// Parses and validates; throws UsageError naming the option and the accepted values.
ViewOptions resolve(const ViewOptionText& text);

// Rewrites "--lat -10:10" as "--lat=-10:10" for the options that take values, so negative
// numbers are never mistaken for options.
std::vector<std::string> join_negative_values(int argc, char** argv);

}  // namespace geofield
