#include "figure/figure_vector.h"

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "errors.h"
#include "export/output_kinds.h"
#include "field_constants.h"
#include "figure/figure_paint.h"
#include "figure/map_disc.h"
#include "figure/text_raster.h"
#include "gl/colormap.h"

namespace geofield {
namespace {

// The built-in font as a cairo face, made once and kept for the process (cairo's face holds
// FreeType's, which must outlive it).
cairo_font_face_t* builtin_face() {
  static cairo_font_face_t* face = [] {
    FT_Library lib = nullptr;
    if (FT_Init_FreeType(&lib) != 0) GF_FAIL("figure: FreeType does not start");
    const std::span<const std::uint8_t> bytes = builtin_font_bytes();
    FT_Face ft = nullptr;
    if (FT_New_Memory_Face(lib, bytes.data(), static_cast<FT_Long>(bytes.size()), 0, &ft) != 0) {
      GF_FAIL("figure: the built-in DejaVu Sans does not load in FreeType");
    }
    cairo_font_face_t* f = cairo_ft_font_face_create_for_ft_face(ft, 0);
    if (cairo_font_face_status(f) != CAIRO_STATUS_SUCCESS) {
      GF_FAIL(std::string("figure: cairo font: ") +
              cairo_status_to_string(cairo_font_face_status(f)));
    }
    return f;
  }();
  return face;
}

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(closure);
  out->insert(out->end(), data, data + length);
  return CAIRO_STATUS_SUCCESS;
}

// cairo's errors stick to the context: one look after each drawing says where it went wrong.
void check(cairo_t* cr, const char* what) {
  if (const cairo_status_t st = cairo_status(cr); st != CAIRO_STATUS_SUCCESS) {
    GF_FAIL(std::string("figure: cairo, ") + what + ": " + cairo_status_to_string(st));
  }
}

void set_rgba(cairo_t* cr, Rgba c) {
  cairo_set_source_rgba(cr, c[0] / 255.0, c[1] / 255.0, c[2] / 255.0, c[3] / 255.0);
}

// A PDF or SVG page: rectangles, arcs, a gradient and glyphs of the built-in font; the map an
// image.
class CairoCanvas final : public FigureCanvas {
 public:
  explicit CairoCanvas(cairo_t* cr) : cr_(cr) {}
  void page(int width, int height) override {
    rect(0, 0, width, height, opaque_rgb(look_.page_rgb));
  }
  void map(const PixelRect& at, const Image& map, const MapDisc* disc) override {
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, map.width, map.height);
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> owned(s,
                                                                             cairo_surface_destroy);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
      GF_FAIL(std::string("figure: the map's image: ") +
              cairo_status_to_string(cairo_surface_status(s)));
    }
    cairo_surface_flush(s);
    unsigned char* data = cairo_image_surface_get_data(s);
    const int stride = cairo_image_surface_get_stride(s);
    const std::optional<MapDisc> inside =
        disc ? std::optional(disc_from(*disc, at.x, at.y)) : std::nullopt;
    for (int y = 0; y < map.height; ++y) {
      auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::size_t>(y) * stride);
      const std::uint8_t* p = &map.rgba[static_cast<std::size_t>(y) * map.width * 4];
      for (int x = 0; x < map.width; ++x, p += 4) {
        const std::array<std::uint8_t, 3> c =
            inside ? disc_map_colour(map, x, y, *inside) : std::array{p[0], p[1], p[2]};
        row[x] = std::uint32_t{c[0]} << 16 | std::uint32_t{c[1]} << 8 | c[2];
      }
    }
    cairo_surface_mark_dirty(s);
    cairo_save(cr_);
    cairo_set_source_surface(cr_, s, at.x, at.y);
    clip_to(at, disc);
    cairo_paint(cr_);
    cairo_restore(cr_);
    check(cr_, "the map's image");
  }
  void rect(double x0, double y0, double x1, double y1, Rgba c) override {
    set_rgba(cr_, c);
    cairo_rectangle(cr_, x0, y0, x1 - x0, y1 - y0);
    cairo_fill(cr_);
  }
  void frame(const PixelRect& r, int t) override {
    set_rgba(cr_, look_.ink);
    cairo_set_line_width(cr_, t);
    cairo_rectangle(cr_, r.x - t / 2.0, r.y - t / 2.0, r.w + t, r.h + t);
    cairo_stroke(cr_);
  }
  // One path a group, clipped to the map: round joins, as the line shader's quads overlap.
  void polylines(const PixelRect& at, const LineGroup& g, const MapDisc* disc) override {
    if (g.lines.empty()) return;
    cairo_save(cr_);
    clip_to(at, disc);
    cairo_new_path(cr_);
    for (const Polyline& line : g.lines) {
      if (line.size() < 2) continue;
      cairo_move_to(cr_, at.x + line[0].x, at.y + line[0].y);
      for (size_t k = 1; k < line.size(); ++k)
        cairo_line_to(cr_, at.x + line[k].x, at.y + line[k].y);
    }
    set_rgba(cr_, g.rgba);
    cairo_set_line_width(cr_, g.width_px);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr_);
    cairo_restore(cr_);
    check(cr_, "the map's lines");
  }
  void disc(double x, double y, double r, Rgba c) override {
    set_rgba(cr_, c);
    cairo_new_sub_path(cr_);
    cairo_arc(cr_, x, y, r, 0, 2 * kPi);
    cairo_fill(cr_);
  }
  // The colormap left to right (reversed when the style is), its 256 entries as stops.
  void colorbar(const FigureLayout& L) override {
    const std::uint8_t* lut = colormap_rgb(L.style.colormap);
    cairo_pattern_t* g = cairo_pattern_create_linear(L.bar.x, 0, L.bar.x + L.bar.w, 0);
    for (int e = 0; e < 256; ++e) {
      const double at = e / 255.0;
      cairo_pattern_add_color_stop_rgb(g, L.style.reverse ? 1 - at : at, lut[e * 3] / 255.0,
                                       lut[e * 3 + 1] / 255.0, lut[e * 3 + 2] / 255.0);
    }
    cairo_set_source(cr_, g);
    cairo_rectangle(cr_, L.bar.x, L.bar.y, L.bar.w, L.bar.h);
    cairo_fill(cr_);
    cairo_pattern_destroy(g);
  }
  // The baseline an ascent below the top, as TextRaster places its glyphs.
  void text(const TextRaster& font, double x, double y, const std::string& s) override {
    if (s.empty()) return;
    cairo_set_font_face(cr_, builtin_face());
    cairo_set_font_size(cr_, font.em_px());
    set_rgba(cr_, look_.ink);
    cairo_move_to(cr_, x, y + font.ascent());
    cairo_show_text(cr_, s.c_str());
  }

 private:
  // Clips to the rectangle at, or to the disc where given.
  void clip_to(const PixelRect& at, const MapDisc* disc) {
    cairo_new_path(cr_);
    if (disc) {
      cairo_arc(cr_, disc->x, disc->y, disc->r, 0, 2 * kPi);
    } else {
      cairo_rectangle(cr_, at.x, at.y, at.w, at.h);
    }
    cairo_clip(cr_);
  }

  cairo_t* cr_;
};

}  // namespace

