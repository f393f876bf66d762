// The map under the panels: mouse exploration (drag pans, wheel zooms about the cursor, a
// click places the reference point, the ring can be dragged, Shift+drag measures along the
// great circle and keeps the measurement in the view, Shift+click adds a centre), graticule and
// ring labels, the centres' markers, the kept measurements' paths and the hover readout (value and
// bearing from the reference, or the nearest centre and its distance, or the nearest feature of the
// sites with its distance and the bearing toward it) computed on the host with the shared math (no
// read-back).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "view/cursor_value.h"
#include "view/view_math.h"
#include "view/view_state.h"

namespace geofield {

class MapView {
 public:
  // Handles this frame's mouse over the map (when ImGui does not want it); edits s->params.
  // wheel_time_s: when this frame's wheel notches happened (seconds), which decides bursts.
  void handle_mouse(ViewState* s, const MapRect& r, float marker_radius_px, double wheel_time_s);
  // Labels of the graticule lines along the west and south edges, of the range rings when
  // contours are on (haversine), and the hover readout.
  // centre_rgb: each centre's colour (centre_colours), for its marker.
  void draw_overlays(const ViewState& s, const MapRect& r, double lat_step_deg, double lon_step_deg,
                     bool hover_readout, std::span<const std::uint32_t> centre_rgb);
  // Why the last Shift+click added no centre (centre_edits.h), or the last Shift+drag kept no
  // measurement (measurements.h), once.
  std::optional<std::string> take_message() { return std::exchange(message_, std::nullopt); }
  // The hover readout's lines drawn last frame, joined by "; " (empty: none shown), for the
  // display tests' log (GEOFIELD_TEST_LOG_FRAMES).
  const std::string& readout_text() const { return readout_text_; }
  // The searches under the pointer, shared with the status bar's reading (cursor_value.h).
  CursorValue& point_lookups() { return lookups_; }

  // A drag of the map (pan, marker, measure) is in progress: one undo step when it ends.
  bool dragging() const { return drag_ != Drag::none; }
  // Nonzero when a wheel notch zoomed this frame: the number of its burst (notches with short
  // pauses between them), so that one burst is one undo step however many notches it took.
  unsigned wheel_burst() const { return wheel_burst_now_; }
  // A measure being drawn (Shift+drag in progress); its release keeps it in the view's
  // measurements. clear_measure (Esc) drops it: the kept ones are the panel's to delete.
  bool has_measure() const { return measure_a_.has_value(); }
  void clear_measure();

 private:
  enum class Drag { none, pan, marker, measure };
  // One measurement's path, its ends and its label on the map.
  void draw_measure(const FieldParams& p, const MapRect& r, GeoPoint a, GeoPoint b,
                    const std::string& text) const;
  void draw_centres(const ViewState& s, const MapRect& r,
                    std::span<const std::uint32_t> centre_rgb) const;
  void draw_readout(const ViewState& s, const MapRect& r);
  // The sites' point features, as the centres' markers but in the sites' colour.
  void draw_site_points(const ViewState& s, const MapRect& r) const;
  // One line of the readout: drawn and kept for readout_text.
  void readout_line(const std::string& text);

  Drag drag_ = Drag::none;
  double last_wheel_s_ = -1e9;  // when the last wheel notch happened
  unsigned wheel_burst_ = 0, wheel_burst_now_ = 0;
  std::optional<GeoPoint> measure_a_, measure_b_;  // the ends of the measure being drawn
  bool moved_ = false;
  float press_x_ = 0, press_y_ = 0;
  // Where the pan last put the pointer: pans follow the pointer's own positions, not ImGui's
  // per-frame MouseDelta, which can carry a jump from before the press when focus arrives late.
  double pan_x_ = 0, pan_y_ = 0;
  std::optional<std::string> message_;
  // The hover's nearest centre or feature, and the status bar's value under the pointer.
  CursorValue lookups_;
  std::string readout_text_;
};

}  // namespace geofield
