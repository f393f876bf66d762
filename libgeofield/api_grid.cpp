#include "api_grid.h"

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>

#include "api_params.h"
#include "errors.h"
#include "export/netcdf_metadata.h"
#include "export/output_kinds.h"
#include "subgrid.h"

namespace geofield::api {
namespace {

using nlohmann::json;

json object_of(const NetcdfAttributes& attributes) {
  json o = json::object();
  for (const NetcdfAttribute& a : attributes) {
    o[a.name] = a.text ? json(*a.text) : json(a.number);
  }
  return o;
}

json axis_of(const char* name, const std::vector<double>& values,
             const NetcdfAttributes& attributes) {
  return {{"name", name}, {"values", values}, {"attributes", object_of(attributes)}};
}

}  // namespace

std::string grid_description(const geofield_params* c, std::int64_t site_count) {
  if (c == nullptr) throw UsageError("geofield_params: NULL");
  if (site_count < 0) {
    throw UsageError("geofield_grid_describe: site_count " + std::to_string(site_count) +
                     " is negative");
  }
  // The view alone: the sites are the caller's to count, not to be read again here.
  geofield_params view{};
  std::memcpy(&view, c, std::min<std::size_t>(c->struct_size, sizeof view));
  view.centre_count = 0;
  view.sites = nullptr;
  const FieldParams p = request_of(&view).params();
  if (p.projection == Projection::eqearth) {
    throw UsageError(
        "--projection: not yet eqearth (no CRS of its kind for Equal Earth here, as --netcdf and "
        "--geotiff say); latlon, aeqd or ortho");
  }
  const std::optional<std::size_t> sites =
      site_count > 0 ? std::optional<std::size_t>(static_cast<std::size_t>(site_count))
                     : std::nullopt;
  const NetcdfAxes axes = netcdf_axes(p, whole_grid(p.nx, p.ny));
  json global = object_of(global_attributes(p, sites, "", ""));
  global.erase("history");  // a file's, of the command that wrote it
  json j = {{"y", axis_of(axes.y_name, axes.y, axes.y_attributes)},
            {"x", axis_of(axes.x_name, axes.x, axes.x_attributes)},
            {"grid_mapping", object_of(grid_mapping_attributes(p))},
            {"values", object_of(distance_attributes(p, sites))},
            {"global", std::move(global)}};
  if (sites) j["index"] = object_of(index_attributes(p, *sites));
  return j.dump();
}

}  // namespace geofield::api
