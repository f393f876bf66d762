#include "cli/figure_defaults.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "view/view_math.h"

namespace geofield {

void centre_view_on(FieldParams* p, double lat_deg, double lon_deg) {
  set_lat_bounds(p, lat_deg - kFigureHalfLatSpanDeg, lat_deg + kFigureHalfLatSpanDeg);
  const double middle_rad = (p->lat_min_deg + p->lat_max_deg) / 2 * std::numbers::pi / 180;
  const double lat_span = p->lat_max_deg - p->lat_min_deg;
  // A degree of longitude is cos(latitude) of a degree of latitude (view_math's true shape).
  const double lon_span =
      std::min(360.0, kFigureViewAspect * lat_span / std::max(std::cos(middle_rad), 1e-9));
  set_lon_bounds(p, lon_deg - lon_span / 2, lon_span);
}

void set_render_look(const ViewOptionText& typed, RenderRequest* r) {
  const bool figure = r->outputs[OutputId::figure].has_value();
  const OverlayOptions& o = r->view.overlays;
  r->contour_interval = o.contour_interval.value_or(0);
  r->suited_rings = figure && !o.contour_interval && !o.no_contours;
  r->graticule = o.graticule.value_or(figure);
  r->marker = o.marker.value_or(figure);
  r->figure_marks_centres = o.marker.value_or(true);
  r->coastlines = o.coastlines.value_or(figure);
  r->borders = o.borders.value_or(figure);
  r->line_rgb = o.line_rgb.value_or(kDefaultLineRgb);
  // Sites have no one point to centre on (--ref beside them places an aeqd map only).
  r->figure_about_ref = figure && !r->sites && !typed.lat && !typed.lon && !typed.numba_case;
}

}  // namespace geofield
