#include "export/output_kinds.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "export/npy_export.h"
#include "export/png_export.h"
#include "export/site_table.h"
#include "export/tile_metadata.h"

namespace geofield {
namespace {

std::span<const std::uint8_t> bytes_of(const void* data, std::size_t size) {
  return {static_cast<const std::uint8_t*>(data), size};
}

const char* type_of(const OutputData& d) {
  return d.field->precision == Precision::f64 ? "float64" : "float32";
}

template <typename... Args>
std::string format(const char* text, Args... args) {
  char line[160];
  std::snprintf(line, sizeof line, text, args...);
  return line;
}

// Pictures.

void write_picture(AtomicFile& file, const OutputData& d) {
  file.write_at(0, encode_png(*d.picture, d.dpi));
}
std::string png_summary(const OutputData& d) {
  return format("%dx%d", d.picture->width, d.picture->height);
}
std::string figure_summary(const OutputData& d) {
  if (!d.encoded.empty()) {
    return format("figure, %s, %d pixels wide at %d dpi", d.encoded_format.c_str(), d.width_px,
                  d.dpi);
  }
  return format("figure, %d pixels wide", d.picture->width);
}
// PNG, or the bytes of a PDF or SVG figure made before.
void write_figure(AtomicFile& file, const OutputData& d) {
  if (d.encoded.empty()) {
    write_picture(file, d);
  } else {
    file.write_at(0, d.encoded);
  }
}

// The field.

// The header, then the values: in pieces of kNpyPieceBytes when someone follows them.
void write_npy(AtomicFile& file, const OutputData& d) {
  const HostField& f = *d.field;
  const std::string header = npy_header(f);
  const std::size_t count = std::size_t(f.nx) * std::size_t(f.ny);
  const std::span<const std::uint8_t> values = f.precision == Precision::f64
                                                   ? bytes_of(f.f64.data(), count * sizeof(double))
                                                   : bytes_of(f.f32.data(), count * sizeof(float));
  file.write_at(0, bytes_of(header.data(), header.size()));
  const std::uint64_t piece =
      d.on_piece ? kNpyPieceBytes : std::max<std::uint64_t>(values.size(), 1);
  for (std::uint64_t at = 0; at < values.size(); at += piece) {
    const std::uint64_t n = std::min<std::uint64_t>(piece, values.size() - at);
    file.write_at(header.size() + at, values.subspan(at, n));
    if (d.on_piece) d.on_piece(n);
  }
}
std::string npy_summary(const OutputData& d) {
  return format("%s, shape %d x %d", type_of(d), d.ny(), d.nx());
}

// A tile's GDAL metadata: its place in the grid, proved over the values as written.
std::vector<std::pair<std::string, std::string>> tile_items(const OutputData& d, bool index) {
  TileMetadata m = tile_metadata(*d.params, d.tile->choice, d.tile->subgrid, d.tile->sites);
  index ? prove_index_tile(&m, d.index) : prove_tile(&m, *d.field);
  return metadata_items(m);
}

void write_geotiff(AtomicFile& file, const OutputData& d) {
  GeotiffOptions layout;
  layout.cog = d.cog || d.tile != nullptr;
  layout.centres = d.centres;
  if (d.tile != nullptr) {
    layout.subgrid = d.tile->subgrid;
    layout.metadata = tile_items(d, false);  // for `geofield mosaic` to check
  }
  write_geotiff_into(file, *d.field, *d.params, layout);
}
std::string geotiff_summary(const OutputData& d) {
  return format("%s, %s, %d x %d nodes",
                d.cog || d.tile != nullptr ? "Cloud-Optimised GeoTIFF" : "GeoTIFF", type_of(d),
                d.nx(), d.ny());
}

void write_netcdf(AtomicFile& file, const OutputData& d) {
  write_netcdf_into(
      file, *d.field, *d.params, d.history,
      d.centres ? std::optional<NetcdfCentres>({*d.centres, d.index, d.sites}) : std::nullopt,
      d.tile != nullptr
          ? std::optional<NetcdfTile>({d.tile->choice, d.tile->subgrid, d.tile->sites})
          : std::nullopt);
}
std::string netcdf_summary(const OutputData& d) {
  return format("NetCDF-4, CF-1.8, %s, %d x %d nodes", type_of(d), d.nx(), d.ny());
}

// The nearest site's index.

void write_index_npy(AtomicFile& file, const OutputData& d) {
  write_npy_int32_into(file, d.nx(), d.ny(), d.index);
}
std::string index_npy_summary(const OutputData& d) {
  return format("int32 index of the nearest centre, shape %d x %d", d.ny(), d.nx());
}

// Plain strips (write_index_geotiff_into says why), a tile placed and proved as a distance one.
void write_index_geotiff(AtomicFile& file, const OutputData& d) {
  GeotiffOptions layout;
  if (d.tile != nullptr) {
    layout.subgrid = d.tile->subgrid;
    layout.metadata = tile_items(d, true);
  }
  write_index_geotiff_into(file, d.nx(), d.ny(), d.index, *d.params, d.centres.value_or(1), layout);
}
// The sites' names as GDAL's raster attribute table, read from the .aux.xml beside the file.
std::pair<std::string, std::string> index_geotiff_sidecar(const OutputData& d) {
  if (d.sites == nullptr || d.sites->empty()) return {};
  return {index_aux_xml(site_table(*d.sites)),
          format("GDAL raster attribute table of the %zu sites' names", d.sites->size())};
}
std::string index_geotiff_summary(const OutputData& d) {
  return format("%s, int32 index of the nearest centre, %d x %d nodes",
                d.tile != nullptr ? "GeoTIFF tile" : "GeoTIFF", d.nx(), d.ny());
}

// The bearing toward the nearest site: an angle, not a distance; .npy only (see its line).

void write_bearing_npy(AtomicFile& file, const OutputData& d) {
  write_npy_float32_into(file, d.nx(), d.ny(), d.bearing);
}
std::string bearing_npy_summary(const OutputData& d) {
  return format("float32 bearing toward the nearest site, shape %d x %d", d.ny(), d.nx());
}

std::vector<OutputKind> make_kinds() {
  using S = OutputSource;
  return {
      {OutputId::png,
       "--png",
       {".png"},
       S::picture,
       "the colormapped picture (nx x ny pixels) as PNG",
       "",
       "draws the whole grid",
       false,
       false,
       "",
       nullptr,
       write_picture,
       png_summary,
       nullptr,
       nullptr},
      {OutputId::figure,
       "--figure",
       {".png", ".pdf", ".svg"},
       S::picture,
       "a publication figure as PNG, PDF or SVG (by the extension; PDF and SVG with the text "
       "and frame as vectors): the map in its true shape with the overlays asked for, "
       "graticule and ring labels, a colorbar with the unit and a title line",
       "",
       "draws the whole view",
       false,
       false,
       "",
       nullptr,
       write_figure,
       figure_summary,
       nullptr,
       nullptr},
      {OutputId::npy,
       "--npy",
       {".npy"},
       S::field,
       "the raw field as NumPy .npy, float32, shape (ny, nx), row 0 north",
       ".npy",
       "",
       false,
       false,
       "Field .npy",
       nullptr,
       write_npy,
       npy_summary,
       nullptr,
       nullptr},
      {OutputId::geotiff,
       "--geotiff",
       {".tif", ".tiff"},
       S::field,
       "the raw field as a GeoTIFF, float32, nodes as points, EPSG:4326 (latlon) or the "
       "projection on the field's sphere in metres (aeqd, ortho; NaN: no value; not eqearth) "
       "(BigTIFF above "
       "4 GB)",
       ".tif",
       "",
       true,
       false,
       "GeoTIFF",
       require_geotiff_writer,
       write_geotiff,
       geotiff_summary,
       nullptr,
       nullptr},
      {OutputId::netcdf,
       "--netcdf",
       {".nc"},
       S::field,
       "the raw field as NetCDF-4 by the CF-1.8 conventions, float32, lat/lon coordinates (x/y "
       "in metres with a grid mapping for aeqd, ortho; not eqearth), compressed; with centres the "
       "nearest "
       "centre's index too",
       ".nc",
       "",
       false,
       true,
       "NetCDF",
       require_netcdf_writer,
       write_netcdf,
       netcdf_summary,
       nullptr,
       nullptr},
      {OutputId::index,
       "--index",
       {".npy"},
       S::index,
       "the index of each node's nearest site (a row or a Feature of the file, a built-in set's "
       "line or ring; 0 is the first; the lowest on a tie; -1 off a projected map) as NumPy .npy, "
       "int32, shape (ny, nx)",
       ".index.npy",
       "",
       false,
       true,
       "",
       nullptr,
       write_index_npy,
       index_npy_summary,
       nullptr,
       nullptr},
      {OutputId::index_geotiff,
       "--index-geotiff",
       {".tif", ".tiff"},
       S::index,
       "the same index as a GeoTIFF, one int32 band georeferenced as --geotiff's",
       ".index.tif",
       "",
       true,
       true,
       "",
       require_geotiff_writer,
       write_index_geotiff,
       index_geotiff_summary,
       ".aux.xml",
       index_geotiff_sidecar},
      {OutputId::bearing,
       "--bearing",
       {".npy"},
       S::bearing,
       "the initial azimuth from each node toward its nearest point of the sites, degrees "
       "clockwise from north in [0, 360), NaN where the distance is 0 and off a projected "
       "map, as NumPy .npy, float32, shape (ny, nx) (.npy only: an angle, which GeoTIFF and "
       "NetCDF readers would take for a distance and resample across its wrap at 180)",
       ".bearing.npy",
       "",
       false,
       false,
       "",
       nullptr,
       write_bearing_npy,
       bearing_npy_summary,
       nullptr,
       nullptr},
  };
}

}  // namespace

const std::vector<OutputKind>& output_kinds() {
  static const std::vector<OutputKind> kinds = make_kinds();
  return kinds;
}

const OutputKind& output_kind(OutputId id) {
  const std::vector<OutputKind>& kinds = output_kinds();
  return *std::find_if(kinds.begin(), kinds.end(), [&](const OutputKind& k) { return k.id == id; });
}

std::optional<std::string> projection_refusal(OutputId id, const FieldParams& p) {
  const bool crs =
      id == OutputId::geotiff || id == OutputId::index_geotiff || id == OutputId::netcdf;
  if (!crs || p.projection != Projection::eqearth) return std::nullopt;
  return std::string(output_kind(id).option) +
         ": not yet with --projection eqearth (no CRS of its kind for Equal Earth here); use "
         "--npy, --png or --figure";
}

std::string output_options_text(const std::function<bool(const OutputKind&)>& pick,
                                const char* value, const char* last) {
  std::vector<std::string> options;
  for (const OutputKind& k : output_kinds()) {
    if (!pick(k)) continue;
    std::string option = k.option;  // appended: " " + std::string trips GCC 12's -Wrestrict
    if (*value != '\0') option.append(" ").append(value);
    options.push_back(std::move(option));
  }
  std::string text;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (i > 0) text += i + 1 == options.size() ? last : ", ";
    text += options[i];
  }
  return text;
}

bool OutputPaths::any(const std::function<bool(const OutputKind&)>& pick) const {
  return std::any_of(output_kinds().begin(), output_kinds().end(),
                     [&](const OutputKind& k) { return (*this)[k.id] && (!pick || pick(k)); });
}

std::string lowercase_extension(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace geofield
