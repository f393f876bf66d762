#include "export/geotiff_export.h"

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/band_statistics.h"
#include "export/geotiff_plugin_abi.h"
#include "export/netcdf_metadata.h"
#include "export/output_kinds.h"
#include "export/plugin_loader.h"
#include "export/values_digest.h"

namespace geofield {
namespace {

// The module's entry points, loaded at the first export (or the first tile read by the mosaic).
constexpr const char* kGeotiffNeeds = "libgeotiff and libtiff (Debian: libgeotiff5, libtiff6)";

GeofieldWriteGeotiff load_writer() {
  static WriterEntry entry(
      {"GeoTIFF", kGeotiffPluginFile, kGeotiffPluginSymbol, kGeotiffPluginEnv, kGeotiffNeeds});
  return reinterpret_cast<GeofieldWriteGeotiff>(entry.get());
}

GeofieldReadGeotiffInfo load_reader() {
  static WriterEntry entry(
      {"GeoTIFF", kGeotiffPluginFile, kGeotiffInfoSymbol, kGeotiffPluginEnv, kGeotiffNeeds});
  return reinterpret_cast<GeofieldReadGeotiffInfo>(entry.get());
}

GeofieldReadGeotiffValues load_values_reader() {
  static WriterEntry entry(
      {"GeoTIFF", kGeotiffPluginFile, kGeotiffValuesSymbol, kGeotiffPluginEnv, kGeotiffNeeds});
  return reinterpret_cast<GeofieldReadGeotiffValues>(entry.get());
}

}  // namespace

bool geotiff_needs_bigtiff(std::uint64_t value_bytes) {
  // The margin leaves room for the header, the tags and the strip offsets and sizes.
  constexpr std::uint64_t kClassicTiffValueBytes =
      (std::uint64_t{1} << 32) - (std::uint64_t{64} << 20);
  return value_bytes > kClassicTiffValueBytes;
}

void require_geotiff_writer() { load_writer(); }

namespace {

// What the distance values are, for the file's description.
std::string distance_description(const FieldParams& p, std::string_view to_what) {
  std::string desc = "geofield: " + std::string(to_string(p.formula)) + " distance in " +
                     std::string(to_string(p.units)) + " " + std::string(to_what);
  if (p.formula == Formula::wgs84) {
    desc += " on the " + describe_ellipsoid(p.ellipsoid_a_km, p.ellipsoid_inv_f);
  }
  return desc;
}

std::string from_reference(const FieldParams& p) {
  return "from (" + std::to_string(p.ref_lat_deg) + ", " + std::to_string(p.ref_lon_deg) + ")";
}

std::string to_nearest_of(std::size_t centres) {
  return "to the nearest of " + std::to_string(centres) + " sites";
}

// The output unit as GDAL's band unit type: the abbreviations GDAL and QGIS show ("nmi", not
// "nm", the nanometre).
const char* gdal_unit_type(Units u) {
  switch (u) {
    case Units::m: return "m";
    case Units::nm: return "nmi";
    case Units::mi: return "mi";
    case Units::km:
    default: return "km";
  }
}

// What a band says of itself beside its values.
struct BandLabel {
  std::string description;              // GDAL's band description
  const char* unit = nullptr;           // GDAL's unit type; none for an index
  std::optional<BandStatistics> stats;  // none for an index
};

// Writes one band of nx x ny values of type `sample` on p's grid (or on options.subgrid of it),
// described by desc (the file's) and band (the band's).
void write_band_into(AtomicFile& file, int nx, int ny, GeofieldGeotiffSample sample,
                     const void* values, const FieldParams& p, std::string desc,
                     const BandLabel& band, const GeotiffOptions& options = {}) {
  if (auto why = projection_refusal(OutputId::geotiff, p)) throw UsageError(*why);
  const GeofieldWriteGeotiff writer = load_writer();
  GeofieldGeotiffRaster raster{};
  raster.nx = nx;
  raster.ny = ny;
  raster.sample = sample;
  raster.values = values;
  // Pixel registration: the file's pixels are the grid's cells, georeferenced by their corner
  // (the bounds themselves: -180, 90 exactly for a global grid), not by their centre.
  const bool cells = p.registration == Registration::pixel;
  raster.pixel_is_area = cells ? 1 : 0;
  const int row0 = options.subgrid ? options.subgrid->row0 : 0;
  const int col0 = options.subgrid ? options.subgrid->col0 : 0;  // a tile's, in the whole grid
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    raster.projection = GEOFIELD_GEOTIFF_LATLON;
    raster.step_x = g.lon_step_deg;
    raster.step_y = g.lat_step_deg;
    raster.x0 = cells ? p.lon_min_deg + col0 * g.lon_step_deg : node_lon_deg(g, col0);
    raster.y0 = cells ? p.lat_max_deg - row0 * g.lat_step_deg : node_lat_deg(g, row0);
  } else {
    // Map coordinates in metres whatever the output unit: GeoTIFF's linear units.
    const ProjectedGrid g = projected_grid(p);
    const double m = 1000.0 / units_per_km(p.units);
    raster.projection =
        p.projection == Projection::aeqd ? GEOFIELD_GEOTIFF_AEQD : GEOFIELD_GEOTIFF_ORTHO;
    const double half = cells ? 0.5 * g.step : 0;  // a cell's corner from its centre
    raster.x0 = (projected_node_x<double>(g, col0) - half) * m;
    raster.y0 = (projected_node_y<double>(g, row0) + half) * m;
    raster.step_x = raster.step_y = g.step * m;
    raster.centre_lat_deg = g.centre.lat_deg;
    raster.centre_lon_deg = g.centre.lon_deg;
    raster.sphere_radius_m = sphere_radius_km(p) * 1000.0;  // the projection's sphere
    desc += "; " + std::string(to_string(p.projection)) + " map, " +
            (sample == GEOFIELD_GEOTIFF_INT32 ? "-1" : "NaN") + ": no value";
  }
  raster.description = desc.c_str();
  // Values that are none: a projected map's nodes off the sphere (NaN, or -1 in an index).
  raster.nodata = p.projection != Projection::latlon ? 1 : 0;
  raster.band_unit = band.unit;
  raster.band_description = band.description.c_str();
  if (band.stats) {
    raster.has_statistics = 1;
    raster.statistics_min = band.stats->min;
    raster.statistics_max = band.stats->max;
    raster.statistics_mean = band.stats->mean;
    raster.statistics_stddev = band.stats->stddev;
    raster.statistics_valid_percent = band.stats->valid_percent;
  }
  const std::uint64_t value_bytes = sample == GEOFIELD_GEOTIFF_FLOAT64 ? 8u : 4u;
  raster.bigtiff = geotiff_needs_bigtiff(static_cast<std::uint64_t>(nx) *
                                         static_cast<std::uint64_t>(ny) * value_bytes)
                       ? 1
                       : 0;
  raster.cog = options.cog ? 1 : 0;
  std::vector<const char*> names, texts;
  for (const auto& [name, text] : options.metadata) {
    names.push_back(name.c_str());
    texts.push_back(text.c_str());
  }
  raster.metadata_count = static_cast<int>(names.size());
  raster.metadata_names = names.data();
  raster.metadata_values = texts.data();
  char error[256] = "";
  if (writer(file.temporary_path().c_str(), &raster, error, sizeof error) != 0) {
    throw RuntimeFailure("cannot write " + escaped_text(file.target().string()) + ": " + error);
  }
}

void write_distance_into(AtomicFile& file, const HostField& field, const FieldParams& p,
                         std::string desc, const GeotiffOptions& options = {}) {
  const bool f64 = field.precision == Precision::f64;
  const BandLabel band{distance_long_name(p, options.centres), gdal_unit_type(p.units),
                       band_statistics(field)};
  write_band_into(
      file, field.nx, field.ny, f64 ? GEOFIELD_GEOTIFF_FLOAT64 : GEOFIELD_GEOTIFF_FLOAT32,
      f64 ? static_cast<const void*>(field.f64.data()) : static_cast<const void*>(field.f32.data()),
      p, std::move(desc), band, options);
}

}  // namespace

