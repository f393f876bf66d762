// The nearest-centre field's tile passes (docs/centres.md, "GPU (GL compute)"): one workgroup
// per tile, coarse tiles over all the centres, then fine tiles over their coarse tile's list.
// A tile's cap: q its middle node, rho the largest angle from q to its nodes. Every node's
// nearest centre is within U = min over the centres of angle(q, c) + rho, so a centre can win
// at one of its nodes only if angle(q, c) <= reach(U) + rho (the triangle inequality); those
// are the tile's candidates, appended to the pool. A list that does not fit, or holds more than
// half of its parent's, is replaced by the parent's (all the centres for a coarse tile): a
// superset, so never a lost candidate, only more work. Prepended: #version, REAL (float), the
// constants, field_math.glsl, projection.glsl, field_distance.glsl, centres_bounds.glsl.
// 64: a fine tile's list is a few hundred centres; 256 invocations took twice as long on
// llvmpipe (each pays for the cap and the bounds).
layout(local_size_x = 64) in;
const int kGroup = 64;

layout(std430, binding = 1) readonly buffer Units { vec4 units[]; };
layout(std430, binding = 3) readonly buffer Parents { ivec2 parents[]; };  // offset, count
layout(std430, binding = 4) writeonly buffer Tiles { ivec2 tiles[]; };
layout(std430, binding = 5) buffer Pool { int pool[]; };
// allocated: the pool's ints taken by the lists (past u_capacity once one did not fit; the host
// dispatches the tiles in chunks small enough that it cannot wrap within one, and clamps it to
// u_capacity + 1 between them); wanted_blocks: what all the lists asked for, in blocks of 256
// ints (it sizes the pool's growth only); failed: the lists that fell back to their parent's
// for want of room.
layout(std430, binding = 6) buffer Counter { uint allocated; uint wanted_blocks; uint failed; };

uniform int u_count;           // centres
uniform int u_tile;            // this level's tile side in nodes
uniform int u_tiles_x;         // this level's tiles per row
uniform int u_coarse;          // 1: coarse tiles (the parent is every centre)
uniform int u_parent_tile;     // the coarse tile's side (a multiple of u_tile)
uniform int u_parent_tiles_x;
uniform uint u_capacity;       // the pool's size in ints
uniform int u_tile_row0;       // the first tile row of this dispatch (a chunk of the tiles)
uniform int u_clamp;           // 1: no tiles, allocated clamped to u_capacity + 1 (between chunks)

shared uint s_rho_bits, s_c2_bits, s_count, s_slot;
shared ivec2 s_record;
shared int s_write;

void main() {
  if (u_clamp != 0) {
    if (gl_LocalInvocationIndex == 0u) atomicMin(allocated, u_capacity + 1u);
    return;
  }
  ivec2 t = ivec2(gl_WorkGroupID.x, int(gl_WorkGroupID.y) + u_tile_row0);
  int i0 = t.y * u_tile, j0 = t.x * u_tile;
  int i1 = min(u_ny, i0 + u_tile), j1 = min(u_nx, j0 + u_tile);
  int w = j1 - j0, nodes = w * (i1 - i0);
  uint me = gl_LocalInvocationIndex;
  bool ok = true;  // every node has a point the tile pass can use
  vec3 q = tile_node_unit((i0 + i1 - 1) / 2, (j0 + j1 - 1) / 2, ok);
  ivec2 parent = ivec2(0, -1);
  if (u_coarse == 0) parent = parents[(i0 / u_parent_tile) * u_parent_tiles_x + j0 / u_parent_tile];
  bool all = parent.y < 0;
  int n = all ? u_count : parent.y;
  if (me == 0u) {
    s_rho_bits = 0u;
    s_c2_bits = floatBitsToUint(16.0);
    s_count = 0u;
    s_slot = 0u;
  }
  barrier();

  // rho and the nearest chord: non-negative floats order as their bits. Along a parallel the
  // angle from q grows with the longitude difference up to 180 degrees, and along a meridian it
  // has one minimum, so while the tile spans at most 180 degrees of longitude its farthest
  // node from q is a corner; otherwise every node is measured.
  // A projected tile's nodes lie on no parallel or meridian: every node is measured, and the
  // node pass's points may lie kProjectedSlack from these; a node with no point makes rho pi
  // (every site a candidate).
  bool corners = u_projection == 0 && u_lon_step * float(w - 1) <= 180.0;
  float rho = 0.0;
  for (int m = int(me); m < (corners ? 4 : nodes); m += kGroup) {
    ivec2 at = corners ? ivec2((m & 1) == 0 ? i0 : i1 - 1, (m & 2) == 0 ? j0 : j1 - 1)
                       : ivec2(i0 + m / w, j0 + m % w);
    rho = max(rho, angle_up(chord2(q, tile_node_unit(at.x, at.y, ok))));
  }
  if (u_projection != 0) rho = (rho + kProjectedSlack) * kRoundUp;
  if (!ok) rho = float(kPi);
  atomicMax(s_rho_bits, floatBitsToUint(rho));
  float c2 = 16.0;
  for (int m = int(me); m < n; m += kGroup) {
    int k = all ? m : pool[parent.x + m];
    c2 = min(c2, chord2(q, units[k].xyz));
  }
  atomicMin(s_c2_bits, floatBitsToUint(c2));
  barrier();
  rho = uintBitsToFloat(s_rho_bits);
  float u = (angle_up(uintBitsToFloat(s_c2_bits)) + rho) * kRoundUp;
  float limit = chord2_up((reach_up(u) + rho) * kRoundUp);

  for (int m = int(me); m < n; m += kGroup) {
    int k = all ? m : pool[parent.x + m];
    if (chord2(q, units[k].xyz) <= limit) atomicAdd(s_count, 1u);
  }
  barrier();
  if (me == 0u) {
    uint count = s_count;
    s_record = parent;
    s_write = 0;
    if (2u * count <= uint(n)) {
      atomicAdd(wanted_blocks, (count + 255u) / 256u);
      // One add, never a loop of them (a compare-and-swap loop serialises every tile behind one
      // round trip to the counter: 2 us a tile on NVIDIA). A list past the capacity is refused
      // and the counter runs on past it, never far enough to wrap (the host's chunks).
      uint base = atomicAdd(allocated, count);
      if (base <= u_capacity && count <= u_capacity - base) {
        s_record = ivec2(int(base), int(count));
        s_write = 1;
      }
      if (s_write == 0) atomicAdd(failed, 1u);
    }
    tiles[t.y * u_tiles_x + t.x] = s_record;
  }
  barrier();
  if (s_write == 0) return;
  for (int m = int(me); m < n; m += kGroup) {
    int k = all ? m : pool[parent.x + m];
    if (chord2(q, units[k].xyz) <= limit) {
      uint slot = atomicAdd(s_slot, 1u);
      if (slot < uint(s_record.y)) pool[s_record.x + int(slot)] = k;  // never past its own range
    }
  }
}
