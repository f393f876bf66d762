// The raw field as NumPy .npy (format 1.0): little-endian float32 or float64, C order,
// shape (ny, nx), row 0 north. numpy.load reads it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "export/atomic_file.h"
#include "host_field.h"

namespace geofield {

// The .npy header for the field's dtype and shape, padded so the data starts 64-aligned.
std::string npy_header(const HostField& field);

void write_npy(const std::filesystem::path& path, const HostField& field);

// Writes the .npy of field into file without committing it: for a command that finishes all
// its files before it renames any.
void write_npy_into(AtomicFile& file, const HostField& field);

// An int32 array of shape (ny, nx), row 0 north (the nearest centre's index): values holds
// nx * ny elements.
void write_npy_int32_into(AtomicFile& file, int nx, int ny, std::span<const std::int32_t> values);
// The same of float32 values (the bearing toward the nearest site).
void write_npy_float32_into(AtomicFile& file, int nx, int ny, std::span<const float> values);

}  // namespace geofield
