// Small widget helpers shared by the panels: a slider with a typed box beside it.
#pragma once

namespace geofield {

// A slider and a typed value for one double; returns true when either changed it. A
// logarithmic slider for ranges over many decades (a map's extent).
bool slider_typed(const char* label, double* v, double lo, double hi, const char* format,
                  bool logarithmic = false);
bool slider_typed_int(const char* label, int* v, int lo, int hi);

}  // namespace geofield
