#include "gl/colormap.h"

#include "colormap_tables.h"

namespace geofield {

static_assert(embedded::kColormapCount == kColormapCount);
static_assert(embedded::kColormapEntries == 256);

std::string_view to_string(Colormap c) { return embedded::kColormapNames[static_cast<int>(c)]; }

bool parse_colormap(std::string_view s, Colormap* out) {
  for (int k = 0; k < kColormapCount; ++k) {
    if (s == embedded::kColormapNames[k]) {
      *out = static_cast<Colormap>(k);
      return true;
    }
  }
  return false;
}

const std::uint8_t* colormap_rgb(Colormap c) { return embedded::kColormapRgb[static_cast<int>(c)]; }

}  // namespace geofield
