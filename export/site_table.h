// The sites' table that the nearest-site index outputs carry, so that an index value
// names its site wherever the file goes: a row a site, in the index's order (0 first), with its
// name and, for a set of points, its latitude and longitude, for a set of shapes (lines,
// polygons) its kind. The NetCDF file holds it as variables on a `site` dimension
// (netcdf_export.cpp); the index GeoTIFF as a GDAL raster attribute table in its `.aux.xml`
// sidecar, which is where GDAL (3.6, Debian 12) reads a GeoTIFF's table from and writes its own;
// `geofield mosaic` puts the index tiles' table in the VRT's band.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sites.h"

namespace geofield {

struct SiteTable {
  std::vector<std::string> names;  // UTF-8 as given; "" for a site with none
  // A set of points: each point's place, in degrees (lat in [-90, 90]). Empty for shapes.
  std::vector<double> lat_deg, lon_deg;
  // A set of shapes: "point", "line" or "polygon" a site. Empty for points.
  std::vector<std::string> kinds;

  std::size_t size() const { return names.size(); }
  bool has_places() const { return !lat_deg.empty(); }
};

// The table of `sites` (empty for no sites).
SiteTable site_table(const SiteSet& sites);

// The `.aux.xml` sidecar of an index GeoTIFF of these sites: a PAM dataset whose band 1 holds a
// thematic raster attribute table, columns Value (the index, GDAL's min-max usage, as QGIS reads
// a thematic table), name (GDAL's name usage), then lat and lon (points) or kind (shapes).
std::string index_aux_xml(const SiteTable& table);

// The raster attribute table element (<GDALRasterAttributeTable ...> to its end tag) of an
// .aux.xml's text, as a VRT band holds it too (`geofield mosaic` of index tiles); "" when it has
// none.
std::string raster_attribute_table_of(const std::string& aux_xml);

}  // namespace geofield