FigureFormat figure_format_of(const std::filesystem::path& file) {
  const std::string ext = lowercase_extension(file);
  return ext == ".pdf" ? FigureFormat::pdf : ext == ".svg" ? FigureFormat::svg : FigureFormat::png;
}

std::vector<std::uint8_t> vector_figure(const FigureLayout& L, const Image& map,
                                        const MapLines& lines, FigureFormat format, int dpi) {
  if (format == FigureFormat::png || dpi <= 0) GF_FAIL("vector_figure: PDF or SVG, dpi > 0");
  if (map.width != L.map.w || map.height != L.map.h) {
    GF_FAIL("figure: map picture of the wrong size");
  }
  std::vector<std::uint8_t> bytes;
  const double points = 72.0 / dpi;  // a figure pixel, in points
  cairo_surface_t* surface =
      format == FigureFormat::pdf
          ? cairo_pdf_surface_create_for_stream(append, &bytes, L.width * points, L.height * points)
          : cairo_svg_surface_create_for_stream(append, &bytes, L.width * points,
                                                L.height * points);
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> owned(surface,
                                                                           cairo_surface_destroy);
  if (format == FigureFormat::pdf) {
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, L.title.text.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "geofield");
  } else {
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT);
  }
  // Owned, so that a throw while painting frees the context (which holds the surface) too.
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface), cairo_destroy);
  cairo_scale(cr.get(), points, points);
  CairoCanvas canvas(cr.get());
  paint_figure_on(&canvas, L, map, lines);
  const cairo_status_t drawn = cairo_status(cr.get());
  cr.reset();
  cairo_surface_finish(surface);
  const cairo_status_t finished = cairo_surface_status(surface);
  if (drawn != CAIRO_STATUS_SUCCESS || finished != CAIRO_STATUS_SUCCESS) {
    GF_FAIL(std::string("figure: cairo: ") +
            cairo_status_to_string(drawn != CAIRO_STATUS_SUCCESS ? drawn : finished));
  }
  return bytes;
}

}  // namespace geofield
