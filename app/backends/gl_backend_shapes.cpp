// The GL backend's field of lines and polygons (gl_backend.h): the host's two arc
// trees (compute/shape_trees.h: the polygons' rings and the points' and lines') laid out flat
// in three buffers once a set, and one pass of shaders/shape_field.comp walking them node by
// node in double (arc_tree.glsl, a port of core/arc_tree.h), into the field and index textures
// or, for a float64 export, a buffer of doubles.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "backends/gl_backend.h"
#include "backends/gl_compute.h"
#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "errors.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "projected_grid.h"
#include "shader_shape_field_comp.h"

namespace geofield {

using gl_compute::set_int;
using gl_compute::set_real;

namespace {

// Buffer bindings of arc_tree.glsl and shape_field.comp (kValues: the float64 export's, as the
// nearest-site passes bind it).
enum Binding : GLuint { kCaps = 0, kArcs = 1, kLinks = 2, kGrid = 3, kValues = 7 };

// shape_field.comp: 8 x 8 invocations, a node each.
constexpr int kGroupSide = 8;

// arc_tree.glsl's arc flags.
constexpr std::int32_t kArcPoint = 1, kArcRing = 2, kArcLeftAtA = 4, kArcLeftAtB = 8;

constexpr int kCapDoubles = 6, kArcDoubles = 21, kNodeInts = 4, kInfoInts = 2;

void push_cap(std::vector<double>* out, const ArcCap& c) {
  out->insert(out->end(),
              {c.centre.x, c.centre.y, c.centre.z, c.radius, c.cos_radius, c.sin_radius});
}

void push_vec(std::vector<double>* out, const UnitVec& v) {
  out->insert(out->end(), {v.x, v.y, v.z});
}

// The host's arrays, repacked as plain doubles and ints (std430 would pad a dvec3 to 32 bytes).
struct PackedTrees {
  std::vector<double> caps, arcs;
  std::vector<std::int32_t> links;
};

// Both trees into one numbering: the rings' nodes and arcs first, then the others'; a node's
// first, left and right and the order's arcs offset to it, so the shader needs no tree's base.
PackedTrees pack(const SegmentTree& rings, const SegmentTree& others, int* tree_nodes) {
  const SegmentTree* trees[2] = {&rings, &others};
  const std::size_t nodes = rings.nodes().size() + others.nodes().size();
  const std::size_t arcs = rings.arcs().size() + others.arcs().size();
  if ((nodes + arcs) * kCapDoubles > 0x7fffffff || arcs * kArcDoubles > 0x7fffffff) {
    throw UsageError("--backend gl: " + std::to_string(arcs) +
                     " arcs are more than its shaders index: use --backend cpu or cuda");
  }
  PackedTrees p;
  p.caps.reserve((nodes + arcs) * kCapDoubles);
  p.arcs.reserve(arcs * kArcDoubles);
  p.links.reserve(nodes * kNodeInts + arcs * (1 + kInfoInts));
  std::int32_t node_base = 0, arc_base = 0;
  for (const SegmentTree* t : trees) {
    for (const ArcTreeNode& n : t->nodes()) {
      push_cap(&p.caps, n.cap);
      const bool leaf = n.count > 0;
      p.links.insert(p.links.end(),
                     {leaf ? n.first + arc_base : 0, n.count, leaf ? -1 : n.left + node_base,
                      leaf ? -1 : n.right + node_base});
    }
    node_base += static_cast<std::int32_t>(t->nodes().size());
    arc_base += static_cast<std::int32_t>(t->arcs().size());
  }
  arc_base = 0;
  for (const SegmentTree* t : trees) {
    for (const ArcCap& c : t->arc_caps()) push_cap(&p.caps, c);
    for (const std::int32_t a : t->order()) p.links.push_back(a + arc_base);
    arc_base += static_cast<std::int32_t>(t->arcs().size());
  }
  for (const SegmentTree* t : trees) {
    for (const TreeArc& a : t->arcs()) {
      for (const UnitVec& v :
           {a.arc.a, a.arc.b, a.arc.n, a.arc.in_a, a.arc.in_b, a.n_before, a.n_after}) {
        push_vec(&p.arcs, v);
      }
      const std::int32_t flags = (a.arc.point ? kArcPoint : 0) | (a.ring ? kArcRing : 0) |
                                 (a.left_at_a ? kArcLeftAtA : 0) | (a.left_at_b ? kArcLeftAtB : 0);
      p.links.insert(p.links.end(), {static_cast<std::int32_t>(a.feature), flags});
    }
  }
  *tree_nodes = static_cast<int>(nodes);
  return p;
}

// A fresh buffer holding `data` (at least one element: GL has no buffer of 0 bytes), refused
// in one line where one shader could not see it all.
template <typename T>
void upload(GLuint* buffer, std::vector<T> data, const char* what) {
  if (data.empty()) data.resize(1);
  const GLsizeiptr bytes = static_cast<GLsizeiptr>(data.size() * sizeof(T));
  const GLsizeiptr max_block = gl_compute::max_storage_block();
  if (bytes > max_block) {
    throw UsageError("--backend gl: the sites' " + std::string(what) + " take " +
                     std::to_string(bytes) + " bytes, more than this GL's " +
                     std::to_string(max_block) +
                     "-byte shader storage block: use --backend cpu or cuda");
  }
  if (*buffer != 0) GF_GL(glDeleteBuffers(1, buffer));
  *buffer = 0;
  GLsizeiptr size = 0;
  gl_compute::ensure_buffer(buffer, bytes, &size, what);
  GF_GL(glNamedBufferSubData(*buffer, 0, bytes, data.data()));
}

}  // namespace

const GlBackend::ShapePrograms& GlBackend::shape_programs() {
  if (shape_programs_.field != 0) return shape_programs_;
  // Double whatever the request's precision: the walk's margins are double's (arc_tree.glsl).
  gl_compute::ProgramKind kind{Precision::f64, Formula::haversine};
  kind.projection = true;
  kind.site_bounds = true;  // the grid's uniforms and node_point
  kind.arc_tree = true;
  ShapePrograms p;
  try {
    p.field = gl_compute::program(embedded::shader_shape_field_comp, "shape_field.comp", kind);
    kind.to_buffer = true;
    p.to_buffer = gl_compute::program(embedded::shader_shape_field_comp,
                                      "shape_field.comp (float64 export)", kind);
  } catch (const RuntimeFailure& e) {  // the one built before the failure is not kept
    if (p.field != 0) glDeleteProgram(p.field);
    throw UsageError(std::string("--backend gl: this GL cannot build the shaders of lines and "
                                 "polygons: ") +
                     e.what());
  }
  shape_programs_ = p;
  return shape_programs_;
}

void GlBackend::delete_shape_objects() {
  for (GLuint program : {shape_programs_.field, shape_programs_.to_buffer}) {
    if (program != 0) glDeleteProgram(program);
  }
  shape_programs_ = {};
  for (GLuint* b : {&shape_caps_, &shape_arcs_, &shape_links_, &shape_grid_}) {
    if (*b != 0) glDeleteBuffers(1, b);
    *b = 0;
  }
  shapes_ = nullptr;
  shape_trees_ = nullptr;
}

// Uploads the set's trees (built once a set and shared: shape_trees_of).
void GlBackend::set_shapes(const ShapesPtr& shapes) {
  shapes_ = nullptr;
  shape_trees_ = shape_trees_of(shapes);
  const SegmentTree& rings = shape_trees_->rings;
  const SegmentTree& others = shape_trees_->others;
  ShapeLayout l;
  PackedTrees packed = pack(rings, others, &l.tree_nodes);
  l.ring_arcs = static_cast<int>(rings.arcs().size());
  l.other_arcs = static_cast<int>(others.arcs().size());
  l.order0 = kNodeInts * l.tree_nodes;
  l.info0 = l.order0 + l.ring_arcs + l.other_arcs;
  l.root_rings = rings.empty() ? -1 : 0;
  l.root_others = others.empty() ? -1 : static_cast<int>(rings.nodes().size());
  upload(&shape_caps_, std::move(packed.caps), "bounding caps");
  upload(&shape_arcs_, std::move(packed.arcs), "arcs");
  upload(&shape_links_, std::move(packed.links), "trees' links");
  shape_layout_ = l;
  shapes_ = shapes;
}

void GlBackend::dispatch_shapes(GLuint program, int row0, int rows) {
  const FieldParams& p = last_;
  const ShapeLayout& l = shape_layout_;
  set_int(program, "u_nx", p.nx);
  set_int(program, "u_ny", p.ny);
  set_int(program, "u_row0", row0);
  set_int(program, "u_rows", rows);
  set_int(program, "u_signed", last_signed_ ? 1 : 0);
  set_int(program, "u_brute", last_brute_ ? 1 : 0);
  set_int(program, "u_tree_nodes", l.tree_nodes);
  set_int(program, "u_order0", l.order0);
  set_int(program, "u_info0", l.info0);
  set_int(program, "u_root_rings", l.root_rings);
  set_int(program, "u_root_others", l.root_others);
  set_int(program, "u_ring_arcs", l.ring_arcs);
  set_int(program, "u_other_arcs", l.other_arcs);
  set_real(program, "u_shape_radius", radius_in_units(p), Precision::f64);
  if (p.projection != Projection::latlon) {
    gl_compute::set_map_uniforms(program, projected_grid(p), Precision::f64);
  } else {
    set_int(program, "u_projection", 0);
  }
  GF_GL(glUseProgram(program));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCaps, shape_caps_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kArcs, shape_arcs_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kLinks, shape_links_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kGrid, shape_grid_));
  GF_GL(glDispatchCompute(static_cast<GLuint>((p.nx + kGroupSide - 1) / kGroupSide),
                          static_cast<GLuint>((rows + kGroupSide - 1) / kGroupSide), 1));
}

