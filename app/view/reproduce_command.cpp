#include "view/reproduce_command.h"

#include <charconv>

namespace geofield {

std::string exact_number(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string render_command_line(const ViewState& s, const std::string& png,
                                const std::string& centres_csv,
                                const std::optional<FigureCommand>& figure) {
  const bool centres = !s.centres.empty();
  const bool sites = !s.sites.empty();
  const FieldParams& p = s.params;
  std::string c = "geofield render";
  c += " --lat=" + exact_number(p.lat_min_deg) + ":" + exact_number(p.lat_max_deg);
  c += " --lon=" + exact_number(p.lon_min_deg) + ":" + exact_number(p.lon_max_deg);
  c += " --size=" + std::to_string(p.nx) + "x" + std::to_string(p.ny);
  if (p.registration != Registration::node) {
    c += " --registration=" + std::string(to_string(p.registration));
  }
  if (centres) c += " --centres=" + centres_csv;
  // Sites: the file or built-in name they were opened from, as render reads them.
  if (sites) c += " --sites=" + s.sites.source().name;
  if (sites && s.signed_inside) c += " --signed";
  // The reference point: the one site, or beside the centres or sites the aeqd map's centre or
  // the eqearth map's central meridian (it places no other view with them, and render refuses
  // it there).
  if ((!centres && !sites) || p.projection == Projection::aeqd ||
      p.projection == Projection::eqearth) {
    c += " --ref=" + exact_number(p.ref_lat_deg) + "," + exact_number(p.ref_lon_deg);
  }
  c += " --formula=" + std::string(to_string(p.formula));
  c += " --units=" + std::string(to_string(p.units));
  if (p.formula == Formula::wgs84) {  // --radius is refused with wgs84: its ellipsoid instead
    c += " --ellipsoid=" + exact_number(p.ellipsoid_a_km) + "," + exact_number(p.ellipsoid_inv_f);
  } else {
    c += " --radius=" + exact_number(p.radius_km);
  }
  c += " --precision=" + std::string(to_string(p.precision));
  if (p.projection != Projection::latlon) {  // ortho's centre is the middle of --lat/--lon above
    c += " --projection=" + std::string(to_string(p.projection));
    c += " --extent=" + exact_number(p.extent);
  }
  c += " --colormap=" + std::string(to_string(s.colormap));
  if (s.reverse) c += " --reverse";
  if (!s.auto_range) c += " --range=" + exact_number(s.range_min) + ":" + exact_number(s.range_max);
  if (s.contours) c += " --contours=" + exact_number(s.contour_interval);
  if (s.graticule) c += " --graticule";
  if (s.marker && !centres && !sites) c += " --marker";
  if (s.coastlines) c += " --coastlines";
  if (s.borders) c += " --borders";
  if (s.coastlines || s.borders) c += " --line-color=" + rgb_hex(s.line_rgb);
  c += " --png=" + png;
  if (figure) {
    c += " --figure=" + figure->file + " --figure-width=" + std::to_string(figure->width_px) +
         " --style=" + figure->style;
  }
  return c;
}

}  // namespace geofield
