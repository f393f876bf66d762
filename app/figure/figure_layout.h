// Where everything of a figure goes: the title line, the map in its true shape, graticule
// labels around it, ring labels on it, the colorbar with its ticks and unit. Pure geometry and
// text measurement (no GL), so it is tested on its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "centres.h"
#include "field_params.h"
#include "figure/figure_look.h"
#include "figure/figure_title.h"
#include "figure/map_disc.h"
#include "figure/map_polyline.h"
#include "gl/renderer.h"
#include "view/colorbar_ticks.h"

namespace geofield {

constexpr int kMinFigureWidthPx = 400;    // below this the labels no longer fit around a map
constexpr int kMaxFigureWidthPx = 16384;  // GL's usual framebuffer limit (checked again at run)
constexpr int kDefaultFigureWidthPx = 1600;
// The pixels per inch a figure's PNG records: its printed size is its width over them.
constexpr int kMinFigureDpi = 50;
constexpr int kMaxFigureDpi = 2400;
constexpr int kDefaultFigureDpi = 300;

// The map's look for a map of w x h pixels, as the window would draw it at that size.
using StyleForSize = std::function<ViewStyle(int map_w_px, int map_h_px)>;

struct PlacedText {
  std::string text;
  double x = 0, y = 0;  // top-left of the text, figure pixels (y down)
  double w = 0, h = 0;  // the text's advance width and line height
};

struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;  // figure pixels, y down
};

// Whether two texts' boxes come closer than gap pixels: the layout's one collision test.
bool boxes_touch(const PlacedText& a, const PlacedText& b, double gap);

// A site's marker on the figure: a dot of the site's colour ringed in white and black.
struct SiteMark {
  double x = 0, y = 0;  // its centre, figure pixels
  std::uint32_t rgb = 0xffffff;
  std::size_t site = 0;  // its index in the set
};

// A field's values for tracing its rings (FigureSites::ring_field).
struct RingField {
  std::vector<float> values;  // nx x ny, row 0 north
  int nx = 0, ny = 0;
};

// The sites of a figure whose field is not the one reference point's (`--centres`, the
// window's centres). Empty list: the reference point's figure.
struct FigureSites {
  CentreList list;
  std::vector<std::uint32_t> rgb;  // each site's colour (centre_colours), site k at k
  bool marked = false;             // a dot at each (none beyond kMaxCentreMarkers)
  bool colour_by_centre = false;   // the map coloured by nearest centre: no colorbar
  // Sites of every kind: their count (features), list then the point sites only
  // (their markers, rgb theirs), and the title's words after "distance to " ("the nearest of 3
  // sites", "@land:110m"). The rings are then no one point's: unlabelled.
  std::size_t features = 0;
  std::string title_words;
  std::size_t size() const { return features > 0 ? features : list ? list->size() : 0; }
  // The field the rings are traced on, for their labels when they are no one point's circles,
  // asked for once a layout has its map's size: values over the view's bounds (row 0 north,
  // NaN where none) of any size (the map's, the window's field). None: unlabelled.
  std::function<RingField(int map_w_px, int map_h_px)> ring_field;
};

