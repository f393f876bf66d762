// An RGBA8 picture, row 0 at the top: what the renderer reads back and the PNG writer encodes.
#pragma once

#include <cstdint>
#include <vector>

namespace geofield {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

}  // namespace geofield
