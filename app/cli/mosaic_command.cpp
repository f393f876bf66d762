#include "cli/mosaic_command.h"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
#include <thread>

#include "cli/mosaic_scan.h"
#include "cli/view_options.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/mosaic_vrt.h"
#include "export/site_table.h"
#include "export/tile_metadata.h"
#include "export/values_digest.h"
#include "memory_limits.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

const char* const kHelp =
    "Usage: geofield mosaic DIR [--output FILE.vrt]\n"
    "\n"
    "Joins the tiles of one grid that 'geofield render --tile K/N --geotiff DIR/NAME.tif' wrote\n"
    "into DIR by a GDAL VRT (XML) that reads as one raster: every .tif/.tiff in DIR that is a\n"
    "geofield tile; all must be of one run (one grid, the same reference point or centres and\n"
    "options, one split), each tile once, none missing. Index tiles (--index-geotiff) join the\n"
    "same way into a VRT of the index (Int32, -1 off a projected map); a folder holding both\n"
    "distance and index tiles is refused naming one of each: give each kind its own folder. Every "
    "tile is read whole and proves itself: its\n"
    "values' digest and its run's, written in its metadata (GEOFIELD_VALUES_DIGEST,\n"
    "GEOFIELD_RUN), must be those of what is read, so a tile cut short, bit-flipped or of\n"
    "another run is refused by name (exit 2). Tiles of an earlier geofield, with no digest,\n"
    "are read whole and named in a note. Entries that are not regular files (folders,\n"
    "symbolic links to nothing) are left out with a note. Reading is I/O bound: about as long\n"
    "as reading the tiles' files once.\n"
    "\n"
    "Options:\n"
    "  --output FILE   the VRT to write [DIR/mosaic.vrt]\n"
    "  -h, --help      this text\n";

// TIFF's first bytes, classic or BigTIFF, either byte order: a file that starts so but cannot be
// read is a damaged TIFF (a tile cut short), not some other file named .tif.
bool starts_as_tiff(const fs::path& p) {
  std::FILE* f = std::fopen(p.c_str(), "rb");
  if (f == nullptr) return false;
  unsigned char b[4] = {};
  const bool read = std::fread(b, 1, 4, f) == 4;
  std::fclose(f);
  return read && ((b[0] == 'I' && b[1] == 'I' && (b[2] == 42 || b[2] == 43) && b[3] == 0) ||
                  (b[0] == 'M' && b[1] == 'M' && b[2] == 0 && (b[3] == 42 || b[3] == 43)));
}

std::string name_of(const fs::path& p) { return quoted_excerpt(p.filename().string()); }

// The folder's entries as scan_entries takes them: a link counts as what it leads to. An entry
// that vanishes while listed counts as a dangling link; listing errors fail naming the folder.
std::vector<FolderEntry> list_entries(const fs::path& dir) {
  std::vector<FolderEntry> entries;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code type_ec;  // one entry's own: a dangling link must not end the listing
    const fs::file_status s = fs::status(it->path(), type_ec);
    EntryType type = EntryType::other;  // also an entry stat cannot examine (EACCES, ELOOP)
    if (type_ec || !fs::exists(s)) {
      std::error_code link_ec;
      if (fs::is_symlink(fs::symlink_status(it->path(), link_ec)) && !link_ec &&
          (!type_ec || type_ec == std::errc::no_such_file_or_directory)) {
        type = EntryType::dangling_link;
      }
    } else if (fs::is_regular_file(s)) {
      type = EntryType::regular;
    } else if (fs::is_directory(s)) {
      type = EntryType::folder;
    }
    entries.push_back({it->path().filename().string(), type});
  }
  if (ec) throw RuntimeFailure("mosaic: cannot list " + dir.string() + ": " + ec.message());
  return entries;
}

