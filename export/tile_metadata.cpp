#include "export/tile_metadata.h"

#include <climits>
#include <cstdint>
#include <cstdio>
#include <map>

#include "errors.h"
#include "export/values_digest.h"

namespace geofield {

std::string xml_escaped(const std::string& s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string exact_text(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

namespace {

std::string exact(double v) { return exact_text(v); }

std::string canonical_grid(const FieldParams& p) {
  std::string s = "lat=" + exact(p.lat_min_deg) + ":" + exact(p.lat_max_deg) +
                  " lon=" + exact(p.lon_min_deg) + ":" + exact(p.lon_max_deg) +
                  " size=" + std::to_string(p.nx) + "x" + std::to_string(p.ny) +
                  " ref=" + exact(p.ref_lat_deg) + "," + exact(p.ref_lon_deg) +
                  " formula=" + std::string(to_string(p.formula)) +
                  " units=" + std::string(to_string(p.units)) +
                  " precision=" + std::string(to_string(p.precision)) +
                  " projection=" + std::string(to_string(p.projection));
  if (p.formula == Formula::wgs84) {
    s += " ellipsoid=" + exact(p.ellipsoid_a_km) + "," + exact(p.ellipsoid_inv_f);
  } else {
    s += " radius=" + exact(p.radius_km);
  }
  if (p.projection != Projection::latlon) s += " extent=" + exact(p.extent);
  // Only when pixel: a node-registered grid's text (and its tiles' run digest) is as before.
  if (p.registration == Registration::pixel) s += " registration=pixel";
  return s;
}

std::string unescape(const std::string& s) {
  static const std::pair<const char*, char> kEntities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  std::string out;
  for (size_t k = 0; k < s.size();) {
    bool matched = false;
    for (const auto& [entity, c] : kEntities) {
      const std::string e(entity);
      if (s.compare(k, e.size(), e) == 0) {
        out += c;
        k += e.size();
        matched = true;
        break;
      }
    }
    if (!matched) out += s[k++];
  }
  return out;
}

// The <Item name="...">value</Item> elements of GDAL's metadata XML (the default domain's:
// items with a domain or role attribute are GDAL's own and are skipped).
std::map<std::string, std::string> items_of(const std::string& xml) {
  std::map<std::string, std::string> items;
  const std::string open = "<Item name=\"";
  for (size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1)) {
    const size_t name_end = xml.find('"', at + open.size());
    const size_t tag_end = xml.find('>', at);
    const size_t close = xml.find("</Item>", at);
    if (name_end == std::string::npos || tag_end == std::string::npos ||
        close == std::string::npos || tag_end > close || name_end > tag_end) {
      break;
    }
    if (xml.compare(name_end + 1, tag_end - name_end - 1, "") != 0) continue;  // other attributes
    items[xml.substr(at + open.size(), name_end - at - open.size())] =
        unescape(xml.substr(tag_end + 1, close - tag_end - 1));
  }
  return items;
}

const char* const kTile = "GEOFIELD_TILE";
const char* const kTileNodes = "GEOFIELD_TILE_NODES";
const char* const kGridNodes = "GEOFIELD_GRID_NODES";
const char* const kGrid = "GEOFIELD_GRID";
const char* const kOrigin = "GEOFIELD_GRID_ORIGIN";
const char* const kSrs = "GEOFIELD_SRS";
const char* const kNodata = "GEOFIELD_NODATA";
const char* const kRegistration = "GEOFIELD_REGISTRATION";  // "pixel"; absent: node
const char* const kRun = "GEOFIELD_RUN";
const char* const kValues = "GEOFIELD_VALUES_DIGEST";
const char* const kKind = "GEOFIELD_VALUES";  // "index" in an index tile; absent: the distance

// An optional digest item: none when absent, 16 hex digits when there.
std::optional<std::uint64_t> digest_item(const std::map<std::string, std::string>& items,
                                         const char* name) {
  const auto it = items.find(name);
  if (it == items.end()) return std::nullopt;
  const std::optional<std::uint64_t> d = parse_digest_text(it->second);
  if (!d) {
    throw RuntimeFailure(std::string("its ") + name + " " + quoted_excerpt(it->second) +
                         " is malformed (16 hex digits)");
  }
  return d;
}

}  // namespace

TileSample tile_sample_of(Precision stored) {
  return stored == Precision::f64 ? TileSample::float64 : TileSample::float32;
}

const char* to_string(TileSample s) {
  switch (s) {
    case TileSample::float32: return "float32";
    case TileSample::float64: return "float64";
    case TileSample::int32: return "int32";
  }
  return "?";
}

std::string run_text(const std::string& grid, TileSample stored) {
  // The version word lets a later change of what a run is give other digests on purpose.
  return "geofield-run-1 " + grid + " stored=" + to_string(stored);
}

std::uint64_t run_digest(const std::string& grid, TileSample stored) {
  return fnv1a_64(run_text(grid, stored));
}

std::string run_text(const std::string& grid, Precision stored) {
  return run_text(grid, tile_sample_of(stored));
}

std::uint64_t run_digest(const std::string& grid, Precision stored) {
  return run_digest(grid, tile_sample_of(stored));
}

std::string sites_identity(const SiteSet& sites, bool signed_inside) {
  if (sites.has_shapes()) {
    const SiteShapes& s = *sites.shapes();
    std::string text;  // kinds as digits: each feature's, then its parts' and their vertices
    for (const SiteFeature& f : s.features) {
      // Appended piece by piece: "f" + std::to_string(...) trips GCC 12's -Wrestrict.
      text.append("f").append(std::to_string(int(f.kind))).append(";");
      for (std::uint32_t k = f.first_part; k < f.first_part + f.part_count; ++k) {
        const SitePart& part = s.parts[k];
        text.append("p").append(std::to_string(int(part.kind))).append(":");
        for (std::uint32_t v = part.first; v < part.first + part.count; ++v) {
          text += exact(s.vertices[v].lat_deg) + "," + exact(s.vertices[v].lon_deg) + ";";
        }
      }
    }
    return " sites=shapes:" + std::to_string(sites.size()) + ":" + digest_text(fnv1a_64(text)) +
           (signed_inside ? " signed" : "");
  }
  if (sites.size() <= 1) return "";
  std::string coordinates;
  for (const Centre& c : *sites.points()) {
    coordinates += exact(c.lat_deg) + "," + exact(c.lon_deg) + ";";
  }
  return " sites=points:" + std::to_string(sites.size()) + ":" + digest_text(fnv1a_64(coordinates));
}

void prove_index_tile(TileMetadata* m, std::span<const std::int32_t> index) {
  m->index = true;
  m->run = run_digest(m->grid, TileSample::int32);
  m->values_digest = values_digest(index.data(), index.size_bytes());
}

void prove_tile(TileMetadata* m, const HostField& field) {
  m->run = run_digest(m->grid, field.precision);
  m->values_digest = field.precision == Precision::f64
                         ? values_digest(field.f64.data(), field.f64.size() * sizeof(double))
                         : values_digest(field.f32.data(), field.f32.size() * sizeof(float));
}

TileMetadata tile_metadata(const FieldParams& p, const TileChoice& tile, const Subgrid& nodes,
                           const std::string& sites) {
  TileMetadata m;
  m.tile = tile;
  m.nodes = nodes;
  m.grid_nx = p.nx;
  m.grid_ny = p.ny;
  m.grid = canonical_grid(p) + sites;
  m.pixel_is_area = p.registration == Registration::pixel;
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    m.x0 = g.lon_min_deg;
    m.y0 = g.lat_max_deg;
    m.step_x = g.lon_step_deg;
    m.step_y = g.lat_step_deg;
    m.srs = "EPSG:4326";
  } else {
    const ProjectedGrid g = projected_grid(p);
    const double metres = 1000.0 / units_per_km(p.units);
    m.x0 = projected_node_x<double>(g, 0) * metres;
    m.y0 = projected_node_y<double>(g, 0) * metres;
    m.step_x = m.step_y = g.step * metres;
    m.srs = std::string("+proj=") + std::string(to_string(p.projection)) +
            " +lat_0=" + exact(g.centre.lat_deg) + " +lon_0=" + exact(g.centre.lon_deg) +
            " +x_0=0 +y_0=0 +R=" + exact(sphere_radius_km(p) * 1000.0) + " +units=m +no_defs";
    m.nodata_nan = true;
  }
  return m;
}

std::vector<std::pair<std::string, std::string>> metadata_items(const TileMetadata& m) {
  const Subgrid& w = m.nodes;
  std::vector<std::pair<std::string, std::string>> items = {
      {kTile, std::to_string(m.tile.index) + "/" + std::to_string(m.tile.layout.tiles_x) + "x" +
                  std::to_string(m.tile.layout.tiles_y)},
      {kTileNodes, std::to_string(w.row0) + "," + std::to_string(w.col0) + "," +
                       std::to_string(w.nx) + "," + std::to_string(w.ny)},
      {kGridNodes, std::to_string(m.grid_nx) + "x" + std::to_string(m.grid_ny)},
      {kGrid, m.grid},
      {kOrigin, exact(m.x0) + "," + exact(m.y0) + "," + exact(m.step_x) + "," + exact(m.step_y)},
      {kSrs, m.srs}};
  if (m.nodata_nan) items.emplace_back(kNodata, m.index ? "-1" : "nan");
  if (m.pixel_is_area) items.emplace_back(kRegistration, "pixel");
  if (m.index) items.emplace_back(kKind, "index");
  if (m.run) items.emplace_back(kRun, digest_text(*m.run));
  if (m.values_digest) items.emplace_back(kValues, digest_text(*m.values_digest));
  return items;
}

std::optional<TileMetadata> parse_tile_metadata(const std::string& xml) {
  const std::map<std::string, std::string> items = items_of(xml);
  if (items.find(kTile) == items.end()) return std::nullopt;
  auto get = [&](const char* name) {
    const auto it = items.find(name);
    if (it == items.end()) throw RuntimeFailure(std::string("its metadata has no ") + name);
    return it->second;
  };
  auto bad = [](const char* name, const std::string& value) {
    return RuntimeFailure(std::string("its ") + name + " " + quoted_excerpt(value) +
                          " is malformed");
  };
  TileMetadata m;
  char tail = 0;
  const std::string size = get(kGridNodes);
  if (std::sscanf(size.c_str(), "%dx%d%c", &m.grid_nx, &m.grid_ny, &tail) != 2 || m.grid_nx < 1 ||
      m.grid_ny < 1) {
    throw bad(kGridNodes, size);
  }
  const std::string tile = get(kTile);
  // A split has at most one tile a node each way, and its count fits an int (checked in 64 bits:
  // tile_subgrid and the mosaic's checks count in int).
  if (std::sscanf(tile.c_str(), "%d/%dx%d%c", &m.tile.index, &m.tile.layout.tiles_x,
                  &m.tile.layout.tiles_y, &tail) != 3 ||
      m.tile.layout.tiles_x < 1 || m.tile.layout.tiles_y < 1 || m.tile.layout.tiles_x > m.grid_nx ||
      m.tile.layout.tiles_y > m.grid_ny ||
      std::int64_t{m.tile.layout.tiles_x} * m.tile.layout.tiles_y > INT_MAX || m.tile.index < 0 ||
      m.tile.index >= m.tile.layout.count()) {
    throw bad(kTile, tile);
  }
  const std::string nodes = get(kTileNodes);
  Subgrid& w = m.nodes;
  if (std::sscanf(nodes.c_str(), "%d,%d,%d,%d%c", &w.row0, &w.col0, &w.nx, &w.ny, &tail) != 4) {
    throw bad(kTileNodes, nodes);
  }
  m.grid = get(kGrid);
  const std::string origin = get(kOrigin);
  if (std::sscanf(origin.c_str(), "%lf,%lf,%lf,%lf%c", &m.x0, &m.y0, &m.step_x, &m.step_y, &tail) !=
      4) {
    throw bad(kOrigin, origin);
  }
  m.srs = get(kSrs);
  m.nodata_nan = items.count(kNodata) > 0;
  if (const auto r = items.find(kRegistration); r != items.end()) {
    if (r->second != "pixel") throw bad(kRegistration, r->second);
    m.pixel_is_area = true;
  }
  if (const auto kind = items.find(kKind); kind != items.end()) {
    if (kind->second != "index") throw bad(kKind, kind->second);
    m.index = true;
  }
  m.run = digest_item(items, kRun);
  m.values_digest = digest_item(items, kValues);
  return m;
}

}  // namespace geofield
