// The drawing shaders' source: the GLSL version, float REAL, the generated constants and the
// shared math's port (field_math.glsl, projection.glsl) before a shader's own text, so that the
// map and its lines are placed by the same projection as the field (float suffices to draw).
#pragma once

#include <string>

namespace geofield {

std::string drawing_shader_source(const char* body);

}  // namespace geofield
