// Coastlines and borders drawn over the map: the embedded Natural Earth polylines, mapped from
// longitude/latitude to the viewport as the renderer maps the field, as smooth lines of a width
// in pixels. Each scale's segments are uploaded once, on first use; a frame culls blocks of
// segments by their bounding boxes and draws each copy of the world (±360°) in one call.
#pragma once

#include <glad/gl.h>

#include <array>
#include <map>
#include <utility>
#include <vector>

#include "gl/map_frame.h"
#include "sites/geo_lines.h"

namespace geofield {

struct GeoBounds;

// The sites' lines' dark edge: this much wider than the line (half each side), this opaque.
inline constexpr float kSiteEdgePx = 1.5f, kSiteEdgeAlpha = 0.55f;

// What the layer draws; colours are straight RGBA in [0, 1].
struct LineOverlay {
  bool coastlines = false, borders = false;
  std::array<float, 4> coast_rgba{0, 0, 0, 1}, border_rgba{0, 0, 0, 0.6f};
  float width_px = 1;  // framebuffer pixels (the UI's content scale included)
  // Coastlines and borders on an edge of halo_rgba this much wider each side (0: none; the
  // window's: dark under light lines, so white coasts read on turbo's yellows too).
  float halo_px = 0;
  std::array<float, 4> halo_rgba{0, 0, 0, 0};
  // The sites' lines (set_sites), over the others in their own colour on a dark edge
  // 0.75 pixel wider each side, so they read on any colormap and beside the coastlines.
  bool sites = false;
  std::array<float, 4> sites_rgba{1, 0.18f, 0.58f, 1};
  float sites_width_px = 2;
  bool operator==(const LineOverlay&) const = default;
};

// The part of the sphere a projected map (aeqd, ortho) shows, as a latitude/longitude box (its
// longitudes all round where it holds a pole): what the layer and the figure's vector lines
// (figure/graticule_polylines.h) look at.
GeoBounds cap_bounds(const MapFrame& map);

// The scale of the lines on a projected map (aeqd, ortho), as a lat/lon view of its angular
// size takes it: the layer's and the figure's vector lines' (figure/map_lines.h).
LineScale scale_for_map(const MapFrame& map);

class LineLayer {
 public:
  LineLayer();  // needs a current GL 4.5 context
  ~LineLayer();
  LineLayer(const LineLayer&) = delete;
  LineLayer& operator=(const LineLayer&) = delete;

  // Draws over the bound framebuffer's current viewport (width x height pixels), which shows
  // `view`. Leaves blending as it found it.
  void draw(const GeoBounds& view, int width, int height, const LineOverlay& overlay);

  // The same over a projected map (aeqd, ortho): each segment's ends placed by the forward
  // projection in the vertex shader; segments with an end the map has no place for (ortho's far
  // side) or across aeqd's antipode are left out, not drawn as chords across the map.
  void draw_projected(const MapFrame& map, int width, int height, const LineOverlay& overlay);

  // The sites' polylines to draw when the overlay asks (LineOverlay::sites), uploaded now in
  // place of the last ones; an empty set: none. The same contract as the embedded lines: no
  // segment crosses the antimeridian.
  void set_sites(const LineSet& lines);

  // Segments the last draw() drew (all copies and layers): for tests and measurements.
  long long last_segments() const { return last_segments_; }

 private:
  struct Block {  // a run of consecutive segments and its bounding box, degrees
    GLuint first = 0, count = 0;
    float lon_min = 0, lon_max = 0, lat_min = 0, lat_max = 0;
  };
  struct Uploaded {
    GLuint buffer = 0;  // shader storage, vec4 per segment: (lon0, lat0, lon1, lat1)
    std::vector<Block> blocks;
  };

  const Uploaded& uploaded(LineKind kind, LineScale scale);
  static Uploaded upload(const LineSet& lines);
  // The sites' set, edge then colour, width restored after.
  template <typename Draw>
  void draw_sites(const LineOverlay& o, Draw draw);
  void draw_set(const Uploaded& set, const GeoBounds& view, double west_deg,
                const std::array<float, 4>& rgba);
  // The blocks inside `cull` (its longitudes taken modulo 360: each block at most once).
  void draw_set_once(const Uploaded& set, const GeoBounds& cull, const std::array<float, 4>& rgba);
  // A coastline or border set: its halo (LineOverlay::halo_px), then its colour.
  template <typename Draw>
  void draw_haloed(const LineOverlay& o, const std::array<float, 4>& rgba, Draw draw);
  void multi_draw(const Uploaded& set, const std::array<float, 4>& rgba);
  void begin(int width, int height, const LineOverlay& o, bool* blend_was_on);

  GLuint program_ = 0, vertex_array_ = 0;
  GLint loc_lon_ = -1, loc_lat_ = -1, loc_viewport_ = -1, loc_half_width_ = -1, loc_color_ = -1;
  GLint loc_projection_ = -1, loc_centre_ = -1, loc_half_map_ = -1, loc_radius_ = -1;
  std::map<std::pair<LineKind, LineScale>, Uploaded> sets_;
  Uploaded sites_;             // buffer 0 and no blocks: none
  std::vector<GLint> firsts_;  // the vertex ranges of one draw, reused
  std::vector<GLsizei> counts_;
  long long last_segments_ = 0;
};

}  // namespace geofield
