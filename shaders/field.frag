// (The program prepends the version and the shared math: app/gl/drawing_shader_source.)
// Value -> colour happens here, so a colormap or range change is a redraw, not a recompute.
// Overlays (contours, graticule, reference marker) are drawn here too, with widths measured
// in pixels through fwidth, so they stay crisp at any zoom and in pictures of any size.
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_field;     // R32F, the field in the output unit
uniform sampler2D u_colormaps;  // 256 x N lookup table, one colormap per row
uniform int u_colormap_row;
uniform float u_value_min;
uniform float u_value_max;
uniform bool u_reverse;

// Geography (u_remap): the viewport shows a view; the texture's nodes lie on the field's grid.
uniform bool u_remap;
uniform vec4 u_frac_map;        // grid fraction = (x0 + u * sx, y0 + v * sy)
uniform ivec2 u_field_size;     // nodes per row, per column
uniform float u_contour_interval;  // output unit; 0: off
uniform vec2 u_grid_lat;        // (t at the top, lines over the height); t integer on a line
uniform vec2 u_grid_lon;        // (t at the west edge, lines over the width)
uniform vec4 u_marker;          // (x, y from the top-left in pixels, radius in pixels, on)
uniform vec2 u_viewport_px;
// A projected view (u_projection aeqd or ortho): the viewport spans the map's plane
// (-half.x..half.x east, -half.y..half.y north) about the centre; the graticule is found per
// pixel by the inverse projection: t = offset + (angle from the centre) / step is an integer
// on a line (lat in .xy, lon in .zw; .y == 0: no graticule).
uniform int u_projection;
uniform vec2 u_centre_deg;
uniform vec2 u_half_map;
uniform float u_radius;
uniform vec4 u_projected_grid;
// Many centres, on every view (a projected one's nodes are its plane's, placed as
// the field's): each node's nearest centre (R32I, the backend's index texture, the field's
// size; -1 off the map), a colour a centre (N x 1, texel k for centre k); colour by it instead
// of by distance, and draw the boundaries between cells (pixels near the edge of a node's cell
// where the next node across it has another centre; the map's rim is no boundary).
uniform isampler2D u_index;
uniform sampler2D u_centre_colours;
uniform bool u_by_centre;
uniform bool u_boundaries;

// The overlays' look (gl/overlay_look.h's OverlayLook): colours straight RGBA, widths in
// pixels; rings: (major, minor) widths, every u_ring_major-th ring major.
uniform vec4 u_ring_rgba;
uniform vec2 u_ring_widths;
uniform int u_ring_major;
uniform vec4 u_grid_rgba;
uniform float u_grid_width;
// The window's lines: a contrasting edge this much wider each side (renderer.h's
// line_halo_px); 0: none.
uniform float u_halo_px;
uniform int u_marker_shape;     // MarkerShape: 0 ring, 1 dot, 2 cross, 3 star
uniform vec2 u_marker_widths;   // (dark, light) strokes
// Land and sea tints from the land mask (R8, the viewport's pixels, row 0 at the top).
uniform bool u_tint;
uniform sampler2D u_land_mask;
uniform vec4 u_land_rgba;
uniform vec4 u_ocean_rgba;

const vec3 kInvalidColor = vec3(0.5);  // inf in the field
const float kHaloAlpha = 0.5;          // the lines' contrasting edge, where fully needed
// Outside the field being shown (while recomputing), and NaN, a node with no value (beyond the
// antipode's circle in aeqd, off the globe in ortho): not part of the map, so drawn as the
// background around it (ViewStyle::background_rgb).
uniform vec3 u_background;
#define kOutsideColor u_background
#define kNoValueColor u_background

vec3 colour_of(float v) {
  if (isnan(v)) return kNoValueColor;
  if (isinf(v)) return kInvalidColor;
  float span = u_value_max - u_value_min;
  float t = span > 0.0 ? clamp((v - u_value_min) / span, 0.0, 1.0) : 0.0;
  if (u_reverse) t = 1.0 - t;
  // Sample texel centres only: t = 0 is the first entry, t = 1 the last.
  float u = (t * 255.0 + 0.5) / 256.0;
  float v_row = (float(u_colormap_row) + 0.5) / float(textureSize(u_colormaps, 0).y);
  return texture(u_colormaps, vec2(u, v_row)).rgb;
}

