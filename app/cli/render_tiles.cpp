#include "cli/render_tiles.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "cli/render_sites.h"
#include "cli/render_tile.h"
#include "compute/cuda_device_field.h"
#include "compute/tile_batch.h"
#include "errors.h"
#include "export/output_kinds.h"
#include "memory_limits.h"

namespace geofield {
namespace {

// Where each output of the batch goes: a folder, made if missing.
std::filesystem::path output_folder(const std::filesystem::path& dir, const char* option) {
  std::error_code ec;
  // A new folder named like a file (x.tif, or the mosaic's x.vrt) is most likely a one-tile
  // line's file name.
  const std::string ext = dir.extension().string();
  bool file_name = ext == ".vrt";
  for (const OutputKind& k : output_kinds()) {
    if (k.tiled()) file_name |= std::count(k.extensions.begin(), k.extensions.end(), ext) > 0;
  }
  if (!std::filesystem::is_directory(dir, ec) && file_name) {
    throw UsageError(std::string(option) + ": with --tile all/N it names a folder for the tiles; " +
                     quoted_excerpt(dir.string()) +
                     " reads as a file's name: give a folder (it is made if missing)");
  }
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir)) {
    throw UsageError(std::string(option) + ": with --tile all/N it names a folder for the tiles; " +
                     quoted_excerpt(dir.string()) + " is not one and cannot be made" +
                     (ec ? " (" + ec.message() + ")" : std::string()));
  }
  return dir;
}

// "the CPU", "2 CUDA devices", "1 CUDA device, 2 workers each".
std::string workers_text(const std::vector<int>& devices, int per_device) {
  std::string text = devices.empty() ? std::string("the CPU")
                                     : std::to_string(devices.size()) + " CUDA device" +
                                           (devices.size() == 1 ? "" : "s");
  if (per_device > 1) {
    text += ", " + std::to_string(per_device) + " workers" + (devices.size() > 1 ? " each" : "");
  }
  return text;
}

// Host memory for the workers' tiles: each holds up to three at once (two read-back buffers,
// or the CPU's field in the making, in the handoff and being written), a COG's overviews and
// compressed blocks take about one more, and a NetCDF tile's in-memory file one more again. Refused
// where the machine has less available, naming --workers where fewer would do, else --tile; a tile
// above the untiled grid's side (the buffers are indexed as one grid) is refused first.
void check_workers_fit(const FieldParams& p, const TileLayout& layout, std::size_t workers,
                       Precision stored, bool netcdf, std::size_t beside_bytes) {
  const TileSides largest = largest_tile(p, layout);
  const std::string tiles =
      "tiles of up to " + std::to_string(largest.nx) + "x" + std::to_string(largest.ny) + " nodes";
  if (largest.nx > kMaxGridSide || largest.ny > kMaxGridSide) {
    throw UsageError("--tile all/" + std::to_string(layout.count()) + ": " + tiles +
                     "; a tile has at most " + std::to_string(kMaxGridSide) +
                     " nodes a side: give more tiles (N, or TXxTY)");
  }
  // beside_bytes a node beside the values: the nearest-site index (int32) with many sites, the
  // bearing (float32) with --bearing.
  const std::uint64_t tile_bytes =
      largest.values() * ((stored == Precision::f64 ? 8 : 4) + beside_bytes);
  if (const auto shortfall = memory_shortfall(workers * (netcdf ? 5 : 4) * tile_bytes)) {
    char each[48];
    std::snprintf(each, sizeof each, " (%.3g GiB each) ", tile_bytes / 1073741824.0);
    const std::string who = workers > 1
                                ? "--workers: " + std::to_string(workers) + " workers"
                                : "--tile all/" + std::to_string(layout.count()) + ": a worker";
    throw UsageError(who + " with " + tiles + each + (workers > 1 ? "need " : "needs ") +
                     *shortfall + ": give more tiles" + (workers > 1 ? " or fewer --workers" : ""));
  }
}

}  // namespace

std::vector<int> parse_devices(const std::string& text) {
  const int count = cuda_device_count();
  const std::string have = count == 0 ? std::string("this machine has no CUDA device")
                                      : "this machine has " + std::to_string(count) +
                                            " CUDA device" + (count == 1 ? "" : "s") + " (0 to " +
                                            std::to_string(count - 1) + ")";
  if (text.empty()) throw UsageError("--devices: empty value; give all or a list like 0,1");
  std::vector<int> devices;
  if (text == "all") {
    if (count == 0) throw UsageError("--devices: " + have);
    for (int d = 0; d < count; ++d) devices.push_back(d);
    return devices;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    int d = -1;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), d);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || d < 0) {
      throw UsageError("--devices: " + quoted_excerpt(text) +
                       " is not all or a list of device numbers like 0,1");
    }
    if (d >= count) {
      throw UsageError("--devices: device " + std::to_string(d) + ": " + have);
    }
    for (int e : devices) {
      if (e == d) {
        throw UsageError("--devices: device " + std::to_string(d) +
                         " is listed twice; for more tiles in flight on it give --workers N");
      }
    }
    devices.push_back(d);
    start = comma + 1;
  }
  return devices;
}

