#include "cli/mosaic_command.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <system_error>

#include "cli/view_options.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/mosaic_vrt.h"
#include "export/tile_metadata.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

const char* const kHelp =
    "Usage: geofield mosaic DIR [--output FILE.vrt]\n"
    "\n"
    "Joins the tiles of one grid that 'geofield render --tile K/N --geotiff DIR/NAME.tif' wrote\n"
    "into DIR by a GDAL VRT (XML) that reads as one raster: every .tif/.tiff in DIR that is a\n"
    "geofield tile; all must be of one grid and one split, each tile once, none missing.\n"
    "\n"
    "Options:\n"
    "  --output FILE   the VRT to write [DIR/mosaic.vrt]\n"
    "  -h, --help      this text\n";

bool is_tiff_name(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return (ext == ".tif" || ext == ".tiff") && p.filename().string().front() != '.';
}

std::string name_of(const fs::path& p) { return quoted_excerpt(p.filename().string()); }

std::string tile_text(const TileMetadata& m) {
  return std::to_string(m.tile.index) + "/" + std::to_string(m.tile.layout.tiles_x) + "x" +
         std::to_string(m.tile.layout.tiles_y);
}

// Every tile of one grid, each once, its nodes and size those of its place: or one line why not.
void check_one_grid(const std::vector<MosaicTile>& tiles, const std::vector<GeotiffInfo>& infos,
                    const fs::path& dir) {
  const MosaicTile& first = tiles.front();
  const TileMetadata& m0 = first.metadata;
  for (size_t k = 0; k < tiles.size(); ++k) {
    const TileMetadata& m = tiles[k].metadata;
    if (m.grid != m0.grid || m.grid_nx != m0.grid_nx || m.grid_ny != m0.grid_ny) {
      throw UsageError("mosaic: " + quoted_excerpt(dir.string()) +
                       " holds tiles of more than one grid (" + name_of(first.file) + ": " +
                       quoted_excerpt(m0.grid, 160) + "; " + name_of(tiles[k].file) + ": " +
                       quoted_excerpt(m.grid, 160) + "): give each grid a folder of its own");
    }
    if (!(m.tile.layout == m0.tile.layout)) {
      throw UsageError("mosaic: " + name_of(first.file) + " is tile " + tile_text(m0) + " and " +
                       name_of(tiles[k].file) + " tile " + tile_text(m) +
                       ": tiles of two splits of one grid; keep one split in the folder");
    }
    if (infos[k].precision != infos[0].precision) {
      throw UsageError("mosaic: " + name_of(first.file) + " and " + name_of(tiles[k].file) +
                       " hold different sample types (float32 and float64): render every tile "
                       "with or every tile without --f64");
    }
    const NodeWindow expected = tile_window(m.tile.layout, m.grid_nx, m.grid_ny, m.tile.index);
    if (!(m.nodes == expected) || infos[k].nx != expected.nx || infos[k].ny != expected.ny) {
      throw UsageError("mosaic: " + name_of(tiles[k].file) + " says it is tile " + tile_text(m) +
                       " but its nodes are not that tile's (" +
                       describe_window(expected, m.grid_nx, m.grid_ny) + ")");
    }
  }
  std::map<int, const MosaicTile*> by_index;
  for (const MosaicTile& t : tiles) {
    const auto [it, inserted] = by_index.emplace(t.metadata.tile.index, &t);
    if (!inserted) {
      throw UsageError("mosaic: tile " + tile_text(t.metadata) +
                       " is there twice: " + name_of(it->second->file) + " and " + name_of(t.file) +
                       "; remove one of them");
    }
  }
  const int count = m0.tile.layout.count();
  std::string missing;
  int missing_count = 0;
  for (int k = 0; k < count; ++k) {
    if (by_index.count(k) != 0) continue;
    if (++missing_count <= 10) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  }
  if (missing_count > 0) {
    throw UsageError("mosaic: " + std::to_string(missing_count) + " of the " +
                     std::to_string(count) + " tiles (" + std::to_string(m0.tile.layout.tiles_x) +
                     "x" + std::to_string(m0.tile.layout.tiles_y) + ") are missing: " + missing +
                     (missing_count > 10 ? ", ..." : "") + " (render --tile K/" +
                     std::to_string(m0.tile.layout.tiles_x) + "x" +
                     std::to_string(m0.tile.layout.tiles_y) + " makes tile K)");
  }
}

}  // namespace

