#include "figure/figure_paint.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "errors.h"
#include "figure/map_disc.h"
#include "figure/route_overlay.h"
#include "figure/text_raster.h"
#include "gl/colormap.h"

namespace geofield {
namespace {

// The Maidenhead fields' lines: a red that the colormaps and the white graticule do not use.
constexpr Rgba kMaidenheadInk = {200, 30, 60, 200};
// A site marker's white ring and colour dot, over its outer (black) radius: the window's
// proportions, 5 and 3.5 of 6.
constexpr double kMarkWhite = 5.0 / 6, kMarkDot = 3.5 / 6;
constexpr double kPlaceDotInk = 0.62;  // a place's dark dot inside its white ring

// A disc of radius r about (x, y), blended by how much of each pixel it covers.
void disc(Image* img, double x, double y, double r, Rgba c) {
  for (int py = static_cast<int>(std::floor(y - r - 1)); py <= static_cast<int>(y + r + 1); ++py) {
    for (int px = static_cast<int>(std::floor(x - r - 1)); px <= static_cast<int>(x + r + 1);
         ++px) {
      const double d = std::hypot(px + 0.5 - x, py + 0.5 - y);
      const double a = std::clamp(r - d + 0.5, 0.0, 1.0);
      if (a > 0) blend_pixel(img, px, py, c, static_cast<int>(std::lround(a * 255)));
    }
  }
}

// Raises cover (at's pixels, row by row) to segment p-q's: 1 within half - 0.5 of it, 0 beyond
// half + 0.5 (as the line shader covers).
void cover_segment(std::vector<float>* cover, const PixelRect& at, PointPx p, PointPx q,
                   double half) {
  const double reach = half + 0.5;
  const int x0 = std::max(0, static_cast<int>(std::floor(std::min(p.x, q.x) - reach)));
  const int x1 = std::min(at.w - 1, static_cast<int>(std::ceil(std::max(p.x, q.x) + reach)));
  const int y0 = std::max(0, static_cast<int>(std::floor(std::min(p.y, q.y) - reach)));
  const int y1 = std::min(at.h - 1, static_cast<int>(std::ceil(std::max(p.y, q.y) + reach)));
  const double dx = q.x - p.x, dy = q.y - p.y, len2 = dx * dx + dy * dy;
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const double cx = x + 0.5 - p.x, cy = y + 0.5 - p.y;
      const double t = len2 > 0 ? std::clamp((cx * dx + cy * dy) / len2, 0.0, 1.0) : 0.0;
      const double d = std::hypot(cx - t * dx, cy - t * dy);
      float& c = (*cover)[static_cast<size_t>(y) * at.w + x];
      c = std::max(c, static_cast<float>(std::clamp(reach - d, 0.0, 1.0)));
    }
  }
}

