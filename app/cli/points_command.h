// `geofield points FILE.csv [view options] [--sites FILE|@name | --centres FILE] [-o OUT.csv]`
// is the field at the points of a CSV table instead of a grid. The table's header
// names its latitude and longitude columns (lat or latitude; lon, lng, long or longitude; case
// ignored, in any order); every column is carried through, then the distance (named with the
// unit: distance_km) and, with sites or centres, the nearest one's index and name. Every row is
// checked before any work: a missing column, a number that is not one and a latitude outside
// [-90, 90] are refused naming the line.
#pragma once

#include <filesystem>
#include <optional>

#include "cli/render_command.h"

namespace geofield {

struct PointsRequest {
  std::filesystem::path input;
  std::optional<std::filesystem::path> output;  // stdout when not given
  ViewOptions view;  // the formula, unit, radius, ellipsoid, precision, --ref and --backend
  std::optional<SitesChoice> sites;
  bool signed_inside = false;
};

// Reads, computes and writes; returns the exit status. Throws UsageError (one line naming the
// file and line, or the option) or RuntimeFailure.
int run_points(const PointsRequest& request);

}  // namespace geofield
