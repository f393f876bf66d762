#include "gl/drawing_shader_source.h"

#include "gl/overlay_look.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_math_glsl.h"
#include "shader_projection_glsl.h"

namespace geofield {

std::string drawing_shader_source(const char* body) {
  std::string s = "#version 450 core\n#define REAL float\n#define IS_DOUBLE 0\n";
  s += embedded::shader_field_constants_glsl;  // core/field_constants.h, printed by the build
  s += embedded::shader_field_math_glsl;
  s += embedded::shader_projection_glsl;
  s += overlay_look_glsl();  // the overlays' look, shared with the figure's vector lines
  s += body;
  return s;
}

}  // namespace geofield
