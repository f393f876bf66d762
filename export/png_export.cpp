#include "export/png_export.h"

#include <stb_image_write.h>

#include <vector>

#include "errors.h"
#include "export/atomic_file.h"

namespace geofield {

std::vector<std::uint8_t> encode_png(const Image& image) {
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
  return encoded;
}

void write_png(const std::filesystem::path& path, const Image& image) {
  const std::vector<std::uint8_t> encoded = encode_png(image);
  write_file_atomically(path, {std::span<const std::uint8_t>(encoded)});
}

}  // namespace geofield
