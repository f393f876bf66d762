// The one renderer: draws the field texture through a colormap into the bound framebuffer,
// for the window and for headless pictures alike. Knows nothing of ImGui or windows.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "gl/colormap.h"
#include "gl/field_texture.h"
#include "gl/index_texture.h"
#include "gl/line_layer.h"
#include "gl/map_frame.h"
#include "gl/overlay_look.h"
#include "image.h"

namespace geofield {

// A latitude/longitude rectangle in degrees; lon_span_deg in (0, 360], 0 when unset.
struct GeoBounds {
  double lat_min_deg = 0, lat_max_deg = 0, lon_min_deg = 0, lon_span_deg = 0;
  bool valid() const { return lon_span_deg > 0 && lat_max_deg > lat_min_deg; }
  bool operator==(const GeoBounds&) const = default;
};

// How values become colours and what is drawn over them: uniforms only, so changing any of
// it is a redraw, not a recompute.
struct ViewStyle {
  double value_min = 0, value_max = 1;  // the colormap's ends, in the output unit
  Colormap colormap = Colormap::viridis;
  bool reverse = false;

  // Geography, for the window and overlays. When both are valid the viewport shows `view` and
  // the texture's nodes lie on `field`'s grid (node 0 on the west/north edge), so a field of
  // other bounds (the last one, while the new one computes) is drawn where it belongs.
  // When unset the texture fills the viewport, as `geofield render` draws.
  GeoBounds view, field;
  int field_nx = 0, field_ny = 0;  // texture size, for the node registration
  // The field is pixel-registered: `field` (or `field_map`) is the box of its cells and its
  // nodes are their centres, half a cell inside the edges.
  bool field_cells = false;
  // A projected view instead (both projected, one projection): the viewport shows `map`, the
  // texture holds a field of `field_map`. A field about another centre (the last one, while the
  // new one computes) is drawn shifted by where the new centre lies on it: exact in the plane,
  // near enough on the globe for the moment it shows.
  MapFrame map, field_map;

  double contour_interval = 0;        // output unit; 0: no contours
  double graticule_lat_step_deg = 0;  // 0: no graticule (projected views too)
  double graticule_lon_step_deg = 0;
  bool marker = false;  // a ring at the reference point
  double marker_lat_deg = 0, marker_lon_deg = 0;
  double marker_radius_px = 6;
  LineOverlay lines;  // coastlines and borders, drawn over the field when geography is set
  // 0xRRGGBB of what is not map: nodes with no value (off the ortho globe, beyond aeqd's
  // antipode) and the area outside the field being shown. The window's dark grey by default; a
  // figure sets its page colour, so the globe stands on the page.
  std::uint32_t background_rgb = 0x1f1f1f;
  // Many centres, every view: the field's nearest-centre index (GL_R32I, the
  // field's size; 0: none), coloured by the colours of set_centre_colours instead of by value
  // when colour_by_centre, and the boundaries between the centres' cells drawn.
  GLuint index_texture = 0;
  bool colour_by_centre = false;
  bool centre_boundaries = false;
  // The rings', graticule's and marker's colours and widths, the land and sea tints (a
  // figure's style; the window keeps the defaults). land_mask: an R8 texture of the viewport's
  // size, row 0 at the top, each pixel's share of land (figure/land_mask.h); 0: no tint.
  OverlayLook overlay;
  GLuint land_mask = 0;
  // The window's rings and graticule: a contrasting edge this many pixels wider each side, where
  // the line's colour is close to the colormap's under it (white graticule on turbo's yellow,
  // dark rings on its dark ends), so they stay visible on any colormap; 0: none (figures, whose
  // vector lines draw none either).
  float line_halo_px = 0;

  bool operator==(const ViewStyle&) const = default;
};

class Renderer {
 public:
  Renderer();  // needs a current GL 4.5 context
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  FieldTexture& field() { return field_; }
  const FieldTexture& field() const { return field_; }

  // Draws the field over the viewport (x, y, width, height) of the bound framebuffer.
  void draw(int x, int y, int width, int height, const ViewStyle& style);

  // The colour of each centre (0xRRGGBB, centre k at k) for colour_by_centre; kept until
  // changed. At most GL_MAX_TEXTURE_SIZE centres.
  void set_centre_colours(const std::vector<std::uint32_t>& rgb);
  // The sites' lines drawn when style.lines.sites: uploaded now, kept until changed.
  void set_site_lines(const LineSet& lines);
  // The index of a field of one site (0 at every node) as a 1 x 1 GL_R32I texture, which the
  // shader reads clamped to its size: for colouring by site a field whose backend kept no index
  // (the one-point fast path).
  GLuint one_site_index() const;

  // Renders width x height offscreen (a framebuffer object) and reads it back: for pictures.
  Image render_image(int width, int height, const ViewStyle& style);

 private:
  void set_geography_uniforms(int width, int height, const ViewStyle& style);
  void set_projected_uniforms(int width, int height, const ViewStyle& style);
  void set_marker_uniform(double x_px, double y_px, const ViewStyle& style, bool on);
  void set_look_uniforms(const ViewStyle& style);

  FieldTexture field_;
  std::unique_ptr<LineLayer> lines_;  // made at the first draw with lines: others pay nothing
  GLuint program_ = 0;
  GLuint vertex_array_ = 0;
  GLuint colormaps_ = 0;                 // 256 x kColormapCount RGBA8: one row per colormap
  mutable IndexTexture one_site_index_;  // made at the first use
  GLuint centre_colours_ = 0;            // RGBA8, rows of 4096: centre k at (k % 4096, k / 4096)
  int centre_colours_n_ = 0;
  std::vector<std::uint32_t> centre_rgb_;  // what centre_colours_ holds
  GLint loc_by_centre_ = -1, loc_boundaries_ = -1;
  GLint loc_value_min_ = -1, loc_value_max_ = -1, loc_reverse_ = -1, loc_colormap_row_ = -1;
  GLint loc_background_ = -1;
  GLint loc_remap_ = -1, loc_tex_map_ = -1, loc_contour_ = -1, loc_grid_lat_ = -1,
        loc_grid_lon_ = -1, loc_marker_ = -1, loc_viewport_ = -1;
  GLint loc_ring_rgba_ = -1, loc_ring_widths_ = -1, loc_ring_major_ = -1, loc_grid_rgba_ = -1,
        loc_grid_width_ = -1, loc_halo_ = -1, loc_marker_shape_ = -1, loc_marker_widths_ = -1,
        loc_land_rgba_ = -1, loc_ocean_rgba_ = -1, loc_tint_ = -1;
  GLint loc_projection_ = -1, loc_centre_ = -1, loc_half_ = -1, loc_radius_ = -1,
        loc_projected_grid_ = -1;
};

}  // namespace geofield
