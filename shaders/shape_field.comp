// The field of lines and polygons on the GL backend: each node's nearest arc of the
// polygons' rings and of the points' and lines' by arc_tree.glsl's walk (u_brute: every arc,
// the tests' oracle), then shape_node's value: the distance, 0 inside a polygon or, signed,
// minus the distance to its boundary; and the nearest feature's index. As
// compute/shape_field.cpp computes it on the CPU, in double, rounded to float for the texture.
// Off a projected map: NaN and index -1. One invocation a node.
// Prepended: #version, REAL (double), IS_DOUBLE, TO_BUFFER, the constants, field_math.glsl,
// projection.glsl, field_distance.glsl, centres_bounds.glsl (the grid's uniforms, node_point),
// arc_tree.glsl.
layout(local_size_x = 8, local_size_y = 8) in;

// latlon: the rows' (sin lat, cos lat), then the columns' (sin lon, cos lon), made on the host
// by the CPU's own sincos_deg so that a node's unit vector is the CPU's bit for bit.
layout(std430, binding = 3) readonly buffer Grid { double grid[]; };
#if TO_BUFFER
layout(std430, binding = 7) writeonly buffer Values { double values[]; };
#else
layout(r32f, binding = 0) uniform writeonly image2D u_field;
layout(r32i, binding = 1) uniform writeonly iimage2D u_index;
#endif

uniform int u_row0, u_rows;  // rows [u_row0, u_row0 + u_rows) of this dispatch
uniform int u_signed;        // --signed
uniform int u_brute;         // every arc instead of the trees' walk
uniform int u_ring_arcs, u_other_arcs;  // the trees' arcs: the rings' first
uniform double u_shape_radius;          // the sphere's radius in the output unit

void put(int i, int j, double value, int feature) {
#if TO_BUFFER
  values[(i - u_row0) * u_nx + j] = value;
#else
  imageStore(u_field, ivec2(j, i), vec4(float(value)));
  imageStore(u_index, ivec2(j, i), ivec4(feature));
#endif
}

void main() {
  int j = int(gl_GlobalInvocationID.x);
  int i = u_row0 + int(gl_GlobalInvocationID.y);
  if (j >= u_nx || i >= u_row0 + u_rows) return;
  dvec3 p;
  if (u_projection != 0) {
    SpherePoint q = node_point(i, j);
    if (!q.valid) {
      put(i, j, real_nan(), -1);
      return;
    }
    double sl, cl, so, co;
    sincos_deg(q.lat_deg, sl, cl);
    sincos_deg(q.lon_deg, so, co);
    p = dvec3(cl * co, cl * so, sl);
  } else {
    double sl = grid[2 * i], cl = grid[2 * i + 1];
    double so = grid[2 * u_ny + 2 * j], co = grid[2 * u_ny + 2 * j + 1];
    precise dvec3 q = dvec3(cl * co, cl * so, sl);
    p = q;
  }
  NearestArc r, l;
  if (u_brute != 0) {
    r = nearest_arc_by_brute_force(p, 0, u_ring_arcs);
    l = nearest_arc_by_brute_force(p, u_ring_arcs, u_other_arcs);
  } else {
    r = nearest_arc(p, u_root_rings);
    l = nearest_arc(p, u_root_others);
  }
  double angle;
  int feature;
  shape_node(p, u_signed != 0, r, l, angle, feature);
  precise double value = u_shape_radius * angle;
  put(i, j, value, feature);
}
