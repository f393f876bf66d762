// Built while the CUDA backend (cuda/, issue 3) has no public API in this tree: the benchmark
// measures everything else and says that this part is missing.
#include "geofield_path.h"

namespace geofield::bench {

GeofieldResult run_geofield_path(const FieldParams&, FieldTexture&, std::string* why_not) {
  *why_not = "this build has no CUDA backend API to measure (cuda/, issue 3)";
  return {};
}

}  // namespace geofield::bench
