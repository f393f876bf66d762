#include "export/geotiff_values_reader.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "export/geotiff_cog.h"

namespace geofield {
namespace {

// "block 3 of the full-resolution image", "block 0 of overview 1": where a read failed, and
// why it can fail (the file ends before the block, or its bytes no longer inflate).
std::string block_text(uint32_t index, int image) {
  return "block " + std::to_string(index) + " of " +
         (image == 0 ? std::string("the full-resolution image")
                     : "overview " + std::to_string(image)) +
         " cannot be read whole (the file is cut short or the block is damaged)";
}

bool read_tiles(TIFF* tif, int nx, int ny, int value_bytes, char* out, std::string* why) {
  uint32_t tw = 0, th = 0;
  if (TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tw) != 1 ||
      TIFFGetField(tif, TIFFTAG_TILELENGTH, &th) != 1 || tw == 0 || th == 0) {
    *why = "its tile size is missing";
    return false;
  }
  const tmsize_t tile_bytes = TIFFTileSize(tif);
  if (tile_bytes != static_cast<tmsize_t>(tw) * th * value_bytes) {
    *why = "its tiles are not of one value a node";
    return false;
  }
  std::vector<char> block(static_cast<std::size_t>(tile_bytes));
  for (uint32_t y = 0; y < static_cast<uint32_t>(ny); y += th) {
    for (uint32_t x = 0; x < static_cast<uint32_t>(nx); x += tw) {
      const uint32_t t = TIFFComputeTile(tif, x, y, 0, 0);
      if (TIFFReadEncodedTile(tif, t, block.data(), tile_bytes) != tile_bytes) {
        *why = block_text(t, TIFFCurrentDirectory(tif));
        return false;
      }
      const uint32_t w = std::min<uint32_t>(tw, nx - x), h = std::min<uint32_t>(th, ny - y);
      for (uint32_t i = 0; i < h; ++i) {
        std::memcpy(out + ((static_cast<std::size_t>(y) + i) * nx + x) * value_bytes,
                    block.data() + static_cast<std::size_t>(i) * tw * value_bytes,
                    static_cast<std::size_t>(w) * value_bytes);
      }
    }
  }
  return true;
}

bool read_strips(TIFF* tif, int nx, int ny, int value_bytes, char* out, std::string* why) {
  uint32_t rows = 0;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows);
  rows = std::clamp<uint32_t>(rows, 1, static_cast<uint32_t>(ny));
  const std::size_t row_bytes = static_cast<std::size_t>(nx) * value_bytes;
  for (uint32_t y = 0, s = 0; y < static_cast<uint32_t>(ny); y += rows, ++s) {
    const uint32_t h = std::min<uint32_t>(rows, ny - y);
    const tmsize_t want = static_cast<tmsize_t>(h * row_bytes);
    if (TIFFReadEncodedStrip(tif, s, out + y * row_bytes, want) != want) {
      *why = block_text(s, TIFFCurrentDirectory(tif));
      return false;
    }
  }
  return true;
}

template <typename T>
bool compare_overviews(TIFF* tif, const T* values, int nx, int ny, std::string* why) {
  // One thread: mosaic reads several tiles at once, a thread each.
  const std::vector<std::vector<T>> expected = cog_overviews(values, nx, ny, 1);
  const int images = TIFFNumberOfDirectories(tif);
  if (images - 1 != static_cast<int>(expected.size())) {
    *why = "it has " + std::to_string(images - 1) + " overviews where its size gives " +
           std::to_string(expected.size());
    return false;
  }
  int ox = nx, oy = ny;
  std::vector<T> read;
  for (int k = 1; k < images; ++k) {
    ox = (ox + 1) / 2;
    oy = (oy + 1) / 2;
    uint32_t w = 0, h = 0;
    if (!TIFFSetDirectory(tif, static_cast<tdir_t>(k)) ||
        TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w) != 1 ||
        TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h) != 1 || w != static_cast<uint32_t>(ox) ||
        h != static_cast<uint32_t>(oy)) {
      *why = "its overview " + std::to_string(k) + " is not " + std::to_string(ox) + " x " +
             std::to_string(oy) + " nodes";
      return false;
    }
    read.resize(static_cast<std::size_t>(ox) * oy);
    if (!read_tiff_image(tif, ox, oy, sizeof(T), read.data(), why)) return false;
    // Bytes, not values: NaN (no value) must be NaN bit for bit as written.
    if (std::memcmp(read.data(), expected[k - 1].data(), read.size() * sizeof(T)) != 0) {
      *why = "its overview " + std::to_string(k) + " differs from the one its values make";
      return false;
    }
  }
  return true;
}

}  // namespace

bool read_tiff_image(TIFF* tif, int nx, int ny, int value_bytes, void* out, std::string* why) {
  char* bytes = static_cast<char*>(out);
  return TIFFIsTiled(tif) ? read_tiles(tif, nx, ny, value_bytes, bytes, why)
                          : read_strips(tif, nx, ny, value_bytes, bytes, why);
}

bool check_overviews(TIFF* tif, const void* values, int nx, int ny, bool f64, std::string* why) {
  if (TIFFNumberOfDirectories(tif) <= 1) return true;
  return f64 ? compare_overviews(tif, static_cast<const double*>(values), nx, ny, why)
             : compare_overviews(tif, static_cast<const float*>(values), nx, ny, why);
}

}  // namespace geofield