namespace {

// " / "-joined tile suffixes of the outputs `pick` accepts: "tile-K-of-N.npy / .tif / .nc".
std::string tile_names(const std::function<bool(const OutputKind&)>& pick) {
  std::string names;
  for (const OutputKind& k : output_kinds()) {
    if (pick(k)) names += std::string(names.empty() ? "tile-K-of-N" : " / ") + k.tile_suffix;
  }
  return names;
}

// The outputs of `--tile all/N`: tiled ones only, at least one of the field's or the index's, each
// kind that `geofield mosaic` joins in a folder of its own; their writers loaded.
void check_tiled_outputs(const RenderRequest& request) {
  auto field = [](const OutputKind& k) { return k.tiled() && k.source == OutputSource::field; };
  auto index = [](const OutputKind& k) { return k.tiled() && k.source == OutputSource::index; };
  auto bearing = [](const OutputKind& k) { return k.source == OutputSource::bearing; };
  for (const OutputKind& k : output_kinds()) {
    if (k.tiled() || !request.outputs[k.id]) continue;
    // Named: the folders given (--geotiff DIR, say) are not what is missing.
    throw UsageError("--tile all/N: the tiles hold the raw field only, and " +
                     std::string(k.option) + " " + k.untiled_why + ": leave it out; the tiles: " +
                     output_options_text(field, "DIR") + " (folders for " + tile_names(field) +
                     "; with --sites " + output_options_text(index, "DIR", ", ") + " for " +
                     tile_names(index) + "; --bearing DIR for " + tile_names(bearing) + ")");
  }
  if (!request.outputs.any()) {
    throw UsageError("--tile all/N: give " + output_options_text(field, "DIR") + " for the tiles");
  }
  std::vector<const OutputKind*> joined;  // the outputs given that mosaic joins
  for (const OutputKind& k : output_kinds()) {
    if (!k.mosaic || !request.outputs[k.id]) continue;
    for (const OutputKind* other : joined) {
      if (std::filesystem::weakly_canonical(*request.outputs[other->id]) ==
          std::filesystem::weakly_canonical(*request.outputs[k.id])) {
        throw UsageError(std::string(k.option) + ": with --tile all/N give " +
                         (k.source == OutputSource::index ? "the index tiles" : "its tiles") +
                         " a folder other than " + other->option +
                         "'s: geofield mosaic joins one kind of tile a folder");
      }
    }
    joined.push_back(&k);
  }
  for (const OutputKind& k : output_kinds()) {
    if (request.outputs[k.id] && k.require != nullptr) k.require();
  }
}

}  // namespace

int run_render_tiles(const RenderRequest& request) {
  check_tiled_outputs(request);
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  FieldRequest field = field_request_of(request, params);
  const bool many_sites = !field.one_point();
  std::vector<int> devices;
  if (request.devices) {
    if (request.view.backend == BackendChoice::cpu || request.view.backend == BackendChoice::gl) {
      throw UsageError("--devices: the CUDA devices to use; not with --backend cpu or gl");
    }
    devices = parse_devices(*request.devices);
  } else if (request.view.backend != BackendChoice::cpu) {
    std::string why_not;
    if (cuda_device_usable(&why_not)) {
      devices = {0};
    } else if (request.view.backend == BackendChoice::cuda) {
      throw UsageError("--backend cuda: " + why_not);
    }
  }
  if (request.view.backend == BackendChoice::gl) {
    throw UsageError("--tile: the gl backend computes whole grids into a texture; use cpu or cuda");
  }
  // Workers in turn over the devices (0, 1, 0, 1, ...) so that the first tiles spread out.
  const int per_device = request.workers.value_or(devices.empty() ? 1 : kDefaultDeviceWorkers);
  std::vector<int> workers;
  for (int r = 0; r < per_device; ++r) {
    if (devices.empty()) workers.push_back(kCpu);
    for (int d : devices) workers.push_back(d);
  }
  check_workers_fit(request.view.params, request.tile->layout, workers.size(),
                    request.f64 ? Precision::f64 : Precision::f32,
                    request.outputs[OutputId::netcdf].has_value(),
                    (many_sites ? 4 : 0) + (request.outputs[OutputId::bearing] ? 4 : 0));
  std::fprintf(stderr, "geofield: %d tiles (%d x %d) of %d x %d nodes on %s\n",
               request.tile->layout.count(), request.tile->layout.tiles_x,
               request.tile->layout.tiles_y, request.view.params.nx, request.view.params.ny,
               workers_text(devices, per_device).c_str());
  TileBatch batch{std::move(field),
                  {},
                  request.tile->layout,
                  request.f64 ? Precision::f64 : Precision::f32,
                  {},
                  std::move(workers)};
  batch.sites = tile_sites_of(request, batch.field);
  for (const OutputKind& k : output_kinds()) {
    if (request.outputs[k.id]) {
      batch.folders.paths[k.id] = output_folder(*request.outputs[k.id], k.option);
    }
  }
  batch.folders.command = request.command;
  return run_tile_batch(std::move(batch));
}

}  // namespace geofield
