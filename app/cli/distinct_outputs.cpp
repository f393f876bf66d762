#include "cli/distinct_outputs.h"

#include <string>

#include "errors.h"

namespace geofield {

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::equivalent(a, b, ec)) return true;  // both exist (hard links too)
  return fs::weakly_canonical(fs::absolute(a)) == fs::weakly_canonical(fs::absolute(b));
}

void check_distinct_outputs(
    const std::vector<std::pair<const char*, std::filesystem::path>>& outs) {
  for (size_t i = 0; i < outs.size(); ++i) {
    for (size_t j = i + 1; j < outs.size(); ++j) {
      if (same_file(outs[i].second, outs[j].second)) {
        throw UsageError(std::string(outs[i].first) + " and " + outs[j].first +
                         " name the same file (" + quoted_excerpt(outs[i].second.string()) +
                         "): give each output its own");
      }
    }
  }
}

}  // namespace geofield
