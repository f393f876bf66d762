// The seam between the app and the CUDA backend (cuda/): the app calls this and never sees CUDA.
#pragma once

#include <memory>
#include <string>

#include "field_backend.h"

namespace geofield {

// A CUDA backend for the current GL context, or nullptr with *why_not saying why (no CUDA in
// this build, no device, a driver too old, ...).
std::unique_ptr<FieldBackend> try_make_cuda_backend(std::string* why_not);

}  // namespace geofield
