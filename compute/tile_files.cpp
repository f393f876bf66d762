#include "compute/tile_files.h"

#include "errors.h"
#include "export/output_files.h"

namespace geofield {

std::uint64_t write_tile_files(const FieldParams& p, const TileSites& sites, const TileChoice& tile,
                               const Subgrid& w, const HostField& field,
                               std::span<const std::int32_t> index, std::span<const float> bearing,
                               const TileFiles& files, bool say) {
  const std::size_t nodes = static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny);
  const bool indexed = files.paths.any([&](const OutputKind& k) {
    return k.source == OutputSource::index || (k.carries_index && sites.centres);
  });
  if (indexed && index.size() != nodes) {
    throw RuntimeFailure("the index of tile " + std::to_string(tile.index) + " has " +
                         std::to_string(index.size()) + " values, not its " + std::to_string(w.nx) +
                         " x " + std::to_string(w.ny));
  }
  if (files.paths[OutputId::bearing] && bearing.size() != nodes) {
    throw RuntimeFailure("the bearing of tile " + std::to_string(tile.index) + " has " +
                         std::to_string(bearing.size()) + " values, not its " +
                         std::to_string(w.nx) + " x " + std::to_string(w.ny));
  }
  const OutputTile place{tile, w, sites.sites};
  OutputData data;
  data.params = &p;
  data.field = &field;
  data.index = index;
  data.bearing = bearing;
  data.centres = sites.centres;
  data.sites = sites.centres ? &sites.set : nullptr;
  data.tile = &place;
  data.history = files.command;
  OutputFiles written;
  for (const OutputKind& k : output_kinds()) {
    if (files.paths[k.id]) written.write(k, *files.paths[k.id], data);
  }
  written.commit(say);
  return static_cast<std::uint64_t>(nodes) * (field.precision == Precision::f64 ? 8 : 4);
}

}  // namespace geofield