// A candidate read: a tile, or none (left out with a note) when it is no geofield tile.
std::optional<ScannedTile> read_candidate(const fs::path& f) {
  GeotiffInfo info;
  try {
    info = read_geotiff_info(f);
  } catch (const RuntimeFailure& e) {
    if (starts_as_tiff(f)) {
      throw UsageError("mosaic: " + name_of(f) + " is damaged: a TIFF that cannot be read (" +
                       e.what() + "); render its tile again or remove it");
    }
    // A file that is no TIFF at all is as much "not a tile" as a TIFF without our metadata;
    // a missing tile is then named by the run's check.
    std::fprintf(stderr, "geofield: mosaic: %s is not a TIFF geofield can read; left out (%s)\n",
                 f.filename().c_str(), e.what());
    return std::nullopt;
  }
  std::optional<TileMetadata> m;
  try {
    m = parse_tile_metadata(info.metadata_xml);
  } catch (const RuntimeFailure& e) {
    throw UsageError("mosaic: " + name_of(f) + " is damaged: " + e.what());
  }
  if (!m) {
    std::fprintf(stderr, "geofield: mosaic: %s is not a geofield tile; left out\n",
                 f.filename().c_str());
    return std::nullopt;
  }
  if (!info.precision && !info.int32) {
    throw UsageError("mosaic: " + name_of(f) +
                     " holds neither float32 nor float64 values nor an int32 index");
  }
  return ScannedTile{f, *m, info.nx, info.ny,
                     info.int32 ? TileSample::int32 : tile_sample_of(*info.precision)};
}

// "K/TXxTY again": what remakes a damaged tile.
std::string again(const TileMetadata& m) {
  return std::to_string(m.tile.index) + "/" + std::to_string(m.tile.layout.tiles_x) + "x" +
         std::to_string(m.tile.layout.tiles_y) + " again";
}

std::uint64_t value_bytes(const ScannedTile& t) {
  return static_cast<std::uint64_t>(t.nx) * static_cast<std::uint64_t>(t.ny) *
         (t.stored == TileSample::float64 ? 8 : 4);
}

// How many tiles are read at once: a thread a core (its affinity: a Slurm job's share), each
// holding a tile's values and overviews (~1.4 times its values; 2 counted) within the memory
// available, and no more than there are tiles.
std::size_t reader_count(const std::vector<ScannedTile>& tiles) {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
  if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) {
    cores = static_cast<std::size_t>(CPU_COUNT(&set));
  }
  std::uint64_t largest = 1;
  for (const ScannedTile& t : tiles) largest = std::max(largest, value_bytes(t));
  const std::uint64_t fit =
      std::max<std::uint64_t>(1, available_host_memory_bytes() / (2 * largest));
  return static_cast<std::size_t>(std::min<std::uint64_t>({cores, fit, tiles.size()}));
}

// Tile t read whole and its digest checked: "" when whole, else the refusal's line.
std::string damage_of(const ScannedTile& t) {
  GeotiffInfo info;
  info.nx = t.nx;
  info.ny = t.ny;
  if (t.stored == TileSample::int32) {
    info.int32 = true;
  } else {
    info.precision = t.stored == TileSample::float64 ? Precision::f64 : Precision::f32;
  }
  std::uint64_t digest = 0;
  try {
    digest = read_geotiff_values_digest(t.file, info);
  } catch (const RuntimeFailure& e) {
    return "mosaic: " + name_of(t.file) + " is damaged: " + e.what() + "; render tile " +
           again(t.metadata);
  }
  if (t.metadata.values_digest && digest != *t.metadata.values_digest) {
    return "mosaic: " + name_of(t.file) + " is damaged: its values' digest is " +
           digest_text(digest) + ", not the " + digest_text(*t.metadata.values_digest) +
           " written in its GEOFIELD_VALUES_DIGEST; render tile " + again(t.metadata);
  }
  return "";
}

