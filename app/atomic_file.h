// Files appear whole or not at all: written to a temporary name beside the target, then
// renamed over it. A failure removes the temporary file and throws with the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>

namespace geofield {

// Throws UsageError naming `option` when path cannot be written (missing or unwritable
// folder, a folder in the way). Called before any work so bad paths fail fast.
void check_writable(const std::filesystem::path& path, const char* option);

// Writes the pieces, in order, as the whole new content of path.
void write_file_atomically(const std::filesystem::path& path,
                           std::initializer_list<std::span<const std::uint8_t>> pieces);

}  // namespace geofield
