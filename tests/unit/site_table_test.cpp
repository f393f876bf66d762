// The sites' table the index outputs carry (issue 31): rows in the index's order, places for
// points, kinds for shapes, and the GDAL raster attribute table of the index GeoTIFF's .aux.xml
// (GDAL's own reading of it: tests/e2e/render_site_names_test.py).
#include "export/site_table.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace geofield {
namespace {

TEST(SiteTable, PointsKeepNamesAndPlacesInOrder) {
  const SiteSet s = SiteSet::points(std::vector<Centre>{{59.91, 10.75, "Oslo"}, {-33.9, 18.4, ""}});
  const SiteTable t = site_table(s);
  EXPECT_EQ(t.names, (std::vector<std::string>{"Oslo", ""}));
  EXPECT_EQ(t.lat_deg, (std::vector<double>{59.91, -33.9}));
  EXPECT_EQ(t.lon_deg, (std::vector<double>{10.75, 18.4}));
  EXPECT_TRUE(t.kinds.empty());
  EXPECT_TRUE(t.has_places());
}

TEST(SiteTable, ShapesSayTheirKinds) {
  SiteShapes shapes;
  shapes.vertices = {{0, 0}, {1, 1}, {2, 2}, {0, 0}, {0, 1}, {1, 1}, {5, 5}};
  shapes.parts = {{PartKind::line, 0, 3}, {PartKind::ring, 3, 3}, {PartKind::point, 6, 1}};
  shapes.features = {{FeatureKind::line, 0, 1, "Cable"},
                     {FeatureKind::polygon, 1, 1, "Reef"},
                     {FeatureKind::point, 2, 1, ""}};
  const SiteTable t = site_table(SiteSet::shapes(std::make_shared<const SiteShapes>(shapes)));
  EXPECT_EQ(t.names, (std::vector<std::string>{"Cable", "Reef", ""}));
  EXPECT_EQ(t.kinds, (std::vector<std::string>{"line", "polygon", "point"}));
  EXPECT_FALSE(t.has_places());
}

TEST(SiteTable, AuxXmlIsAThematicTableWithEscapedNames) {
  SiteTable t;
  t.names = {"A & <B>", "\"q\"\x01", "Tromsø"};
  t.lat_deg = {0.1, -90, 12.5};
  t.lon_deg = {-180, 179.99999999999997, 0};
  const std::string xml = index_aux_xml(t);
  EXPECT_EQ(xml.rfind("<PAMDataset>\n  <PAMRasterBand band=\"1\">\n"
                      "    <GDALRasterAttributeTable tableType=\"thematic\">\n",
                      0),
            0u);
  EXPECT_NE(xml.find("<Name>Value</Name>\n        <Type>0</Type>\n        <Usage>5</Usage>"),
            std::string::npos);
  EXPECT_NE(xml.find("<Name>name</Name>\n        <Type>2</Type>\n        <Usage>2</Usage>"),
            std::string::npos);
  EXPECT_NE(xml.find("<Name>lon</Name>\n        <Type>1</Type>\n        <Usage>0</Usage>"),
            std::string::npos);
  EXPECT_NE(xml.find("<F>A &amp; &lt;B&gt;</F>"), std::string::npos);
  EXPECT_NE(xml.find("<F>&quot;q&quot; </F>"), std::string::npos);  // no control character
  EXPECT_NE(xml.find("<Row index=\"2\">\n        <F>2</F>\n        <F>Tromsø</F>\n        "
                     "<F>12.5</F>\n        <F>0</F>"),
            std::string::npos);
  // Places exactly: the double's shortest round-trip digits at most 17.
  EXPECT_NE(xml.find("<F>0.10000000000000001</F>"), std::string::npos);
  EXPECT_NE(xml.find("<F>179.99999999999997</F>"), std::string::npos);
  EXPECT_EQ(xml.find("kind"), std::string::npos);
  EXPECT_NE(xml.find("</GDALRasterAttributeTable>\n  </PAMRasterBand>\n</PAMDataset>\n"),
            std::string::npos);
}

}  // namespace
}  // namespace geofield
