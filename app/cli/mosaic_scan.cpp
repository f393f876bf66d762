#include "cli/mosaic_scan.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "errors.h"
#include "export/values_digest.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;

bool is_tiff_name(const std::string& name) {
  std::string ext = fs::path(name).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".tif" || ext == ".tiff";
}

std::string name_of(const fs::path& p) { return quoted_excerpt(p.filename().string()); }

std::string tile_text(const TileMetadata& m) {
  return std::to_string(m.tile.index) + "/" + std::to_string(m.tile.layout.tiles_x) + "x" +
         std::to_string(m.tile.layout.tiles_y);
}

// The first word (space-separated "key=value") in which two canonical grids differ, as
// "ref=30,101 and ref=1,2": what sets two runs apart, in a line of reasonable length.
std::string first_difference(const std::string& a, const std::string& b) {
  auto words = [](const std::string& s) {
    std::vector<std::string> w;
    for (size_t at = 0; at <= s.size();) {
      const size_t end = std::min(s.find(' ', at), s.size());
      w.push_back(s.substr(at, end - at));
      at = end + 1;
    }
    return w;
  };
  const std::vector<std::string> wa = words(a), wb = words(b);
  for (size_t k = 0; k < std::max(wa.size(), wb.size()); ++k) {
    const std::string x = k < wa.size() ? wa[k] : "", y = k < wb.size() ? wb[k] : "";
    if (x != y) return quoted_excerpt(x, 60) + " and " + quoted_excerpt(y, 60);
  }
  return "the same grid";
}

const char* type_name(TileSample s) { return to_string(s); }

// A tile whose GEOFIELD_RUN is not the digest of its own grid and type was altered after it was
// written (or damaged where the values are not): its metadata cannot be trusted.
void check_own_run(const ScannedTile& t) {
  const TileMetadata& m = t.metadata;
  if (m.run && *m.run != run_digest(m.grid, t.stored)) {
    throw UsageError("mosaic: " + name_of(t.file) + " is damaged: its GEOFIELD_RUN " +
                     digest_text(*m.run) + " is not the digest of its own GEOFIELD_GRID and " +
                     type_name(t.stored) + " values (" + digest_text(run_digest(m.grid, t.stored)) +
                     "); render tile " + tile_text(m) + " again");
  }
  if (m.index != (t.stored == TileSample::int32)) {
    throw UsageError("mosaic: " + name_of(t.file) + " is damaged: its values are " +
                     type_name(t.stored) + " but its metadata says " +
                     (m.index ? "an index (GEOFIELD_VALUES index)" : "a distance") +
                     "; render tile " + tile_text(m) + " again");
  }
}

void check_same_run(const ScannedTile& first, const ScannedTile& t, const fs::path& dir) {
  const TileMetadata &m0 = first.metadata, &m = t.metadata;
  // First: a mix of kinds is the likelier mistake than a mix of runs, and says what to do.
  if ((t.stored == TileSample::int32) != (first.stored == TileSample::int32)) {
    const ScannedTile& index = t.stored == TileSample::int32 ? t : first;
    const ScannedTile& distance = t.stored == TileSample::int32 ? first : t;
    throw UsageError("mosaic: " + quoted_excerpt(dir.string()) +
                     " holds distance tiles and index "
                     "tiles (" +
                     name_of(distance.file) + " and " + name_of(index.file) +
                     "): give each kind a folder of its own (--geotiff DIR, --index-geotiff "
                     "DIR2) and join each");
  }
  if (m.grid != m0.grid || m.grid_nx != m0.grid_nx || m.grid_ny != m0.grid_ny) {
    throw UsageError("mosaic: " + quoted_excerpt(dir.string()) +
                     " holds tiles of more than one grid, so of two runs: " + name_of(first.file) +
                     " and " + name_of(t.file) + " differ in " + first_difference(m0.grid, m.grid) +
                     ": give each run a folder of its own");
  }
  if (t.stored != first.stored) {
    throw UsageError("mosaic: " + name_of(first.file) + " and " + name_of(t.file) +
                     " hold different sample types (" + type_name(first.stored) + " and " +
                     type_name(t.stored) + "): render every tile with or every tile without --f64");
  }
  if (m.run && m0.run && *m.run != *m0.run) {  // equal grids and types make equal runs
    throw UsageError("mosaic: " + name_of(first.file) + " and " + name_of(t.file) +
                     " are tiles of two runs (GEOFIELD_RUN " + digest_text(*m0.run) + " and " +
                     digest_text(*m.run) + "): give each run a folder of its own");
  }
  if (!(m.tile.layout == m0.tile.layout)) {
    throw UsageError("mosaic: " + name_of(first.file) + " is tile " + tile_text(m0) + " and " +
                     name_of(t.file) + " tile " + tile_text(m) +
                     ": tiles of two splits of one grid; keep one split in the folder");
  }
}

}  // namespace

