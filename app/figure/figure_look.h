// What a figure's page looks like around its map: the page and ink colours, the label boxes'
// colour and the text size. The window's figures keep the defaults (text by the figure's width,
// figure_layout.h); `render --figure` sets them from its style (figure_style.h).
#pragma once

#include <cstdint>

#include "figure/text_raster.h"

namespace geofield {

constexpr std::uint32_t kFigurePageRgb = 0xffffff;  // the page: white
constexpr Rgba kFigureInk = {20, 20, 24, 255};      // frame, ticks, text
constexpr Rgba kLabelBox = {255, 255, 255, 210};    // light box: dark text reads on any colormap

struct FigureLook {
  std::uint32_t page_rgb = kFigurePageRgb;
  Rgba ink = kFigureInk;
  Rgba label_box = kLabelBox;  // under ring labels, site names, a disc's graticule labels
  // The labels' text height in pixels, ascender to descender (TextRaster's; the title 1.25
  // times it); 0: by the figure's width, as the window's figures. min_label_px: no label
  // smaller (ring labels are 0.9 times the text).
  double font_px = 0;
  double min_label_px = 0;
};

}  // namespace geofield
