#include "export/netcdf_metadata.h"

#include <charconv>
#include <cmath>

#include "export/tile_metadata.h"
#include "export/values_digest.h"
#include "field_math.h"
#include "projected_grid.h"

namespace geofield {
namespace {

NetcdfAttribute text(std::string name, std::string value) {
  return {std::move(name), std::move(value), 0};
}

NetcdfAttribute number(std::string name, double value) {
  return {std::move(name), std::nullopt, value};
}

// Shortest decimal that reads back as exactly v.
std::string shortest(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// history's text, cut to what one attribute holds: HDF5 keeps an attribute in its object's
// header, 64 KiB at most, and NetCDF-4 fails the whole file past that ("Can't open HDF5
// attribute" at ~65,500 bytes). A longer command line keeps its start and says how much is
// left out; the cut never splits a UTF-8 sequence.
std::string history_text(std::string_view utc_time, std::string_view command) {
  std::string out = std::string(utc_time) + ": ";
  if (command.size() <= kMaxHistoryCommandBytes) return out + std::string(command);
  std::size_t keep = kMaxHistoryCommandBytes;
  while (keep > 0 && (static_cast<unsigned char>(command[keep]) & 0xC0) == 0x80) --keep;
  return out + std::string(command.substr(0, keep)) + " ... (" +
         std::to_string(command.size() - keep) + " more bytes of the command line left out)";
}

std::string to_what(const FieldParams& p, std::optional<std::size_t> centres) {
  if (centres) return "to the nearest of " + std::to_string(*centres) + " sites";
  return "from " + place_name(p.ref_lat_deg, p.ref_lon_deg);
}

// A projected view's CRS as OGC WKT 1, the one GDAL reads from the GeoTIFF of the same view
// (geotiff_plugin.cpp's keys and citation), so that both files name one CRS.
std::string projected_crs_wkt(const FieldParams& p, double centre_lat_deg, double centre_lon_deg,
                              double radius_m) {
  const bool aeqd = p.projection == Projection::aeqd;
  const std::string lat = shortest(centre_lat_deg), lon = shortest(centre_lon_deg);
  const std::string r = shortest(radius_m);
  return std::string("PROJCS[\"geofield ") + (aeqd ? "azimuthal equidistant" : "orthographic") +
         " about (" + lat + ", " + lon + "), sphere R = " + r +
         " m\",GEOGCS[\"geofield sphere\",DATUM[\"unnamed\",SPHEROID[" + "\"unnamed\"," + r +
         ",0]],PRIMEM[\"Greenwich\",0],UNIT[\"degree\",0.0174532925199433,AUTHORITY[\"EPSG\","
         "\"9122\"]]]," +
         (aeqd ? "PROJECTION[\"Azimuthal_Equidistant\"],PARAMETER[\"latitude_of_center\"," + lat +
                     "],PARAMETER[\"longitude_of_center\"," + lon + "],"
               : "PROJECTION[\"Orthographic\"],PARAMETER[\"latitude_of_origin\"," + lat +
                     "],PARAMETER[\"central_meridian\"," + lon + "],") +
         "PARAMETER[\"false_easting\",0],PARAMETER[\"false_northing\",0],UNIT[\"metre\",1,"
         "AUTHORITY[\"EPSG\",\"9001\"]],"
         "AXIS[\"Easting\",EAST],AXIS[\"Northing\",NORTH]]";
}

}  // namespace

std::string_view cf_units(Units u) {
  switch (u) {
    case Units::m: return "m";
    case Units::nm: return "nautical_mile";
    case Units::mi: return "mile";
    case Units::km:
    default: return "km";
  }
}

std::string place_name(double lat_deg, double lon_deg) {
  // -0 and 0 both read "0N": the sign names the hemisphere only when there is one.
  return shortest(std::fabs(lat_deg)) + (lat_deg < 0 ? "S " : "N ") + shortest(std::fabs(lon_deg)) +
         (lon_deg < 0 ? "W" : "E");
}

std::string distance_long_name(const FieldParams& p, std::optional<std::size_t> centres) {
  std::string what;
  switch (p.formula) {
    case Formula::wgs84: {
      const EllipsoidPreset* named = find_ellipsoid_preset(p.ellipsoid_a_km, p.ellipsoid_inv_f);
      what =
          std::string("geodesic distance on the ") + (named ? named->name : "given") + " ellipsoid";
      break;
    }
    case Formula::seed: what = "seed expression (the numba answer's; not a distance)"; break;
    case Formula::haversine:
    default: what = "great-circle distance";
  }
  return what + " " + to_what(p, centres);
}

NetcdfAttributes latitude_attributes() {
  return {text("standard_name", "latitude"), text("long_name", "latitude"),
          text("units", "degrees_north"), text("axis", "Y")};
}

NetcdfAttributes longitude_attributes() {
  return {text("standard_name", "longitude"), text("long_name", "longitude"),
          text("units", "degrees_east"), text("axis", "X")};
}

NetcdfAttributes projection_x_attributes() {
  return {text("standard_name", "projection_x_coordinate"),
          text("long_name", "x coordinate of projection"), text("units", "m"), text("axis", "X")};
}

NetcdfAttributes projection_y_attributes() {
  return {text("standard_name", "projection_y_coordinate"),
          text("long_name", "y coordinate of projection"), text("units", "m"), text("axis", "Y")};
}

NetcdfAxes netcdf_axes(const FieldParams& p, const Subgrid& w) {
  NetcdfAxes a;
  a.y.resize(static_cast<std::size_t>(w.ny));
  a.x.resize(static_cast<std::size_t>(w.nx));
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    for (int i = 0; i < w.ny; ++i) a.y[std::size_t(i)] = node_lat_deg(g, w.row0 + i);
    for (int j = 0; j < w.nx; ++j) a.x[std::size_t(j)] = node_lon_deg(g, w.col0 + j);
    a.y_name = "lat";
    a.x_name = "lon";
    a.y_attributes = latitude_attributes();
    a.x_attributes = longitude_attributes();
  } else {
    // Metres whatever the output unit: CF's (and GDAL's) unit of projection coordinates.
    const ProjectedGrid g = projected_grid(p);
    const double m = 1000.0 / units_per_km(p.units);
    for (int i = 0; i < w.ny; ++i) {
      a.y[std::size_t(i)] = projected_node_y<double>(g, w.row0 + i) * m;
    }
    for (int j = 0; j < w.nx; ++j) {
      a.x[std::size_t(j)] = projected_node_x<double>(g, w.col0 + j) * m;
    }
    a.y_name = "y";
    a.x_name = "x";
    a.y_attributes = projection_y_attributes();
    a.x_attributes = projection_x_attributes();
  }
  return a;
}

NetcdfAttributes grid_mapping_attributes(const FieldParams& p) {
  if (p.projection == Projection::latlon) {
    return {text("grid_mapping_name", "latitude_longitude"),
            number("longitude_of_prime_meridian", 0.0), number("semi_major_axis", kWgs84A_m),
            number("inverse_flattening", kWgs84InverseF),
            // EPSG:4326 as OGC WKT 1 (what GDAL writes): GDAL names the CRS by it.
            text("crs_wkt",
                 "GEOGCS[\"WGS 84\",DATUM[\"WGS_1984\",SPHEROID[\"WGS 84\",6378137,"
                 "298.257223563,AUTHORITY[\"EPSG\",\"7030\"]],AUTHORITY[\"EPSG\",\"6326\"]],"
                 "PRIMEM[\"Greenwich\",0,AUTHORITY[\"EPSG\",\"8901\"]],UNIT[\"degree\","
                 "0.0174532925199433,AUTHORITY[\"EPSG\",\"9122\"]],AXIS[\"Latitude\",NORTH],"
                 "AXIS[\"Longitude\",EAST],AUTHORITY[\"EPSG\",\"4326\"]]")};
  }
  const ProjectedGrid g = projected_grid(p);
  // The projections are on the view's sphere (for wgs84 the ellipsoid's mean radius).
  const double radius_m = sphere_radius_km(p) * 1000.0;
  return {text("grid_mapping_name",
               p.projection == Projection::aeqd ? "azimuthal_equidistant" : "orthographic"),
          number("latitude_of_projection_origin", g.centre.lat_deg),
          number("longitude_of_projection_origin", g.centre.lon_deg),
          number("false_easting", 0.0),
          number("false_northing", 0.0),
          number("earth_radius", radius_m),
          text("crs_wkt", projected_crs_wkt(p, g.centre.lat_deg, g.centre.lon_deg, radius_m))};
}

NetcdfAttributes distance_attributes(const FieldParams& p, std::optional<std::size_t> centres) {
  NetcdfAttributes a{text("long_name", distance_long_name(p, centres)),
                     text("units", std::string(cf_units(p.units))), text("grid_mapping", "crs")};
  if (p.projection != Projection::latlon) {
    a.push_back(text("comment", "NaN (_FillValue): a node with no point on the sphere"));
  }
  return a;
}

NetcdfAttributes index_attributes(const FieldParams& p, std::size_t centres) {
  return {text("long_name", "index of the nearest of " + std::to_string(centres) +
                                " sites by the " + std::string(to_string(p.formula)) + " distance"),
          text("comment",
               "0-based, in the sites file's order (a row or a Feature); the lowest of "
               "those that tie"),
          text("grid_mapping", "crs")};
}

NetcdfAttributes global_attributes(const FieldParams& p, std::optional<std::size_t> centres,
                                   std::string_view command, std::string_view utc_time) {
  NetcdfAttributes a{
      text("Conventions", "CF-1.8"),
      text("title", "geofield: " + distance_long_name(p, centres)),
      text("history", history_text(utc_time, command)),
      text("source", "geofield 0.1.0"),
      // GMT's own mark of the registration. 0, gridline: the values are at the coordinates and
      // the region is theirs (without it GMT guesses pixel registration wherever the first
      // coordinate is not a whole number of steps, and reports a region half a step too wide).
      // 1, pixel: the coordinates are the cells' centres and the region their edges.
      number("node_offset", p.registration == Registration::pixel ? 1.0 : 0.0),
  };
  if (centres) {
    a.push_back(number("geofield_centres", double(*centres)));
  } else {
    a.push_back(number("geofield_reference_lat_deg", p.ref_lat_deg));
    a.push_back(number("geofield_reference_lon_deg", p.ref_lon_deg));
  }
  a.push_back(text("geofield_formula", std::string(to_string(p.formula))));
  if (p.formula == Formula::wgs84) {
    a.push_back(
        text("geofield_ellipsoid", describe_ellipsoid(p.ellipsoid_a_km, p.ellipsoid_inv_f)));
    a.push_back(number("geofield_ellipsoid_a_km", p.ellipsoid_a_km));
    a.push_back(number("geofield_ellipsoid_inverse_flattening", p.ellipsoid_inv_f));
  } else {
    a.push_back(number("geofield_radius_km", p.radius_km));
  }
  a.push_back(text("geofield_precision", std::string(to_string(p.precision))));
  a.push_back(text("geofield_projection", std::string(to_string(p.projection))));
  a.push_back(text("geofield_registration", std::string(to_string(p.registration))));
  return a;
}

NetcdfAttributes tile_global_attributes(const FieldParams& p, const TileChoice& tile,
                                        const Subgrid& nodes, const std::string& sites) {
  const TileMetadata m = tile_metadata(p, tile, nodes, sites);
  const TileLayout& l = tile.layout;
  return {
      text("geofield_tile", std::to_string(tile.index) + "/" + std::to_string(l.tiles_x) + "x" +
                                std::to_string(l.tiles_y)),
      number("geofield_tile_index", tile.index),
      number("geofield_tile_count", l.count()),
      number("geofield_tiles_x", l.tiles_x),
      number("geofield_tiles_y", l.tiles_y),
      number("geofield_tile_first_row", nodes.row0),
      number("geofield_tile_first_column", nodes.col0),
      number("geofield_tile_rows", nodes.ny),
      number("geofield_tile_columns", nodes.nx),
      number("geofield_grid_rows", p.ny),
      number("geofield_grid_columns", p.nx),
      text("geofield_grid", m.grid),
  };
}

NetcdfAttributes tile_proof_attributes(const TileMetadata& m) {
  NetcdfAttributes a;
  if (m.run) a.push_back(text("geofield_run", digest_text(*m.run)));
  if (m.values_digest) a.push_back(text("geofield_values_digest", digest_text(*m.values_digest)));
  return a;
}

std::size_t chunk_side(std::size_t axis_size) {
  constexpr std::size_t kChunkSide = 512;
  return axis_size < kChunkSide ? axis_size : kChunkSide;
}

}  // namespace geofield
