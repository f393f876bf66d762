#include "export/png_export.h"

#include <stb_image_write.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "errors.h"
#include "export/atomic_file.h"

namespace geofield {

namespace {

void put_u32(std::vector<std::uint8_t>* out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out->push_back(static_cast<std::uint8_t>(v >> shift));
}

// A pHYs chunk: pixels per metre in x and y, unit 1 (the metre).
std::vector<std::uint8_t> phys_chunk(int dpi) {
  const auto per_metre = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
  std::vector<std::uint8_t> chunk;
  put_u32(&chunk, 9);
  for (char c : {'p', 'H', 'Y', 's'}) chunk.push_back(static_cast<std::uint8_t>(c));
  put_u32(&chunk, per_metre);
  put_u32(&chunk, per_metre);
  chunk.push_back(1);
  put_u32(&chunk, png_crc(std::span<const std::uint8_t>(chunk).subspan(4)));  // type and data
  return chunk;
}

}  // namespace

std::uint32_t png_crc(std::span<const std::uint8_t> bytes) {
  std::uint32_t crc = 0xffffffffu;
  for (std::uint8_t b : bytes) {
    crc ^= b;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xffffffffu;
}

std::vector<std::uint8_t> encode_png(const Image& image, int dpi) {
  std::vector<std::uint8_t> encoded;
  auto append = [](void* ctx, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(ctx);
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(append, &encoded, image.width, image.height, 4, image.rgba.data(),
                             image.width * 4) == 0) {
    GF_FAIL("PNG encoding of a " + std::to_string(image.width) + "x" +
            std::to_string(image.height) + " picture failed");
  }
  if (dpi > 0) {
    // After the signature (8 bytes) and IHDR (25), before the image data, as PNG orders them.
    constexpr std::size_t kAfterHeader = 8 + 25;
    const std::vector<std::uint8_t> chunk = phys_chunk(dpi);
    encoded.insert(encoded.begin() + kAfterHeader, chunk.begin(), chunk.end());
  }
  return encoded;
}

void write_png(const std::filesystem::path& path, const Image& image, int dpi) {
  const std::vector<std::uint8_t> encoded = encode_png(image, dpi);
  write_file_atomically(path, {std::span<const std::uint8_t>(encoded)});
}

}  // namespace geofield
