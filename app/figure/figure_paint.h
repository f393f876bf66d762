// Paints a laid-out figure: the map picture into its place (and, for PDF and SVG, the map's
// lines over it as vectors), then the frame, graticule ticks and labels, ring labels on their
// boxes, the colorbar, its ticks and caption, the title.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "figure/figure_layout.h"
#include "figure/map_lines.h"
#include "figure/text_raster.h"
#include "gl/renderer.h"

namespace geofield {

// The thickness of the frame and the ticks, pixels.
inline int figure_line_px(const FigureLayout& L) {
  return std::max(1, static_cast<int>(std::lround(L.font_px / 14)));
}

// An opaque colour from 0xRRGGBB.
constexpr Rgba opaque_rgb(std::uint32_t rgb) {
  return {std::uint8_t(rgb >> 16), std::uint8_t((rgb >> 8) & 0xff), std::uint8_t(rgb & 0xff), 255};
}

// What a figure is painted on, in figure pixels (y down): the PNG's pixels here, or a PDF or
// SVG page (figure_vector.h). One painting, paint_figure_on, for both.
class FigureCanvas {
 public:
  virtual ~FigureCanvas() = default;
  // The page's and text's colours for what follows (paint_figure_on sets the layout's).
  void set_look(const FigureLook& look) { look_ = look; }
  virtual void page(int width, int height) = 0;  // the look's page colour, the whole figure
  // The map's picture at `at`; disc: only the disc of it (a whole-world projected map), its
  // rim smoothed and coloured from inside (map_disc.h).
  virtual void map(const PixelRect& at, const Image& map, const MapDisc* disc) = 0;
  virtual void rect(double x0, double y0, double x1, double y1, Rgba c) = 0;  // filled
  virtual void frame(const PixelRect& r, int t) = 0;  // t pixels wide, outside r
  virtual void disc(double x, double y, double r, Rgba c) = 0;
  // A group of lines, their points in the pixels of the rectangle `map`, clipped to it (or to
  // disc, figure pixels, where given).
  virtual void polylines(const PixelRect& map, const LineGroup& lines, const MapDisc* disc) = 0;
  virtual void colorbar(const FigureLayout& L) = 0;  // the colormap across L.bar
  // Text in the look's ink with its top-left at (x, y), as TextRaster::draw places it.
  virtual void text(const TextRaster& font, double x, double y, const std::string& s) = 0;

 protected:
  FigureLook look_;
};

// A site's marker onto canvas, as paint_site_mark paints it.
void paint_site_mark_on(FigureCanvas* canvas, double x, double y, double radius_px,
                        std::uint32_t rgb);

// Everything of a laid-out figure onto canvas: the map picture (layout.map's size) first, then
// lines over it (map_lines.h: for a picture drawn without_map_lines).
void paint_figure_on(FigureCanvas* canvas, const FigureLayout& layout, const Image& map,
                     const MapLines& lines = MapLines{});

// The whole figure on a white page; map is the renderer's picture of layout.map's size (lines:
// over it, as paint_figure_on draws them).
Image paint_figure(const FigureLayout& layout, const Image& map,
                   const MapLines& lines = MapLines{});

// A site's marker as the window draws it: a disc of its colour (0xRRGGBB) ringed in white and
// black, readable on any colour; radius_px is the outer radius, centred at (x, y) in img's
// pixels (a pixel's centre is at +0.5), smoothed at the edges. Figures and `render --png
// --marker` with centres both paint these.
void paint_site_mark(Image* img, double x, double y, double radius_px, std::uint32_t rgb);

}  // namespace geofield
