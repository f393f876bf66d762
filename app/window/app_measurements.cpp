// The Measurements panel's export: the kept measurements as a GeoJSON file in the
// Export folder, with the rings about the reference point when the map shows them (contours on,
// one reference point, a distance formula): the rings of several centres or sites are no
// circles, so those views export the measurements alone. Written whole or not at all.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "errors.h"
#include "export/atomic_file.h"
#include "figure/measure_geometry.h"
#include "window/app.h"

namespace geofield {

void App::export_measurements() {
  if (const std::string why = measurements_file_problem(exports_.measurements_file); !why.empty()) {
    throw UsageError(why);
  }
  const std::filesystem::path folder = exports_.folder.empty() ? "." : exports_.folder;
  const std::filesystem::path path = folder / exports_.measurements_file;
  std::vector<double> rings;
  const bool one_point = state_.centres.empty() && state_.sites.empty();
  if (state_.contours && one_point && state_.params.formula != Formula::seed && info_.shown) {
    rings = ring_distances(state_.contour_interval, info_.range.max);  // those on screen
  }
  if (state_.measurements.empty() && rings.empty()) {
    throw UsageError("no measurements to export (Shift+drag on the map to measure)");
  }
  check_writable(path, "measurements file");
  const std::string text = measurements_geojson(state_.params, state_.measurements, rings);
  write_file_atomically(
      path, {std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size())});
  log_.add(true, "saved " + std::to_string(state_.measurements.size()) + " measurements and " +
                     std::to_string(rings.size()) + " rings to " + escaped_text(path.string()));
}

}  // namespace geofield
