// The one renderer: draws the field texture through a colormap into the bound framebuffer,
// for the window and for headless pictures alike. Knows nothing of ImGui or windows.
#pragma once

#include <glad/gl.h>

#include <cstdint>
#include <vector>

#include "colormap.h"
#include "field_texture.h"

namespace geofield {

// How values become colours: uniforms only, so changing any of it is a redraw.
struct ViewStyle {
  double value_min = 0, value_max = 1;  // the colormap's ends, in the output unit
  Colormap colormap = Colormap::viridis;
  bool reverse = false;
  bool operator==(const ViewStyle&) const = default;
};

// An RGBA8 picture, row 0 at the top.
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
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

  // Renders width x height offscreen (a framebuffer object) and reads it back: for pictures.
  Image render_image(int width, int height, const ViewStyle& style);

 private:
  FieldTexture field_;
  GLuint program_ = 0;
  GLuint vertex_array_ = 0;
  GLuint colormaps_ = 0;  // 256 x kColormapCount RGBA8: one row per colormap
  GLint loc_value_min_ = -1, loc_value_max_ = -1, loc_reverse_ = -1, loc_colormap_row_ = -1;
};

}  // namespace geofield
