// PNG pictures, written whole or not at all.
#pragma once

#include <filesystem>

#include "renderer.h"

namespace geofield {

void write_png(const std::filesystem::path& path, const Image& image);

}  // namespace geofield
