// libFuzzer target: any bytes as a GeoTIFF's GDAL_METADATA XML, read by parse_tile_metadata
// (what `geofield mosaic` trusts of a tile; issue 33). It may say "not a tile" (none) or refuse,
// only with RuntimeFailure whose message is one printable line of bounded length; what it takes
// is a tile that can be placed: a split of at least one tile, no more tiles a side than nodes,
// its number in range. And what it takes reads back the same when written again as the writer
// writes it (metadata_items, values escaped). Seeds: tests/fuzz/corpus/tile_metadata/.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "errors.h"
#include "export/tile_metadata.h"
#include "fuzz_checks.h"

namespace {

// A malformed item's name and a 64-byte excerpt (escaped: up to 4 bytes each).
constexpr std::size_t kMaxMessageBytes = 400;

[[noreturn]] void finding(const char* what, const std::string& detail) {
  geofield::fuzz::finding("tile_metadata", what, detail);
}

bool same_number(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

void check_taken(const geofield::TileMetadata& m, const std::string& xml) {
  const geofield::TileLayout& l = m.tile.layout;
  if (l.tiles_x < 1 || l.tiles_y < 1 || l.tiles_x > m.grid_nx || l.tiles_y > m.grid_ny ||
      m.tile.index < 0 || m.tile.index >= l.count()) {
    finding("a tile that cannot be placed was taken", xml);
  }
  std::string again = "<GDALMetadata>\n";
  for (const auto& [name, value] : geofield::metadata_items(m)) {
    again += "  <Item name=\"" + name + "\">" + geofield::xml_escaped(value) + "</Item>\n";
  }
  again += "</GDALMetadata>";
  std::optional<geofield::TileMetadata> back;
  try {
    back = geofield::parse_tile_metadata(again);
  } catch (const geofield::RuntimeFailure& e) {
    finding("what was taken is refused when written again", e.what());
  }
  if (!back || back->tile.index != m.tile.index || !(back->tile.layout == l) ||
      !(back->nodes == m.nodes) || back->grid_nx != m.grid_nx || back->grid_ny != m.grid_ny ||
      back->grid != m.grid || back->srs != m.srs || back->nodata_nan != m.nodata_nan ||
      back->run != m.run || back->values_digest != m.values_digest ||
      !same_number(back->x0, m.x0) || !same_number(back->y0, m.y0) ||
      !same_number(back->step_x, m.step_x) || !same_number(back->step_y, m.step_y)) {
    finding("what was taken reads back otherwise", again);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  try {
    if (const std::optional<geofield::TileMetadata> m = geofield::parse_tile_metadata(xml)) {
      check_taken(*m, xml);
    }
  } catch (const geofield::RuntimeFailure& e) {
    geofield::fuzz::check_message("tile_metadata", e.what(), kMaxMessageBytes);
  }
  return 0;
}
