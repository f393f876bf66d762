// PNG pictures (export/png_export.*): the pixels per inch a figure records (issue 29), as a
// pHYs chunk right after the header, its CRC right (checked against the standard's value for
// IEND and against the encoder's own header CRC), and the file still a PNG the decoder reads
// back pixel for pixel; no chunk when none is asked for.
#include "export/png_export.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

namespace geofield {
namespace {

std::uint32_t u32_at(const std::vector<std::uint8_t>& b, std::size_t at) {
  return std::uint32_t{b[at]} << 24 | std::uint32_t{b[at + 1]} << 16 |
         std::uint32_t{b[at + 2]} << 8 | std::uint32_t{b[at + 3]};
}

std::string type_at(const std::vector<std::uint8_t>& b, std::size_t at) {
  return std::string(b.begin() + static_cast<std::ptrdiff_t>(at),
                     b.begin() + static_cast<std::ptrdiff_t>(at + 4));
}

Image test_image() {
  Image im;
  im.width = 3;
  im.height = 2;
  for (int k = 0; k < 6; ++k) {
    for (std::uint8_t c :
         {std::uint8_t(40 * k), std::uint8_t(255 - 30 * k), std::uint8_t(7), std::uint8_t(255)}) {
      im.rgba.push_back(c);
    }
  }
  return im;
}

TEST(PngExport, TheCrcIsTheStandardOne) {
  const std::uint8_t iend[] = {'I', 'E', 'N', 'D'};
  EXPECT_EQ(png_crc(iend), 0xAE426082u);  // every PNG's last four bytes
}

TEST(PngExport, AFigureRecordsItsPixelsPerInch) {
  const Image im = test_image();
  for (int dpi : {300, 600, 72}) {
    const std::vector<std::uint8_t> b = encode_png(im, dpi);
    ASSERT_EQ(type_at(b, 12), "IHDR");
    // The encoder's own header CRC, by our CRC: the two agree.
    EXPECT_EQ(u32_at(b, 29), png_crc(std::span<const std::uint8_t>(b).subspan(12, 17)));
    ASSERT_EQ(u32_at(b, 33), 9u);
    ASSERT_EQ(type_at(b, 37), "pHYs");
    const auto per_metre = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
    EXPECT_EQ(u32_at(b, 41), per_metre) << dpi;  // 300 dpi: 11811 per metre
    EXPECT_EQ(u32_at(b, 45), per_metre);
    EXPECT_EQ(b[49], 1);  // the unit: the metre
    EXPECT_EQ(u32_at(b, 50), png_crc(std::span<const std::uint8_t>(b).subspan(37, 13)));
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load_from_memory(b.data(), static_cast<int>(b.size()), &w, &h, &n, 4);
    ASSERT_NE(px, nullptr) << stbi_failure_reason();
    EXPECT_EQ(w, 3);
    EXPECT_EQ(h, 2);
    EXPECT_EQ(std::vector<std::uint8_t>(px, px + 24), im.rgba);
    stbi_image_free(px);
  }
  EXPECT_EQ(u32_at(encode_png(im, 300), 41), 11811u);
}

TEST(PngExport, APictureWithoutDpiHasNoPhysChunk) {
  const std::vector<std::uint8_t> b = encode_png(test_image());
  EXPECT_NE(type_at(b, 37), "pHYs");
  EXPECT_EQ(std::string(b.begin(), b.end()).find("pHYs"), std::string::npos);
}

}  // namespace
}  // namespace geofield
