// The GL backend's second pass: the field at every node from its row's and its column's
// factors (field_math.h's haversine_combine<T> and seed_combine<T>), into the R32F texture that
// is drawn (rounded to float) or, for a float64 export (OUT_F64), into a buffer of doubles, a
// block of rows at a time. Prepended by the program: #version, REAL, VEC2, VEC4, IS_DOUBLE,
// SEED, OUT_F64, field_constants.glsl, field_math.glsl and field_distance.glsl.
//
// A group of 16 x 16 invocations covers 64 x 64 nodes, 4 x 4 each at (x + 16 u, y + 16 v): each
// store of a warp then covers 16 columns x 2 rows, whole 32-byte sectors of the texture's
// block-linear layout (the CUDA kernel's layout; docs/kernel-tuning.md).
layout(local_size_x = 16, local_size_y = 16) in;
const int kTile = 4;

layout(std430, binding = 0) readonly buffer Rows { VEC4 rows[]; };
layout(std430, binding = 1) readonly buffer Cols { VEC2 cols[]; };
#if OUT_F64
layout(std430, binding = 2) writeonly buffer Values { double values[]; };
#else
layout(r32f, binding = 0) uniform writeonly image2D u_field;
#endif
uniform int u_nx, u_row0, u_rows;  // this dispatch writes rows [u_row0, u_row0 + u_rows)
uniform REAL u_radius;             // in the output unit

REAL field_value(VEC4 r, VEC2 col) { return distance_from_factors(r, col, u_radius); }

void main() {
  ivec2 first = ivec2(gl_WorkGroupID.xy) * (16 * kTile) + ivec2(gl_LocalInvocationID.xy);
  for (int v = 0; v < kTile; ++v) {
    int i = first.y + 16 * v;  // within this dispatch's block of rows
    if (i >= u_rows) break;
    VEC4 r = rows[u_row0 + i];
    for (int u = 0; u < kTile; ++u) {
      int j = first.x + 16 * u;
      if (j >= u_nx) break;
      REAL d = field_value(r, cols[j]);
#if OUT_F64
      values[i * u_nx + j] = d;
#else
      imageStore(u_field, ivec2(j, u_row0 + i), vec4(float(d)));
#endif
    }
  }
}
