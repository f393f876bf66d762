// The nearest of many centres computed by compute shaders in the current GL context (the gl
// backend's counterpart of centres_backend.h).
#pragma once

#include <memory>

#include "backends/centres_field_backend.h"

namespace geofield {

// Needs the GL context current. Throws UsageError when this GL cannot build the shaders.
std::unique_ptr<CentresFieldBackend> make_gl_centres_backend(CentreList centres);

}  // namespace geofield
