// Figures as PDF or SVG, through cairo: the map picture embedded at its resolution,
// everything figure_paint.h paints around it (frame, ticks, graticule and ring labels with
// their boxes, site markers and names, the colorbar, its ticks and caption, the title) as
// vectors and real text in the built-in DejaVu Sans, at the same places as the PNG's. The map's
// own lines (rings, graticule, borders, coastlines, the reference marker) are vectors too when
// given (map_lines.h), over a picture drawn without them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "figure/figure_layout.h"
#include "figure/map_lines.h"
#include "gl/renderer.h"

namespace geofield {

enum class FigureFormat { png, pdf, svg };

// By the file's extension, any letter case: .pdf, .svg, else PNG.
FigureFormat figure_format_of(const std::filesystem::path& file);

// The file's bytes, a page of the figure's pixels at dpi pixels per inch (in points: width x
// 72 / dpi); format pdf or svg. lines: the map's lines, drawn over map (its picture).
std::vector<std::uint8_t> vector_figure(const FigureLayout& layout, const Image& map,
                                        const MapLines& lines, FigureFormat format, int dpi);

}  // namespace geofield
