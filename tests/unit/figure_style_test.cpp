// The figure's style (issue 29): presets, what typed options override, the points turned into
// pixels at the figure's dpi, and the options' refusals.
#include "figure/figure_style.h"

#include <gtest/gtest.h>

#include "cli/style_options.h"
#include "errors.h"
#include "figure/figure_layout.h"
#include "figure/text_raster.h"

namespace geofield {
namespace {

TEST(FigureStyle, PresetsByName) {
  EXPECT_EQ(figure_preset_named("print"), FigurePreset::print);
  EXPECT_EQ(figure_preset_named("screen"), FigurePreset::screen);
  EXPECT_EQ(figure_preset_named("dark"), FigurePreset::dark);
  EXPECT_FALSE(figure_preset_named("Print").has_value());
  EXPECT_FALSE(figure_preset_named("").has_value());
}

TEST(FigureStyle, PrintIsA300DpiPageWithLabelsOfAtLeast8Points) {
  const FigureStyle s = figure_style_preset(FigurePreset::print);
  EXPECT_EQ(s.dpi, 300);
  EXPECT_EQ(s.page_rgb, 0xffffffu);
  EXPECT_EQ(s.font_pt, 8);
  const FigureLook look = figure_look_of(s, s.dpi);
  // 8 pt at 300 dpi: an em of 33.3 px, a line (DejaVu's ascender to descender) of 38.8 px.
  EXPECT_EQ(look.font_px, 39);
  EXPECT_EQ(look.min_label_px, 39);
  EXPECT_GE(TextRaster(look.font_px).em_px() * 72 / 300, 8.0);
}

TEST(FigureStyle, DarkIsALightInkOnADarkPage) {
  const FigureStyle s = figure_style_preset(FigurePreset::dark);
  const FigureLook look = figure_look_of(s, s.dpi);
  auto lum = [](std::uint32_t rgb) {
    return 0.2126 * ((rgb >> 16) & 0xff) + 0.7152 * ((rgb >> 8) & 0xff) + 0.0722 * (rgb & 0xff);
  };
  EXPECT_LT(lum(s.page_rgb), 50);
  EXPECT_GT(lum(s.ink_rgb), 200);
  EXPECT_GT(lum(s.ring_rgb), 200);
  EXPECT_GT(lum(s.line_rgb), 200);
  EXPECT_EQ(look.ink[0], 0xe6);
  EXPECT_EQ(s.dpi, 96);
}

TEST(FigureStyle, TypedOptionsOverrideThePresetAndOnlyThose) {
  FigureStyleOverrides o;
  o.font_pt = 12;
  o.ring_rgb = 0xff0000;
  o.major_rings = 5;
  o.land = Tint{0xc8b48c, 0.3};
  o.marker = MarkerShape::star;
  const FigureStyle s = resolve_figure_style(FigurePreset::dark, o);
  const FigureStyle dark = figure_style_preset(FigurePreset::dark);
  EXPECT_EQ(s.font_pt, 12);
  EXPECT_EQ(s.ring_rgb, 0xff0000u);
  EXPECT_EQ(s.major_rings, 5);
  EXPECT_EQ(s.land, (Tint{0xc8b48c, 0.3}));
  EXPECT_EQ(s.marker, MarkerShape::star);
  // The rest is dark's.
  EXPECT_EQ(s.page_rgb, dark.page_rgb);
  EXPECT_EQ(s.ink_rgb, dark.ink_rgb);
  EXPECT_EQ(s.ring_width_pt, dark.ring_width_pt);
  EXPECT_EQ(s.graticule_rgb, dark.graticule_rgb);
  EXPECT_EQ(s.dpi, 96);
  // Nothing typed: the preset itself.
  EXPECT_EQ(resolve_figure_style(FigurePreset::screen, {}),
            figure_style_preset(FigurePreset::screen));
}

TEST(FigureStyle, NoneTakesAPresetsTintAway) {
  FigureStyleOverrides o;
  o.land = std::optional<Tint>{};  // typed "none"
  EXPECT_FALSE(resolve_figure_style(FigurePreset::print, o).land.has_value());
}

TEST(FigureStyle, PointsBecomePixelsAtTheDpi) {
  FigureStyle s = figure_style_preset(FigurePreset::print);
  s.ring_width_pt = 0.72;
  s.graticule_width_pt = 0.36;
  s.line_width_pt = 1.44;
  s.marker_size_pt = 7.2;
  s.major_rings = 4;
  s.ring_rgb = 0x336699;
  ViewStyle st;
  apply_figure_style(s, 300, &st);
  EXPECT_FLOAT_EQ(st.overlay.ring_width_px, 3.0f);  // 0.72 pt x 300 / 72
  EXPECT_FLOAT_EQ(st.overlay.minor_ring_width_px, 1.5f);
  EXPECT_FLOAT_EQ(st.overlay.graticule_width_px, 1.5f);
  EXPECT_FLOAT_EQ(st.lines.width_px, 6.0f);
  EXPECT_DOUBLE_EQ(st.marker_radius_px, 15.0);  // 7.2 pt across: 30 px
  EXPECT_EQ(st.overlay.major_every, 4);
  EXPECT_FLOAT_EQ(st.overlay.ring_rgba[0], 0x33 / 255.0f);
  EXPECT_FLOAT_EQ(st.overlay.ring_rgba[3], 0.65f);
  EXPECT_EQ(st.background_rgb, 0xffffffu);
  EXPECT_EQ(st.overlay.land_rgba[3], 0.0f);  // no tint
  apply_figure_style(s, 72, &st);
  EXPECT_FLOAT_EQ(st.overlay.ring_width_px, 0.72f);
}

TEST(FigureStyle, TheWindowsLookIsTheDefaultOverlayLook) {
  // The window keeps the look it had: gl/overlay_look.h's numbers.
  const OverlayLook o;
  EXPECT_FLOAT_EQ(o.ring_width_px, 2.0f);
  EXPECT_FLOAT_EQ(o.ring_rgba[3], 0.65f);
  EXPECT_FLOAT_EQ(o.graticule_rgba[3], 0.45f);
  EXPECT_EQ(o.major_every, 1);
  EXPECT_EQ(o.marker_shape, MarkerShape::ring);
}

TEST(FigureStyle, LabelsAreAtLeast8PointsAtEveryWidth) {
  FieldParams p;
  p.lat_min_deg = 30;
  p.lat_max_deg = 60;
  p.lon_min_deg = -10;
  p.lon_max_deg = 40;
  const FigureStyle s = figure_style_preset(FigurePreset::print);
  const FigureLook look = figure_look_of(s, 300);
  for (int width : {800, 1600, 4000}) {
    const FigureLayout L = layout_figure(
        p, width, "A long title that must shrink to fit a narrow figure of 800",
        [](int, int) { return ViewStyle{}; }, {}, look);
    // A font's size is its em: in points at 300 dpi.
    auto pt = [](double text_px) { return TextRaster(text_px).em_px() * 72.0 / 300; };
    EXPECT_GE(pt(L.font_px), 8.0) << width;
    EXPECT_GE(pt(L.ring_font_px), 8.0) << width;
    EXPECT_GE(pt(L.title_px), 8.0) << width;
    EXPECT_EQ(L.font_px, 39) << "text in points, not by the width";
  }
}

TEST(StyleOptions, EachBadValueNamesItsOptionAndRange) {
  auto refusal = [](StyleOptionText t) {
    try {
      resolve_style_options(t, std::nullopt, true);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  StyleOptionText t;
  t.style = "poster";
  EXPECT_EQ(refusal(t), "--style: 'poster' is not a style: give print, screen or dark");
  t = {};
  t.font_size = "7";
  EXPECT_EQ(refusal(t), "--font-size: '7' is not a size from 8 to 36 points");
  t = {};
  t.ring_width = "abc";
  EXPECT_EQ(refusal(t), "--ring-width: 'abc' is not a size from 0.1 to 4 points");
  t = {};
  t.major_rings = "0";
  EXPECT_NE(refusal(t).find("--major-rings"), std::string::npos);
  EXPECT_NE(refusal(t).find("from 1 to 20"), std::string::npos);
  t = {};
  t.ring_color = "red";
  EXPECT_NE(refusal(t).find("--ring-color: 'red' is not a colour"), std::string::npos);
  t = {};
  t.land_fill = "c8b48cff";  // alpha 1: the field hidden
  EXPECT_NE(refusal(t).find("--land-fill"), std::string::npos);
  EXPECT_NE(refusal(t).find("AA from 00 to 99"), std::string::npos);
  t = {};
  t.marker_shape = "square";
  EXPECT_EQ(refusal(t), "--marker-shape: 'square' is not a shape: give dot, ring, star or cross");
  t = {};
  t.marker_size = "40";
  EXPECT_EQ(refusal(t), "--marker-size: '40' is not a size from 2 to 36 points");
}

TEST(StyleOptions, WithoutAFigureEachIsRefused) {
  StyleOptionText t;
  t.major_rings = "5";
  try {
    resolve_style_options(t, std::nullopt, false);
    FAIL() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "--major-rings: styles a figure; give --figure FILE too");
  }
  // --line-color alone is a view option (the PNG's lines too): not refused.
  EXPECT_NO_THROW(resolve_style_options({}, 0xff0000u, false));
}

TEST(StyleOptions, TintsWithAndWithoutAlpha) {
  EXPECT_EQ(parse_tint("c8b48c", "--land-fill"), (Tint{0xc8b48c, kDefaultTintAlpha}));
  EXPECT_EQ(parse_tint("#102030", "--land-fill")->rgb, 0x102030u);
  EXPECT_NEAR(parse_tint("10203080", "--land-fill")->alpha, 128 / 255.0, 1e-12);
  EXPECT_FALSE(parse_tint("none", "--land-fill").has_value());
  EXPECT_THROW(parse_tint("1020309a", "--land-fill"), UsageError);
  EXPECT_THROW(parse_tint("10203", "--land-fill"), UsageError);
}

TEST(StyleOptions, TheStyleThenTheTypedOptions) {
  StyleOptionText t;
  t.style = "dark";
  t.ring_color = "ff8800";
  t.font_size = "14";
  const FigureStyle s = resolve_style_options(t, 0x00ff00u, true);
  EXPECT_EQ(s.preset, FigurePreset::dark);
  EXPECT_EQ(s.ring_rgb, 0xff8800u);
  EXPECT_EQ(s.font_pt, 14);
  EXPECT_EQ(s.line_rgb, 0x00ff00u);  // --line-color
  EXPECT_EQ(s.page_rgb, figure_style_preset(FigurePreset::dark).page_rgb);
}

}  // namespace
}  // namespace geofield
