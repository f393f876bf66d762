// Paints a laid-out figure: the map picture into its place, then the frame, graticule ticks
// and labels, ring labels on their boxes, the colorbar, its ticks and caption, the title.
#pragma once

#include "figure/figure_layout.h"
#include "gl/renderer.h"

namespace geofield {

constexpr std::uint32_t kFigurePageRgb = 0xffffff;  // the page: white

// The whole figure on a white page; map is the renderer's picture of layout.map's size.
Image paint_figure(const FigureLayout& layout, const Image& map);

// A site's marker as the window draws it: a disc of its colour (0xRRGGBB) ringed in white and
// black, readable on any colour; radius_px is the outer radius, centred at (x, y) in img's
// pixels (a pixel's centre is at +0.5), smoothed at the edges. Figures and `render --png
// --marker` with centres both paint these.
void paint_site_mark(Image* img, double x, double y, double radius_px, std::uint32_t rgb);

}  // namespace geofield
