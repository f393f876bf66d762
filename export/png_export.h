// PNG pictures, written whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "image.h"

namespace geofield {

// The PNG file's bytes.
std::vector<std::uint8_t> encode_png(const Image& image);

void write_png(const std::filesystem::path& path, const Image& image);

}  // namespace geofield
