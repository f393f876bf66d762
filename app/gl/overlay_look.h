// How the field shader draws the map's own overlays (range rings, graticule, the reference
// marker): one set of numbers for the shader (as GLSL constants, overlay_look_glsl) and for the
// figure's vector lines (figure/map_lines.h), so a PDF's rings look as the PNG's.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

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

// The star marker: five points, its inner corners at this fraction of the outer radius.
inline constexpr double kStarInnerRatio = 0.45;

enum class MarkerShape : int { ring = 0, dot = 1, cross = 2, star = 3 };

// The overlays' look as the field shader (uniforms) and the figure's vector lines both take it:
// the window's by default (the numbers above); a figure's style (figure/figure_style.h) sets
// its own. Colours straight RGBA in [0, 1]; widths in framebuffer pixels.
struct OverlayLook {
  std::array<float, 4> ring_rgba{0, 0, 0, static_cast<float>(kRingDarken)};
  float ring_width_px = static_cast<float>(kOverlayLineWidthPx);
  // Every major_every-th ring (value a multiple of major_every x the interval) at ring_width_px
  // and labelled; the others at minor_ring_width_px, unlabelled. 1: every ring major.
  int major_every = 1;
  float minor_ring_width_px = static_cast<float>(kOverlayLineWidthPx);
  std::array<float, 4> graticule_rgba{1, 1, 1, static_cast<float>(kGraticuleLighten)};
  float graticule_width_px = static_cast<float>(kOverlayLineWidthPx);
  MarkerShape marker_shape = MarkerShape::ring;
  // The marker: a light stroke of light_width on a dark one of dark_width (a dot: a light disc
  // with a dark rim of (dark - light) / 2); the ring's centre dot of kMarkerDotRadiusPx.
  float marker_dark_width_px = static_cast<float>(kMarkerDarkWidthPx);
  float marker_light_width_px = static_cast<float>(kMarkerWhiteWidthPx);
  // A tint over land and over the sea (alpha 0: none), from a land mask of the map's pixels
  // (figure/land_mask.h, ViewStyle::land_mask), under the rings and lines.
  std::array<float, 4> land_rgba{0, 0, 0, 0}, ocean_rgba{0, 0, 0, 0};
  bool operator==(const OverlayLook&) const = default;
};

// A ring's look: major rings at ring_width_px, minor ones thinner (same colour).
inline bool is_major_ring(long long k, int major_every) {
  return major_every <= 1 || k % major_every == 0;
}

// The outline of a cross or star marker of outer radius r about (0, 0), y down: the cross as
// two segments (4 points: 0-1, 2-3), the star as a closed ring of 11 points (the first again
// last), its top point up. The shader draws the same (field.frag's marker_distance).
std::vector<std::array<double, 2>> marker_outline(MarkerShape shape, double r);

// These numbers as GLSL `const float` declarations (kRingDarken ...), for the drawing shaders.
std::string overlay_look_glsl();

}  // namespace geofield