FolderScan scan_entries(std::vector<FolderEntry> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const FolderEntry& a, const FolderEntry& b) { return a.name < b.name; });
  FolderScan scan;
  for (const FolderEntry& e : entries) {
    if (e.name.empty() || e.name.front() == '.') continue;
    const std::string name = quoted_excerpt(e.name);
    switch (e.type) {
      case EntryType::regular:
        if (is_tiff_name(e.name)) scan.candidates.push_back(e.name);
        break;
      case EntryType::folder:
        scan.notes.push_back(name + " is a folder (mosaic does not look into folders); left out");
        break;
      case EntryType::dangling_link:
        scan.notes.push_back(name + " is a symbolic link to nothing; left out");
        break;
      case EntryType::other: scan.notes.push_back(name + " is not a regular file; left out"); break;
    }
  }
  return scan;
}

void check_one_run(std::vector<ScannedTile>* tiles_in, const fs::path& dir) {
  std::vector<ScannedTile>& tiles = *tiles_in;
  if (tiles.empty()) {
    throw UsageError("mosaic: " + quoted_excerpt(dir.string()) +
                     " holds no geofield tiles (.tif written by render --tile K/N --geotiff)");
  }
  for (const ScannedTile& t : tiles) check_own_run(t);
  const ScannedTile& first = tiles.front();
  for (const ScannedTile& t : tiles) {
    check_same_run(first, t, dir);
    const TileMetadata& m = t.metadata;
    const Subgrid expected = tile_subgrid(m.tile.layout, m.grid_nx, m.grid_ny, m.tile.index);
    if (!(m.nodes == expected) || t.nx != expected.nx || t.ny != expected.ny) {
      throw UsageError("mosaic: " + name_of(t.file) + " says it is tile " + tile_text(m) +
                       " but its nodes are not that tile's (" +
                       describe_subgrid(expected, m.grid_nx, m.grid_ny) + ")");
    }
  }
  std::map<int, const ScannedTile*> by_index;
  for (const ScannedTile& t : tiles) {
    const auto [it, inserted] = by_index.emplace(t.metadata.tile.index, &t);
    if (!inserted) {
      throw UsageError("mosaic: tile " + tile_text(t.metadata) +
                       " is there twice: " + name_of(it->second->file) + " and " + name_of(t.file) +
                       "; remove one of them");
    }
  }
  const TileLayout layout = first.metadata.tile.layout;
  const int count = layout.count();
  // Every index is below count (parse_tile_metadata), so the missing are count minus those
  // found; the first ten are found within as many steps more than the tiles (count may be huge).
  const int missing_count = count - static_cast<int>(by_index.size());
  std::string missing;
  for (int k = 0, named = 0; k < count && named < std::min(missing_count, 10); ++k) {
    if (by_index.count(k) != 0) continue;
    missing += (missing.empty() ? "" : ", ") + std::to_string(k);
    ++named;
  }
  if (missing_count > 0) {
    const std::string split = std::to_string(layout.tiles_x) + "x" + std::to_string(layout.tiles_y);
    throw UsageError("mosaic: " + std::to_string(missing_count) + " of the " +
                     std::to_string(count) + " tiles (" + split + ") are missing: " + missing +
                     (missing_count > 10 ? ", ..." : "") + " (render --tile K/" + split +
                     " makes tile K)");
  }
  std::sort(tiles.begin(), tiles.end(), [](const ScannedTile& a, const ScannedTile& b) {
    return a.metadata.tile.index < b.metadata.tile.index;
  });
}

}  // namespace geofield
