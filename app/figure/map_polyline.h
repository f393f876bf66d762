// Polylines in a map's pixels (x east, y down from the map's top-left corner, a pixel's centre
// at +0.5), and the cutter that keeps of them only what can show on the map.
#pragma once

#include <vector>

namespace geofield {

struct PointPx {
  double x = 0, y = 0;
};

using Polyline = std::vector<PointPx>;

// Builds polylines from points given one at a time: a segment is kept when its bounding box
// touches the map (w x h pixels, widened by margin_px each side); one that does not, and cut(),
// end the polyline being built, so lines far off the map cost nothing in a file.
class PolylineCutter {
 public:
  PolylineCutter(double w, double h, double margin_px, std::vector<Polyline>* out)
      : x0_(-margin_px), y0_(-margin_px), x1_(w + margin_px), y1_(h + margin_px), out_(out) {}
  ~PolylineCutter() { cut(); }
  PolylineCutter(const PolylineCutter&) = delete;
  PolylineCutter& operator=(const PolylineCutter&) = delete;

  void point(PointPx p);
  void cut();  // the next point starts a new polyline

 private:
  bool touches(PointPx a, PointPx b) const;
  double x0_, y0_, x1_, y1_;
  std::vector<Polyline>* out_;
  Polyline line_;  // being built: its last point is the last given
  bool have_last_ = false;
};

}  // namespace geofield
