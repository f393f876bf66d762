#include "export/geotiff_export.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <system_error>
#include <vector>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_plugin_abi.h"

namespace geofield {
namespace {

// Where the writer module is looked for, in order: $GEOFIELD_GEOTIFF_PLUGIN, beside the running
// binary (a build folder), where `cmake --install` puts it relative to the binary
// (bin/../lib/geofield), then the loader's own search (LD_LIBRARY_PATH, the system's folders).
std::vector<std::string> plugin_candidates() {
  std::vector<std::string> c;
  if (const char* env = std::getenv(kGeotiffPluginEnv); env != nullptr && *env != '\0') {
    c.emplace_back(env);
  }
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const std::filesystem::path dir = exe.parent_path();
    c.push_back((dir / kGeotiffPluginFile).string());
#ifdef GEOFIELD_INSTALLED_PLUGIN_DIR
    c.push_back(
        (dir / GEOFIELD_INSTALLED_PLUGIN_DIR / kGeotiffPluginFile).lexically_normal().string());
#endif
  }
  c.emplace_back(kGeotiffPluginFile);
  return c;
}

// The module's entry point, loaded once per process (and never unloaded).
GeofieldWriteGeotiff load_writer() {
  static std::once_flag once;
  static GeofieldWriteGeotiff writer = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    std::string tried;
    for (const std::string& candidate : plugin_candidates()) {
      void* module = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (module == nullptr) {
        tried += "\n  " + candidate + ": " + ::dlerror();
        continue;
      }
      writer = reinterpret_cast<GeofieldWriteGeotiff>(::dlsym(module, kGeotiffPluginSymbol));
      if (writer != nullptr) return;
      tried += "\n  " + candidate + ": no " + kGeotiffPluginSymbol;
    }
    failure = std::string("GeoTIFF export needs ") + kGeotiffPluginFile +
              " (built with geofield; beside the binary in a build folder, in ../lib/geofield "
              "once installed; or name it in $" +
              kGeotiffPluginEnv + "). Tried:" + tried;
  });
  if (writer == nullptr) throw RuntimeFailure(failure);
  return writer;
}

}  // namespace

bool geotiff_needs_bigtiff(std::uint64_t value_bytes) {
  // The margin leaves room for the header, the tags and the strip offsets and sizes.
  constexpr std::uint64_t kClassicTiffValueBytes =
      (std::uint64_t{1} << 32) - (std::uint64_t{64} << 20);
  return value_bytes > kClassicTiffValueBytes;
}

void require_geotiff_writer() { load_writer(); }

void write_geotiff_into(AtomicFile& file, const HostField& field, const FieldParams& p) {
  const GeofieldWriteGeotiff writer = load_writer();
  const bool f64 = field.precision == Precision::f64;
  const GridGeometry g = grid_geometry(p);
  const std::string desc = "geofield: " + std::string(to_string(p.formula)) + " distance in " +
                           std::string(to_string(p.units)) + " from (" +
                           std::to_string(p.ref_lat_deg) + ", " + std::to_string(p.ref_lon_deg) +
                           ")";
  const GeofieldGeotiffRaster raster{
      field.nx,
      field.ny,
      f64 ? 1 : 0,
      f64 ? static_cast<const void*>(field.f64.data()) : static_cast<const void*>(field.f32.data()),
      g.lon_min_deg,
      g.lat_max_deg,
      g.lon_step_deg,
      g.lat_step_deg,
      desc.c_str(),
      geotiff_needs_bigtiff(static_cast<std::uint64_t>(field.nx) *
                            static_cast<std::uint64_t>(field.ny) * (f64 ? 8u : 4u))
          ? 1
          : 0};
  char error[256] = "";
  if (writer(file.temporary_path().c_str(), &raster, error, sizeof error) != 0) {
    throw RuntimeFailure("cannot write " + file.target().string() + ": " + error);
  }
}

void write_geotiff(const std::filesystem::path& path, const HostField& field,
                   const FieldParams& p) {
  load_writer();  // before any file is made
  AtomicFile file(path);
  write_geotiff_into(file, field, p);
  file.commit();
}

}  // namespace geofield
