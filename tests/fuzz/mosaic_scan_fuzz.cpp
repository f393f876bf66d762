// libFuzzer target: `geofield mosaic`'s decisions (cli/mosaic_scan.h) on a folder described by
// bytes (issue 33). The input is records separated by a line "%%"; each record's first line is
// "T NAME NX NY B" (T: f regular file, d folder, l dangling link, o another kind; the image's
// NX x NY values of B bytes, 4 or 8) and the rest is the file's GDAL_METADATA XML. What must
// hold: notes and refusals are one printable line of bounded length, only UsageError and
// RuntimeFailure escape; the candidates are regular .tif/.tiff files, not hidden, in order; and
// a folder accepted is every tile of one split once, each at its own nodes, covering the grid
// exactly once, all of one grid, type and run. Seeds: tests/fuzz/corpus/mosaic_scan/.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/mosaic_scan.h"
#include "errors.h"
#include "fuzz_checks.h"

namespace {

// Two file names and two grid words, escaped (up to 4 bytes each), and the words between.
constexpr std::size_t kMaxMessageBytes = 1200;

[[noreturn]] void finding(const char* what, const std::string& detail) {
  geofield::fuzz::finding("mosaic_scan", what, detail);
}

struct Record {
  geofield::FolderEntry entry;
  int nx = 0, ny = 0, bytes = 4;
  std::string xml;
};

std::vector<Record> records_of(const std::string& text) {
  std::vector<Record> records;
  const std::string sep = "\n%%\n";
  for (size_t at = 0; at <= text.size();) {
    const size_t end = std::min(text.find(sep, at), text.size());
    const std::string r = text.substr(at, end - at);
    at = end + sep.size();
    const size_t eol = std::min(r.find('\n'), r.size());
    char type = 0, name[256] = "";
    Record rec;
    if (std::sscanf(r.substr(0, eol).c_str(), "%c %255s %d %d %d", &type, name, &rec.nx, &rec.ny,
                    &rec.bytes) != 5) {
      continue;
    }
    rec.entry.name = name;
    rec.entry.type = type == 'f'   ? geofield::EntryType::regular
                     : type == 'd' ? geofield::EntryType::folder
                     : type == 'l' ? geofield::EntryType::dangling_link
                                   : geofield::EntryType::other;
    rec.xml = eol < r.size() ? r.substr(eol + 1) : "";
    records.push_back(std::move(rec));
  }
  return records;
}

void check_message(const std::string& m) {
  geofield::fuzz::check_message("mosaic_scan", m, kMaxMessageBytes);
}

void check_accepted(const std::vector<geofield::ScannedTile>& tiles) {
  const geofield::ScannedTile& first = tiles.front();
  const geofield::TileMetadata& m0 = first.metadata;
  if (static_cast<int>(tiles.size()) != m0.tile.layout.count()) {
    finding("accepted a folder without every tile once", m0.grid);
  }
  std::int64_t covered = 0;
  for (size_t k = 0; k < tiles.size(); ++k) {
    const geofield::ScannedTile& t = tiles[k];
    const geofield::TileMetadata& m = t.metadata;
    const geofield::Subgrid w =
        geofield::tile_subgrid(m.tile.layout, m.grid_nx, m.grid_ny, m.tile.index);
    if (m.tile.index != static_cast<int>(k) || !(m.nodes == w) || t.nx != w.nx || t.ny != w.ny ||
        m.grid != m0.grid || !(m.tile.layout == m0.tile.layout) || t.stored != first.stored ||
        (m.run && *m.run != geofield::run_digest(m.grid, t.stored))) {
      finding("accepted a tile out of place or of another run", t.file.string());
    }
    covered += std::int64_t{w.nx} * w.ny;
  }
  if (covered != std::int64_t{m0.grid_nx} * m0.grid_ny) {
    finding("accepted tiles that do not cover the grid once", m0.grid);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<Record> records =
      records_of(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<geofield::FolderEntry> entries;
  std::map<std::string, const Record*> by_name;  // a folder names each entry once
  for (const Record& r : records) {
    if (by_name.emplace(r.entry.name, &r).second) entries.push_back(r.entry);
  }
  const geofield::FolderScan scan = geofield::scan_entries(entries);
  for (const std::string& note : scan.notes) check_message(note);
  for (size_t k = 0; k < scan.candidates.size(); ++k) {
    const std::string& name = scan.candidates[k];
    const Record* r = by_name.at(name);
    if (r->entry.type != geofield::EntryType::regular || name.front() == '.' ||
        (k > 0 && !(scan.candidates[k - 1] < name))) {
      finding("a candidate that is not a regular file, hidden or out of order", name);
    }
  }
  std::vector<geofield::ScannedTile> tiles;
  try {
    for (const std::string& name : scan.candidates) {
      const Record* r = by_name.at(name);
      std::optional<geofield::TileMetadata> m;
      try {
        m = geofield::parse_tile_metadata(r->xml);
      } catch (const geofield::RuntimeFailure& e) {
        throw geofield::UsageError(std::string("mosaic: damaged: ") + e.what());
      }
      if (!m) continue;
      tiles.push_back({std::filesystem::path("/d") / name, *m, r->nx, r->ny,
                       geofield::tile_sample_of(r->bytes == 8 ? geofield::Precision::f64
                                                              : geofield::Precision::f32)});
    }
    geofield::check_one_run(&tiles, "/d");
  } catch (const geofield::UsageError& e) {
    check_message(e.what());
    return 0;
  }
  check_accepted(tiles);
  return 0;
}