// Coverage of a line where t is an integer, width pixels wide in ink: full within width / 2 - 0.5
// of it, none beyond width / 2 + 0.5 (the default 2 pixels: kOverlayCoreHalfPx to
// kOverlayEdgeHalfPx, app/gl/overlay_look.h). A line under a pixel wide: a pixel's, fainter.
float line_coverage(float t, float width) {
  float w = max(width, 1.0);
  float d = abs(fract(t + 0.5) - 0.5) / max(fwidth(t), 1e-20);
  return (1.0 - smoothstep(0.5 * w - 0.5, 0.5 * w + 0.5, d)) * min(width, 1.0);
}

// The distance in pixels from p (from the marker's centre, y down) to a cross's or star's
// outline of outer radius r (gl/overlay_look.cpp's marker_outline).
float segment_distance(vec2 p, vec2 a, vec2 b) {
  vec2 pa = p - a, ba = b - a;
  return length(pa - ba * clamp(dot(pa, ba) / max(dot(ba, ba), 1e-12), 0.0, 1.0));
}
float marker_distance(vec2 p, float r) {
  if (u_marker_shape == 2) {
    return min(segment_distance(p, vec2(-r, 0.0), vec2(r, 0.0)),
               segment_distance(p, vec2(0.0, -r), vec2(0.0, r)));
  }
  float d = 1e20;
  vec2 last = vec2(0.0, -r);
  for (int k = 1; k <= 10; ++k) {
    float a = -1.5707963267948966 + float(k % 10) * 0.6283185307179586;
    float rk = k % 2 == 0 ? r : r * kStarInnerRatio;
    vec2 q = rk * vec2(cos(a), sin(a));
    d = min(d, segment_distance(p, last, q));
    last = q;
  }
  return d;
}

// Kept where lines where t is an integer are a few pixels apart or more, fading out below.
float luminance(vec3 c) { return dot(c, vec3(0.2126, 0.7152, 0.0722)); }

// A line of rgba at coverage a over col, on a contrasting edge of coverage a_wide (the line
// widened by u_halo_px each side) where the line would not stand out from col: black under a
// light line, white under a dark one, faded out as the line's own contrast grows.
vec3 haloed_line(vec3 col, vec4 rgba, float a, float a_wide) {
  if (u_halo_px > 0.0) {
    vec3 over = mix(col, rgba.rgb, rgba.a);
    float need = 1.0 - smoothstep(0.12, 0.3, abs(luminance(over) - luminance(col)));
    bool light = luminance(rgba.rgb) > 0.5;
    // A light edge under a dark line at half the strength: at full it reads as a second line.
    col = mix(col, light ? vec3(0.0) : vec3(1.0), (light ? 1.0 : 0.5) * kHaloAlpha * need * a_wide);
  }
  return mix(col, rgba.rgb, rgba.a * a);
}

float not_dense(float t) {
  return clamp(1.0 - (fwidth(t) - kDenseFadeStart) * kDenseFadeRate, 0.0, 1.0);
}

// The field between nodes, bilinear, for contours that do not step with the texels.
float smooth_value(vec2 frac) {
  vec2 p = frac * vec2(u_field_size - 1);
  ivec2 i0 = clamp(ivec2(floor(p)), ivec2(0), u_field_size - 2);
  vec2 f = clamp(p - vec2(i0), 0.0, 1.0);
  float a = texelFetch(u_field, i0, 0).r, b = texelFetch(u_field, i0 + ivec2(1, 0), 0).r;
  float c = texelFetch(u_field, i0 + ivec2(0, 1), 0).r, d = texelFetch(u_field, i0 + ivec2(1, 1), 0).r;
  return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}

