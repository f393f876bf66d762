#include "export/mosaic_vrt.h"

#include <cstdio>

#include "export/tile_metadata.h"
#include "export/values_digest.h"

namespace geofield {
namespace {

std::string exact(double v) { return exact_text(v); }

std::string rect(const char* name, int x, int y, int w, int h) {
  return std::string("      <") + name + " xOff=\"" + std::to_string(x) + "\" yOff=\"" +
         std::to_string(y) + "\" xSize=\"" + std::to_string(w) + "\" ySize=\"" + std::to_string(h) +
         "\"/>\n";
}

}  // namespace

std::string mosaic_vrt(const std::vector<MosaicTile>& tiles, TileSample stored,
                       const std::filesystem::path& vrt_dir, const std::string& rat) {
  const TileMetadata& m = tiles.front().metadata;
  const char* type = stored == TileSample::float64 ? "Float64"
                     : stored == TileSample::int32 ? "Int32"
                                                   : "Float32";
  // GDAL reads a GeoTIFF whose nodes are points (RasterPixelIsPoint) as pixels centred on the
  // nodes: its geotransform starts half a step west and north of node (0, 0), with
  // AREA_OR_POINT=Point. The VRT says the same, so it reads as the tiles and a whole render do.
  std::string x = "<VRTDataset rasterXSize=\"" + std::to_string(m.grid_nx) + "\" rasterYSize=\"" +
                  std::to_string(m.grid_ny) + "\">\n";
  x += "  <SRS>" + xml_escaped(m.srs) + "</SRS>\n";
  x += "  <GeoTransform>" + exact(m.x0 - m.step_x / 2) + ", " + exact(m.step_x) + ", 0, " +
       exact(m.y0 + m.step_y / 2) + ", 0, " + exact(-m.step_y) + "</GeoTransform>\n";
  // A pixel-registered grid's tiles are areas (RasterPixelIsArea) of that same geotransform.
  x += std::string("  <Metadata>\n    <MDI key=\"AREA_OR_POINT\">") +
       (m.pixel_is_area ? "Area" : "Point") + "</MDI>\n";
  x += "    <MDI key=\"GEOFIELD_GRID\">" + xml_escaped(m.grid) + "</MDI>\n";
  if (m.run) x += "    <MDI key=\"GEOFIELD_RUN\">" + digest_text(*m.run) + "</MDI>\n";
  x += "  </Metadata>\n";
  x += std::string("  <VRTRasterBand dataType=\"") + type + "\" band=\"1\">\n";
  if (m.nodata_nan) {
    x += std::string("    <NoDataValue>") + (stored == TileSample::int32 ? "-1" : "nan") +
         "</NoDataValue>\n";
  }
  if (!rat.empty()) x += "    " + rat + "\n";
  for (const MosaicTile& t : tiles) {
    const Subgrid& w = t.metadata.nodes;
    std::error_code ec;
    std::filesystem::path name = std::filesystem::relative(t.file, vrt_dir, ec);
    const bool relative = !ec && !name.empty();
    if (!relative) name = t.file;
    x += "    <SimpleSource>\n";
    x += std::string("      <SourceFilename relativeToVRT=\"") + (relative ? "1" : "0") + "\">" +
         xml_escaped(name.string()) + "</SourceFilename>\n";
    x += "      <SourceBand>1</SourceBand>\n";
    x += "      <SourceProperties RasterXSize=\"" + std::to_string(w.nx) + "\" RasterYSize=\"" +
         std::to_string(w.ny) + "\" DataType=\"" + type +
         "\" BlockXSize=\"512\" BlockYSize=\"512\"/>\n";
    x += rect("SrcRect", 0, 0, w.nx, w.ny);
    x += rect("DstRect", w.col0, w.row0, w.nx, w.ny);
    x += "    </SimpleSource>\n";
  }
  x += "  </VRTRasterBand>\n</VRTDataset>\n";
  return x;
}

}  // namespace geofield
