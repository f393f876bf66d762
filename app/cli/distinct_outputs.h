// The outputs of one run must be files of their own: two options naming one file would have the
// second replace the first (render's --png and --npy, the window's --screenshot and --save-state).
#pragma once

#include <filesystem>
#include <utility>
#include <vector>

namespace geofield {

// Whether two output paths name one file: as written, through links, or existing already.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// Each output as (its option, "--png"; its path). Throws UsageError naming both options and the
// file for the first two that are one file ("--png and --npy name the same file ('a.npy'): give
// each output its own").
void check_distinct_outputs(
    const std::vector<std::pair<const char*, std::filesystem::path>>& outputs);

}  // namespace geofield
