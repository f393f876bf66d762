#include "geotiff_export.h"

#include <geotiff/geotiffio.h>
#include <geotiff/xtiffio.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "errors.h"

namespace geofield {

void write_geotiff(const std::filesystem::path& path, const HostField& field, const FieldParams& p) {
  const bool f64 = field.precision == Precision::f64;
  const GridGeometry g = grid_geometry(p);
  std::string tmp = path.string() + ".tmp-XXXXXX";
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) throw RuntimeFailure("cannot create a file beside " + path.string());
  ::close(fd);
  auto fail = [&](const std::string& what) {
    ::unlink(tmp.c_str());
    throw RuntimeFailure("cannot write " + path.string() + ": " + what);
  };

  TIFF* tif = XTIFFOpen(tmp.c_str(), "w");
  if (!tif) fail("libtiff could not open it");
  GTIF* gtif = GTIFNew(tif);
  bool ok = gtif != nullptr;
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(field.nx));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(field.ny));
  ok = ok && TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, f64 ? 64 : 32);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
  ok = ok && TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  ok = ok && TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  ok = ok && TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
  ok = ok && TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
  const std::string desc = "geofield: " + std::string(to_string(p.formula)) + " distance in " +
                           std::string(to_string(p.units)) + " from (" +
                           std::to_string(p.ref_lat_deg) + ", " + std::to_string(p.ref_lon_deg) + ")";
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, desc.c_str());
  // Node (0, 0) is the north-west corner node; steps are per node.
  double tie[6] = {0, 0, 0, g.lon_min_deg, g.lat_max_deg, 0};
  double scale[3] = {g.lon_step_deg, g.lat_step_deg, 0};
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOTIEPOINTS, 6, tie);
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOPIXELSCALE, 3, scale);
  if (ok) {
    GTIFKeySet(gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelGeographic);
    GTIFKeySet(gtif, GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsPoint);
    GTIFKeySet(gtif, GeographicTypeGeoKey, TYPE_SHORT, 1, GCS_WGS_84);
    GTIFKeySet(gtif, GeogAngularUnitsGeoKey, TYPE_SHORT, 1, Angular_Degree);
  }
  for (int i = 0; ok && i < field.ny; ++i) {
    const void* row = f64 ? static_cast<const void*>(field.f64.data() + static_cast<size_t>(i) * field.nx)
                          : static_cast<const void*>(field.f32.data() + static_cast<size_t>(i) * field.nx);
    ok = TIFFWriteScanline(tif, const_cast<void*>(row), static_cast<uint32_t>(i), 0) == 1;
  }
  ok = ok && GTIFWriteKeys(gtif);
  if (gtif) GTIFFree(gtif);
  XTIFFClose(tif);
  if (!ok) fail("libtiff/libgeotiff reported an error (disk full?)");
  if (::rename(tmp.c_str(), path.c_str()) != 0) fail("rename failed");
}

}  // namespace geofield
