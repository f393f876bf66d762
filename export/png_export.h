// PNG pictures, written whole or not at all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "image.h"

namespace geofield {

// The PNG file's bytes. dpi > 0: the picture's pixels per inch are recorded (a pHYs chunk, in
// pixels per metre as PNG keeps them), so that print and layout programs size it; 0: none.
std::vector<std::uint8_t> encode_png(const Image& image, int dpi = 0);

void write_png(const std::filesystem::path& path, const Image& image, int dpi = 0);

// The CRC-32 of PNG's chunks (ISO 3309, as zlib's) over bytes.
std::uint32_t png_crc(std::span<const std::uint8_t> bytes);

}  // namespace geofield
