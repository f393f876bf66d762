// What `geofield mosaic` decides from a folder's listing and its tiles' metadata, without
// touching a file: which entries are candidate tiles and which are left out with a note, and
// whether the tiles read make one whole run (one grid, one split, each tile once, their runs'
// digests their own). Pure, so that tests/fuzz/mosaic_scan_fuzz.cpp drives it from bytes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "export/tile_metadata.h"
#include "field_params.h"

namespace geofield {

// A folder entry as lstat and stat see it: a symbolic link counts as what it leads to.
enum class EntryType { regular, folder, dangling_link, other };

struct FolderEntry {
  std::string name;  // the file name in the folder
  EntryType type = EntryType::regular;
};

struct FolderScan {
  std::vector<std::string> candidates;  // regular .tif/.tiff files (or links to one), sorted
  std::vector<std::string> notes;       // one line each: an entry left out and why
};

// Hidden entries (".name": an export's temporaries among them) are passed over in silence, as
// are regular files of other names (.npy, .nc, the VRT); every other entry that is not a
// regular file (a folder, a dangling link, a FIFO) is left out with a note, never a failure.
FolderScan scan_entries(std::vector<FolderEntry> entries);

// One candidate read: its metadata and what the file itself says of its values.
struct ScannedTile {
  std::filesystem::path file;
  TileMetadata metadata;
  int nx = 0, ny = 0;                       // the image's size
  TileSample stored = TileSample::float32;  // int32: an index tile
};

// Checks that `tiles` (of folder dir) are every tile of one run, each once: one grid, one split,
// one stored type (distance tiles and index tiles are refused together, named: each kind is
// joined from a folder of its own), an index tile's metadata saying so, each tile's nodes its
// place's, and each GEOFIELD_RUN the digest of its own grid and type (else its metadata is
// damaged). Throws UsageError, one line naming the file or files. On return the tiles are sorted by
// tile number.
void check_one_run(std::vector<ScannedTile>* tiles, const std::filesystem::path& dir);

}  // namespace geofield
