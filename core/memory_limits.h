// Caps on the grid size that come from the machine: the GL texture limit, free memory and, for
// a file written as it is computed, free disk.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "field_params.h"

namespace geofield {

// MemAvailable from /proc/meminfo, in bytes (0 when it cannot be read).
std::uint64_t available_host_memory_bytes();

// Bytes an unprivileged writer may still use on the file system that holds `folder` (statvfs's
// f_bavail); none when it cannot be read.
std::optional<std::uint64_t> free_disk_bytes(const std::filesystem::path& folder);

// "FILE needs about X GiB on disk; its file system has Y GiB free" when a file of `need` bytes
// in `file`'s folder does not fit there, else nothing (nothing too when it cannot be read).
std::optional<std::string> disk_shortfall(const std::filesystem::path& file, std::uint64_t need);

// "about X GiB of memory; this machine has Y GiB available" when `need` bytes exceed what is
// available (the words every memory refusal ends with), else nothing; nothing too when the
// available memory cannot be read.
std::optional<std::string> memory_shortfall(std::uint64_t need);

// The NetCDF writer's file, built whole in memory (nc_create_mem) before it is written: at
// most the values uncompressed, the coordinates (double) and the writer's first mebibyte.
std::uint64_t netcdf_image_bytes(const FieldParams& p);

// Host and GL memory one render of p needs: the host field, the texture, an export's copy,
// the picture, and the NetCDF file in memory when `netcdf`.
std::uint64_t render_bytes_needed(const FieldParams& p, bool picture, bool netcdf = false);

// Throws UsageError naming --size and GL_MAX_TEXTURE_SIZE when p's grid exceeds it; way_out,
// when not empty, follows the limit (what computes a larger grid instead).
void check_texture_size(const FieldParams& p, int max_texture_size,
                        const std::string& way_out = "");

// Throws UsageError naming --size and the limit when p does not fit this machine.
void check_size_fits(const FieldParams& p, int max_texture_size, bool picture, bool netcdf = false,
                     const std::string& way_out = "");

}  // namespace geofield