// The nearest centre of a node (clamped to the index: the grid's edge has no other cell beyond,
// and the 1 x 1 index of a one-site field is that site's at every node).
int centre_at(ivec2 node) {
  return texelFetch(u_index, clamp(node, ivec2(0), textureSize(u_index, 0) - 1), 0).r;
}

// Whether node's cell is another centre's than k's (off the map, -1, is none).
bool other_cell(ivec2 node, int k) {
  int m = centre_at(node);
  return m >= 0 && m != k;
}

vec3 centre_colour(int k) {
  ivec2 size = textureSize(u_centre_colours, 0);  // rows of size.x centres
  int c = clamp(k, 0, size.x * size.y - 1);
  return texelFetch(u_centre_colours, ivec2(c % size.x, c / size.x), 0).rgb;
}

void main() {
  if (!u_remap) {
    frag_color = vec4(colour_of(texture(u_field, v_uv).r), 1.0);
    return;
  }
  vec2 frac = u_frac_map.xz + v_uv * u_frac_map.yw;
  vec2 n1 = vec2(u_field_size - 1);
  vec2 half_node = 0.5 / n1;
  vec3 col;
  bool inside = all(greaterThanEqual(frac, -half_node)) && all(lessThanEqual(frac, 1.0 + half_node));
  float value = 0.0;
  // The grid in nodes, and nodes per pixel, taken here in uniform control flow.
  vec2 node_pos = frac * n1;
  vec2 nodes_per_px = max(fwidth(node_pos), vec2(1e-6));
  if (inside) {
    vec2 tex = (frac * n1 + 0.5) / vec2(u_field_size);
    float v = texture(u_field, tex).r;
    col = colour_of(v);
    value = smooth_value(frac);
    // Off the map (NaN: beyond aeqd's antipode circle, off ortho's globe) no node has a centre,
    // though a one-site field's 1 x 1 index says 0 there too.
    if ((u_by_centre || u_boundaries) && !isnan(v)) {
      ivec2 node = ivec2(floor(node_pos + 0.5));
      int k = centre_at(node);
      if (u_by_centre) col = centre_colour(k);
      // A boundary: within a pixel of the edge of this node's cell (half-way to the next node)
      // where that next node's centre is another. Zoomed out (many nodes a pixel) every pixel
      // is within a pixel of its edges: the line is then the nodes whose neighbour differs.
      vec2 t = node_pos - vec2(node);  // -0.5..0.5
      vec2 to_east = (0.5 - t) / nodes_per_px, to_west = (0.5 + t) / nodes_per_px;
      bool edge = (to_east.x < 0.75 && other_cell(node + ivec2(1, 0), k)) ||
                  (to_west.x < 0.75 && other_cell(node - ivec2(1, 0), k)) ||
                  (to_east.y < 0.75 && other_cell(node + ivec2(0, 1), k)) ||
                  (to_west.y < 0.75 && other_cell(node - ivec2(0, 1), k));
      if (u_boundaries && edge) col = mix(col, vec3(0.0), 0.85);
    }
  } else {
    col = kOutsideColor;
  }
  // The tints: under the lines, over the map only (NaN: off it).
  float land = u_tint ? texture(u_land_mask, v_uv).r : 0.0;
  if (u_tint && inside && !isnan(value)) {
    col = mix(col, u_ocean_rgba.rgb, u_ocean_rgba.a * (1.0 - land));
    col = mix(col, u_land_rgba.rgb, u_land_rgba.a * land);
  }
  if (u_contour_interval > 0.0) {
    float w = value / u_contour_interval;
    float k = float(max(u_ring_major, 1));
    float wk = w / k;
    // Fade out where rings would be closer than a few pixels: lines, not a smear (the major
    // rings by their own spacing).
    float on_map = inside && !isnan(value) ? 1.0 : 0.0;  // no rings off the map
    float major = line_coverage(wk, u_ring_widths.x) * not_dense(wk) * on_map;
    float minor = line_coverage(w, u_ring_widths.y) * not_dense(w) * on_map;
    float halo = 2.0 * u_halo_px;
    float major_wide = line_coverage(wk, u_ring_widths.x + halo) * not_dense(wk) * on_map;
    float minor_wide = line_coverage(w, u_ring_widths.y + halo) * not_dense(w) * on_map;
    // Nearest a major ring, the minor coverage is that ring's own: left to the major.
    if (abs(fract(wk + 0.5) - 0.5) * k < 0.5) minor = minor_wide = 0.0;
    col = haloed_line(col, u_ring_rgba, max(major, minor), max(major_wide, minor_wide));
  }
  if (u_projection != kProjectionLatlon && u_projected_grid.y > 0.0) {
    vec2 xy = (vec2(v_uv.x, 1.0 - v_uv.y) * 2.0 - 1.0) * u_half_map;
    SpherePoint q = unproject(u_projection, make_projection_centre(u_centre_deg.x, u_centre_deg.y),
                              xy.x, xy.y, u_radius);
    // Derivatives (fwidth) in uniform control flow: every pixel computes t, off the globe too.
    float t_lat = q.valid ? u_projected_grid.x + q.dlat_deg * u_projected_grid.y : 0.0;
    float t_lon = q.valid ? u_projected_grid.z + q.dlon_deg * u_projected_grid.w : 0.0;
    float a_lat = line_coverage(t_lat, u_grid_width);
    // Meridians crowd towards the poles: they fade where closer than a few pixels.
    float a_lon = line_coverage(t_lon, u_grid_width) * not_dense(t_lon);
    float wide = u_grid_width + 2.0 * u_halo_px;
    float h_lat = line_coverage(t_lat, wide), h_lon = line_coverage(t_lon, wide) * not_dense(t_lon);
    if (q.valid) {
      col = haloed_line(col, u_grid_rgba, a_lat, h_lat);
      col = haloed_line(col, u_grid_rgba, a_lon, h_lon);
    }
  }
  if (u_grid_lat.y > 0.0) {
    float t = u_grid_lat.x - v_uv.y * u_grid_lat.y;
    col = haloed_line(col, u_grid_rgba, line_coverage(t, u_grid_width),
                      line_coverage(t, u_grid_width + 2.0 * u_halo_px));
  }
  if (u_grid_lon.y > 0.0) {
    float t = u_grid_lon.x + v_uv.x * u_grid_lon.y;
    col = haloed_line(col, u_grid_rgba, line_coverage(t, u_grid_width),
                      line_coverage(t, u_grid_width + 2.0 * u_halo_px));
  }
  if (u_marker.w > 0.0) {
    vec2 p = v_uv * u_viewport_px - u_marker.xy;
    float r = length(p);
    // Each part's edge about its half width (overlay_look.h: 1.5..2.5 and 0.5..1.2 pixels by
    // default), at the distance d from the stroke: the ring's circle, a cross's or star's
    // outline. A dot: a light disc of the radius less the rim, (dark - light) / 2, on a dark one.
    float dark = 0.5 * u_marker_widths.x, white = 0.5 * u_marker_widths.y;
    float d = u_marker_shape == 0 ? abs(r - u_marker.z) : marker_distance(p, u_marker.z);
    float dark_a = 1.0 - smoothstep(dark - 0.5, dark + 0.5, d);
    float white_a = 1.0 - smoothstep(white - 0.35, white + 0.35, d);
    if (u_marker_shape == 1) {
      float inner = u_marker.z - (dark - white);
      dark_a = 1.0 - smoothstep(u_marker.z - 0.5, u_marker.z + 0.5, r);
      white_a = 1.0 - smoothstep(inner - 0.35, inner + 0.35, r);
    }
    col = mix(col, vec3(0.0), dark_a);
    col = mix(col, vec3(1.0), white_a);
    if (u_marker_shape == 0) {
      col = mix(col, vec3(1.0),
                1.0 - smoothstep(kMarkerDotRadiusPx - 0.5, kMarkerDotRadiusPx + 0.5, r));  // dot
    }
  }
  frag_color = vec4(col, 1.0);
}