bool parse_mosaic_command(const std::vector<std::string>& words, MosaicRequest* request,
                          std::string* help) {
  std::optional<std::string> dir, output;
  for (size_t k = 0; k < words.size(); ++k) {
    const std::string& w = words[k];
    if (w == "--help" || w == "-h") {
      *help = kHelp;
      return false;
    }
    if (w == "--output" || w.rfind("--output=", 0) == 0) {
      if (output) throw UsageError("--output: given twice; give it once");
      if (w == "--output") {
        if (k + 1 >= words.size()) throw UsageError("--output: needs FILE, got nothing");
        output = words[++k];
      } else {
        output = w.substr(9);
      }
      if (output->empty()) throw empty_value_error("--output", "FILE");
      continue;
    }
    if (w.size() > 1 && w[0] == '-') {
      throw UsageError(quoted_excerpt(w) +
                       ": unknown option for 'mosaic' (see 'geofield mosaic --help')");
    }
    if (dir) {
      throw UsageError("mosaic: one folder only (got " + quoted_excerpt(*dir) + " and " +
                       quoted_excerpt(w) + ")");
    }
    if (w.empty()) throw UsageError("mosaic: the folder is empty text; name a folder");
    dir = w;
  }
  if (!dir)
    throw UsageError("mosaic: name the folder of tiles: geofield mosaic DIR [--output FILE.vrt]");
  request->dir = *dir;
  request->output = output ? fs::path(*output) : fs::path(*dir) / "mosaic.vrt";
  return true;
}

int run_mosaic(const MosaicRequest& request) {
  std::error_code ec;
  if (!fs::is_directory(request.dir, ec)) {
    throw UsageError("mosaic: " + quoted_excerpt(request.dir.string()) + " is not a folder");
  }
  check_writable(request.output, "--output");
  require_geotiff_writer();
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(request.dir, ec)) {
    if (e.is_regular_file(ec) && is_tiff_name(e.path())) files.push_back(fs::absolute(e.path()));
  }
  if (ec) throw RuntimeFailure("cannot list " + request.dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  std::vector<MosaicTile> tiles;
  std::vector<GeotiffInfo> infos;
  for (const fs::path& f : files) {
    // A file that is no TIFF at all is as much "not a tile" as a TIFF without our metadata;
    // a missing tile is then named by the grid check below.
    GeotiffInfo info;
    try {
      info = read_geotiff_info(f);
    } catch (const RuntimeFailure& e) {
      std::fprintf(stderr, "geofield: mosaic: %s is not a TIFF geofield can read; left out (%s)\n",
                   f.filename().c_str(), e.what());
      continue;
    }
    std::optional<TileMetadata> m;
    try {
      m = parse_tile_metadata(info.metadata_xml);
    } catch (const RuntimeFailure& e) {
      throw RuntimeFailure("mosaic: " + f.string() + ": " + e.what());
    }
    if (!m) {
      std::fprintf(stderr, "geofield: mosaic: %s is not a geofield tile; left out\n",
                   f.filename().c_str());
      continue;
    }
    if (!info.precision) {
      throw UsageError("mosaic: " + name_of(f) + " holds neither float32 nor float64 values");
    }
    tiles.push_back({f, *m});
    infos.push_back(std::move(info));
  }
  if (tiles.empty()) {
    throw UsageError("mosaic: " + quoted_excerpt(request.dir.string()) +
                     " holds no geofield tiles (.tif written by render --tile K/N --geotiff)");
  }
  check_one_grid(tiles, infos, request.dir);
  std::sort(tiles.begin(), tiles.end(), [](const MosaicTile& a, const MosaicTile& b) {
    return a.metadata.tile.index < b.metadata.tile.index;
  });
  const fs::path vrt_dir = fs::absolute(request.output).parent_path();
  const std::string xml = mosaic_vrt(tiles, *infos.front().precision, vrt_dir);
  write_file_atomically(request.output,
                        {std::span(reinterpret_cast<const std::uint8_t*>(xml.data()), xml.size())});
  const TileMetadata& m = tiles.front().metadata;
  std::fprintf(stderr, "geofield: wrote %s (GDAL VRT over %zu tiles, %d x %d nodes)\n",
               request.output.c_str(), tiles.size(), m.grid_nx, m.grid_ny);
  return 0;
}

}  // namespace geofield
