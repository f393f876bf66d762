// How the field shader draws the map's own overlays (range rings, graticule, the reference
// marker): one set of numbers for the shader (as GLSL constants, overlay_look_glsl) and for the
// figure's vector lines (figure/map_lines.h), so a PDF's rings look as the PNG's.
#pragma once

#include <string>

namespace geofield {

// A line where t is an integer covers pixels fully within kOverlayCoreHalfPx of it and fades to
// nothing by kOverlayEdgeHalfPx (a smoothstep): as much ink as a solid line this wide.
inline constexpr double kOverlayCoreHalfPx = 0.5, kOverlayEdgeHalfPx = 1.5;
inline constexpr double kOverlayLineWidthPx = kOverlayCoreHalfPx + kOverlayEdgeHalfPx;
inline constexpr double kRingDarken = 0.65;        // rings: the colour mixed towards black
inline constexpr double kGraticuleLighten = 0.45;  // graticule: towards white
// Rings and meridians fade where closer than a few pixels: kept by 1 - (f - start) x rate,
// f = fwidth(t), t's change over a pixel across and down.
inline constexpr double kDenseFadeStart = 0.2, kDenseFadeRate = 4.0;
// Where that fade leaves half: vector lines (all or nothing) stop there.
inline constexpr double kDenseHalfFade = kDenseFadeStart + 0.5 / kDenseFadeRate;
// The reference marker: a white ring of the marker's radius on a dark one, a white centre dot;
// each a solid line (dot: disc) of the ink of the shader's smoothsteps.
inline constexpr double kMarkerDarkWidthPx = 4.0, kMarkerWhiteWidthPx = 1.7;
inline constexpr double kMarkerDotRadiusPx = 1.5;

// These numbers as GLSL `const float` declarations (kRingDarken ...), for the drawing shaders.
std::string overlay_look_glsl();

}  // namespace geofield
