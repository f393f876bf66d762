// PDF and SVG figures (app/figure/figure_vector.*, issue 29) without GL: a laid-out figure
// around a plain map picture becomes a one-page PDF or an SVG of the figure's size at the dpi
// given (points = pixels x 72 / dpi), with the title as the PDF's metadata and as text; the
// format follows the extension in any case; a map picture of the wrong size is refused.
#include "figure/figure_vector.h"

#include <gtest/gtest.h>

#include <exception>
#include <string>
#include <vector>

#include "errors.h"
#include "figure/figure_layout.h"
#include "figure/figure_paint.h"

namespace geofield {
namespace {

FigureLayout plain_layout(const std::string& title) {
  FieldParams p;
  p.lat_min_deg = 40, p.lat_max_deg = 50, p.lon_min_deg = 0, p.lon_max_deg = 10;
  p.ref_lat_deg = 45, p.ref_lon_deg = 5;
  return layout_figure(p, 600, title, [](int, int) {
    ViewStyle s;
    s.value_min = 0;
    s.value_max = 500;
    return s;
  });
}

Image plain_map(const FigureLayout& L) {
  return Image{L.map.w, L.map.h,
               std::vector<std::uint8_t>(static_cast<std::size_t>(L.map.w) * L.map.h * 4, 90)};
}

std::string text_of(const std::vector<std::uint8_t>& b) { return std::string(b.begin(), b.end()); }

TEST(FigureVector, TheFormatFollowsTheExtension) {
  EXPECT_EQ(figure_format_of("a/f.pdf"), FigureFormat::pdf);
  EXPECT_EQ(figure_format_of("F.PDF"), FigureFormat::pdf);
  EXPECT_EQ(figure_format_of("f.Svg"), FigureFormat::svg);
  EXPECT_EQ(figure_format_of("f.png"), FigureFormat::png);
}

TEST(FigureVector, APdfIsOnePageOfTheFiguresSizeWithItsTitle) {
  const FigureLayout L = plain_layout("Plain figure");
  const std::string pdf = text_of(vector_figure(L, plain_map(L), {}, FigureFormat::pdf, 300));
  EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u);
  EXPECT_NE(pdf.find("%%EOF"), std::string::npos);
  EXPECT_NE(pdf.find("/Count 1"), std::string::npos) << "one page";
  EXPECT_NE(pdf.find("/Creator (geofield)"), std::string::npos);
  EXPECT_NE(pdf.find("Plain figure"), std::string::npos) << "the title in the metadata";
  // 600 pixels at 300 dpi: 144 points wide.
  EXPECT_NE(pdf.find("/MediaBox [ 0 0 144 "), std::string::npos);
}

TEST(FigureVector, AnSvgIsInPointsAtTheDpiGiven) {
  const FigureLayout L = plain_layout("");
  const std::string svg = text_of(vector_figure(L, plain_map(L), {}, FigureFormat::svg, 150));
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("width=\"288pt\""), std::string::npos) << svg.substr(0, 400);
  EXPECT_NE(svg.find("<image"), std::string::npos) << "the map embedded";
}

// The numbers of the first path's d attribute at or after from (cairo writes them through the
// page's scale in points: a figure pixel to a few thousandths).
std::vector<double> path_numbers(const std::string& svg, std::size_t from) {
  const std::size_t d = svg.find("d=\"M ", from);
  std::vector<double> out;
  if (d == std::string::npos) return out;
  const std::size_t end = svg.find('"', d + 3);
  std::string text = svg.substr(d + 3, end - d - 3);
  for (char& c : text) c = (c == 'M' || c == 'L') ? ' ' : c;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t used = 0;
    try {
      out.push_back(std::stod(text.substr(at), &used));
    } catch (const std::exception&) {
      break;
    }
    at += used;
  }
  return out;
}

// The map's lines are paths over the map, one a group, in the group's width and ink, placed
// from the map's corner.
TEST(FigureVector, MapLinesArePathsOneAGroup) {
  const FigureLayout L = plain_layout("");
  MapLines lines;
  lines.groups.push_back({LineGroup::Kind::ring, {0, 0, 0, 166}, 2.0, {{{10, 20}, {30, 40}}}});
  lines.groups.push_back({LineGroup::Kind::coastline,
                          {255, 255, 255, 255},
                          3.0,
                          {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}});
  const std::string svg = text_of(vector_figure(L, plain_map(L), lines, FigureFormat::svg, 300));
  const std::size_t ring = svg.find("stroke-width:2;");
  ASSERT_NE(ring, std::string::npos);
  EXPECT_NE(svg.find("stroke-opacity:0.65", ring), std::string::npos);
  const double x = L.map.x, y = L.map.y;
  const std::vector<double> want_ring = {x + 10, y + 20, x + 30, y + 40};
  const std::vector<double> got_ring = path_numbers(svg, ring);
  ASSERT_EQ(got_ring.size(), want_ring.size());
  for (std::size_t k = 0; k < want_ring.size(); ++k) EXPECT_NEAR(got_ring[k], want_ring[k], 0.01);
  // Two polylines of one group: one path, two subpaths.
  const std::size_t coast = svg.find("stroke-width:3;");
  ASSERT_NE(coast, std::string::npos);
  const std::vector<double> want_coast = {x + 1, y + 2, x + 3, y + 4, x + 5, y + 6, x + 7, y + 8};
  const std::vector<double> got_coast = path_numbers(svg, coast);
  ASSERT_EQ(got_coast.size(), want_coast.size());
  for (std::size_t k = 0; k < want_coast.size(); ++k)
    EXPECT_NEAR(got_coast[k], want_coast[k], 0.01);
}

// The PNG's canvas paints the map's lines as the line shader covers pixels: fully within the
// half width less half a pixel, nothing beyond it plus half a pixel, one path a group (no double
// ink where its lines cross).
TEST(FigureVector, ThePngCanvasPaintsMapLinesAsTheShaderCoversPixels) {
  const FigureLayout L = plain_layout("");
  MapLines lines;
  LineGroup ring{LineGroup::Kind::ring, {0, 0, 0, 166}, 2.0, {}};
  ring.lines.push_back({{0, 50.5}, {double(L.map.w), 50.5}});  // along row 50's centres
  ring.lines.push_back({{100.5, 0}, {100.5, double(L.map.h)}});
  lines.groups.push_back(ring);
  const Image img = paint_figure(L, plain_map(L), lines);
  auto at = [&](int x, int y) {
    return int(img.rgba[(static_cast<size_t>(L.map.y + y) * img.width + L.map.x + x) * 4]);
  };
  const int full = (90 * (255 - 166) + 127) / 255;  // 90 darkened by 0.65 of black
  EXPECT_EQ(at(20, 50), full);
  EXPECT_EQ(at(100, 50), full) << "the crossing inked once";
  EXPECT_NEAR(at(20, 49), (90 * (255 - 83) + 127) / 255, 1) << "a pixel away: half covered";
  EXPECT_EQ(at(20, 52), 90) << "two pixels away: untouched";
  EXPECT_EQ(at(20, 20), 90);
}

// Refused before cairo starts: nothing of cairo's is left behind (ASan's leak check).
TEST(FigureVector, AMapOfTheWrongSizeIsRefused) {
  const FigureLayout L = plain_layout("");
  Image small = plain_map(L);
  small.width -= 1;
  EXPECT_THROW(vector_figure(L, small, {}, FigureFormat::pdf, 300), std::exception);
  EXPECT_THROW(vector_figure(L, small, {}, FigureFormat::svg, 300), std::exception);
}

}  // namespace
}  // namespace geofield
