// The raw field as NumPy .npy (format 1.0): little-endian float32 or float64, C order,
// shape (ny, nx), row 0 north. numpy.load reads it.
#pragma once

#include <filesystem>
#include <string>

#include "field_backend.h"

namespace geofield {

// The .npy header for the field's dtype and shape, padded so the data starts 64-aligned.
std::string npy_header(const HostField& field);

void write_npy(const std::filesystem::path& path, const HostField& field);

// The same from a plain array of nx * ny values (float when f32, double when f64).
void write_npy(const std::filesystem::path& path, int nx, int ny, Precision precision,
               const void* values);

}  // namespace geofield
