// The outputs geofield writes, one entry each: the option that asks for it, its file extensions,
// what it writes (the line the option's help and the Export panel's tooltip show), whether a
// tile holds it (and the tile's file name), whether it carries the nearest site's index, and
// its writer. The option table, `render`, its tiles, `geofield mosaic` and the subgrid's Export
// panel iterate this list: a new output is one entry here.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "field_params.h"
#include "host_field.h"
#include "sites.h"
#include "subgrid.h"
#include "tiles.h"

namespace geofield {

class AtomicFile;
struct Image;

// Each output once, in the registry's order (output_kinds()).
enum class OutputId { png, figure, npy, geotiff, netcdf, index, index_geotiff, bearing };
inline constexpr std::size_t kOutputCount = 8;

// Bytes of each piece of a .npy's values when its writing is followed (OutputData::on_piece):
// small enough that a cancel is quick and progress moves.
inline constexpr std::uint64_t kNpyPieceBytes = 8ull << 20;

// What an output is made of.
enum class OutputSource {
  picture,  // an image the renderer draws: the whole grid only
  field,    // the field's values
  index,    // each node's nearest site (many sites only: `--centres`, `--sites`)
  bearing,  // the initial azimuth toward each node's nearest point (any sites, the sphere's)
};

// A tile of a run: its place in the grid and the run's sites (tile_metadata.h's sites_identity).
struct OutputTile {
  TileChoice choice;
  Subgrid subgrid;
  std::string sites;
};

// What one output is written from; each writer reads what its source needs.
struct OutputData {
  const FieldParams* params = nullptr;  // the whole grid: georeferencing, units
  const HostField* field = nullptr;     // the values: the grid's, or the tile's
  std::span<const std::int32_t> index;  // many sites: each node's nearest (nodes' count)
  std::span<const float> bearing;       // degrees from north toward the nearest (nodes' count)
  std::optional<std::size_t> centres;   // many sites: their count; none: one reference point
  const SiteSet* sites = nullptr;       // many sites: the set (the index outputs' site table)
  const OutputTile* tile = nullptr;     // a tile of params' grid; null: the whole grid
  const Image* picture = nullptr;       // a picture's image
  int dpi = 0;                          // a picture's pixels per inch to record; 0: none
  // A figure made as PDF or SVG (app/figure/figure_vector.h): its bytes, the format's name and
  // the figure's width in pixels; empty: the picture is written as PNG.
  std::span<const std::uint8_t> encoded;
  std::string encoded_format;
  int width_px = 0;
  bool cog = false;     // the distance GeoTIFF as a COG (always so for a tile)
  std::string history;  // the NetCDF file's history: what made it
  // Called with the bytes of each piece of values written, by writers that write in pieces
  // (.npy); it may throw to stop the writing (a cancel).
  std::function<void(std::uint64_t bytes)> on_piece;

  // The nodes written: the tile's, or the whole grid's.
  int nx() const { return tile != nullptr ? tile->subgrid.nx : params->nx; }
  int ny() const { return tile != nullptr ? tile->subgrid.ny : params->ny; }
};

// A file's extension in lower case (".PDF" -> ".pdf"; none: ""), as the outputs' extensions are
// written.
std::string lowercase_extension(const std::filesystem::path& file);

struct OutputKind {
  OutputId id;
  const char* option;  // "--npy": the option, and the output's name in messages
  // The file's extensions, the first the one geofield gives (the subgrid's exports, the tiles).
  std::vector<std::string> extensions;
  OutputSource source;
  // What it writes, one line: the option's help after "write ", the Export panel's tooltip.
  const char* writes;
  // A tile's file: "tile-K-of-N" + this ("" when a tile cannot hold it). With `--tile all/N`
  // the option then names a folder of such files.
  const char* tile_suffix;
  const char* untiled_why;  // why a tile cannot hold it ("draws the whole grid"), else ""
  bool mosaic;              // `geofield mosaic` joins its tiles (each kind a folder of its own)
  bool carries_index;       // with many sites it holds each node's nearest site
  const char* panel_label;  // its button on the window's Export panel; "" when not there
  // Loads the module that writes it (require_geotiff_writer), before any work; none: built in.
  void (*require)();
  // Writes the file from `data` into `file` (not finished, not committed).
  void (*write)(AtomicFile& file, const OutputData& data);
  // What the "wrote FILE (...)" line says of it: "float32, shape 8 x 16".
  std::string (*summary)(const OutputData& data);
  // A file written beside it (its name the output's with this suffix), all or nothing with it:
  // the index GeoTIFF's .aux.xml, its sites' names (site_table.h). Null: none.
  const char* sidecar_suffix;
  // The sidecar's bytes and its "wrote" summary; empty bytes: none this time.
  std::pair<std::string, std::string> (*sidecar)(const OutputData& data);

  bool tiled() const { return *tile_suffix != '\0'; }
  bool in_panel() const { return *panel_label != '\0'; }
};

// Every output, in the order they are checked, written and named.
const std::vector<OutputKind>& output_kinds();
const OutputKind& output_kind(OutputId id);

// Why output `id` cannot carry p's projection, one line naming its option; none when it can.
// GeoTIFF has no key for Equal Earth and CF no grid mapping: such a file is not written rather
// than written with a CRS that readers would take for another (render refuses it at once, the
// writers again, for the window's Export panel).
std::optional<std::string> projection_refusal(OutputId id, const FieldParams& p);

// The options of the outputs `pick` accepts, each with `value` after it (none when ""), as a
// list whose last two are joined by `last`: "--npy DIR, --geotiff DIR and/or --netcdf DIR".
std::string output_options_text(const std::function<bool(const OutputKind&)>& pick,
                                const char* value, const char* last = " and/or ");

// Each output's file (or a tiled run's folder), none for an output not asked for.
class OutputPaths {
 public:
  std::optional<std::filesystem::path>& operator[](OutputId id) {
    return paths_[static_cast<std::size_t>(id)];
  }
  const std::optional<std::filesystem::path>& operator[](OutputId id) const {
    return paths_[static_cast<std::size_t>(id)];
  }
  // Whether any output `pick` accepts is asked for (any at all without `pick`).
  bool any(const std::function<bool(const OutputKind&)>& pick = nullptr) const;

 private:
  std::array<std::optional<std::filesystem::path>, kOutputCount> paths_;
};

}  // namespace geofield
