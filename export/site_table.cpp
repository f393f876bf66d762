#include "export/site_table.h"

#include <string_view>

#include "export/tile_metadata.h"

namespace geofield {
namespace {

const char* kind_name(FeatureKind k) {
  switch (k) {
    case FeatureKind::line: return "line";
    case FeatureKind::polygon: return "polygon";
    default: return "point";
  }
}

// A name as XML 1.0 character data: escaped, and the control characters XML cannot hold at all
// (every one below a space but tab, newline and return) as spaces, so that GDAL parses the file.
std::string xml_text(const std::string& s) {
  std::string kept = s;
  for (char& c : kept) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t' && c != '\n' && c != '\r') c = ' ';
  }
  return xml_escaped(kept);
}

// A column's definition; type and usage are GDAL's GDALRATFieldType and GDALRATFieldUsage.
std::string field_defn(int index, const char* name, int type, int usage) {
  return "      <FieldDefn index=\"" + std::to_string(index) + "\">\n        <Name>" + name +
         "</Name>\n        <Type>" + std::to_string(type) + "</Type>\n        <Usage>" +
         std::to_string(usage) + "</Usage>\n      </FieldDefn>\n";
}

// GDALRATFieldType and GDALRATFieldUsage (gdal.h), as the XML spells them.
constexpr int kInteger = 0, kReal = 1, kString = 2;
constexpr int kGeneric = 0, kName = 2, kMinMax = 5;

}  // namespace

SiteTable site_table(const SiteSet& sites) {
  SiteTable t;
  const std::size_t n = sites.size();
  t.names.reserve(n);
  for (std::size_t k = 0; k < n; ++k) t.names.push_back(sites.name(k));
  if (sites.has_shapes()) {
    for (const SiteFeature& f : sites.shapes()->features) t.kinds.push_back(kind_name(f.kind));
  } else if (n > 0) {
    for (const Centre& c : *sites.points()) {
      t.lat_deg.push_back(c.lat_deg);
      t.lon_deg.push_back(c.lon_deg);
    }
  }
  return t;
}

std::string index_aux_xml(const SiteTable& t) {
  std::string xml =
      "<PAMDataset>\n  <PAMRasterBand band=\"1\">\n"
      "    <GDALRasterAttributeTable tableType=\"thematic\">\n";
  xml += field_defn(0, "Value", kInteger, kMinMax);
  xml += field_defn(1, "name", kString, kName);
  if (t.has_places()) {
    xml += field_defn(2, "lat", kReal, kGeneric);
    xml += field_defn(3, "lon", kReal, kGeneric);
  } else {
    xml += field_defn(2, "kind", kString, kGeneric);
  }
  for (std::size_t k = 0; k < t.size(); ++k) {
    xml += "      <Row index=\"" + std::to_string(k) + "\">\n        <F>" + std::to_string(k) +
           "</F>\n        <F>" + xml_text(t.names[k]) + "</F>\n";
    if (t.has_places()) {
      xml += "        <F>" + exact_text(t.lat_deg[k]) + "</F>\n        <F>" +
             exact_text(t.lon_deg[k]) + "</F>\n";
    } else {
      xml += "        <F>" + std::string(t.kinds[k]) + "</F>\n";
    }
    xml += "      </Row>\n";
  }
  return xml + "    </GDALRasterAttributeTable>\n  </PAMRasterBand>\n</PAMDataset>\n";
}

std::string raster_attribute_table_of(const std::string& aux_xml) {
  constexpr std::string_view kOpen = "<GDALRasterAttributeTable";
  constexpr std::string_view kClose = "</GDALRasterAttributeTable>";
  const std::size_t first = aux_xml.find(kOpen);
  if (first == std::string::npos) return "";
  const std::size_t last = aux_xml.find(kClose, first);
  if (last == std::string::npos) return "";
  return aux_xml.substr(first, last + kClose.size() - first);
}

}  // namespace geofield