struct FigureLayout {
  int width = 0, height = 0;
  double font_px = 0, title_px = 0, ring_font_px = 0;  // text heights
  FigureLook look;                                     // page, ink, label boxes
  PixelRect map;
  ViewStyle style;  // the map's look at map.w x map.h
  // A whole-world aeqd or ortho map: the disc it is (no frame, the page around it), its
  // bearing scale when it has one, and its graticule's labels on it (each on a box).
  std::optional<MapDisc> disc;
  std::vector<Polyline> azimuth_ticks;
  std::vector<PlacedText> azimuth_labels;
  std::vector<PlacedText> disc_labels;
  // The Maidenhead fields, when asked for (maidenhead_grid.h): lines in the map's pixels, and
  // the fields' names on boxes.
  std::vector<Polyline> maidenhead_lines;
  std::vector<PlacedText> maidenhead_labels;
  // Equal Earth's outline (the meridians 180 degrees from the central one and the pole lines)
  // in the map's pixels, stroked in the frame's ink over the field's edge: one closed line.
  std::vector<Polyline> outline;
  PlacedText title;
  std::vector<PlacedText> graticule_labels;  // outside the map: latitudes west, longitudes south
  std::vector<int> lat_tick_y, lon_tick_x;   // every graticule line's tick on the frame
  int tick_len = 0;
  std::vector<PlacedText> ring_labels;  // on the map, each on a box
  double ring_pad_px = 0;               // around a ring label's text: its box
  std::vector<SiteMark> site_marks;     // on the map, by the view's projection
  double site_radius_px = 0;            // a site marker's outer radius
  std::vector<PlacedText> site_labels;  // names beside their markers, each on a box (ring_pad_px)
  bool colorbar = true;                 // false when the map is coloured by nearest centre
  PixelRect bar;
  std::vector<ColorbarTick> bar_ticks;   // x_px and label_x from bar.x
  double bar_label_y = 0;                // top of the tick labels
  PlacedText caption;                    // the quantity and unit, under the colorbar
  std::vector<PlacedText> caption_more;  // its further lines where one is too wide
  // `--path` (route_overlay.h): the great circle from the reference in the map's pixels, the
  // short path and the long path's dashes; a marker at the far end; the measures on a box.
  std::vector<Polyline> route_short, route_long;
  std::vector<SiteMark> route_ends;  // the far end, where the map shows it
  double route_end_px = 0;           // its marker's outer radius
  std::vector<PlacedText> route_labels;
  // `--places` (place_labels.h): a dot at each place named (figure pixels), names on boxes.
  std::vector<PointPx> place_dots;
  double place_dot_px = 0;
  std::vector<PlacedText> place_labels;
};

// The figure's text size over a kDefaultFigureWidthPx-wide figure's (text has a least size, so
// narrow figures are a little larger than their width says): what lines and spacings follow.
double figure_scale(int width_px);
// The same for text of font_px pixels (a style's, FigureLook::font_px).
double figure_scale_for_font(double font_px);

// The map's width over height in the figure: latlon at its true shape (view_math), projected
// views as their grid (square pixels).
double figure_map_aspect(const FieldParams& view);

// Lays out a figure width_px wide (kMinFigureWidthPx..kMaxFigureWidthPx); the height follows
// the map's true shape. title: empty for default_figure_title. sites: the field's sites when
// they are not the view's reference point: their markers and names, no ring labels with more
// than one (the rings are then the nearest site's), the colorbar hidden when coloured by site.
// look: the page's colours and the text size (default: text by the width).
FigureLayout layout_figure(const FieldParams& view, int width_px, const std::string& title,
                           const StyleForSize& style_for, const FigureSites& sites = {},
                           const FigureLook& look = {});

// The widest figure of this view, kMinFigureWidthPx to below_px - 1 pixels wide, whose map
// is at most max_side_px pixels a side (a GL framebuffer's limit); 0 when none is. The map grows
// with the width (the margins by the text size, a little less), so the search starts from the
// width scaled by what the map at below_px overshoots.
// look: the figure's (its text sets the margins).
int largest_figure_width(const FieldParams& view, int below_px, const std::string& title,
                         const StyleForSize& style_for, int max_side_px,
                         const FigureLook& look = {});

// Why a figure laid out as L cannot be drawn where a map side holds at most max_side_px pixels:
// its size and the largest width that works for this view, or, where none does (a tall strip:
// the height follows the width), why and what to change. Empty when the map fits. width_option
// names the width as the caller takes it ("--figure-width").
std::optional<std::string> figure_size_problem(const FigureLayout& L, const FieldParams& view,
                                               const std::string& title,
                                               const StyleForSize& style_for, int max_side_px,
                                               const std::string& width_option);

}  // namespace geofield
