// Figures as PDF or SVG (issue 29), through cairo: the map picture embedded at its resolution,
// everything figure_paint.h paints around it (frame, ticks, graticule and ring labels with
// their boxes, site markers and names, the colorbar, its ticks and caption, the title) as
// vectors and real text in the built-in DejaVu Sans, at the same places as the PNG's. The map's
// own lines (rings, coastlines, graticule) are in its picture.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "figure/figure_layout.h"
#include "gl/renderer.h"

namespace geofield {

enum class FigureFormat { png, pdf, svg };

// By the file's extension, any letter case: .pdf, .svg, else PNG.
FigureFormat figure_format_of(const std::filesystem::path& file);

// The file's bytes, a page of the figure's pixels at dpi pixels per inch (in points: width x
// 72 / dpi); format pdf or svg.
std::vector<std::uint8_t> vector_figure(const FigureLayout& layout, const Image& map,
                                        FigureFormat format, int dpi);

}  // namespace geofield
