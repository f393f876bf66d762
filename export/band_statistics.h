// A band's statistics as GDAL stores them (STATISTICS_MINIMUM/MAXIMUM/MEAN/STDDEV/VALID_PERCENT):
// over the values that are not NaN, the population standard deviation (GDAL's). Written into
// GeoTIFFs so that gdalinfo, QGIS and GMT have the range without reading every value.
#pragma once

#include <optional>

#include "host_field.h"

namespace geofield {

struct BandStatistics {
  double min = 0, max = 0, mean = 0, stddev = 0;
  double valid_percent = 100;  // of the values, those that are not NaN
};

// None when every value is NaN (a projected view with no point of the sphere).
std::optional<BandStatistics> band_statistics(const HostField& field);

}  // namespace geofield
