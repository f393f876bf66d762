// GLSL programs from source: compile each stage, link them, and say why when the driver refuses.
#pragma once

#include <glad/gl.h>

#include <initializer_list>

namespace geofield {

// One shader stage; throws RuntimeFailure with the compiler's log, naming `name`.
GLuint compile_shader(GLenum type, const char* source, const char* name);

// A program of the given stages, which are deleted (linked or not); throws RuntimeFailure with
// the linker's log.
GLuint link_program(std::initializer_list<GLuint> stages);

}  // namespace geofield
