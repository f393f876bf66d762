// Paints a laid-out figure: the map picture into its place, then the frame, graticule ticks
// and labels, ring labels on their boxes, the colorbar, its ticks and caption, the title.
#pragma once

#include "figure/figure_layout.h"
#include "gl/renderer.h"

namespace geofield {

constexpr std::uint32_t kFigurePageRgb = 0xffffff;  // the page: white

// The whole figure on a white page; map is the renderer's picture of layout.map's size.
Image paint_figure(const FigureLayout& layout, const Image& map);

}  // namespace geofield
