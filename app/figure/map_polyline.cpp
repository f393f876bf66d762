#include "figure/map_polyline.h"

#include <algorithm>

namespace geofield {

bool PolylineCutter::touches(PointPx a, PointPx b) const {
  return std::max(a.x, b.x) >= x0_ && std::min(a.x, b.x) <= x1_ && std::max(a.y, b.y) >= y0_ &&
         std::min(a.y, b.y) <= y1_;
}

void PolylineCutter::point(PointPx p) {
  if (!have_last_) {
    line_ = {p};
    have_last_ = true;
    return;
  }
  const PointPx last = line_.back();
  if (touches(last, p)) {
    line_.push_back(p);
    return;
  }
  // Off the map: what was built ends at last; p may start the next piece.
  if (line_.size() >= 2) out_->push_back(std::move(line_));
  line_ = {p};
}

void PolylineCutter::cut() {
  if (line_.size() >= 2) out_->push_back(std::move(line_));
  line_.clear();
  have_last_ = false;
}

}  // namespace geofield