// Reads every tile whole (several at once) and checks its values digest: the damaged tile of
// lowest number is refused by name, whatever the threads' timing (tiles are taken in order and
// those taken before a failure are finished). Tiles without a digest (an earlier geofield's)
// are read whole too, and named in one note. Returns the values' bytes read.
std::uint64_t check_values(const std::vector<ScannedTile>& tiles) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::vector<std::string> damage(tiles.size());
  {
    std::vector<std::jthread> readers;
    for (std::size_t r = reader_count(tiles); r > 0; --r) {
      readers.emplace_back([&] {
        for (std::size_t k; !failed && (k = next++) < tiles.size();) {
          damage[k] = damage_of(tiles[k]);
          if (!damage[k].empty()) failed = true;
        }
      });
    }
  }
  for (const std::string& d : damage) {
    if (!d.empty()) throw UsageError(d);
  }
  std::uint64_t bytes = 0;
  std::vector<std::string> unproved;
  for (const ScannedTile& t : tiles) {
    bytes += value_bytes(t);
    if (!t.metadata.values_digest) unproved.push_back(t.file.filename().string());
  }
  if (!unproved.empty()) {
    std::fprintf(stderr,
                 "geofield: mosaic: %zu tile%s no values digest (written by an earlier "
                 "geofield), so %s read whole but not verified: %s%s\n",
                 unproved.size(), unproved.size() == 1 ? " carries" : "s carry",
                 unproved.size() == 1 ? "it was" : "they were",
                 quoted_excerpt(unproved.front()).c_str(), unproved.size() > 1 ? ", ..." : "");
  }
  return bytes;
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

namespace {

// The index tiles' raster attribute table (their sites' names, each tile's .aux.xml), when every
// tile has the same one; else none, said in a line (the run's identity leaves names out, so two
// runs' tiles may differ in them alone).
std::string index_table_of(const std::vector<ScannedTile>& tiles) {
  if (tiles.front().stored != TileSample::int32) return "";
  std::optional<std::string> table;
  for (const ScannedTile& t : tiles) {
    std::ifstream in(t.file.string() + ".aux.xml", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::string own = raster_attribute_table_of(text);
    if (table && *table != own) {
      std::fprintf(stderr,
                   "geofield: mosaic: the index tiles' names (FILE.aux.xml) differ or some have "
                   "none: the VRT carries none\n");
      return "";
    }
    table = own;
  }
  return *table;
}

}  // namespace

int run_mosaic(const MosaicRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  if (!fs::is_directory(request.dir, ec)) {
    throw UsageError("mosaic: " + quoted_excerpt(request.dir.string()) + " is not a folder");
  }
  check_writable(request.output, "--output");
  require_geotiff_writer();
  const FolderScan scan = scan_entries(list_entries(request.dir));
  for (const std::string& note : scan.notes) {
    std::fprintf(stderr, "geofield: mosaic: %s\n", note.c_str());
  }
  std::vector<ScannedTile> tiles;
  for (const std::string& name : scan.candidates) {
    if (std::optional<ScannedTile> t = read_candidate(fs::absolute(request.dir / name))) {
      tiles.push_back(std::move(*t));
    }
  }
  check_one_run(&tiles, request.dir);
  const std::uint64_t bytes = check_values(tiles);
  std::vector<MosaicTile> sources;
  for (const ScannedTile& t : tiles) sources.push_back({t.file, t.metadata});
  const fs::path vrt_dir = fs::absolute(request.output).parent_path();
  const std::string xml = mosaic_vrt(sources, tiles.front().stored, vrt_dir, index_table_of(tiles));
  write_file_atomically(request.output,
                        {std::span(reinterpret_cast<const std::uint8_t*>(xml.data()), xml.size())});
  const TileMetadata& m = tiles.front().metadata;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::fprintf(stderr,
               "geofield: wrote %s (GDAL VRT over %zu %stiles, %d x %d nodes; every tile read "
               "whole: %.1f MB of values in %.2f s)\n",
               request.output.c_str(), tiles.size(), m.index ? "index " : "", m.grid_nx, m.grid_ny,
               bytes / 1e6, seconds);
  return 0;
}

}  // namespace geofield