// The PNG's canvas: pixels, rectangles widened to whole pixels.
class RasterCanvas final : public FigureCanvas {
 public:
  explicit RasterCanvas(Image* img) : img_(img) {}
  void page(int width, int height) override {
    *img_ = Image{width, height,
                  std::vector<std::uint8_t>(static_cast<size_t>(width) * height * 4, 255)};
    if (look_.page_rgb != 0xffffff)
      fill_rect(img_, 0, 0, width, height, opaque_rgb(look_.page_rgb));
  }
  void map(const PixelRect& at, const Image& map, const MapDisc* disc) override {
    if (disc) {
      const MapDisc inside = disc_from(*disc, at.x, at.y);
      for (int y = 0; y < map.height; ++y) {
        for (int x = 0; x < map.width; ++x) {
          const double a = disc_cover(*disc, at.x + x, at.y + y);
          if (a <= 0) continue;
          const std::array<std::uint8_t, 3> c = disc_map_colour(map, x, y, inside);
          blend_pixel(img_, at.x + x, at.y + y, {c[0], c[1], c[2], 255},
                      static_cast<int>(std::lround(a * 255)));
        }
      }
      return;
    }
    for (int y = 0; y < map.height; ++y) {
      const int fy = at.y + y;
      if (fy < 0 || fy >= img_->height) continue;
      std::memcpy(&img_->rgba[(static_cast<size_t>(fy) * img_->width + at.x) * 4],
                  &map.rgba[static_cast<size_t>(y) * map.width * 4],
                  static_cast<size_t>(map.width) * 4);
    }
  }
  void rect(double x0, double y0, double x1, double y1, Rgba c) override {
    fill_rect(img_, static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
              static_cast<int>(std::ceil(x1)), static_cast<int>(std::ceil(y1)), c);
  }
  void frame(const PixelRect& r, int t) override {
    fill_rect(img_, r.x - t, r.y - t, r.x + r.w + t, r.y, look_.ink);
    fill_rect(img_, r.x - t, r.y + r.h, r.x + r.w + t, r.y + r.h + t, look_.ink);
    fill_rect(img_, r.x - t, r.y, r.x, r.y + r.h, look_.ink);
    fill_rect(img_, r.x + r.w, r.y, r.x + r.w + t, r.y + r.h, look_.ink);
  }
  void disc(double x, double y, double r, Rgba c) override { geofield::disc(img_, x, y, r, c); }
  // Each pixel as covered as the group's nearest segment covers it (one path: where segments
  // meet, no double ink), the coverage of a line of the width falling off over a pixel.
  void polylines(const PixelRect& at, const LineGroup& g, const MapDisc* disc) override {
    std::vector<float> cover(static_cast<size_t>(at.w) * at.h, 0.0f);
    const double half = g.width_px / 2;
    for (const Polyline& line : g.lines) {
      for (size_t k = 1; k < line.size(); ++k)
        cover_segment(&cover, at, line[k - 1], line[k], half);
    }
    const Rgba ink = {g.rgba[0], g.rgba[1], g.rgba[2], 255};
    for (int y = 0; y < at.h; ++y) {
      for (int x = 0; x < at.w; ++x) {
        float c = cover[static_cast<size_t>(y) * at.w + x];
        if (c > 0 && disc) c *= static_cast<float>(disc_cover(*disc, at.x + x, at.y + y));
        if (c > 0)
          blend_pixel(img_, at.x + x, at.y + y, ink, static_cast<int>(std::lround(c * g.rgba[3])));
      }
    }
  }
  void colorbar(const FigureLayout& L) override {
    const std::uint8_t* lut = colormap_rgb(L.style.colormap);
    for (int x = 0; x < L.bar.w; ++x) {
      // The colour of the value at this column's centre, as the shader maps values.
      double t = (x + 0.5) / L.bar.w;
      if (L.style.reverse) t = 1 - t;
      const int e = std::clamp(static_cast<int>(std::lround(t * 255)), 0, 255);
      const Rgba c = {lut[e * 3], lut[e * 3 + 1], lut[e * 3 + 2], 255};
      fill_rect(img_, L.bar.x + x, L.bar.y, L.bar.x + x + 1, L.bar.y + L.bar.h, c);
    }
  }
  void text(const TextRaster& font, double x, double y, const std::string& s) override {
    font.draw(img_, x, y, s, look_.ink);
  }

 private:
  Image* img_;
};

}  // namespace

void paint_site_mark_on(FigureCanvas* c, double x, double y, double radius_px, std::uint32_t rgb) {
  c->disc(x, y, radius_px, {0, 0, 0, 255});
  c->disc(x, y, radius_px * kMarkWhite, {255, 255, 255, 255});
  c->disc(x, y, radius_px * kMarkDot, opaque_rgb(rgb));
}

void paint_site_mark(Image* img, double x, double y, double radius_px, std::uint32_t rgb) {
  RasterCanvas canvas(img);
  paint_site_mark_on(&canvas, x, y, radius_px, rgb);
}

