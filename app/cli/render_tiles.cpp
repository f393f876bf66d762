#include "cli/render_tiles.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "backends/cuda_backend_factory.h"
#include "cli/render_tile.h"
#include "compute/cuda_device_field.h"
#include "compute/subgrid_field.h"
#include "compute/tile_batch.h"
#include "errors.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "memory_limits.h"

namespace geofield {
namespace {

// Where each output of the batch goes: a folder, made if missing.
std::filesystem::path output_folder(const std::filesystem::path& dir, const char* option) {
  std::error_code ec;
  // A new folder named like a file (x.tif) is most likely a one-tile line's file name.
  const std::string ext = dir.extension().string();
  if (!std::filesystem::is_directory(dir, ec) &&
      (ext == ".tif" || ext == ".tiff" || ext == ".npy" || ext == ".nc" || ext == ".vrt")) {
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
                       Precision stored, bool netcdf, bool index) {
  const TileSides largest = largest_tile(p, layout);
  const std::string tiles =
      "tiles of up to " + std::to_string(largest.nx) + "x" + std::to_string(largest.ny) + " nodes";
  if (largest.nx > kMaxGridSide || largest.ny > kMaxGridSide) {
    throw UsageError("--tile all/" + std::to_string(layout.count()) + ": " + tiles +
                     "; a tile has at most " + std::to_string(kMaxGridSide) +
                     " nodes a side: give more tiles (N, or TXxTY)");
  }
  // With many sites a tile holds its nearest-site index too (int32 a node).
  const std::uint64_t tile_bytes =
      largest.values() * ((stored == Precision::f64 ? 8 : 4) + (index ? 4 : 0));
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

int run_render_tiles(const RenderRequest& request) {
  if (request.png || request.figure) {
    throw UsageError(
        "--tile all/N: the tiles hold the raw field only: give --geotiff DIR, --npy DIR and/or "
        "--netcdf DIR (folders for tile-K-of-N.tif / .npy / .nc; with --centres --index DIR, "
        "--index-geotiff DIR for tile-K-of-N.index.npy / .index.tif)");
  }
  if (!request.geotiff && !request.npy && !request.netcdf && !request.index &&
      !request.index_geotiff) {
    throw UsageError(
        "--tile all/N: give --geotiff DIR, --npy DIR and/or --netcdf DIR for the tiles");
  }
  // `geofield mosaic` joins one kind of tile a folder (a VRT has one sample type).
  if (request.geotiff && request.index_geotiff &&
      std::filesystem::weakly_canonical(*request.geotiff) ==
          std::filesystem::weakly_canonical(*request.index_geotiff)) {
    throw UsageError(
        "--index-geotiff: with --tile all/N give the index tiles a folder other than "
        "--geotiff's: geofield mosaic joins one kind of tile a folder");
  }
  if (request.geotiff || request.index_geotiff) require_geotiff_writer();
  if (request.netcdf) require_netcdf_writer();
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  FieldRequest field = field_request_of(request, params);
  const bool many_sites = !field.one_point();
  std::vector<int> devices;
  if (many_sites) {
    if (request.view.backend == BackendChoice::gl) {
      throw UsageError(
          "--tile: the gl backend computes whole grids into a texture; use cpu or cuda");
    }
    // One line why; the CPU's window of many sites uses every core, so one worker by default.
    std::fprintf(stderr, "geofield: %s%s\n", sites_subgrid_reason(request.view.backend).c_str(),
                 request.devices ? " (--devices left unused)" : "");
  } else if (request.devices) {
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
                    request.f64 ? Precision::f64 : Precision::f32, request.netcdf.has_value(),
                    many_sites);
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
  if (request.geotiff) batch.folders.geotiff = output_folder(*request.geotiff, "--geotiff");
  if (request.npy) batch.folders.npy = output_folder(*request.npy, "--npy");
  if (request.netcdf) batch.folders.netcdf = output_folder(*request.netcdf, "--netcdf");
  if (request.index) batch.folders.index = output_folder(*request.index, "--index");
  if (request.index_geotiff) {
    batch.folders.index_geotiff = output_folder(*request.index_geotiff, "--index-geotiff");
  }
  batch.folders.command = request.command;
  return run_tile_batch(std::move(batch));
}

}  // namespace geofield
