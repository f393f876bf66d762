// Faults a test can force in a real run, where the machine will not produce them on request:
// GEOFIELD_TEST_FAULT, a comma-separated list of names, read once (the first time any is
// asked) and compiled into every build, beside the window's GEOFIELD_TEST_* hooks. Known names:
//   interop: the CUDA backend's registration of the GL texture with CUDA fails, as on a GL
//            context that CUDA cannot share (the fallback to a pixel-buffer copy follows).
#pragma once

#include <string_view>

namespace geofield {

// Whether the fault `name` was asked for.
bool test_fault(std::string_view name);

}  // namespace geofield