// After compute() checked the request and stamped the start; sets last_ and last_signed_ (the
// dispatch's and a float64 export's request).
void GlBackend::compute_shapes(const FieldRequest& r, FieldTexture& target) {
  const FieldParams& p = r.params;
  check_shapes_view(p, *r.sites.shapes());
  const ShapePrograms& progs = shape_programs();
  if (!shapes_ || !(shapes_ == r.sites.shapes() || *shapes_ == *r.sites.shapes())) {
    set_shapes(r.sites.shapes());
  }
  // latlon: each row's and column's sin and cos by the CPU's sincos_deg, so that a node's unit
  // vector is unit_vec_of_deg's bit for bit (GLSL has no double sin or cos of its own).
  std::vector<double> grid(2);
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    grid.assign(2 * static_cast<std::size_t>(p.ny + p.nx), 0.0);
    for (int i = 0; i < p.ny; ++i) sincos_deg(node_lat_deg(g, i), &grid[2 * i], &grid[2 * i + 1]);
    double* cols = grid.data() + 2 * static_cast<std::size_t>(p.ny);
    for (int j = 0; j < p.nx; ++j) sincos_deg(node_lon_deg(g, j), &cols[2 * j], &cols[2 * j + 1]);
  }
  const GLsizeiptr grid_bytes = static_cast<GLsizeiptr>(grid.size() * sizeof(double));
  gl_compute::ensure_buffer(&shape_grid_, grid_bytes, &shape_grid_size_,
                            "rows' and columns' sines");
  GF_GL(glNamedBufferSubData(shape_grid_, 0, grid_bytes, grid.data()));
  ensure_index_texture(p.nx, p.ny);
  last_ = p;
  last_signed_ = r.signed_inside;
  last_brute_ = brute_force_;
  GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
  GF_GL(glBindImageTexture(1, index_texture_, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32I));
  dispatch_shapes(progs.field, 0, p.ny);
}

}  // namespace geofield