void paint_figure_on(FigureCanvas* c, const FigureLayout& L, const Image& map,
                     const MapLines& lines) {
  if (map.width != L.map.w || map.height != L.map.h)
    GF_FAIL("figure: map picture of the wrong size");
  c->set_look(L.look);
  c->page(L.width, L.height);
  const Rgba ink = L.look.ink;
  const MapDisc* disc = L.disc ? &*L.disc : nullptr;
  c->map(L.map, map, disc);
  for (const LineGroup& g : lines.groups) c->polylines(L.map, g, disc);
  for (const MapDot& d : lines.dots)
    c->disc(L.map.x + d.at.x, L.map.y + d.at.y, d.radius_px, d.rgba);
  const int line = figure_line_px(L);
  if (!L.maidenhead_lines.empty()) {
    LineGroup fields;
    fields.rgba = kMaidenheadInk;
    fields.width_px = line;
    fields.lines = L.maidenhead_lines;
    c->polylines(L.map, fields, disc);
  }
  for (const LineGroup& g : route_groups(L)) c->polylines(L.map, g, disc);
  if (!L.outline.empty()) {
    LineGroup outline;
    outline.rgba = ink;  // the frame's
    outline.width_px = line;
    outline.lines = L.outline;
    c->polylines(L.map, outline, disc);
  }
  if (!disc) c->frame(L.map, line);
  if (!L.azimuth_ticks.empty()) {
    LineGroup ticks;
    ticks.rgba = ink;
    ticks.width_px = line;
    ticks.lines = L.azimuth_ticks;
    c->polylines({0, 0, L.width, L.height}, ticks, nullptr);
  }
  for (int y : L.lat_tick_y) {
    c->rect(L.map.x - L.tick_len, y - line / 2, L.map.x, y - line / 2 + line, ink);
  }
  for (int x : L.lon_tick_x) {
    c->rect(x - line / 2, L.map.y + L.map.h, x - line / 2 + line, L.map.y + L.map.h + L.tick_len,
            ink);
  }
  const TextRaster text(L.font_px), ring_text(L.ring_font_px), title_text(L.title_px);
  for (const auto* labels : {&L.graticule_labels, &L.azimuth_labels}) {
    for (const PlacedText& t : *labels) c->text(text, t.x, t.y, t.text);
  }
  for (const SiteMark& m : L.site_marks) paint_site_mark_on(c, m.x, m.y, L.site_radius_px, m.rgb);
  for (const SiteMark& m : L.route_ends) paint_site_mark_on(c, m.x, m.y, L.route_end_px, m.rgb);
  for (const PointPx& d : L.place_dots) {  // a dark dot ringed in white
    c->disc(d.x, d.y, L.place_dot_px, {255, 255, 255, 255});
    c->disc(d.x, d.y, L.place_dot_px * kPlaceDotInk, kFigureInk);
  }
  // Ring labels, site names and a disc's graticule labels alike: dark text on a light box.
  for (const auto* labels : {&L.ring_labels, &L.site_labels, &L.disc_labels, &L.maidenhead_labels,
                             &L.route_labels, &L.place_labels}) {
    for (const PlacedText& t : *labels) {
      const double p = L.ring_pad_px;
      c->rect(t.x - p, t.y - p, t.x + t.w + p, t.y + t.h + p, L.look.label_box);
      c->text(ring_text, t.x, t.y, t.text);
    }
  }
  if (L.colorbar) {
    c->colorbar(L);
    c->frame(L.bar, line);
  }
  for (const ColorbarTick& k : L.bar_ticks) {
    const int x = L.bar.x + static_cast<int>(std::lround(k.x_px));
    c->rect(x - line / 2, L.bar.y + L.bar.h, x - line / 2 + line, L.bar.y + L.bar.h + L.tick_len,
            ink);
    c->text(text, L.bar.x + k.label_x, L.bar_label_y, k.label);
  }
  c->text(text, L.caption.x, L.caption.y, L.caption.text);
  for (const PlacedText& t : L.caption_more) c->text(text, t.x, t.y, t.text);
  c->text(title_text, L.title.x, L.title.y, L.title.text);
}

Image paint_figure(const FigureLayout& L, const Image& map, const MapLines& lines) {
  Image img;
  RasterCanvas canvas(&img);
  paint_figure_on(&canvas, L, map, lines);
  return img;
}

}  // namespace geofield
