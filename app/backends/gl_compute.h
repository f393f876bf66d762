// What the GL backend's compute shaders share (gl_backend.h): one way to build a program from
// the shared GLSL (the constants, field_math.glsl, field_distance.glsl and, as a program needs
// them, projection.glsl, centres_bounds.glsl and arc_tree.glsl), to set its uniforms, and to grow
// the storage buffers it writes. Needs the current GL context.
#pragma once

#include <glad/gl.h>

#include "field_params.h"

namespace geofield::gl_compute {

// What a program is built for: REAL (float or double), the formula (SEED), whether its values
// leave as doubles (OUT_F64: field_distance.glsl's full double asin; TO_BUFFER: into a buffer
// of doubles rather than the texture), and which optional parts it includes.
struct ProgramKind {
  Precision precision = Precision::f32;
  Formula formula = Formula::haversine;
  bool out_f64 = false;
  bool to_buffer = false;
  bool projection = false;   // projection.glsl
  bool site_bounds = false;  // centres_bounds.glsl: the nearest-site passes' pruning
  bool arc_tree = false;     // arc_tree.glsl: the lines' and polygons' search (double only)
};

// Compiles and links main_part after the shared GLSL; throws RuntimeFailure with the compiler's
// log, naming `name` and the kind.
GLuint program(const char* main_part, const char* name, const ProgramKind& kind);

// A uniform of type REAL: double in the double programs, float in the float ones (the offsets
// leave double only here, as T(g.x) does on the CPU and in CUDA).
void set_real(GLuint program, const char* name, double v, Precision precision);
void set_int(GLuint program, const char* name, int v);
void set_uint(GLuint program, const char* name, GLuint v);

// The projected map's uniforms every projected program reads (projection.glsl's inverse
// projection): u_projection, u_step, u_radius and the map centre's.
void set_map_uniforms(GLuint program, const ProjectedGrid& g, Precision precision);

// *buffer holds at least `bytes` (a new buffer object when it did not: immutable storage cannot
// grow; the old one is deleted). Throws RuntimeFailure naming `what` when GL cannot allocate it.
void ensure_buffer(GLuint* buffer, GLsizeiptr bytes, GLsizeiptr* size, const char* what);

// GL_MAX_SHADER_STORAGE_BLOCK_SIZE: the most bytes of a buffer one shader sees.
GLsizeiptr max_storage_block();

}  // namespace geofield::gl_compute