void write_geotiff_into(AtomicFile& file, const HostField& field, const FieldParams& p,
                        const GeotiffOptions& options) {
  write_distance_into(file, field, p,
                      distance_description(
                          p, options.centres ? to_nearest_of(*options.centres) : from_reference(p)),
                      options);
}

GeotiffInfo read_geotiff_info(const std::filesystem::path& path) {
  const GeofieldReadGeotiffInfo reader = load_reader();
  GeofieldGeotiffInfo raw{};
  std::vector<char> xml(std::size_t{1} << 16);
  char error[256] = "";
  if (reader(path.c_str(), &raw, xml.data(), xml.size(), error, sizeof error) != 0) {
    throw RuntimeFailure("cannot read " + escaped_text(path.string()) + ": " + error);
  }
  GeotiffInfo info;
  info.nx = raw.nx;
  info.ny = raw.ny;
  if (raw.sample == GEOFIELD_GEOTIFF_FLOAT32) info.precision = Precision::f32;
  if (raw.sample == GEOFIELD_GEOTIFF_FLOAT64) info.precision = Precision::f64;
  info.int32 = raw.sample == GEOFIELD_GEOTIFF_INT32;
  info.metadata_xml = xml.data();
  return info;
}

std::uint64_t read_geotiff_values_digest(const std::filesystem::path& path,
                                         const GeotiffInfo& info) {
  const GeofieldReadGeotiffValues reader = load_values_reader();
  const std::size_t bytes = static_cast<std::size_t>(info.nx) * static_cast<std::size_t>(info.ny) *
                            (info.precision == Precision::f64 ? 8 : 4);
  // Doubles: aligned for either type; left uninitialised, every byte is read into.
  std::unique_ptr<double[]> values = std::make_unique_for_overwrite<double[]>((bytes + 7) / 8);
  char error[256] = "";
  if (reader(path.c_str(), values.get(), bytes, error, sizeof error) != 0) {
    throw RuntimeFailure(error);
  }
  return values_digest(values.get(), bytes);
}

void write_index_geotiff_into(AtomicFile& file, int nx, int ny, std::span<const std::int32_t> index,
                              const FieldParams& p, std::size_t centres,
                              const GeotiffOptions& options) {
  if (options.cog) {
    throw RuntimeFailure("an index GeoTIFF is written plain: a COG's overviews average values");
  }
  if (index.size() != static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny)) {
    throw RuntimeFailure("the index to write has " + std::to_string(index.size()) +
                         " values, not the grid's " + std::to_string(nx) + " x " +
                         std::to_string(ny));
  }
  const std::string what = "index (0-based, in the sites file's order) of the nearest of " +
                           std::to_string(centres) + " sites by the " +
                           std::string(to_string(p.formula)) + " distance";
  write_band_into(file, nx, ny, GEOFIELD_GEOTIFF_INT32, index.data(), p, "geofield: " + what,
                  BandLabel{what, nullptr, std::nullopt}, options);
}

void write_geotiff(const std::filesystem::path& path, const HostField& field,
                   const FieldParams& p) {
  load_writer();  // before any file is made
  AtomicFile file(path);
  write_geotiff_into(file, field, p);
  file.commit();
}

}  // namespace geofield
