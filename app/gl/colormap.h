// The colormaps geofield draws with (perceptually uniform ones first; turbo for contrast).
#pragma once

#include <cstdint>
#include <string_view>

namespace geofield {

enum class Colormap : int { viridis = 0, magma = 1, cividis = 2, turbo = 3 };
constexpr int kColormapCount = 4;

std::string_view to_string(Colormap c);
bool parse_colormap(std::string_view s, Colormap* out);

// 256 RGB entries, 8 bits each, from the low end of the range to the high end.
const std::uint8_t* colormap_rgb(Colormap c);

}  // namespace geofield
