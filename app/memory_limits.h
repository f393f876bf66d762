// Caps on the grid size that come from the machine: the GL texture limit and free memory.
#pragma once

#include <cstdint>

#include "field_params.h"

namespace geofield {

// MemAvailable from /proc/meminfo, in bytes (0 when it cannot be read).
std::uint64_t available_host_memory_bytes();

// Host and GL memory one render of p needs: the host field, the texture, an export's copy
// and the picture.
std::uint64_t render_bytes_needed(const FieldParams& p, bool picture);

// Throws UsageError naming --size and GL_MAX_TEXTURE_SIZE when p's grid exceeds it.
void check_texture_size(const FieldParams& p, int max_texture_size);

// Throws UsageError naming --size and the limit when p does not fit this machine.
void check_size_fits(const FieldParams& p, int max_texture_size, bool picture);

}  // namespace geofield
