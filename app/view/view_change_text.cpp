#include "view/view_change_text.h"

#include <algorithm>
#include <vector>

#include "view/number_text.h"

namespace geofield {
namespace {

// Six significant digits: what a person reads in a panel, not the exact value.
std::string short_number(double v) { return number_text(v); }

std::string on_off(bool b) { return b ? "on" : "off"; }

class Changes {
 public:
  void add(const std::string& what, const std::string& from, const std::string& to) {
    if (from != to) items_.push_back(what + " " + from + " \u2192 " + to);
  }
  void note(const std::string& what) { items_.push_back(what); }
  void number(const std::string& what, double from, double to) {
    if (from != to) add(what, short_number(from), short_number(to));
  }
  std::string text() const {
    if (items_.empty()) return "the view";
    std::string t;
    const int named = std::min<int>(kMaxChangesNamed, static_cast<int>(items_.size()));
    for (int k = 0; k < named; ++k) t += (k ? ", " : "") + items_[static_cast<size_t>(k)];
    if (static_cast<int>(items_.size()) > named) {
      t += " and " + std::to_string(items_.size() - static_cast<size_t>(named)) + " more";
    }
    return t;
  }

 private:
  std::vector<std::string> items_;
};

std::string grid_size(const FieldParams& p) {
  return std::to_string(p.nx) + " x " + std::to_string(p.ny);
}

std::string centres_count(const CentreSet& c) {
  return c.size() == 1 ? "1 centre" : std::to_string(c.size()) + " centres";
}

}  // namespace

std::string view_change_text(const ViewState& from, const ViewState& to) {
  const FieldParams &a = from.params, &b = to.params;
  Changes c;
  // A pan or zoom moves every bound: one item for the view, not four.
  const int bounds_moved = (a.lat_min_deg != b.lat_min_deg) + (a.lat_max_deg != b.lat_max_deg) +
                           (a.lon_min_deg != b.lon_min_deg) + (a.lon_max_deg != b.lon_max_deg);
  if (bounds_moved > 2) {
    c.add("view",
          "lat " + short_number(a.lat_min_deg) + ":" + short_number(a.lat_max_deg) + " lon " +
              short_number(a.lon_min_deg) + ":" + short_number(a.lon_max_deg),
          "lat " + short_number(b.lat_min_deg) + ":" + short_number(b.lat_max_deg) + " lon " +
              short_number(b.lon_min_deg) + ":" + short_number(b.lon_max_deg));
  } else {
    c.number("lat min", a.lat_min_deg, b.lat_min_deg);
    c.number("lat max", a.lat_max_deg, b.lat_max_deg);
    c.number("lon min", a.lon_min_deg, b.lon_min_deg);
    c.number("lon max", a.lon_max_deg, b.lon_max_deg);
  }
  if (a.ref_lat_deg != b.ref_lat_deg || a.ref_lon_deg != b.ref_lon_deg) {
    c.add("reference", short_number(a.ref_lat_deg) + ", " + short_number(a.ref_lon_deg),
          short_number(b.ref_lat_deg) + ", " + short_number(b.ref_lon_deg));
  }
  if (!(from.follow_window && to.follow_window)) c.add("grid", grid_size(a), grid_size(b));
  c.add("registration", std::string(to_string(a.registration)),
        std::string(to_string(b.registration)));
  c.add("projection", std::string(to_string(a.projection)), std::string(to_string(b.projection)));
  c.number("extent", a.extent, b.extent);
  c.add("formula", std::string(to_string(a.formula)), std::string(to_string(b.formula)));
  c.add("units", std::string(to_string(a.units)), std::string(to_string(b.units)));
  c.number("radius (km)", a.radius_km, b.radius_km);
  c.add("precision", std::string(to_string(a.precision)), std::string(to_string(b.precision)));
  c.add("colormap", std::string(to_string(from.colormap)), std::string(to_string(to.colormap)));
  c.add("reverse", on_off(from.reverse), on_off(to.reverse));
  c.add("automatic range", on_off(from.auto_range), on_off(to.auto_range));
  if (!from.auto_range && !to.auto_range) {
    c.add("range", short_number(from.range_min) + ":" + short_number(from.range_max),
          short_number(to.range_min) + ":" + short_number(to.range_max));
  }
  c.add("contours", on_off(from.contours), on_off(to.contours));
  // An automatic interval follows the view: it is the view's change, not one of its own.
  if (from.contour_interval_typed || to.contour_interval_typed) {
    c.number("rings every", from.contour_interval, to.contour_interval);
  }
  c.add("automatic rings", on_off(!from.contour_interval_typed),
        on_off(!to.contour_interval_typed));
  c.add("graticule", on_off(from.graticule), on_off(to.graticule));
  c.add("marker", on_off(from.marker), on_off(to.marker));
  c.add("grid follows the window", on_off(from.follow_window), on_off(to.follow_window));
  c.add("coastlines", on_off(from.coastlines), on_off(to.coastlines));
  c.add("borders", on_off(from.borders), on_off(to.borders));
  c.add("line colour", rgb_hex(from.line_rgb), rgb_hex(to.line_rgb));
  c.add("theme", std::string(to_string(from.theme)), std::string(to_string(to.theme)));
  if (from.centres.size() != to.centres.size()) {
    c.add("centres:", centres_count(from.centres), centres_count(to.centres));
  } else if (!(from.centres == to.centres)) {
    c.note("a centre moved or renamed");
  }
  c.add("colour by nearest", on_off(from.colour_by_centre), on_off(to.colour_by_centre));
  if (!(from.sites == to.sites)) {
    c.add("sites:", from.sites.empty() ? "none" : from.sites.source().name,
          to.sites.empty() ? "none" : to.sites.source().name);
  }
  c.add("signed inside", on_off(from.signed_inside), on_off(to.signed_inside));
  if (from.measurements.size() != to.measurements.size()) {
    c.add("measurements:", std::to_string(from.measurements.size()),
          std::to_string(to.measurements.size()));
  } else if (from.measurements != to.measurements) {
    c.note("a measurement moved");
  }
  return c.text();
}

}  // namespace geofield
